#include "valis/mcp/mcpclient.h"

#include "valis/core/modeltext.h"

#include <QCoreApplication>
#include <QDateTime>

namespace valis {

namespace {

// What fails a request (cancelled, timed out, disconnected, an error answer) becomes the text
// of a tool result the model reads (plugins/tools/mcp/mcpfailure.cpp): fixed English, never
// tr()'d, so the record does not follow the UI language. Log lines are for people.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpClient)
};

const QString Initialize = QStringLiteral("initialize");

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

QStringList McpProtocol::supportedVersions()
{
    return {QStringLiteral("2025-11-25"), QStringLiteral("2025-06-18"), QStringLiteral("2025-03-26"),
            QStringLiteral("2024-11-05")};
}

QString McpProtocol::latestVersion()
{
    return supportedVersions().first();
}

void McpRequest::cancel(const QString &reason)
{
    if (m_done)
        return;
    auto *client = qobject_cast<McpClient *>(parent());
    if (!client)
        return;
    // initialize is never cancelled by notification (the spec forbids it); it just ends.
    if (m_method != Initialize && client->m_pending.contains(jsonRpcIdKey(m_id))) {
        QJsonObject params{{QStringLiteral("requestId"), m_id}};
        if (!reason.isEmpty())
            params.insert(QStringLiteral("reason"), reason);
        client->notify(QStringLiteral("notifications/cancelled"), params);
    }
    McpResponse response;
    response.error = Error(QStringLiteral("mcp.cancelled"),
                           reason.isEmpty() ? QStringLiteral("cancelled") : QStringLiteral("cancelled: %1").arg(reason));
    client->finish(this, response);
}

McpResponder::McpResponder(McpClient *client, const QJsonValue &id, std::shared_ptr<bool> cancelled)
    : m_client(client), m_id(id), m_cancelled(std::move(cancelled))
{
}

void McpResponder::result(const QJsonObject &result) const
{
    if (*m_answered || !m_client)
        return;
    *m_answered = true;
    m_client->respond(JsonRpcMessage::response(m_id, result));
}

void McpResponder::error(int code, const QString &message, const QJsonValue &data) const
{
    if (*m_answered || !m_client)
        return;
    *m_answered = true;
    m_client->respond(JsonRpcMessage::errorResponse(m_id, code, message, data));
}

McpClient::McpClient(std::unique_ptr<McpTransport> transport, const McpClientOptions &options, QObject *parent)
    : QObject(parent), m_transport(std::move(transport)), m_options(options)
{
    m_transport->setParent(nullptr);
    connect(m_transport.get(), &McpTransport::opened, this, &McpClient::initialize);
    connect(m_transport.get(), &McpTransport::messageReceived, this, &McpClient::onMessage);
    connect(m_transport.get(), &McpTransport::failed, this, &McpClient::onTransportFailed);
    connect(m_transport.get(), &McpTransport::sessionExpired, this, &McpClient::onSessionExpired);
    connect(m_transport.get(), &McpTransport::logged, this, &McpClient::logged);
    connect(m_transport.get(), &McpTransport::closed, this, [this] {
        failAll(Error(QStringLiteral("mcp.disconnected"), QStringLiteral("the connection to the server was closed")));
        setState(State::Closed);
        Q_EMIT closed();
    });
    m_handlers.insert(QStringLiteral("ping"), [](const JsonRpcMessage &, const McpResponder &responder) {
        responder.result({});
    });
}

McpClient::~McpClient()
{
    m_transport->disconnect(this);
    const auto pending = m_pending.values();
    for (McpRequest *request : pending)
        request->m_done = true;
}

void McpClient::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void McpClient::connectToServer()
{
    if (m_state != State::Idle && m_state != State::Closed && m_state != State::Failed)
        return;
    setState(State::Connecting);
    m_transport->open();
}

void McpClient::close()
{
    if (m_state == State::Closing || m_state == State::Closed)
        return;
    failAll(Error(QStringLiteral("mcp.disconnected"), QStringLiteral("the connection to the server was closed")));
    setState(State::Closing);
    m_transport->close();
}

QJsonObject McpClient::clientCapabilities() const
{
    QJsonObject capabilities;
    if (m_options.roots)
        capabilities.insert(QStringLiteral("roots"), QJsonObject{{QStringLiteral("listChanged"), true}});
    if (m_options.sampling) {
        QJsonObject sampling;
        if (m_options.samplingTools)
            sampling.insert(QStringLiteral("tools"), QJsonObject());
        capabilities.insert(QStringLiteral("sampling"), sampling);
    }
    if (m_options.elicitationForm || m_options.elicitationUrl) {
        QJsonObject elicitation;
        if (m_options.elicitationForm)
            elicitation.insert(QStringLiteral("form"), QJsonObject());
        if (m_options.elicitationUrl)
            elicitation.insert(QStringLiteral("url"), QJsonObject());
        capabilities.insert(QStringLiteral("elicitation"), elicitation);
    }
    return capabilities;
}

void McpClient::initialize()
{
    setState(State::Initializing);
    auto *request = new McpRequest(this);
    request->m_id = m_nextId++;
    request->m_method = Initialize;
    request->m_params = QJsonObject{
        {QStringLiteral("protocolVersion"), McpProtocol::latestVersion()},
        {QStringLiteral("capabilities"), clientCapabilities()},
        {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), m_options.clientName},
                                                   {QStringLiteral("title"), m_options.clientTitle},
                                                   {QStringLiteral("version"), m_options.clientVersion.isEmpty()
                                                        ? QStringLiteral(VALIS_VERSION_STRING) : m_options.clientVersion}}}};
    request->m_options.timeoutMs = m_options.initializeTimeoutMs;
    m_initializeRequest = request;
    connect(request, &McpRequest::finished, this, [this](const McpResponse &response) {
        if (!response.ok()) {
            if (m_state == State::Closing || m_state == State::Closed)
                return;
            setState(State::Failed);
            Error error = *response.error;
            error.message = Text::tr("initialize failed: %1").arg(error.message);
            if (error.code == QLatin1String("mcp.remote-error"))
                error.code = QStringLiteral("mcp.initialize-refused");
            failAll(error);
            Q_EMIT failed(error);
            return;
        }
        const QString version = response.result.value(QLatin1String("protocolVersion")).toString();
        if (!McpProtocol::supportedVersions().contains(version)) {
            setState(State::Failed);
            const Error error(QStringLiteral("mcp.version-unsupported"),
                              Text::tr("the server speaks MCP revision \"%1\", which Valis does not (it speaks %2)")
                                  .arg(version, McpProtocol::supportedVersions().join(QStringLiteral(", "))));
            failAll(error);
            Q_EMIT failed(error);
            m_transport->close();
            return;
        }
        m_protocolVersion = version;
        m_serverInfo = response.result.value(QLatin1String("serverInfo")).toObject();
        m_serverCapabilities = response.result.value(QLatin1String("capabilities")).toObject();
        m_instructions = response.result.value(QLatin1String("instructions")).toString();
        m_transport->setProtocolVersion(version);
        notify(QStringLiteral("notifications/initialized"));
        const bool again = std::exchange(m_reinitializing, false);
        setState(State::Ready);
        // What waited for the handshake goes out now, in order.
        const QList<McpRequest *> waiting = std::exchange(m_waitingForReady, {});
        for (McpRequest *queued : waiting) {
            if (!queued->m_done)
                transmit(queued);
        }
        const QList<JsonRpcMessage> early = std::exchange(m_earlyNotifications, {});
        for (const JsonRpcMessage &notification : early)
            onNotification(notification);
        if (!again)
            Q_EMIT ready();
    });
    transmit(request);
}

