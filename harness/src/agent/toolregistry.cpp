#include "valis/agent/toolregistry.h"

#include <QJsonObject>

namespace valis {

ToolRegistry::ToolRegistry(const QList<ToolProvider *> &providers)
{
    setProviders(providers);
}

void ToolRegistry::setProviders(const QList<ToolProvider *> &providers)
{
    m_providers = providers;
    refresh();
}

bool ToolPack::includes(const QString &toolName) const
{
    return !excluded.contains(toolName) && (tools.contains(toolName) || tools.contains(QStringLiteral("*")));
}

void ToolRegistry::setPack(const ToolPack &pack)
{
    m_pack = pack;
    refresh();
}

void ToolRegistry::refresh()
{
    m_tools.clear();
    m_index.clear();
    m_conflicts.clear();
    for (ToolProvider *provider : std::as_const(m_providers)) {
        for (const ToolSpec &spec : provider->tools()) {
            if (!m_pack.includes(spec.name))
                continue;
            const auto existing = m_index.constFind(spec.name);
            if (existing != m_index.constEnd()) {
                m_conflicts.append(QStringLiteral("%1 (from %2, already offered by %3)")
                                       .arg(spec.name, provider->id(), m_tools.at(*existing).provider->id()));
                continue;
            }
            m_index.insert(spec.name, m_tools.size());
            m_tools.append({spec, provider});
        }
    }
}

std::optional<RegisteredTool> ToolRegistry::tool(const QString &name) const
{
    const auto it = m_index.constFind(name);
    if (it == m_index.constEnd())
        return std::nullopt;
    return m_tools.at(*it);
}

QStringList ToolRegistry::names() const
{
    QStringList names;
    names.reserve(m_tools.size());
    for (const RegisteredTool &tool : m_tools)
        names.append(tool.spec.name);
    return names;
}

QJsonArray ToolRegistry::definitions(const QStringList &only) const
{
    QJsonArray definitions;
    for (const RegisteredTool &tool : m_tools) {
        if (!only.isEmpty() && !only.contains(tool.spec.name))
            continue;
        definitions.append(QJsonObject{{QStringLiteral("name"), tool.spec.name},
                                       {QStringLiteral("description"), tool.spec.description},
                                       {QStringLiteral("input_schema"), tool.spec.inputSchema}});
    }
    return definitions;
}

} // namespace valis
