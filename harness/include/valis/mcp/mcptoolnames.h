#pragma once

#include "valis/harness_export.h"

#include <QHash>
#include <QString>
#include <QStringList>

namespace valis {

/// The names the model sees for MCP tools: `mcp__<server>__<tool>`, characters outside
/// [A-Za-z0-9_-] replaced by '_', at most 64 bytes (the strictest provider limit); a name that is
/// cut, or that collides with one given earlier, ends in '_' and 8 hex digits of the SHA-1 of
/// the raw server and tool names, so it is stable across runs. The raw names are kept for calls.
class VALIS_HARNESS_EXPORT McpToolNames
{
public:
    static constexpr int MaxLength = 64;

    /// The model-visible name of `tool` on `server`, unique among the names this object gave.
    QString assign(const QString &server, const QString &tool);
    /// The raw {server, tool} behind a model-visible name; empty strings when unknown.
    QPair<QString, QString> raw(const QString &visible) const { return m_raw.value(visible); }
    void clear();

    /// The name without uniqueness (what assign() starts from).
    static QString visibleName(const QString &server, const QString &tool);
    /// `name` with every character outside [A-Za-z0-9_-] replaced by '_'.
    static QString sanitise(const QString &name);

private:
    QHash<QString, QPair<QString, QString>> m_raw;
    QHash<QString, QString> m_byRaw; ///< "server\ntool" -> visible
};

} // namespace valis
