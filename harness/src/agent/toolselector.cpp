#include "valis/agent/toolselector.h"

#include "valis/plugins/providerstream.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ToolSelector)
};

// Not translated: this is what the model reads.
const char SelectorInstruction[] =
    "You choose which tools an AI coding agent may use for the user's next request. "
    "Pick every tool that could plausibly be needed, and none that clearly will not be. "
    "Answer with only a JSON array of tool names, for example [\"read_file\", \"grep\"].";
} // namespace

ToolSelectorConfig ToolSelectorConfig::fromJson(const QJsonObject &json, const ToolSelectorConfig &defaults)
{
    ToolSelectorConfig config = defaults;
    if (json.value(QLatin1String("enabled")).isBool())
        config.enabled = json.value(QLatin1String("enabled")).toBool();
    if (json.value(QLatin1String("threshold")).isDouble())
        config.threshold = qMax(0, json.value(QLatin1String("threshold")).toInt());
    if (json.value(QLatin1String("alwaysInclude")).isArray()) {
        config.alwaysInclude.clear();
        for (const QJsonValue &name : json.value(QLatin1String("alwaysInclude")).toArray())
            config.alwaysInclude.append(name.toString());
    }
    if (json.value(QLatin1String("provider")).isString())
        config.providerId = json.value(QLatin1String("provider")).toString();
    if (json.value(QLatin1String("model")).isString())
        config.model = json.value(QLatin1String("model")).toString();
    return config;
}

ToolSelector::ToolSelector(Provider *provider, const ToolSelectorConfig &config, QObject *parent)
    : QObject(parent), m_provider(provider), m_config(config)
{
}

bool ToolSelector::shouldSelect(int toolCount) const
{
    return m_config.enabled && m_provider && !m_config.model.isEmpty() && toolCount > m_config.threshold;
}

ProviderRequest ToolSelector::buildRequest(const QList<ToolSpec> &tools, const QString &userText) const
{
    QString list;
    for (const ToolSpec &tool : tools)
        list += QStringLiteral("- ") + tool.name + QStringLiteral(": ") + tool.description.section(QLatin1Char('\n'), 0, 0) + QLatin1Char('\n');
    Message user;
    user.role = Role::User;
    user.parts = {Part::makeText(QStringLiteral("Tools:\n") + list + QStringLiteral("\nRequest:\n") + userText)};
    ProviderRequest request;
    request.model = m_config.model;
    request.system.role = Role::System;
    request.system.parts = {Part::makeText(QString::fromLatin1(SelectorInstruction))};
    request.messages = {user};
    request.maxOutputTokens = m_config.maxOutputTokens;
    request.endpoint = m_config.endpoint;
    return request;
}

QStringList ToolSelector::parseAnswer(const QString &answer, const QStringList &known) const
{
    static const QRegularExpression array(QStringLiteral("\\[[^\\[\\]]*\\]"));
    QSet<QString> chosen;
    QRegularExpressionMatchIterator it = array.globalMatch(answer);
    bool parsed = false;
    while (it.hasNext() && !parsed) {
        const QJsonDocument document = QJsonDocument::fromJson(it.next().captured(0).toUtf8());
        if (!document.isArray())
            continue;
        parsed = true;
        for (const QJsonValue &name : document.array())
            chosen.insert(name.toString());
    }
    if (!parsed)
        return {};
    for (const QString &name : m_config.alwaysInclude)
        chosen.insert(name);
    QStringList names;
    for (const QString &name : known) {
        if (chosen.contains(name))
            names.append(name);
    }
    return names;
}

void ToolSelector::select(const QList<ToolSpec> &tools, const QString &userText)
{
    QStringList known;
    for (const ToolSpec &tool : tools)
        known.append(tool.name);
    ProviderStream *stream = m_provider->stream(buildRequest(tools, userText), this);
    m_stream = stream;
    auto text = std::make_shared<QString>();
    connect(stream, &ProviderStream::eventReceived, this, [text](const ProviderEvent &event) {
        if (event.kind == ProviderEvent::Kind::TextDelta)
            *text += event.text;
    });
    connect(stream, &ProviderStream::finished, this, [this, stream, text, known] {
        stream->deleteLater();
        const QStringList names = parseAnswer(*text, known);
        if (names.isEmpty())
            Q_EMIT selected(known, Error(QStringLiteral("tools.selector-unreadable"),
                                         Text::tr("the tool selector's answer named no known tool, so every tool is offered")));
        else
            Q_EMIT selected(names, Error());
    });
    connect(stream, &ProviderStream::failed, this, [this, stream, known](const ProviderFailure &failure) {
        stream->deleteLater();
        if (failure.kind == ProviderFailure::Kind::Cancelled)
            return;
        Q_EMIT selected(known, Error(QStringLiteral("tools.selector-failed"),
                                     Text::tr("the tool selector failed (%1), so every tool is offered")
                                         .arg(failure.message.isEmpty() ? ProviderFailure::kindName(failure.kind) : failure.message)));
    });
}

void ToolSelector::cancel()
{
    if (m_stream)
        m_stream->cancel();
}

} // namespace valis
