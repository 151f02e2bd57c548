#include "valis/mcp/mcpstreamablehttpserver.h"

#include "mcphttpsession_p.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>
#include <QUrl>

#include <algorithm>
#include <limits>

// The Streamable HTTP transport, 2025-11-25 (basic/transports), with 2025-06-18 and 2025-03-26
// clients served too.
//
// JSON or SSE: McpServerSession answers synchronously, so a POST's messages are fed to it first
// and what it says is collected. When that is only the responses, they go back as one plain
// JSON body (the cheapest answer for every client, and what curl users can read); when it also
// said something else about those requests (progress, log lines) or a response is still to come,
// the answer is an SSE stream with event ids, so that order and resumption hold. Notifications of
// no request (list_changed, resources/updated) go on the GET stream.

namespace valis {

using detail::McpHttpSession;
using detail::McpSseStream;

namespace {

const QStringList kSupportedVersions{QStringLiteral("2025-11-25"), QStringLiteral("2025-06-18"),
                                     QStringLiteral("2025-03-26")};
// Sessions are cheap but not free; one that nobody used for this long is gone (a client then
// gets 404 and starts over, as the spec has it).
constexpr qint64 kSessionIdleMs = 60 * 60 * 1000;
constexpr int kMaxSessions = 128;
constexpr int kKeepAliveMs = 25 * 1000;

bool accepts(const HttpRequest &request, QLatin1String type)
{
    // No Accept at all means anything goes (RFC 9110 12.5.1).
    const QByteArray accept = request.header("accept").toLower();
    return !request.hasHeader("accept") || accept.contains(type.data()) || accept.contains("*/*");
}

QString hostOf(const QByteArray &hostHeader)
{
    const QUrl url(QStringLiteral("http://") + QString::fromLatin1(hostHeader));
    return url.isValid() ? url.host() : QString();
}

} // namespace

// Private's messages are written McpStreamableHttpServer::tr(...): that is the context lupdate
// files them under, and the one tr() finds at run time.
class McpStreamableHttpServer::Private
{
public:
    McpStreamableHttpServer *q = nullptr;
    McpServerHandler *handler = nullptr;
    Options options;
    HttpServer http;
    std::map<QString, std::unique_ptr<McpHttpSession>> sessions;
    QTimer housekeeping;

    void serve(const HttpRequest &request, HttpResponder *responder);
    bool admitted(const HttpRequest &request, HttpResponder *responder);
    void post(const HttpRequest &request, HttpResponder *responder);
    void get(const HttpRequest &request, HttpResponder *responder);
    void remove(const HttpRequest &request, HttpResponder *responder);
    /// The session the request names; answers 400 or 404 itself and returns null otherwise.
    McpHttpSession *sessionFor(const HttpRequest &request, HttpResponder *responder);
    McpHttpSession *createSession();
    void dropSession(const QString &id);
    void prune();

