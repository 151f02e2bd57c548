#include "valis/mcp/mcpserversession.h"

#include <QElapsedTimer>
#include <QJsonDocument>

namespace valis {

namespace {

const QString kLatestProtocol = QStringLiteral("2025-11-25");

bool supportedProtocol(const QString &version)
{
    return version == kLatestProtocol || version == QLatin1String("2025-06-18")
        || version == QLatin1String("2025-03-26");
}

// The RFC 5424 levels logging/setLevel accepts, lowest first.
const QStringList &logLevels()
{
    static const QStringList levels{QStringLiteral("debug"),    QStringLiteral("info"),  QStringLiteral("notice"),
                                    QStringLiteral("warning"),  QStringLiteral("error"), QStringLiteral("critical"),
                                    QStringLiteral("alert"),    QStringLiteral("emergency")};
    return levels;
}

// A handler's Error as a JSON-RPC error: what "not found" means depends on what was looked up.
JsonRpcError rpcError(const Error &error, bool resourceLookup)
{
    JsonRpcError rpc;
    rpc.message = error.message.isEmpty() ? error.code : error.message;
    if (error.code == QLatin1String("mcp.invalid-params"))
        rpc.code = JsonRpcCode::InvalidParams;
    else if (error.code == QLatin1String("mcp.not-found"))
        rpc.code = resourceLookup ? JsonRpcCode::ResourceNotFound : JsonRpcCode::InvalidParams;
    else
        rpc.code = JsonRpcCode::InternalError;
    return rpc;
}

} // namespace

QString McpCaller::describe() const
{
    QString who = clientName.isEmpty() ? QStringLiteral("unknown client") : clientName;
    if (!clientVersion.isEmpty())
        who += QLatin1Char(' ') + clientVersion;
    if (!transport.isEmpty())
        who += QStringLiteral(" (") + transport + QLatin1Char(')');
    return who;
}

QJsonObject McpServedTool::toJson() const
{
    QJsonObject tool{{QStringLiteral("name"), name}, {QStringLiteral("description"), description}};
    if (!title.isEmpty())
        tool.insert(QStringLiteral("title"), title);
    QJsonObject schema = inputSchema;
    if (schema.isEmpty())
        schema.insert(QStringLiteral("type"), QStringLiteral("object"));
    tool.insert(QStringLiteral("inputSchema"), schema);
    if (!outputSchema.isEmpty())
        tool.insert(QStringLiteral("outputSchema"), outputSchema);
    QJsonObject annotations{{QStringLiteral("readOnlyHint"), readOnly},
                            {QStringLiteral("destructiveHint"), !readOnly && destructive},
                            {QStringLiteral("idempotentHint"), idempotent},
                            {QStringLiteral("openWorldHint"), openWorld}};
    if (!title.isEmpty())
        annotations.insert(QStringLiteral("title"), title);
    tool.insert(QStringLiteral("annotations"), annotations);
    return tool;
}

McpServerHandler::~McpServerHandler() = default;

QString McpServerHandler::instructions() const
{
    return {};
}

Result<QJsonObject> McpServerHandler::listResources(const McpCaller &, const QString &)
{
    return QJsonObject{{QStringLiteral("resources"), QJsonArray()}};
}

QJsonArray McpServerHandler::resourceTemplates() const
{
    return {};
}

Result<QJsonObject> McpServerHandler::readResource(const McpCaller &, const QString &uri)
{
    return Error(QStringLiteral("mcp.not-found"), QStringLiteral("No such resource: ") + uri);
}

QJsonArray McpServerHandler::prompts() const
{
    return {};
}

Result<QJsonObject> McpServerHandler::getPrompt(const McpCaller &, const QString &name, const QJsonObject &)
{
    return Error(QStringLiteral("mcp.not-found"), QStringLiteral("No such prompt: ") + name);
}

Result<QJsonObject> McpServerHandler::complete(const McpCaller &, const QJsonObject &, const QJsonObject &)
{
    return QJsonObject{{QStringLiteral("completion"),
                        QJsonObject{{QStringLiteral("values"), QJsonArray()}, {QStringLiteral("hasMore"), false}}}};
}

class McpServerSession::Private
{
public:
    McpServerSession *q = nullptr;
    McpServerHandler *handler = nullptr;
    McpCaller caller;
    bool initialized = false; ///< initialize answered: other requests are served from then on
    QSet<QString> subscriptions;
    /// What logging/setLevel asked for; empty until then, and then no log lines are sent (a
    /// client that never asked would only pay for them).
    QString logLevel;

