#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/toolprovider.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace valis {

/// A named set of tools a session offers ("core", "file-ops", "research", "all", or a
/// person's own; see ToolSettings). `tools` holds tool names; "*" stands for every tool there is.
struct VALIS_HARNESS_EXPORT ToolPack
{
    QString name;
    QString description;
    QStringList tools;
    QStringList excluded;   ///< Never offered, even under "*" (a subagent's `task`).

    bool includes(const QString &toolName) const;
};

/// A tool as the session offers it: its spec and the ToolProvider that runs it.
struct VALIS_HARNESS_EXPORT RegisteredTool
{
    ToolSpec spec;
    ToolProvider *provider = nullptr;
};

/// The tools one session offers, by name, gathered from ToolProviders and limited to the
/// session's ToolPack (a tool outside the pack does not exist for the session: it is neither
/// offered nor run). Asks the providers again on refresh() (an MCP server's tools change at run
/// time). A name offered by two providers goes to the first; the second is reported in
/// conflicts().
class VALIS_HARNESS_EXPORT ToolRegistry
{
public:
    ToolRegistry() = default;
    explicit ToolRegistry(const QList<ToolProvider *> &providers);

    void setProviders(const QList<ToolProvider *> &providers);
    QList<ToolProvider *> providers() const { return m_providers; }
    /// Limits the tools to `pack`'s (default: every tool).
    void setPack(const ToolPack &pack);
    ToolPack pack() const { return m_pack; }
    void refresh();

    QList<RegisteredTool> tools() const { return m_tools; }
    std::optional<RegisteredTool> tool(const QString &name) const;
    QStringList names() const;
    /// "name (from b, already offered by a)" for each name offered twice.
    QStringList conflicts() const { return m_conflicts; }

    /// The definitions for a ProviderRequest: {name, description, input_schema}, in registry
    /// order, limited to `only` when it is not empty. Deferred tools are left out; tools offered
    /// only while deferring (search_tools, call_tool) are in only then.
    QJsonArray definitions(const QStringList &only = {}) const;

    /// Decides whether deferrable tools (ToolSpec::deferrable, MCP tools) are held back: when
    /// their definitions would take more than `share` of `windowTokens` (as `countTokens` counts
    /// a definitions array), all of them are, and the tools offered only while deferring come
    /// in; otherwise none is. share 1 never defers, 0 always does (when any is deferrable).
    /// Returns the tokens the deferrable definitions take. Call after refresh().
    qint64 applyDeferral(double share, qint64 windowTokens, const std::function<qint64(const QJsonArray &)> &countTokens);
    bool isDeferring() const { return !m_deferred.isEmpty(); }
    /// The specs held back, for search_tools (ToolContext::deferredTools).
    QList<ToolSpec> deferredSpecs() const;

private:
    QList<ToolProvider *> m_providers;
    ToolPack m_pack{QStringLiteral("all"), {}, {QStringLiteral("*")}, {}};
    QList<RegisteredTool> m_tools;
    QHash<QString, qsizetype> m_index;
    QStringList m_conflicts;
    QSet<QString> m_deferred;
};

} // namespace valis
