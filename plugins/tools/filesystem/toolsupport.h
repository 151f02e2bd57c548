#pragma once

#include "threadedtool.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace valis {
class AgentFilesystem;
}

namespace valis::tools::files {

/// The file view of a call; nullptr (and `refusal` set) when the host gave the call none.
const AgentFilesystem *filesystemFor(const ToolCall &call, const QString &toolName, ToolOutcome *refusal);

/// "512 B", "1.2 KB", "3.4 MB" (powers of 1024).
QString humanSize(qint64 bytes);
/// A path quoted for a message: "src/a.cpp".
QString quoted(const QString &path);
/// One line of a file as read_file shows it: the line number right-aligned in six columns, a
/// tab, the text (cat -n).
QString numberedLine(qint64 number, QStringView text);
/// "s" when `count` is not 1, for "3 lines" / "1 line".
QString plural(qint64 count, const QString &singular, const QString &pluralForm = {});

// JSON Schema building blocks for the specs.
QJsonObject stringProperty(const QString &description);
QJsonObject integerProperty(const QString &description, qint64 minimum, qint64 maximum);
QJsonObject booleanProperty(const QString &description);
QJsonObject stringArrayProperty(const QString &description);
QJsonObject objectSchema(const QJsonObject &properties, const QStringList &required);

} // namespace valis::tools::files
