#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

class QLabel;
class QWidget;

namespace valis::inspectorformat {

/// "12,345" in the person's locale; empty for a missing value.
QString number(const QJsonValue &value);
/// "System", "Tools", "Messages" for a section kind.
QString sectionLabel(const QString &kind);
/// The cache figures of a request: read, written, uncached input, output, cost.
QString cacheLine(const QJsonObject &cache);
/// Where the cached prefix broke against the previous request, why, and what it cost.
QString cacheBreakLine(const QJsonObject &diff, int request);
/// A MemoryRef as a chip's text: "key - description" (the ref may be a string or an object).
QString memoryRefChip(const QJsonValue &ref);
/// The first line of a text, shortened for a table cell.
QString firstLine(const QString &text);
/// A rounded label for a MemoryRef or a pointer (`kind`), selectable, with an accessible name.
QLabel *chip(const QString &text, const QString &kind, QWidget *parent);

} // namespace valis::inspectorformat
