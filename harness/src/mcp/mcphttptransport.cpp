#include "valis/mcp/mcphttptransport.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QMetaEnum>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace valis {

namespace {

// What fails a call in flight becomes a tool result the model reads: fixed English, not tr()'d
// (see mcpclient.cpp). Log lines and the failures of connecting are for people.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpHttpTransport)
};

const QByteArray SessionHeader = QByteArrayLiteral("Mcp-Session-Id");
const QByteArray VersionHeader = QByteArrayLiteral("MCP-Protocol-Version");

int httpStatus(const QNetworkReply *reply)
{
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

bool isEventStream(const QNetworkReply *reply)
{
    return reply->header(QNetworkRequest::ContentTypeHeader).toString().trimmed().startsWith(
        QLatin1String("text/event-stream"), Qt::CaseInsensitive);
}

QString bodyText(const QByteArray &body)
{
    // JSON-RPC error bodies say the most; otherwise the start of whatever came.
    QString problem;
    const QList<JsonRpcMessage> messages = JsonRpcMessage::parse(body, &problem);
    if (messages.size() == 1 && messages.first().kind == JsonRpcMessage::Kind::ErrorResponse)
        return messages.first().error.message;
    QString text = QString::fromUtf8(body.left(400)).simplified();
    if (body.size() > 400)
        text += QStringLiteral("…");
    return text;
}

} // namespace

McpHttpAuthorizer::~McpHttpAuthorizer() = default;

void McpHttpAuthorizer::prepare(std::function<void()> done)
{
    QTimer::singleShot(0, [done = std::move(done)] { done(); });
}

/// One message on its way: the POST and what became of it.
struct McpHttpTransport::Post
{
    JsonRpcMessage message;
    int authorizations = 0;
    bool sentWithSession = false;
};

/// One SSE answer being read: a POST's, the standing GET, or a GET resuming a dropped stream.
struct McpHttpTransport::Stream
{
    QPointer<QNetworkReply> reply;
    SseParser parser;
    QByteArray lastEventId;
    int retryMs = -1;
    bool isGet = false;
    bool legacy = false;
    /// Responses this stream should carry (a POST's requests, or those a resumed stream picks up).
    QList<QJsonValue> awaited;
    int resumes = 0;
};

McpHttpTransport::McpHttpTransport(const QUrl &endpoint, const QList<QPair<QByteArray, QByteArray>> &headers,
                                   QObject *parent)
    : McpTransport(parent), m_endpoint(endpoint), m_headers(headers)
{
}

McpHttpTransport::~McpHttpTransport()
{
    m_closing = true;
    const QSet<QNetworkReply *> replies = m_replies;
    for (QNetworkReply *reply : replies) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
}

void McpHttpTransport::setNetworkAccessManager(QNetworkAccessManager *manager)
{
    m_network = manager;
}

QString McpHttpTransport::describe() const
{
    return QStringLiteral("http: ") + m_endpoint.toString(QUrl::RemoveUserInfo);
}

void McpHttpTransport::log(const QString &line)
{
    m_log.append(line);
    Q_EMIT logged(line);
}

void McpHttpTransport::open()
{
    if (!m_network) {
        m_ownNetwork = std::make_unique<QNetworkAccessManager>();
        m_network = m_ownNetwork.get();
    }
    if (!m_endpoint.isValid() || (m_endpoint.scheme() != QLatin1String("http") && m_endpoint.scheme() != QLatin1String("https"))) {
        QMetaObject::invokeMethod(this, [this] {
            Q_EMIT failed(Error(QStringLiteral("mcp.bad-url"),
                                Text::tr("\"%1\" is not an http:// or https:// address").arg(m_endpoint.toString())));
        }, Qt::QueuedConnection);
        return;
    }
    // The first POST is the connection; there is nothing to wait for.
    QMetaObject::invokeMethod(this, &McpHttpTransport::opened, Qt::QueuedConnection);
}

void McpHttpTransport::setProtocolVersion(const QString &version)
{
    m_protocolVersion = version.toLatin1();
    // Initialisation is done: listen for what the server sends on its own.
    if (m_mode == Mode::Streamable && !m_getStreamRefused)
        QMetaObject::invokeMethod(this, [this] { openGetStream({}, {}); }, Qt::QueuedConnection);
}

