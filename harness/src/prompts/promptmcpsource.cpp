#include "valis/prompts/promptmcpsource.h"

#include "valis/prompts/promptstore.h"

#include <QJsonArray>

namespace valis {

PromptStoreMcpSource::PromptStoreMcpSource(std::shared_ptr<PromptStore> store) : m_store(std::move(store))
{
    if (const Result<qint64> revision = m_store->revision(); revision.ok())
        m_revision = revision.value();
}

PromptStoreMcpSource::~PromptStoreMcpSource() = default;

QJsonArray PromptStoreMcpSource::prompts() const
{
    QJsonArray list;
    const Result<QList<PromptVersion>> listed = m_store->list();
    if (!listed.ok())
        return list; // prompts/list has no error of its own to give; getPrompt() names it
    for (const PromptVersion &version : listed.value()) {
        // A prompt whose include is missing still lists its own variables; getting it says why
        // it cannot render.
        const Result<QStringList> all = m_store->variables(version.key);
        QJsonArray arguments;
        for (const QString &name : all.ok() ? all.value() : version.variables())
            arguments.append(QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("required"), true}});
        QJsonObject prompt{{QStringLiteral("name"), version.key}, {QStringLiteral("arguments"), arguments}};
        if (!version.description.isEmpty())
            prompt.insert(QStringLiteral("description"), version.description);
        list.append(prompt);
    }
    return list;
}

Result<QJsonObject> PromptStoreMcpSource::getPrompt(const QString &name, const QJsonObject &arguments) const
{
    const Result<PromptVersion> found = m_store->get(name);
    if (!found.ok()) {
        if (found.error().code == QLatin1String("prompt.unknown"))
            return Error(QStringLiteral("mcp.not-found"), QStringLiteral("No prompt is called \"%1\".").arg(name));
        return found.error();
    }
    const Result<QString> rendered = m_store->render(name, arguments, found->version);
    if (!rendered.ok()) {
        // A missing argument is the client's to fix; a broken include is the store's.
        const QString code = rendered.error().code == QLatin1String("prompt.missing-variable")
                                 ? QStringLiteral("mcp.invalid-params")
                                 : rendered.error().code;
        return Error(code, rendered.error().message);
    }
    QJsonObject result{
        {QStringLiteral("messages"),
         QJsonArray{QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                {QStringLiteral("content"), QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                        {QStringLiteral("text"), rendered.value()}}}}}}};
    if (!found->description.isEmpty())
        result.insert(QStringLiteral("description"), found->description);
    return result;
}

bool PromptStoreMcpSource::changedSinceLastAsked()
{
    const Result<qint64> revision = m_store->revision();
    if (!revision.ok())
        return false;
    const bool changed = m_revision != revision.value();
    m_revision = revision.value();
    return changed;
}

} // namespace valis