McpRequest *McpClient::request(const QString &method, const QJsonObject &params, const McpRequestOptions &options)
{
    auto *request = new McpRequest(this);
    request->m_id = m_nextId++;
    request->m_method = method;
    request->m_params = params;
    request->m_options = options;
    if (options.wantsProgress) {
        request->m_progressToken = QStringLiteral("valis-%1").arg(request->m_id.toInteger());
        QJsonObject meta = request->m_params.value(QLatin1String("_meta")).toObject();
        meta.insert(QStringLiteral("progressToken"), request->m_progressToken);
        request->m_params.insert(QStringLiteral("_meta"), meta);
    }
    if (m_state == State::Failed || m_state == State::Closed || m_state == State::Closing) {
        QMetaObject::invokeMethod(this, [this, request] {
            McpResponse response;
            response.error = Error(QStringLiteral("mcp.disconnected"), QStringLiteral("the server is not connected"));
            finish(request, response);
        }, Qt::QueuedConnection);
        return request;
    }
    if (m_state != State::Ready && method != QLatin1String("ping")) {
        m_waitingForReady.append(request);
        return request;
    }
    transmit(request);
    return request;
}

void McpClient::transmit(McpRequest *request)
{
    const QString key = jsonRpcIdKey(request->m_id);
    m_pending.insert(key, request);
    if (!request->m_progressToken.isUndefined())
        m_byProgressToken.insert(jsonRpcIdKey(request->m_progressToken), request);
    if (request->m_startedMs == 0)
        request->m_startedMs = nowMs();
    armTimer(request);
    // Sending can call back synchronously on a failing transport; keep that out of the caller.
    m_transport->send(JsonRpcMessage::request(request->m_id, request->m_method, request->m_params));
}