QNetworkRequest McpHttpTransport::baseRequest(const QUrl &url, bool eventStream) const
{
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    request.setRawHeader("Accept", eventStream ? QByteArrayLiteral("text/event-stream")
                                               : QByteArrayLiteral("application/json, text/event-stream"));
    for (const auto &header : m_headers)
        request.setRawHeader(header.first, header.second);
    if (!m_sessionId.isEmpty())
        request.setRawHeader(SessionHeader, m_sessionId);
    if (!m_protocolVersion.isEmpty())
        request.setRawHeader(VersionHeader, m_protocolVersion);
    if (m_authorizer) {
        const QByteArray authorization = m_authorizer->authorization();
        if (!authorization.isEmpty())
            request.setRawHeader("Authorization", authorization);
    }
    // Streams stay open for as long as the server likes: no transfer timeout.
    request.setTransferTimeout(0);
    return request;
}

void McpHttpTransport::send(const JsonRpcMessage &message)
{
    if (m_closing)
        return;
    auto item = std::make_shared<Post>();
    item->message = message;
    if (m_mode == Mode::LegacySse && !m_legacyPostUrl.isValid()) {
        m_legacyQueue.append(item);
        return;
    }
    if (message.isRequest())
        m_awaited.insert(jsonRpcIdKey(message.id), message.id);
    post(item);
}

void McpHttpTransport::post(const std::shared_ptr<Post> &item)
{
    const QUrl url = m_mode == Mode::LegacySse ? m_legacyPostUrl : m_endpoint;
    QNetworkRequest request = baseRequest(url, false);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    if (m_mode == Mode::LegacySse) {
        request.setRawHeader(SessionHeader, QByteArray());
        request.setRawHeader(VersionHeader, QByteArray());
    }
    item->sentWithSession = !m_sessionId.isEmpty();
    QNetworkReply *reply = m_network->post(request, item->message.serialize());
    m_replies.insert(reply);
    // An SSE answer is read as it arrives; a JSON one once complete.
    auto *stream = new Stream;
    stream->reply = reply;
    if (item->message.isRequest())
        stream->awaited.append(item->message.id);
    m_streams.emplace_back(stream);
    connect(reply, &QNetworkReply::readyRead, this, [this, stream, reply] {
        if (httpStatus(reply) / 100 == 2 && isEventStream(reply))
            readStream(stream);
    });
    connect(reply, &QNetworkReply::finished, this, [this, item, reply, stream] {
        m_replies.remove(reply);
        reply->deleteLater();
        const int status = httpStatus(reply);
        if (status / 100 == 2 && isEventStream(reply)) {
            readStream(stream);
            onStreamFinished(stream);
            return;
        }
        dropStream(stream);
        onPostFinished(item, reply);
    });
}

void McpHttpTransport::onPostFinished(const std::shared_ptr<Post> &item, QNetworkReply *reply)
{
    if (m_closing)
        return;
    const int status = httpStatus(reply);
    const QByteArray session = reply->rawHeader(SessionHeader);
    if (status / 100 == 2 && !session.isEmpty() && m_mode != Mode::LegacySse)
        m_sessionId = session;

    if (status == 0) {
        const QString reason = reply->errorString();
        if (!m_everSucceeded) {
            Q_EMIT failed(Error(QStringLiteral("mcp.unreachable"),
                                Text::tr("cannot reach %1: %2").arg(m_endpoint.toString(QUrl::RemoveUserInfo), reason)));
            return;
        }
        // Qt's errorString() follows the UI language; the error's name does not.
        failPost(item, 0, QStringLiteral("the connection failed (%1)").arg(QLatin1String(QMetaEnum::fromType<QNetworkReply::NetworkError>().valueToKey(reply->error()))), QJsonObject{{QStringLiteral("valis"), QStringLiteral("transport")}});
        return;
    }
    if (status == 401 || status == 403) {
        handleRefusal(item, reply, status);
        return;
    }
    const QByteArray body = reply->readAll();
    if (status / 100 == 2) {
        m_everSucceeded = true;
        if (m_mode == Mode::Unknown)
            m_mode = Mode::Streamable;
        if (status == 202 || body.trimmed().isEmpty()) {
            if (item->message.isRequest() && m_mode == Mode::Streamable)
                failPost(item, status, QStringLiteral("the server accepted the request but sent no answer"));
            return;
        }
        if (m_mode == Mode::LegacySse)
            return; // answers come on the event stream
        deliver(body, QStringLiteral("POST"));
        return;
    }
    // The old HTTP+SSE transport answers the new one's first POST with one of these.
    if (!m_everSucceeded && m_mode == Mode::Unknown && (status == 400 || status == 404 || status == 405)
        && item->message.isRequest() && item->message.method == QLatin1String("initialize")) {
        log(Text::tr("POST answered %1: trying the older HTTP+SSE transport").arg(status));
        startLegacy(item);
        return;
    }
    // The spec says 404; servers built on the TypeScript SDK's examples answer 400 "No valid
    // session ID" to a session they no longer know. Both mean: initialise again.
    const bool forgotten = status == 404
                           || (status == 400 && QString::fromUtf8(body).contains(QLatin1String("session"), Qt::CaseInsensitive));
    if (forgotten && item->sentWithSession && m_mode == Mode::Streamable && item->message.method != QLatin1String("initialize")) {
        log(Text::tr("the server no longer knows session %1").arg(QString::fromLatin1(m_sessionId)));
        m_sessionId.clear();
        failPost(item, status, QStringLiteral("the server ended the session"),
                 QJsonObject{{QStringLiteral("valis"), QStringLiteral("session-expired")}});
        Q_EMIT sessionExpired();
        return;
    }
    // A JSON-RPC error body is the server's answer; anything else becomes one.
    QString problem;
    const QList<JsonRpcMessage> messages = JsonRpcMessage::parse(body, &problem);
    if (problem.isEmpty() && messages.size() == 1 && messages.first().kind == JsonRpcMessage::Kind::ErrorResponse
        && !messages.first().id.isNull() && !messages.first().id.isUndefined()) {
        settleAwaited(messages.first());
        Q_EMIT messageReceived(messages.first());
        return;
    }
    const QString text = bodyText(body);
    log(Text::tr("%1 answered HTTP %2: %3").arg(item->message.describe()).arg(status).arg(text));
    failPost(item, status, QStringLiteral("HTTP %1 from the server: %2").arg(status).arg(text),
             QJsonObject{{QStringLiteral("httpStatus"), status}});
}

