#include "mcptoolprovider.h"

#include "mcphostimpl.h"

#include <QJsonArray>
#include <QTimer>

// Results, notes and cancel reasons here reach the model (and the record): English, not tr()'d.
namespace valis::mcp {

namespace {

Part sampledPart(const QJsonObject &content)
{
    const QString type = content.value(QLatin1String("type")).toString();
    if (type == QLatin1String("image")) {
        return Part::makeImage(ImageRef{content.value(QLatin1String("mimeType")).toString(), {},
                                        QByteArray::fromBase64(content.value(QLatin1String("data")).toString().toLatin1())});
    }
    if (type == QLatin1String("text"))
        return Part::makeText(content.value(QLatin1String("text")).toString());
    return Part::makeText(QStringLiteral("[%1 content, not passed to the model]").arg(type));
}

} // namespace

QList<ToolSpec> McpServerToolProvider::tools() const
{
    m_host->ensureStarted();
    return m_host->toolSpecs(m_server);
}

ToolInvocation *McpServerToolProvider::invoke(const QString &toolName, const QJsonValue &arguments,
                                              const ToolContext &context, QObject *parent)
{
    const std::optional<ToolTarget> target = m_host->target(toolName);
    if (!target || target->server != m_server) {
        return new ImmediateInvocation(
            Part::makeToolResultText(context.callId, QStringLiteral("The MCP server \"%1\" offers no tool \"%2\".").arg(m_server, toolName), true),
            parent);
    }
    std::optional<McpServerConfig> config;
    for (const McpServerStatus &status : m_host->servers()) {
        if (status.name == m_server)
            config = status.config;
    }
    CallRequest request;
    request.server = m_server;
    request.tool = target->tool;
    request.visibleName = toolName;
    request.callId = context.callId;
    request.arguments = arguments.toObject();
    request.outputSchema = target->outputSchema;
    request.readOnly = target->readOnly;
    request.modelAcceptsImages = context.modelAcceptsImages;
    if (config) {
        request.timeoutMs = config->toolTimeoutSec * 1000;
        request.maxTotalMs = config->maxToolTimeoutSec * 1000;
    }
    // The server's roots are the workspace of the session that calls it.
    if (!context.workingDirectory.isEmpty())
        m_host->setRoots({context.workingDirectory});
    return new McpToolInvocation(m_host, request, context, parent);
}

McpToolInvocation::McpToolInvocation(McpHostImpl *host, const CallRequest &request, const ToolContext &context, QObject *parent)
    : ToolInvocation(parent), m_host(host), m_handle(new McpCallHandle(host->pool(), request)), m_sampler(context.sampler)
{
    connect(m_handle, &McpCallHandle::progressReported, this, &ToolInvocation::progressReported, Qt::QueuedConnection);
    connect(m_handle, &McpCallHandle::finished, this, &McpToolInvocation::onFinished, Qt::QueuedConnection);
    connect(m_handle, &McpCallHandle::interactionRequested, this, [this](const ToolInteraction &interaction) {
        if (m_finished)
            return;
        m_interactions.insert(interaction.id, interaction);
        Q_EMIT interactionRequested(interaction);
    }, Qt::QueuedConnection);
    m_handle->moveToThread(host->mcpThread());
    QMetaObject::invokeMethod(m_handle, &McpCallHandle::start, Qt::QueuedConnection);
}

McpToolInvocation::~McpToolInvocation()
{
    m_handle->disconnect(this);
    if (!m_finished)
        QMetaObject::invokeMethod(m_handle, [handle = m_handle] { handle->cancel(QStringLiteral("the call was abandoned")); },
                                  Qt::QueuedConnection);
    m_handle->deleteLater();
}

void McpToolInvocation::cancel()
{
    if (m_finished)
        return;
    // The server hears notifications/cancelled; the result says the call was stopped.
    QMetaObject::invokeMethod(m_handle, [handle = m_handle] { handle->cancel(QStringLiteral("the user stopped this call")); },
                              Qt::QueuedConnection);
}

void McpToolInvocation::onFinished(const Part &result, bool retryable)
{
    if (m_finished)
        return;
    m_finished = true;
    setRetryable(retryable);
    Q_EMIT finished(result);
}

void McpToolInvocation::answerInteraction(const QString &interactionId, const ToolInteractionAnswer &answer)
{
    const auto it = m_interactions.find(interactionId);
    if (it == m_interactions.end() || m_finished)
        return;
    const ToolInteraction interaction = *it;
    m_interactions.erase(it);
    const bool accepted = answer.action == ToolInteractionAnswer::Action::Accept;
    if (interaction.kind == ToolInteraction::Kind::Url && accepted) {
        // The person agreed to this very address; opening it is the host's (the browser).
        const HostServices &host = m_host->hostServices();
        if (!host.openUrl || !host.openUrl(interaction.url)) {
            QMetaObject::invokeMethod(m_handle, [handle = m_handle, interactionId] {
                handle->answer(interactionId, ToolInteractionAnswer::declined());
            }, Qt::QueuedConnection);
            return;
        }
    }
    if (interaction.kind == ToolInteraction::Kind::Sampling && accepted) {
        runSampling(interaction);
        return;
    }
    QMetaObject::invokeMethod(m_handle, [handle = m_handle, interactionId, answer] { handle->answer(interactionId, answer); },
                              Qt::QueuedConnection);
}

void McpToolInvocation::runSampling(const ToolInteraction &interaction)
{
    const QString id = interaction.id;
    if (!m_sampler) {
        SamplingOutcome outcome;
        outcome.isError = true;
        outcome.error = QStringLiteral("this session has no model to answer with");
        QMetaObject::invokeMethod(m_handle, [handle = m_handle, id, outcome] { handle->answerSampling(id, outcome); },
                                  Qt::QueuedConnection);
        return;
    }
    SamplingRun *run = m_sampler->sample(samplingRequestFrom(interaction.sampling), this);
    connect(run, &SamplingRun::finished, this, [this, run, id](const SamplingOutcome &outcome) {
        run->deleteLater();
        QMetaObject::invokeMethod(m_handle, [handle = m_handle, id, outcome] { handle->answerSampling(id, outcome); },
                                  Qt::QueuedConnection);
    });
}

ImmediateInvocation::ImmediateInvocation(const Part &result, QObject *parent) : ToolInvocation(parent)
{
    QTimer::singleShot(0, this, [this, result] { Q_EMIT finished(result); });
}

SamplingRequest samplingRequestFrom(const QJsonObject &params)
{
    SamplingRequest request;
    for (const QJsonValue &value : params.value(QLatin1String("messages")).toArray()) {
        const QJsonObject message = value.toObject();
        Message converted;
        converted.role = message.value(QLatin1String("role")).toString() == QLatin1String("assistant") ? Role::Assistant : Role::User;
        const QJsonValue content = message.value(QLatin1String("content"));
        if (content.isArray()) {
            for (const QJsonValue &item : content.toArray())
                converted.parts.append(sampledPart(item.toObject()));
        } else {
            converted.parts.append(sampledPart(content.toObject()));
        }
        request.messages.append(converted);
    }
    request.systemPrompt = params.value(QLatin1String("systemPrompt")).toString();
    request.maxTokens = params.value(QLatin1String("maxTokens")).toInt(1024);
    if (params.value(QLatin1String("temperature")).isDouble())
        request.temperature = params.value(QLatin1String("temperature")).toDouble();
    for (const QJsonValue &stop : params.value(QLatin1String("stopSequences")).toArray())
        request.stopSequences.append(stop.toString());
    for (const QJsonValue &hint : params.value(QLatin1String("modelPreferences")).toObject().value(QLatin1String("hints")).toArray())
        request.modelHints.append(hint.toObject().value(QLatin1String("name")).toString());
    return request;
}

} // namespace valis::mcp
