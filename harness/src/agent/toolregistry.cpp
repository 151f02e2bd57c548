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
    m_deferred.clear();
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
    const bool deferring = isDeferring();
    for (const RegisteredTool &tool : m_tools) {
        if (!only.isEmpty() && !only.contains(tool.spec.name))
            continue;
        if (m_deferred.contains(tool.spec.name) || (tool.spec.offeredWhenDeferring && !deferring))
            continue;
        definitions.append(QJsonObject{{QStringLiteral("name"), tool.spec.name},
                                       {QStringLiteral("description"), tool.spec.description},
                                       {QStringLiteral("input_schema"), tool.spec.inputSchema}});
    }
    return definitions;
}

qint64 ToolRegistry::applyDeferral(double share, qint64 windowTokens,
                                  const std::function<qint64(const QJsonArray &)> &countTokens)
{
    m_deferred.clear();
    QJsonArray deferrable;
    QStringList names;
    for (const RegisteredTool &tool : std::as_const(m_tools)) {
        if (!tool.spec.deferrable)
            continue;
        names.append(tool.spec.name);
        deferrable.append(QJsonObject{{QStringLiteral("name"), tool.spec.name},
                                      {QStringLiteral("description"), tool.spec.description},
                                      {QStringLiteral("input_schema"), tool.spec.inputSchema}});
    }
    if (names.isEmpty())
        return 0;
    const qint64 tokens = countTokens ? countTokens(deferrable) : 0;
    bool searchable = false;
    for (const RegisteredTool &tool : std::as_const(m_tools))
        searchable = searchable || tool.spec.offeredWhenDeferring;
    // Without search_tools the model could not reach what is held back: never defer then.
    if (!searchable || share >= 1.0)
        return tokens;
    if (share <= 0.0 || (windowTokens > 0 && double(tokens) > share * double(windowTokens))) {
        for (const QString &name : std::as_const(names))
            m_deferred.insert(name);
    }
    return tokens;
}

QList<ToolSpec> ToolRegistry::deferredSpecs() const
{
    QList<ToolSpec> specs;
    for (const RegisteredTool &tool : m_tools) {
        if (m_deferred.contains(tool.spec.name))
            specs.append(tool.spec);
    }
    return specs;
}

} // namespace valis