void McpHttpTransport::handleRefusal(const std::shared_ptr<Post> &item, QNetworkReply *reply, int status)
{
    McpAuthChallenge challenge;
    challenge.status = status;
    challenge.header = reply->rawHeader("WWW-Authenticate");
    challenge.parameters = McpAuthChallenge::parseParameters(challenge.header);
    challenge.resource = m_endpoint;
    challenge.authorization = reply->request().rawHeader("Authorization");
    const QByteArray body = reply->readAll();
    const bool stepUp = status == 403 && challenge.parameters.value(QStringLiteral("error")) == QLatin1String("insufficient_scope");
    if (!m_authorizer || (status == 403 && !stepUp) || item->authorizations >= MaxAuthorizations) {
        const QString text = status == 401 ? QStringLiteral("the server requires authorisation (HTTP 401)")
                                           : QStringLiteral("the server refused access (HTTP 403)");
        const QString detail = bodyText(body);
        const QString message = detail.isEmpty() ? text : text + QStringLiteral(": ") + detail;
        if (!m_everSucceeded && item->message.method == QLatin1String("initialize")) {
            Q_EMIT failed(Error(status == 401 ? QStringLiteral("mcp.unauthorized") : QStringLiteral("mcp.forbidden"), message));
            return;
        }
        failPost(item, status, message, QJsonObject{{QStringLiteral("httpStatus"), status}});
        return;
    }
    ++item->authorizations;
    log(stepUp ? Text::tr("the server asks for more scope (%1): authorising again").arg(challenge.parameters.value(QStringLiteral("scope")))
               : Text::tr("the server asks for authorisation"));
    QPointer<McpHttpTransport> self(this);
    m_authorizer->authorize(challenge, [self, item](const Result<void> &result) {
        if (!self || self->m_closing)
            return;
        if (result.hasError()) {
            if (!self->m_everSucceeded && item->message.method == QLatin1String("initialize")) {
                Q_EMIT self->failed(result.error());
                return;
            }
            self->failPost(item, 401, result.error().toString(), QJsonObject{{QStringLiteral("valis"), QStringLiteral("auth")}});
            return;
        }
        self->post(item);
    });
}

void McpHttpTransport::failPost(const std::shared_ptr<Post> &item, int status, const QString &message, const QJsonValue &data)
{
    if (!item->message.isRequest()) {
        log(Text::tr("%1 was not delivered: %2").arg(item->message.describe(), message));
        return;
    }
    QJsonObject details = data.toObject();
    if (status > 0)
        details.insert(QStringLiteral("httpStatus"), status);
    const JsonRpcMessage error = JsonRpcMessage::errorResponse(item->message.id, JsonRpcCode::InternalError, message, details);
    settleAwaited(error);
    Q_EMIT messageReceived(error);
}

void McpHttpTransport::settleAwaited(const JsonRpcMessage &message)
{
    if (message.isResponse())
        m_awaited.remove(jsonRpcIdKey(message.id));
}

