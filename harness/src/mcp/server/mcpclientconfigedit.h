#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace valis::mcp {

/// `value` as JSON text in the layout people write by hand: one member per line, indented by
/// `unit` below `indent`, keys of `firstKeys` first, arrays of scalars on one line. With
/// `compact`, all on one line ("{"a": 1, "b": [2]}").
struct JsonLayout
{
    QByteArray indent;
    QByteArray unit = "  ";
    QByteArray newline = "\n";
    bool compact = false;
};
QByteArray renderJson(const QJsonValue &value, const JsonLayout &layout, const QStringList &firstKeys = {});

/// `text` (a JSON object) with `text[outerKey][innerKey]` set to `entry`, every other byte kept:
/// the member is replaced where it is or appended to its object (made when missing) in the
/// file's own indentation and line endings. Members of an existing entry that `entry` does not
/// name are kept. `where` names the file for errors; `text` must already parse.
Result<QByteArray> spliceJsonEntry(const QByteArray &text, const QString &outerKey, const QString &innerKey,
                                   const QJsonObject &entry, const QStringList &keyOrder, const QString &where);

/// `text` (TOML) with the table [outerKey.innerKey] holding `command` and `args`: those two
/// keys replaced in place (or added below the table's header), every other line kept exactly;
/// the table is appended when there is none. An Error when the entry exists in a form that is
/// not a [table] of its own (dotted keys, an inline table).
Result<QByteArray> spliceTomlServer(const QByteArray &text, const QString &outerKey, const QString &innerKey,
                                    const QString &command, const QStringList &args, const QString &where);

/// `text` as a TOML basic string, quotes included.
QByteArray tomlString(const QString &text);

} // namespace valis::mcp