    void reply(const QJsonValue &id, const QJsonValue &result)
    {
        Q_EMIT q->outgoing(JsonRpcMessage::response(id, result), id);
    }
    void fail(const QJsonValue &id, int code, const QString &message)
    {
        Q_EMIT q->outgoing(JsonRpcMessage::errorResponse(id, code, message), id);
    }
    void notify(const QString &method, const QJsonObject &params = {})
    {
        if (initialized)
            Q_EMIT q->outgoing(JsonRpcMessage::notification(method, params), QJsonValue(QJsonValue::Null));
    }

    /// A notification about request `requestId`: it travels with that request's answer.
    void notifyAbout(const QJsonValue &requestId, const QString &method, const QJsonObject &params)
    {
        Q_EMIT q->outgoing(JsonRpcMessage::notification(method, params), requestId);
    }
    bool logs(const QString &level) const
    {
        return !logLevel.isEmpty() && logLevels().indexOf(level) >= logLevels().indexOf(logLevel);
    }
    /// notifications/message about request `requestId`, when the client's level admits `level`.
    void log(const QJsonValue &requestId, const QString &level, const QJsonObject &data)
    {
        if (!logs(level))
            return;
        notifyAbout(requestId, QStringLiteral("notifications/message"),
                    QJsonObject{{QStringLiteral("level"), level},
                                {QStringLiteral("logger"), handler->serverInfo().value(QStringLiteral("name")).toString()},
                                {QStringLiteral("data"), data}});
    }
    /// notifications/progress for a request that carries _meta.progressToken; `done` of `total`.
    void progress(const JsonRpcMessage &message, int done, int total, const QString &text)
    {
        const QJsonValue token = message.params.value(QStringLiteral("_meta")).toObject().value(QStringLiteral("progressToken"));
        if (!token.isString() && !token.isDouble())
            return;
        notifyAbout(message.id, QStringLiteral("notifications/progress"),
                    QJsonObject{{QStringLiteral("progressToken"), token},
                                {QStringLiteral("progress"), done},
                                {QStringLiteral("total"), total},
                                {QStringLiteral("message"), text}});
    }

