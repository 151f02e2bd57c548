#pragma once

#include "valis/catalog/modelcatalog.h"
#include "valis/catalog/modelinfo.h"
#include "valis/core/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace valis::catalog {

/// The catalogue format version this build reads; a file with a higher one is refused.
inline constexpr int CatalogFormatVersion = 1;

/// One element of a catalogue file's "models" array and the line it starts on (0 if unknown).
struct CatalogEntry
{
    QJsonObject object;
    int line = 0;
};

/// A catalogue file read into entries, not yet checked entry by entry.
struct CatalogFile
{
    QString checked;
    QStringList sources;
    QList<CatalogEntry> entries;
};

/// "path:line", or the path alone when the line is unknown.
QString locationOf(const QString &path, int line);

/// Parses a whole catalogue file. Fails (code "catalog.malformed" or "catalog.future-format",
/// location "path:line") when the file is not a JSON object with a "models" array this build
/// can read; warnings (unknown top-level keys, a missing "formatVersion") go to `issues`.
Result<CatalogFile> parseCatalogFile(const QByteArray &data, const QString &path,
                                     QList<CatalogIssue> *issues);

/// The lines on which the elements of the top-level "models" array start, in order. Qt's JSON
/// parser keeps no positions, so this small scanner finds them for error locations.
QList<int> modelEntryLines(const QByteArray &data);

/// Checks one entry and builds its ModelInfo. Fails with code "catalog.invalid-entry" and
/// `where` as location; unknown keys become warnings in `issues`.
Result<ModelInfo> modelFromJson(const QJsonObject &object, const QString &where,
                                QList<CatalogIssue> *issues);

/// `base` with `patch` laid over it: keys of `patch` replace those of `base`, and inside
/// "prices", "longContextPrices" and "capabilities" key by key (a null "longContextPrices"
/// removes the tier).
QJsonObject mergeEntries(const QJsonObject &base, const QJsonObject &patch);

} // namespace valis::catalog
