#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace valis {

/// One non-empty line of a JSON Lines file, with its 1-based line number.
struct VALIS_HARNESS_EXPORT JsonLine
{
    int lineNumber = 0;
    QJsonObject object;
};

/// Reads a whole JSON Lines file of objects. Blank lines are skipped; the first line that is not
/// a JSON object fails the whole read with Error{"import.malformed", "...", "path:line"}.
VALIS_HARNESS_EXPORT Result<QList<JsonLine>> readJsonLines(const QString &path);

/// Reads a whole JSON file. A parse failure names the line and column it happened at.
VALIS_HARNESS_EXPORT Result<QJsonDocument> readJsonFile(const QString &path);

/// The Error importers return for malformed input: code "import.malformed", location
/// "path:line" (line omitted when 0).
VALIS_HARNESS_EXPORT Error malformedInput(const QString &path, int line, const QString &message);

} // namespace valis