void McpHttpTransport::deliver(const QByteArray &json, const QString &origin)
{
    if (json.trimmed().isEmpty())
        return;
    QString problem;
    const QList<JsonRpcMessage> messages = JsonRpcMessage::parse(json, &problem);
    if (!problem.isEmpty()) {
        log(Text::tr("%1: skipped a message that is not JSON-RPC (%2)").arg(origin, problem));
        return;
    }
    QPointer<McpHttpTransport> alive(this);
    for (const JsonRpcMessage &message : messages) {
        settleAwaited(message);
        Q_EMIT messageReceived(message);
        if (!alive)
            return;
    }
}

void McpHttpTransport::readStream(Stream *stream)
{
    if (!stream->reply)
        return;
    const QByteArray bytes = stream->reply->readAll();
    if (stream->legacy || stream->isGet || !stream->awaited.isEmpty())
        m_everSucceeded = true;
    if (m_mode == Mode::Unknown)
        m_mode = Mode::Streamable;
    const QByteArray session = stream->reply->rawHeader(SessionHeader);
    if (!session.isEmpty() && m_mode == Mode::Streamable)
        m_sessionId = session;
    QList<SseEvent> events;
    stream->parser.feed(bytes, [&events](const SseEvent &event) { events.append(event); });
    if (stream->parser.retryMs() >= 0)
        stream->retryMs = stream->parser.retryMs();
    QPointer<McpHttpTransport> alive(this);
    for (const SseEvent &event : std::as_const(events)) {
        if (!event.id.isEmpty())
            stream->lastEventId = event.id;
        if (stream->legacy && event.event == "endpoint") {
            onLegacyEndpoint(event.data);
            continue;
        }
        if (!event.event.isEmpty() && event.event != "message")
            continue;
        deliver(event.data, stream->isGet ? QStringLiteral("GET stream") : QStringLiteral("POST stream"));
        if (!alive)
            return;
    }
}

void McpHttpTransport::onStreamFinished(Stream *stream)
{
    if (m_closing)
        return;
    QNetworkReply *reply = stream->reply;
    const int status = reply ? httpStatus(reply) : 0;
    // A GET the server refuses (404/405) never was a stream; only a stream that was open can break.
    const bool dropped = reply && (status == 0 || status / 100 == 2) && reply->error() != QNetworkReply::NoError
        && reply->error() != QNetworkReply::OperationCanceledError;
    if (dropped)
        log(Text::tr("an event stream broke off: %1").arg(reply->errorString()));
    if (stream->legacy) {
        dropStream(stream);
        Q_EMIT failed(Error(QStringLiteral("mcp.stream-ended"), QStringLiteral("the server closed its event stream")));
        return;
    }
    // Which of the responses this stream was to carry are still missing?
    QList<QJsonValue> missing;
    for (const QJsonValue &id : std::as_const(stream->awaited)) {
        if (m_awaited.contains(jsonRpcIdKey(id)))
            missing.append(id);
    }
    if (stream->isGet && status == 405) {
        m_getStreamRefused = true;
    }
    const bool resumable = !stream->lastEventId.isEmpty() && status / 100 == 2;
    if (!missing.isEmpty() || (stream->isGet && resumable && status / 100 == 2)) {
        if (resumable && stream->resumes < 5) {
            stream->awaited = missing;
            scheduleResume(stream);
            return;
        }
        if (!missing.isEmpty()) {
            for (const QJsonValue &id : std::as_const(missing)) {
                const JsonRpcMessage error = JsonRpcMessage::errorResponse(
                    id, JsonRpcCode::InternalError, QStringLiteral("the server's event stream ended before its answer"),
                    QJsonObject{{QStringLiteral("valis"), QStringLiteral("transport")}});
                settleAwaited(error);
                Q_EMIT messageReceived(error);
            }
        }
    }
    dropStream(stream);
}

void McpHttpTransport::scheduleResume(Stream *stream)
{
    const int delay = stream->retryMs >= 0 ? stream->retryMs : DefaultRetryMs;
    const QByteArray lastEventId = stream->lastEventId;
    const QList<QJsonValue> awaited = stream->awaited;
    const int resumes = stream->resumes + 1;
    const bool wasGet = stream->isGet;
    dropStream(stream);
    log(Text::tr("resuming the event stream after %1 ms from event %2").arg(delay).arg(QString::fromLatin1(lastEventId)));
    QTimer::singleShot(delay, this, [this, lastEventId, awaited, resumes, wasGet] {
        if (m_closing)
            return;
        if (!wasGet && awaited.isEmpty())
            return;
        openGetStream(lastEventId, awaited);
        if (!m_streams.empty())
            m_streams.back()->resumes = resumes;
    });
}