void McpClient::armTimer(McpRequest *request)
{
    if (request->m_options.timeoutMs <= 0)
        return;
    if (!request->m_timerConnected) {
        request->m_timerConnected = true;
        request->m_timer.setSingleShot(true);
        connect(&request->m_timer, &QTimer::timeout, request, [this, request] {
            const int seconds = (request->m_options.timeoutMs + 999) / 1000;
            const QString reason = QStringLiteral("no answer within %1").arg(modeltext::plural(seconds, QStringLiteral("second")));
            if (request->m_method != Initialize && m_pending.contains(jsonRpcIdKey(request->m_id)))
                notify(QStringLiteral("notifications/cancelled"),
                       QJsonObject{{QStringLiteral("requestId"), request->m_id}, {QStringLiteral("reason"), reason}});
            McpResponse response;
            response.error = Error(QStringLiteral("mcp.timeout"),
                                   QStringLiteral("%1 timed out: %2").arg(request->m_method, reason));
            finish(request, response);
        });
    }
    request->m_timer.start(request->m_options.timeoutMs);
}

void McpClient::notify(const QString &method, const QJsonObject &params)
{
    if (m_state == State::Closed || m_state == State::Failed)
        return;
    m_transport->send(JsonRpcMessage::notification(method, params));
}

void McpClient::respond(const JsonRpcMessage &message)
{
    m_incomingCancelled.remove(jsonRpcIdKey(message.id));
    if (m_state == State::Closed || m_state == State::Failed || m_state == State::Closing)
        return;
    m_transport->send(message);
}

void McpClient::finish(McpRequest *request, const McpResponse &response)
{
    if (request->m_done)
        return;
    request->m_done = true;
    request->m_timer.stop();
    m_pending.remove(jsonRpcIdKey(request->m_id));
    if (!request->m_progressToken.isUndefined())
        m_byProgressToken.remove(jsonRpcIdKey(request->m_progressToken));
    m_waitingForReady.removeAll(request);
    Q_EMIT request->finished(response);
    request->deleteLater();
}

void McpClient::failAll(const Error &error)
{
    const QList<McpRequest *> pending = m_pending.values() + m_waitingForReady;
    for (McpRequest *request : pending) {
        McpResponse response;
        response.error = error;
        finish(request, response);
    }
}

void McpClient::onMessage(const JsonRpcMessage &message)
{
    switch (message.kind) {
    case JsonRpcMessage::Kind::Response:
    case JsonRpcMessage::Kind::ErrorResponse:
        onResponse(message);
        break;
    case JsonRpcMessage::Kind::Request:
        onServerRequest(message);
        break;
    case JsonRpcMessage::Kind::Notification:
        if (m_state == State::Initializing || m_state == State::Connecting)
            m_earlyNotifications.append(message);
        else
            onNotification(message);
        break;
    }
}

void McpClient::onResponse(const JsonRpcMessage &message)
{
    McpRequest *request = m_pending.value(jsonRpcIdKey(message.id));
    if (!request) {
        Q_EMIT logged(Text::tr("an answer to no pending request: %1").arg(message.describe()));
        return;
    }
    McpResponse response;
    if (message.kind == JsonRpcMessage::Kind::Response) {
        response.result = message.result.toObject();
        finish(request, response);
        return;
    }
    const QString marker = message.error.data.toObject().value(QLatin1String("valis")).toString();
    if (marker == QLatin1String("session-expired") && request->m_method != Initialize && !request->m_resent) {
        // The server never saw it: send it again in the new session.
        request->m_resent = true;
        m_pending.remove(jsonRpcIdKey(request->m_id));
        request->m_timer.stop();
        m_waitingForReady.append(request);
        return;
    }
    response.rpcCode = message.error.code;
    response.errorData = message.error.data;
    if (marker == QLatin1String("transport") || marker == QLatin1String("auth")
        || message.error.data.toObject().contains(QLatin1String("httpStatus")))
        response.error = Error(QStringLiteral("mcp.transport"), message.error.message);
    else
        response.error = Error(QStringLiteral("mcp.remote-error"),
                               QStringLiteral("the server answered error %1: %2").arg(message.error.code).arg(message.error.message));
    finish(request, response);
}