    void handleRequest(const JsonRpcMessage &message);
    QJsonObject initialize(const QJsonObject &params);
    // Runs one handler call and reports it as called(); `target` names what it was about.
    template<typename Call>
    void served(const JsonRpcMessage &message, const QString &target, bool resourceLookup, Call call);
};

template<typename Call>
void McpServerSession::Private::served(const JsonRpcMessage &message, const QString &target, bool resourceLookup,
                                       Call call)
{
    // A request that carries a progress token hears when its work starts and when it is done,
    // before its response: over HTTP that makes the answer an SSE stream of the request.
    const QString what = target.isEmpty() ? message.method : message.method + QLatin1Char(' ') + target;
    progress(message, 0, 1, QStringLiteral("Started: ") + what);
    QElapsedTimer timer;
    timer.start();
    const Result<QJsonObject> result = call();
    const qint64 milliseconds = timer.elapsed();
    QString problem;
    if (result.ok()) {
        if (result->value(QStringLiteral("isError")).toBool()) {
            const QJsonArray content = result->value(QStringLiteral("content")).toArray();
            problem = content.isEmpty() ? QStringLiteral("tool error")
                                        : content.first().toObject().value(QStringLiteral("text")).toString();
            if (problem.isEmpty())
                problem = QStringLiteral("tool error");
        }
    } else {
        problem = result.error().message.isEmpty() ? result.error().code : result.error().message;
    }
    Q_EMIT q->called(caller, message.method, target, problem.left(500), milliseconds);
    progress(message, 1, 1, QStringLiteral("Done: ") + what);
    QJsonObject line{{QStringLiteral("method"), message.method}, {QStringLiteral("milliseconds"), milliseconds}};
    if (!target.isEmpty())
        line.insert(QStringLiteral("target"), target);
    if (problem.isEmpty()) {
        // Debug only: a successful call is routine; its size tells a client what it costs.
        line.insert(QStringLiteral("resultBytes"), QJsonDocument(*result).toJson(QJsonDocument::Compact).size());
        log(message.id, QStringLiteral("debug"), line);
    } else {
        // A tool that failed is worth a warning; the handler itself failing, an error.
        line.insert(QStringLiteral("error"), problem.left(500));
        log(message.id, result.ok() ? QStringLiteral("warning") : QStringLiteral("error"), line);
    }
    if (result.ok()) {
        reply(message.id, *result);
    } else {
        const JsonRpcError rpc = rpcError(result.error(), resourceLookup);
        fail(message.id, rpc.code, rpc.message);
    }
}

QJsonObject McpServerSession::Private::initialize(const QJsonObject &params)
{
    const QString asked = params.value(QStringLiteral("protocolVersion")).toString();
    caller.protocolVersion = supportedProtocol(asked) ? asked : kLatestProtocol;
    const QJsonObject info = params.value(QStringLiteral("clientInfo")).toObject();
    caller.clientName = info.value(QStringLiteral("name")).toString();
    caller.clientVersion = info.value(QStringLiteral("version")).toString();
    initialized = true;

    const QJsonObject capabilities{
        {QStringLiteral("tools"), QJsonObject{{QStringLiteral("listChanged"), true}}},
        {QStringLiteral("resources"),
         QJsonObject{{QStringLiteral("subscribe"), true}, {QStringLiteral("listChanged"), true}}},
        {QStringLiteral("prompts"), QJsonObject{{QStringLiteral("listChanged"), true}}},
        {QStringLiteral("logging"), QJsonObject()},
        {QStringLiteral("completions"), QJsonObject()}};
    QJsonObject result{{QStringLiteral("protocolVersion"), caller.protocolVersion},
                       {QStringLiteral("capabilities"), capabilities},
                       {QStringLiteral("serverInfo"), handler->serverInfo()}};
    const QString text = handler->instructions();
    if (!text.isEmpty())
        result.insert(QStringLiteral("instructions"), text);
    return result;
}

void McpServerSession::Private::handleRequest(const JsonRpcMessage &message)
{
    const QString &method = message.method;
    const QJsonObject &params = message.params;
    if (method == QLatin1String("initialize")) {
        if (initialized) {
            fail(message.id, JsonRpcCode::InvalidRequest, QStringLiteral("The session is already initialized"));
            return;
        }
        if (!params.value(QStringLiteral("protocolVersion")).isString()) {
            fail(message.id, JsonRpcCode::InvalidParams, QStringLiteral("initialize needs a protocolVersion"));
            return;
        }
        reply(message.id, initialize(params));
        Q_EMIT q->called(caller, method, QString(), QString(), 0);
        return;
    }
    if (method == QLatin1String("ping")) {
        reply(message.id, QJsonObject());
        return;
    }
    if (!initialized) {
        fail(message.id, JsonRpcCode::InvalidRequest, QStringLiteral("The session is not initialized yet"));
        return;
    }

    if (method == QLatin1String("tools/list")) {
        QJsonArray tools;
        for (const McpServedTool &tool : handler->tools())
            tools.append(tool.toJson());
        reply(message.id, QJsonObject{{QStringLiteral("tools"), tools}});
    } else if (method == QLatin1String("tools/call")) {
        const QString name = params.value(QStringLiteral("name")).toString();
        const QJsonValue arguments = params.value(QStringLiteral("arguments"));
        if (name.isEmpty() || !(arguments.isUndefined() || arguments.isNull() || arguments.isObject())) {
            fail(message.id, JsonRpcCode::InvalidParams, QStringLiteral("tools/call needs a name and object arguments"));
            return;
        }
        bool known = false;
        for (const McpServedTool &tool : handler->tools())
            known = known || tool.name == name;
        if (!known) {
            Q_EMIT q->called(caller, method, name, QStringLiteral("unknown tool"), 0);
            log(message.id, QStringLiteral("warning"),
                QJsonObject{{QStringLiteral("method"), method}, {QStringLiteral("target"), name},
                            {QStringLiteral("error"), QStringLiteral("unknown tool")}});
            fail(message.id, JsonRpcCode::InvalidParams, QStringLiteral("Unknown tool: ") + name);
            return;
        }
        served(message, name, false, [&] { return handler->callTool(caller, name, arguments.toObject()); });
    } else if (method == QLatin1String("resources/list")) {
        const QString cursor = params.value(QStringLiteral("cursor")).toString();
        served(message, cursor, false, [&] { return handler->listResources(caller, cursor); });
    } else if (method == QLatin1String("resources/templates/list")) {
        reply(message.id, QJsonObject{{QStringLiteral("resourceTemplates"), handler->resourceTemplates()}});
    } else if (method == QLatin1String("resources/read")) {
        const QString uri = params.value(QStringLiteral("uri")).toString();
        if (uri.isEmpty()) {
            fail(message.id, JsonRpcCode::InvalidParams, QStringLiteral("resources/read needs a uri"));
            return;
        }
        served(message, uri, true, [&] { return handler->readResource(caller, uri); });
    } else if (method == QLatin1String("resources/subscribe") || method == QLatin1String("resources/unsubscribe")) {
        const QString uri = params.value(QStringLiteral("uri")).toString();
        if (uri.isEmpty()) {
            fail(message.id, JsonRpcCode::InvalidParams, method + QStringLiteral(" needs a uri"));
            return;
        }
        if (method == QLatin1String("resources/subscribe"))
            subscriptions.insert(uri);
        else
            subscriptions.remove(uri);
        reply(message.id, QJsonObject());
    } else if (method == QLatin1String("prompts/list")) {
        reply(message.id, QJsonObject{{QStringLiteral("prompts"), handler->prompts()}});
    } else if (method == QLatin1String("prompts/get")) {
        const QString name = params.value(QStringLiteral("name")).toString();
        const QJsonValue arguments = params.value(QStringLiteral("arguments"));
        if (name.isEmpty() || !(arguments.isUndefined() || arguments.isNull() || arguments.isObject())) {
            fail(message.id, JsonRpcCode::InvalidParams, QStringLiteral("prompts/get needs a name"));
            return;
        }
        served(message, name, false, [&] { return handler->getPrompt(caller, name, arguments.toObject()); });
    } else if (method == QLatin1String("completion/complete")) {
        const QJsonObject ref = params.value(QStringLiteral("ref")).toObject();
        const QJsonObject argument = params.value(QStringLiteral("argument")).toObject();
        const QString type = ref.value(QStringLiteral("type")).toString();
        if ((type != QLatin1String("ref/prompt") && type != QLatin1String("ref/resource"))
            || !argument.value(QStringLiteral("name")).isString()) {
            fail(message.id, JsonRpcCode::InvalidParams, QStringLiteral("completion/complete needs a ref and an argument"));
            return;
        }
        const QString target = ref.value(type == QLatin1String("ref/prompt") ? QStringLiteral("name") : QStringLiteral("uri")).toString();
        served(message, target, false, [&] { return handler->complete(caller, ref, argument); });
    } else if (method == QLatin1String("logging/setLevel")) {
        const QString level = params.value(QStringLiteral("level")).toString();
        if (!logLevels().contains(level)) {
            fail(message.id, JsonRpcCode::InvalidParams, QStringLiteral("Unknown log level: ") + level);
            return;
        }
        logLevel = level;
        reply(message.id, QJsonObject());
    } else {
        fail(message.id, JsonRpcCode::MethodNotFound, QStringLiteral("Method not found: ") + method);
    }
}

McpServerSession::McpServerSession(McpServerHandler *handler, const QString &transport, QObject *parent)
    : QObject(parent), d(std::make_unique<Private>())
{
    d->q = this;
    d->handler = handler;
    d->caller.transport = transport;
    connect(handler, &McpServerHandler::resourcesChanged, this, [this](const QStringList &uris) {
        d->notify(QStringLiteral("notifications/resources/list_changed"));
        for (const QString &uri : uris) {
            if (d->subscriptions.contains(uri))
                d->notify(QStringLiteral("notifications/resources/updated"), QJsonObject{{QStringLiteral("uri"), uri}});
        }
    });
    connect(handler, &McpServerHandler::toolsChanged, this,
            [this] { d->notify(QStringLiteral("notifications/tools/list_changed")); });
    connect(handler, &McpServerHandler::promptsChanged, this,
            [this] { d->notify(QStringLiteral("notifications/prompts/list_changed")); });
}

McpServerSession::~McpServerSession() = default;

void McpServerSession::receive(const JsonRpcMessage &message)
{
    if (message.isRequest()) {
        d->handleRequest(message);
        return;
    }
    // Notifications need no answer: initialized only confirms what initialize began, and a
    // cancellation cannot overtake a request the handler answers before receive() returns.
    // Responses would answer requests this server never sends.
}

void McpServerSession::setSessionId(const QString &sessionId)
{
    d->caller.sessionId = sessionId;
}

McpCaller McpServerSession::caller() const
{
    return d->caller;
}

bool McpServerSession::isInitialized() const
{
    return d->initialized;
}

} // namespace valis