void McpHttpTransport::openGetStream(const QByteArray &lastEventId, const QList<QJsonValue> &awaited)
{
    if (m_closing || m_mode != Mode::Streamable)
        return;
    if (lastEventId.isEmpty() && m_getStreamRefused)
        return;
    QNetworkRequest request = baseRequest(m_endpoint, true);
    if (!lastEventId.isEmpty())
        request.setRawHeader("Last-Event-ID", lastEventId);
    Stream *stream = openEventStream(request);
    QNetworkReply *reply = stream->reply;
    stream->lastEventId = lastEventId;
    stream->awaited = awaited;
    connect(reply, &QNetworkReply::finished, this, [this, stream, reply] {
        m_replies.remove(reply);
        reply->deleteLater();
        const int status = httpStatus(reply);
        if (status / 100 == 2)
            readStream(stream);
        else if (status == 405 || status == 404 || status == 400)
            m_getStreamRefused = m_getStreamRefused || stream->awaited.isEmpty();
        onStreamFinished(stream);
    });
}

McpHttpTransport::Stream *McpHttpTransport::openEventStream(const QNetworkRequest &request)
{
    QNetworkReply *reply = m_network->get(request);
    m_replies.insert(reply);
    auto *stream = new Stream;
    stream->reply = reply;
    stream->isGet = true;
    m_streams.emplace_back(stream);
    connect(reply, &QNetworkReply::readyRead, this, [this, stream, reply] {
        if (httpStatus(reply) / 100 == 2)
            readStream(stream);
    });
    return stream;
}

void McpHttpTransport::dropStream(Stream *stream)
{
    std::erase_if(m_streams, [stream](const std::unique_ptr<Stream> &s) { return s.get() == stream; });
}

void McpHttpTransport::startLegacy(const std::shared_ptr<Post> &initialize)
{
    m_mode = Mode::LegacySse;
    m_legacyQueue.prepend(initialize);
    Stream *stream = openEventStream(baseRequest(m_endpoint, true));
    QNetworkReply *reply = stream->reply;
    stream->legacy = true;
    connect(reply, &QNetworkReply::finished, this, [this, stream, reply] {
        m_replies.remove(reply);
        reply->deleteLater();
        const int status = httpStatus(reply);
        if (status / 100 != 2 && !m_closing) {
            dropStream(stream);
            Q_EMIT failed(Error(QStringLiteral("mcp.not-mcp"),
                                Text::tr("%1 answered neither as a Streamable HTTP nor as an HTTP+SSE MCP server (GET: %2)")
                                    .arg(m_endpoint.toString(QUrl::RemoveUserInfo))
                                    .arg(status == 0 ? reply->errorString() : QStringLiteral("HTTP %1").arg(status))));
            return;
        }
        onStreamFinished(stream);
    });
}

void McpHttpTransport::onLegacyEndpoint(const QByteArray &data)
{
    const QUrl target = m_endpoint.resolved(QUrl(QString::fromUtf8(data.trimmed())));
    if (!target.isValid() || target.host() != m_endpoint.host()) {
        Q_EMIT failed(Error(QStringLiteral("mcp.bad-endpoint"),
                            Text::tr("the server named a message endpoint on another host (%1)").arg(target.toString())));
        return;
    }
    m_legacyPostUrl = target;
    m_everSucceeded = true;
    log(Text::tr("HTTP+SSE: messages go to %1").arg(target.toString(QUrl::RemoveUserInfo)));
    const QList<std::shared_ptr<Post>> queued = std::exchange(m_legacyQueue, {});
    for (const auto &item : queued) {
        if (item->message.isRequest())
            m_awaited.insert(jsonRpcIdKey(item->message.id), item->message.id);
        post(item);
    }
}

void McpHttpTransport::close()
{
    if (m_closing)
        return;
    m_closing = true;
    const QSet<QNetworkReply *> replies = m_replies;
    for (QNetworkReply *reply : replies) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    m_replies.clear();
    m_streams.clear();
    auto finish = [this] {
        if (m_closedEmitted)
            return;
        m_closedEmitted = true;
        Q_EMIT closed();
    };
    if (m_sessionId.isEmpty() || m_mode != Mode::Streamable || !m_network) {
        QMetaObject::invokeMethod(this, finish, Qt::QueuedConnection);
        return;
    }
    // Tell the server the session is over (it may answer 405: it ends sessions itself).
    QNetworkRequest request = baseRequest(m_endpoint, false);
    request.setTransferTimeout(2000);
    QNetworkReply *reply = m_network->deleteResource(request);
    connect(reply, &QNetworkReply::finished, this, [reply, finish] {
        reply->deleteLater();
        finish();
    });
}

} // namespace valis