void McpClient::onServerRequest(const JsonRpcMessage &message)
{
    const QString key = jsonRpcIdKey(message.id);
    auto cancelled = std::make_shared<bool>(false);
    m_incomingCancelled.insert(key, cancelled);
    const McpResponder responder(this, message.id, cancelled);
    const auto handler = m_handlers.constFind(message.method);
    if (handler == m_handlers.constEnd()) {
        responder.error(JsonRpcCode::MethodNotFound, Text::tr("Valis does not offer %1").arg(message.method));
        return;
    }
    (*handler)(message, responder);
}

void McpClient::onNotification(const JsonRpcMessage &message)
{
    if (message.method == QLatin1String("notifications/progress")) {
        const QJsonValue token = message.params.value(QLatin1String("progressToken"));
        McpRequest *request = m_byProgressToken.value(jsonRpcIdKey(token));
        if (request && !request->m_done) {
            const double progress = message.params.value(QLatin1String("progress")).toDouble();
            // Progress must increase; a server that goes backwards is not believed.
            if (progress > request->m_lastProgress) {
                request->m_lastProgress = progress;
                const QJsonValue total = message.params.value(QLatin1String("total"));
                Q_EMIT request->progressed(progress, total.isDouble() ? total.toDouble() : -1.0,
                                           message.params.value(QLatin1String("message")).toString());
                if (request->m_options.resetOnProgress && request->m_options.timeoutMs > 0) {
                    const qint64 cap = request->m_options.maxTotalMs > 0 ? request->m_options.maxTotalMs
                                                                          : qint64(request->m_options.timeoutMs) * 10;
                    const qint64 left = cap - (nowMs() - request->m_startedMs);
                    if (left > 0)
                        request->m_timer.start(int(qMin<qint64>(left, request->m_options.timeoutMs)));
                }
            }
        }
    } else if (message.method == QLatin1String("notifications/cancelled")) {
        const QString key = jsonRpcIdKey(message.params.value(QLatin1String("requestId")));
        if (const auto flag = m_incomingCancelled.value(key))
            *flag = true;
    }
    Q_EMIT notificationReceived(message.method, message.params);
}

void McpClient::onTransportFailed(const Error &error)
{
    if (m_state == State::Closing || m_state == State::Closed)
        return;
    setState(State::Failed);
    failAll(error);
    Q_EMIT failed(error);
}

void McpClient::onSessionExpired()
{
    if (m_reinitializing || m_state != State::Ready)
        return;
    m_reinitializing = true;
    Q_EMIT logged(Text::tr("initialising again: the server ended the session"));
    initialize();
}

void McpClient::listAll(const QString &method, const QString &key, const McpRequestOptions &options, QObject *context,
                        std::function<void(const Result<QJsonArray> &)> done)
{
    struct Pager
    {
        QJsonArray items;
        int pages = 0;
    };
    auto pager = std::make_shared<Pager>();
    auto fetch = std::make_shared<std::function<void(const QString &)>>();
    QPointer<QObject> guard(context);
    // The function holds itself weakly; each page's connection holds it, so a page destroyed
    // unanswered (the connection closed) frees it (a strong self-reference leaked; LSan).
    std::weak_ptr<std::function<void(const QString &)>> self = fetch;
    *fetch = [this, method, key, options, guard, done, pager, self](const QString &cursor) {
        QJsonObject params;
        if (!cursor.isEmpty())
            params.insert(QStringLiteral("cursor"), cursor);
        McpRequest *page = request(method, params, options);
        connect(page, &McpRequest::finished, this, [method, key, guard, done, pager, fetch = self.lock()](const McpResponse &response) {
            if (!guard) {
                *fetch = nullptr;
                return;
            }
            if (!response.ok()) {
                done(*response.error);
                *fetch = nullptr;
                return;
            }
            const QJsonArray items = response.result.value(key).toArray();
            for (const QJsonValue &item : items)
                pager->items.append(item);
            const QString next = response.result.value(QLatin1String("nextCursor")).toString();
            if (next.isEmpty() || ++pager->pages >= 100) {
                done(pager->items);
                *fetch = nullptr;
                return;
            }
            (*fetch)(next);
        });
    };
    (*fetch)({});
}

void McpClient::setRequestHandler(const QString &method, RequestHandler handler)
{
    m_handlers.insert(method, std::move(handler));
}

} // namespace valis