    void refuse(HttpResponder *responder, int status, int code, const QString &message, const QString &reason,
                HttpHeaders headers = {})
    {
        const JsonRpcMessage error = JsonRpcMessage::errorResponse(QJsonValue(QJsonValue::Null), code, message);
        responder->respond(status, headers << HttpHeaders::value_type("Content-Type", "application/json"),
                           error.serialize());
        Q_EMIT q->refused(status, reason);
    }
};

void McpStreamableHttpServer::Private::serve(const HttpRequest &request, HttpResponder *responder)
{
    if (request.path != options.path.toUtf8()) {
        responder->respond(404, {{"Content-Type", "text/plain"}}, "Not Found\n");
        Q_EMIT q->refused(404, QStringLiteral("no such path: ") + QString::fromLatin1(request.path.left(200)));
        return;
    }
    if (!admitted(request, responder))
        return;
    if (request.method == "POST")
        post(request, responder);
    else if (request.method == "GET")
        get(request, responder);
    else if (request.method == "DELETE")
        remove(request, responder);
    else
        refuse(responder, 405, -32000, McpStreamableHttpServer::tr("Method not allowed."), QStringLiteral("method ") + QString::fromLatin1(request.method.left(20)),
               {{"Allow", "GET, POST, DELETE"}});
}

bool McpStreamableHttpServer::Private::admitted(const HttpRequest &request, HttpResponder *responder)
{
    // Origin first, as the spec asks: a page of another site must learn nothing, not even
    // whether a token would do.
    if (!httpaccess::originAllowed(request, options.allowedOrigins)) {
        refuse(responder, 403, -32000, McpStreamableHttpServer::tr("Forbidden: this Origin may not use the server."),
               QStringLiteral("origin ") + QString::fromLatin1(request.header("origin").left(200)));
        return false;
    }
    // Bound to loopback, the Host must name loopback too: a DNS rebinding page reaches us under
    // its own host name even where a browser sends no Origin.
    if (options.address.isLoopback() && request.hasHeader("host")) {
        const QString host = hostOf(request.header("host"));
        QHostAddress address;
        bool ok = host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0
                  || (address.setAddress(host) && address.isLoopback());
        for (const QString &origin : std::as_const(options.allowedOrigins))
            ok = ok || QUrl(origin).host().compare(host, Qt::CaseInsensitive) == 0;
        if (!ok) {
            refuse(responder, 403, -32000, McpStreamableHttpServer::tr("Forbidden: this Host may not use the server."),
                   QStringLiteral("host ") + QString::fromLatin1(request.header("host").left(200)));
            return false;
        }
    }
    if (!httpaccess::bearerMatches(request, options.bearerToken)) {
        const bool given = request.hasHeader("authorization");
        const QByteArray challenge = given ? QByteArrayLiteral("Bearer realm=\"valis-mcp\", error=\"invalid_token\"")
                                           : QByteArrayLiteral("Bearer realm=\"valis-mcp\"");
        refuse(responder, 401, -32000, McpStreamableHttpServer::tr("Unauthorized: a valid bearer token is required."),
               given ? QStringLiteral("wrong bearer token") : QStringLiteral("no bearer token"),
               {{"WWW-Authenticate", challenge}});
        return false;
    }
    if (request.hasHeader("mcp-protocol-version")) {
        const QString version = QString::fromLatin1(request.header("mcp-protocol-version")).trimmed();
        if (!kSupportedVersions.contains(version)) {
            refuse(responder, 400, -32000,
                   McpStreamableHttpServer::tr("Bad Request: unsupported MCP-Protocol-Version %1 (supported: %2).")
                       .arg(version.left(40), kSupportedVersions.join(QStringLiteral(", "))),
                   QStringLiteral("protocol version ") + version.left(40));
            return false;
        }
    }
    return true;
}

McpHttpSession *McpStreamableHttpServer::Private::sessionFor(const HttpRequest &request, HttpResponder *responder)
{
    if (!request.hasHeader("mcp-session-id")) {
        refuse(responder, 400, -32000, McpStreamableHttpServer::tr("Bad Request: the Mcp-Session-Id header is required."),
               QStringLiteral("no session id"));
        return nullptr;
    }
    const auto it = sessions.find(QString::fromLatin1(request.header("mcp-session-id")));
    if (it == sessions.end()) {
        refuse(responder, 404, -32001, McpStreamableHttpServer::tr("Session not found."), QStringLiteral("unknown session"));
        return nullptr;
    }
    it->second->lastUse.start();
    return it->second.get();
}

McpHttpSession *McpStreamableHttpServer::Private::createSession()
{
    prune();
    auto session = std::make_unique<McpHttpSession>();
    // The session id is all a caller holding the token needs to join a session: unguessable,
    // and visible ASCII as the spec requires.
    session->id = httpaccess::generateToken(QString());
    session->protocol = std::make_unique<McpServerSession>(handler, QStringLiteral("http"));
    session->protocol->setSessionId(session->id);
    session->lastUse.start();
    McpHttpSession *raw = session.get();
    QObject::connect(raw->protocol.get(), &McpServerSession::outgoing, q,
                     [raw](const JsonRpcMessage &message, const QJsonValue &related) { raw->route(message, related); });
    QObject::connect(raw->protocol.get(), &McpServerSession::called, q, &McpStreamableHttpServer::called);
    sessions[session->id] = std::move(session);
    return raw;
}

void McpStreamableHttpServer::Private::dropSession(const QString &id)
{
    const auto it = sessions.find(id);
    if (it == sessions.end())
        return;
    std::unique_ptr<McpHttpSession> session = std::move(it->second);
    sessions.erase(it);
    session->protocol->disconnect(q);
    session->detachAll();
}

void McpStreamableHttpServer::Private::prune()
{
    QStringList idle;
    for (const auto &[id, session] : sessions)
        if (session->lastUse.elapsed() > kSessionIdleMs && !session->standalone.hasReader())
            idle.append(id);
    for (const QString &id : std::as_const(idle))
        dropSession(id);
    while (int(sessions.size()) >= kMaxSessions) {
        // The least recently used one makes room.
        const auto oldest = std::max_element(sessions.begin(), sessions.end(), [](const auto &a, const auto &b) {
            return a.second->lastUse.elapsed() < b.second->lastUse.elapsed();
        });
        dropSession(oldest->first);
    }
}

void McpStreamableHttpServer::Private::post(const HttpRequest &request, HttpResponder *responder)
{
    if (!accepts(request, QLatin1String("application/json")) || !accepts(request, QLatin1String("text/event-stream"))) {
        refuse(responder, 406, -32000, McpStreamableHttpServer::tr("Not Acceptable: the client must accept application/json and text/event-stream."),
               QStringLiteral("accept"));
        return;
    }
    if (!request.header("content-type").toLower().startsWith("application/json")) {
        refuse(responder, 415, -32000, McpStreamableHttpServer::tr("Unsupported Media Type: the body must be application/json."),
               QStringLiteral("content type"));
        return;
    }
    QJsonParseError jsonError;
    const QJsonDocument document = QJsonDocument::fromJson(request.body, &jsonError);
    if (jsonError.error != QJsonParseError::NoError) {
        refuse(responder, 400, JsonRpcCode::ParseError, McpStreamableHttpServer::tr("Parse error: %1").arg(jsonError.errorString()),
               QStringLiteral("malformed JSON"));
        return;
    }
    QString problem;
    const QList<JsonRpcMessage> messages = JsonRpcMessage::parse(request.body, &problem);
    if (messages.isEmpty()) {
        refuse(responder, 400, JsonRpcCode::InvalidRequest,
               McpStreamableHttpServer::tr("Invalid Request: %1").arg(problem.isEmpty() ? McpStreamableHttpServer::tr("an empty batch") : problem),
               QStringLiteral("malformed JSON-RPC"));
        return;
    }
    const bool batch = document.isArray();

    const auto isInitialize = [](const JsonRpcMessage &m) { return m.isRequest() && m.method == QLatin1String("initialize"); };
    const bool initializing = std::any_of(messages.begin(), messages.end(), isInitialize);
    McpHttpSession *session = nullptr;
    if (initializing) {
        if (messages.size() != 1) {
            refuse(responder, 400, JsonRpcCode::InvalidRequest, McpStreamableHttpServer::tr("Invalid Request: initialize must be sent alone."),
                   QStringLiteral("initialize in a batch"));
            return;
        }
        // A new session whatever Mcp-Session-Id says: a client that lost its session starts over.
        session = createSession();
    } else {
        session = sessionFor(request, responder);
        if (!session)
            return;
    }
    const QString sessionId = session->id;

    QSet<QString> requestKeys;
    for (const JsonRpcMessage &message : messages)
        if (message.isRequest())
            requestKeys.insert(jsonRpcIdKey(message.id));
    if (requestKeys.isEmpty()) {
        for (const JsonRpcMessage &message : messages)
            session->protocol->receive(message);
        responder->respond(202, {}, {});
        return;
    }

    QList<JsonRpcMessage> said;
    session->capture = &said;
    session->captureKeys = requestKeys;
    for (const JsonRpcMessage &message : messages)
        session->protocol->receive(message);
    session->capture = nullptr;
    session->captureKeys.clear();

    QSet<QString> answered;
    bool onlyResponses = true;
    for (const JsonRpcMessage &message : std::as_const(said)) {
        if (message.isResponse())
            answered.insert(jsonRpcIdKey(message.id));
        else
            onlyResponses = false;
    }
    if (initializing && (said.isEmpty() || said.first().kind != JsonRpcMessage::Kind::Response)) {
        // initialize was refused (an unsupported revision, bad params): no session came of it.
        dropSession(sessionId);
        session = nullptr;
        responder->respondJson(200, said.isEmpty() ? QJsonObject() : said.first().toJson());
        return;
    }
    const HttpHeaders sessionHeader{{"Mcp-Session-Id", sessionId.toLatin1()}};

    if (onlyResponses && answered.contains(requestKeys)) {
        if (!batch) {
            responder->respondJson(200, said.first().toJson(), sessionHeader);
            return;
        }
        QJsonArray array;
        for (const JsonRpcMessage &message : std::as_const(said))
            array.append(message.toJson());
        HttpHeaders headers = sessionHeader;
        headers.append(HttpHeaders::value_type("Content-Type", "application/json"));
        responder->respond(200, headers, QJsonDocument(array).toJson(QJsonDocument::Compact));
        return;
    }

    McpSseStream *stream = session->openRequestStream();
    stream->awaiting = requestKeys - answered;
    for (const QString &key : std::as_const(stream->awaiting))
        session->streamOfRequest.insert(key, stream->id());
    HttpHeaders headers = sessionHeader;
    headers.append(HttpHeaders::value_type("Content-Type", "text/event-stream"));
    headers.append(HttpHeaders::value_type("Cache-Control", "no-cache"));
    responder->beginStream(200, headers);
    stream->attach(responder, 0);
    if (session->primes())
        stream->prime();
    for (const JsonRpcMessage &message : std::as_const(said))
        stream->push(message);
    if (stream->awaiting.isEmpty())
        stream->finish();
}

void McpStreamableHttpServer::Private::get(const HttpRequest &request, HttpResponder *responder)
{
    if (!accepts(request, QLatin1String("text/event-stream"))) {
        refuse(responder, 406, -32000, McpStreamableHttpServer::tr("Not Acceptable: the client must accept text/event-stream."),
               QStringLiteral("accept"));
        return;
    }
    McpHttpSession *session = sessionFor(request, responder);
    if (!session)
        return;
    McpSseStream *stream = &session->standalone;
    quint64 after = 0;
    const bool resuming = request.hasHeader("last-event-id");
    if (resuming) {
        int streamId = 0;
        if (!detail::parseEventId(request.header("last-event-id"), &streamId, &after) || !session->stream(streamId)) {
            refuse(responder, 400, -32000, McpStreamableHttpServer::tr("Bad Request: Last-Event-ID names no stream of this session."),
                   QStringLiteral("unknown event id"));
            return;
        }
        stream = session->stream(streamId);
    } else if (stream->hasReader()) {
        refuse(responder, 409, -32000, McpStreamableHttpServer::tr("Conflict: this session's GET stream is already open."),
               QStringLiteral("second GET stream"));
        return;
    }
    responder->beginStream(200, {{"Content-Type", "text/event-stream"},
                                 {"Cache-Control", "no-cache"},
                                 {"Mcp-Session-Id", session->id.toLatin1()}});
    if (resuming) {
        stream->attach(responder, after);
        return;
    }
    // A new GET stream hears from now on; what was said while none was open is for a client
    // that resumes with Last-Event-ID.
    stream->attach(responder, std::numeric_limits<quint64>::max());
    if (session->primes())
        stream->prime();
}

void McpStreamableHttpServer::Private::remove(const HttpRequest &request, HttpResponder *responder)
{
    McpHttpSession *session = sessionFor(request, responder);
    if (!session)
        return;
    dropSession(session->id);
    responder->respond(200, {}, {});
}

McpStreamableHttpServer::McpStreamableHttpServer(McpServerHandler *handler, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    d->q = this;
    d->handler = handler;
    d->http.setHandler([this](const HttpRequest &request, HttpResponder *responder) { d->serve(request, responder); });
    // What HttpServer refuses on its own (a body over the limit, a malformed or slow request, too
    // many connections) is answered in the transport's shape too, so a client parses one kind.
    d->http.setErrorBody([](int, const QByteArray &, const QString &message) {
        return JsonRpcMessage::errorResponse(QJsonValue(QJsonValue::Null), -32000, message).serialize();
    });
    d->housekeeping.setInterval(kKeepAliveMs);
    connect(&d->housekeeping, &QTimer::timeout, this, [this] {
        for (auto &[id, session] : d->sessions) {
            session->standalone.keepAlive();
            for (auto &[streamId, stream] : session->requestStreams)
                stream->keepAlive();
        }
        d->prune();
    });
}

McpStreamableHttpServer::~McpStreamableHttpServer()
{
    close();
}

Result<void> McpStreamableHttpServer::listen(const Options &options)
{
    if (options.bearerToken.isEmpty())
        return Error(QStringLiteral("mcp.no-token"),
                     tr("The MCP server needs a bearer token: it does not serve without one."));
    d->options = options;
    d->http.setMaxBodyBytes(options.maxBodyBytes);
    d->http.setHeaderTimeout(options.headerTimeoutMs);
    d->http.setIdleTimeout(options.idleTimeoutMs);
    d->http.setMaxConnections(options.maxConnections);
    const Result<void> listening = d->http.listen(options.address, options.port);
    if (listening.hasError())
        return listening;
    d->housekeeping.start();
    return success();
}

QString McpStreamableHttpServer::url() const
{
    return d->http.baseUrl() + d->options.path;
}

quint16 McpStreamableHttpServer::port() const
{
    return d->http.port();
}

int McpStreamableHttpServer::sessionCount() const
{
    return int(d->sessions.size());
}

void McpStreamableHttpServer::close()
{
    d->housekeeping.stop();
    QStringList ids;
    for (const auto &[id, session] : d->sessions)
        ids.append(id);
    for (const QString &id : std::as_const(ids))
        d->dropSession(id);
    d->http.close();
}

} // namespace valis
