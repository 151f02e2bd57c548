#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/toolprovider.h"

#include <QHash>
#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace valis {

/// A tool as the session offers it: its spec and the ToolProvider that runs it.
struct VALIS_HARNESS_EXPORT RegisteredTool
{
    ToolSpec spec;
    ToolProvider *provider = nullptr;
};

/// The tools one session offers, by name, gathered from ToolProviders. Asks the providers again
/// on refresh() (an MCP server's tools change at run time). A name offered by two providers
/// goes to the first; the second is reported in conflicts().
class VALIS_HARNESS_EXPORT ToolRegistry
{
public:
    ToolRegistry() = default;
    explicit ToolRegistry(const QList<ToolProvider *> &providers);

    void setProviders(const QList<ToolProvider *> &providers);
    void refresh();

    QList<RegisteredTool> tools() const { return m_tools; }
    std::optional<RegisteredTool> tool(const QString &name) const;
    QStringList names() const;
    /// "name (from b, already offered by a)" for each name offered twice.
    QStringList conflicts() const { return m_conflicts; }

    /// The definitions for a ProviderRequest: {name, description, input_schema}, in registry
    /// order, limited to `only` when it is not empty.
    QJsonArray definitions(const QStringList &only = {}) const;

private:
    QList<ToolProvider *> m_providers;
    QList<RegisteredTool> m_tools;
    QHash<QString, qsizetype> m_index;
    QStringList m_conflicts;
};

} // namespace valis
