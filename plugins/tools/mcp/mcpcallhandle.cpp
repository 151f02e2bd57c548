#include "mcpcallhandle.h"

#include "mcpfailure.h"
#include "mcpserverpool.h"

#include "valis/mcp/mcpcontent.h"
#include "valis/mcp/mcpelicitation.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace valis::mcp {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpTools)
};

/// How long a call waits for the server to say a URL sign-in is complete before trying again.
constexpr int UrlCompletionWaitMs = 120000;

} // namespace

McpCallHandle::McpCallHandle(McpServerPool *pool, const CallRequest &request)
    : m_pool(pool), m_request(request), m_urlWait(this)
{
    m_urlWait.setSingleShot(true);
    connect(&m_urlWait, &QTimer::timeout, this, [this] {
        if (!m_awaitedElicitation.isEmpty()) {
            m_awaitedElicitation.clear();
            send();
        }
    });
}

McpCallHandle::~McpCallHandle()
{
    dropPending();
    if (m_call)
        m_call->cancel(QStringLiteral("the call was abandoned"));
    if (m_pool)
        m_pool->forgetCall(this);
}

QString McpCallHandle::newId()
{
    return QStringLiteral("q%1").arg(++m_nextId);
}

void McpCallHandle::start()
{
    if (!m_pool) {
        finishWithError(QStringLiteral("The MCP host has shut down."));
        return;
    }
    m_pool->startCall(this);
}

void McpCallHandle::run(McpClient *client)
{
    m_client = client;
    send();
}

void McpCallHandle::send()
{
    if (m_done)
        return;
    if (!m_client) {
        finishWithError(QStringLiteral("The MCP server \"%1\" is no longer connected.").arg(m_request.server), true);
        return;
    }
    McpRequestOptions options;
    options.timeoutMs = m_request.timeoutMs;
    options.resetOnProgress = true;
    options.maxTotalMs = m_request.maxTotalMs;
    options.wantsProgress = true;
    const QJsonObject params{{QStringLiteral("name"), m_request.tool}, {QStringLiteral("arguments"), m_request.arguments}};
    McpRequest *call = m_client->request(QStringLiteral("tools/call"), params, options);
    m_call = call;
    connect(call, &McpRequest::progressed, this, &McpCallHandle::progressReported);
    connect(call, &McpRequest::finished, this, &McpCallHandle::onResponse);
}

void McpCallHandle::onResponse(const McpResponse &response)
{
    if (m_done)
        return;
    if (response.ok()) {
        McpContent::Options options;
        options.server = m_request.server;
        options.outputSchema = m_request.outputSchema;
        options.modelAcceptsImages = m_request.modelAcceptsImages;
        finish(McpContent::toolResult(m_request.callId, response.result, options), false);
        return;
    }
    // The server needs the person to visit a URL first (2025-11-25): ask, then call again once.
    if (response.rpcCode == JsonRpcCode::UrlElicitationRequired && !m_retriedAfterUrl) {
        const QJsonArray elicitations = response.errorData.toObject().value(QLatin1String("elicitations")).toArray();
        const QJsonObject first = elicitations.isEmpty() ? QJsonObject() : elicitations.first().toObject();
        const QUrl url(first.value(QLatin1String("url")).toString());
        if (url.isValid() && (url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("http"))) {
            m_retriedAfterUrl = true;
            ToolInteraction interaction;
            interaction.id = newId();
            interaction.kind = ToolInteraction::Kind::Url;
            interaction.source = Text::tr("MCP server %1").arg(m_request.server);
            interaction.message = first.value(QLatin1String("message")).toString();
            interaction.url = url;
            Pending pending;
            pending.kind = ToolInteraction::Kind::Url;
            pending.elicitationId = first.value(QLatin1String("elicitationId")).toString();
            pending.ours = true;
            m_pending.insert(interaction.id, pending);
            Q_EMIT interactionRequested(interaction);
            return;
        }
    }
    const CallFailure failure = classifyCallFailure(m_request.server, m_request.visibleName, response, m_request.readOnly,
                                                    m_pool ? m_pool->logTail(m_request.server, 8) : QString());
    finishWithError(failure.text, failure.retryable);
}

void McpCallHandle::ask(ToolInteraction::Kind kind, const QJsonObject &params, const McpResponder &responder)
{
    ToolInteraction interaction;
    interaction.id = newId();
    interaction.kind = kind;
    interaction.source = Text::tr("MCP server %1").arg(m_request.server);
    interaction.message = params.value(QLatin1String("message")).toString();
    Pending pending;
    pending.kind = kind;
    pending.responder = responder;
    if (kind == ToolInteraction::Kind::Form) {
        interaction.schema = params.value(QLatin1String("requestedSchema")).toObject();
        pending.schema = interaction.schema;
    } else if (kind == ToolInteraction::Kind::Url) {
        interaction.url = QUrl(params.value(QLatin1String("url")).toString());
        pending.elicitationId = params.value(QLatin1String("elicitationId")).toString();
        if (!interaction.url.isValid() || (interaction.url.scheme() != QLatin1String("https") && interaction.url.scheme() != QLatin1String("http"))) {
            responder.error(JsonRpcCode::InvalidParams, Text::tr("Valis opens only http and https addresses"));
            return;
        }
    } else {
        interaction.sampling = params;
    }
    m_pending.insert(interaction.id, pending);
    Q_EMIT interactionRequested(interaction);
}

std::optional<McpCallHandle::Pending> McpCallHandle::takePending(const QString &interactionId)
{
    const auto it = m_pending.find(interactionId);
    if (it == m_pending.end())
        return std::nullopt;
    Pending pending = *it;
    m_pending.erase(it);
    return pending;
}

void McpCallHandle::answer(const QString &interactionId, const ToolInteractionAnswer &answer)
{
    const std::optional<Pending> taken = takePending(interactionId);
    if (!taken)
        return;
    const Pending &pending = *taken;
    const QString action = ToolInteractionAnswer::actionName(answer.action);
    if (pending.kind == ToolInteraction::Kind::Sampling) {
        // Accepting a sampling request is answered with the model's text (answerSampling).
        if (answer.action != ToolInteractionAnswer::Action::Accept)
            pending.responder.error(-1, Text::tr("The user declined the sampling request."));
        return;
    }
    if (pending.ours) {
        // Our own question after -32042: call again once the server says the visit is complete.
        if (answer.action != ToolInteractionAnswer::Action::Accept) {
            finishWithError(QStringLiteral("The MCP server \"%1\" needs the user to open a web page first, and they did not.")
                                .arg(m_request.server));
            return;
        }
        m_awaitedElicitation = pending.elicitationId.isEmpty() ? QStringLiteral("*") : pending.elicitationId;
        m_urlWait.start(UrlCompletionWaitMs);
        return;
    }
    QJsonObject result{{QStringLiteral("action"), action}};
    if (answer.action == ToolInteractionAnswer::Action::Accept && pending.kind == ToolInteraction::Kind::Form)
        result.insert(QStringLiteral("content"), McpElicitation::applyDefaults(pending.schema, answer.content));
    pending.responder.result(result);
}

void McpCallHandle::answerSampling(const QString &interactionId, const SamplingOutcome &outcome)
{
    const std::optional<Pending> taken = takePending(interactionId);
    if (!taken)
        return;
    const Pending &pending = *taken;
    if (outcome.isError) {
        pending.responder.error(JsonRpcCode::InternalError, Text::tr("The model could not answer: %1").arg(outcome.error));
        return;
    }
    pending.responder.result({{QStringLiteral("role"), QStringLiteral("assistant")},
                              {QStringLiteral("content"), QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                      {QStringLiteral("text"), outcome.text}}},
                              {QStringLiteral("model"), outcome.model},
                              {QStringLiteral("stopReason"), outcome.stopReason}});
}

void McpCallHandle::notify(const QString &method, const QJsonObject &params)
{
    if (method != QLatin1String("notifications/elicitation/complete") || m_awaitedElicitation.isEmpty())
        return;
    const QString id = params.value(QLatin1String("elicitationId")).toString();
    if (m_awaitedElicitation != QLatin1String("*") && id != m_awaitedElicitation)
        return;
    m_awaitedElicitation.clear();
    m_urlWait.stop();
    send();
}

void McpCallHandle::cancel(const QString &reason)
{
    if (m_done)
        return;
    if (m_call)
        m_call->cancel(reason);
    finishWithError(QStringLiteral("[interrupted: %1]").arg(reason));
}

void McpCallHandle::failBeforeStart(const QString &text)
{
    finishWithError(text);
}

void McpCallHandle::finishWithError(const QString &text, bool retryable)
{
    Part result = Part::makeToolResultText(m_request.callId, text, true);
    finish(result, retryable);
}

void McpCallHandle::dropPending()
{
    for (const Pending &pending : std::as_const(m_pending)) {
        if (pending.ours)
            continue;
        if (pending.kind == ToolInteraction::Kind::Sampling)
            pending.responder.error(-1, Text::tr("The call that asked ended first."));
        else
            pending.responder.result({{QStringLiteral("action"), QStringLiteral("cancel")}});
    }
    m_pending.clear();
}

void McpCallHandle::finish(const Part &result, bool retryable)
{
    if (m_done)
        return;
    m_done = true;
    m_urlWait.stop();
    dropPending();
    if (m_pool)
        m_pool->forgetCall(this);
    Part named = result;
    named.toolName = m_request.visibleName;
    Q_EMIT finished(named, retryable);
}

} // namespace valis::mcp
