#include "valis/server/openaiapiserver.h"

#include "server/openai/apiconversations.h"
#include "server/openai/apiendpoints.h"

#include "valis/server/httpserver.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::OpenAiApiServer)
};
} // namespace

class OpenAiApiServer::Private
{
public:
    explicit Private(ApiServerOptions given)
        : options(std::move(given)), conversations(options.store, options.configure, options.onProblem, 32, options.ownTools, options.ownToolNames)
    {
    }

    ApiServerOptions options;
    HttpServer http;
    apiserver::ApiConversations conversations;
    qint64 started = QDateTime::currentSecsSinceEpoch();

    QJsonObject models() const
    {
        QJsonArray data;
        for (const ApiProfile &profile : options.profiles.profiles()) {
            data.append(QJsonObject{{QStringLiteral("id"), profile.name},
                                    {QStringLiteral("object"), QStringLiteral("model")},
                                    {QStringLiteral("created"), started},
                                    {QStringLiteral("owned_by"), profile.provider}});
        }
        return {{QStringLiteral("object"), QStringLiteral("list")}, {QStringLiteral("data"), data}};
    }
};

OpenAiApiServer::OpenAiApiServer(ApiServerOptions options, QObject *parent)
    : QObject(parent), d(std::make_unique<Private>(std::move(options)))
{
    d->http.setMaxBodyBytes(d->options.maxBodyBytes);
    d->http.setHandler([this](const HttpRequest &request, HttpResponder *responder) { handle(request, responder); });
}

OpenAiApiServer::~OpenAiApiServer() = default;

Result<void> OpenAiApiServer::listen(const QHostAddress &address, quint16 port)
{
    return d->http.listen(address, port);
}

QString OpenAiApiServer::baseUrl() const
{
    return d->http.baseUrl();
}

void OpenAiApiServer::handle(const HttpRequest &request, HttpResponder *responder)
{
    using apiserver::respondError;
    if (!httpaccess::originAllowed(request, d->options.allowedOrigins)) {
        respondError(responder, 403, Text::tr("requests from this origin are not allowed"), QStringLiteral("invalid_request_error"),
                     QStringLiteral("origin_not_allowed"));
        return;
    }
    if (!httpaccess::bearerMatches(request, d->options.token)) {
        respondError(responder, 401, Text::tr("a valid bearer token is required (Authorization: Bearer valis-api-...)"),
                     QStringLiteral("invalid_request_error"), QStringLiteral("invalid_api_key"));
        return;
    }
    QByteArray path = request.path;
    if (path.size() > 1 && path.endsWith('/'))
        path.chop(1);
    if (path == "/v1/models" && request.method == "GET") {
        responder->respondJson(200, d->models());
        return;
    }
    if (path.startsWith("/v1/models/") && request.method == "GET") {
        const QString name = QString::fromUtf8(QByteArray::fromPercentEncoding(path.mid(int(qstrlen("/v1/models/")))));
        for (const QJsonValue &model : d->models().value(QLatin1String("data")).toArray()) {
            if (model.toObject().value(QLatin1String("id")).toString() == name) {
                responder->respondJson(200, model.toObject());
                return;
            }
        }
        respondError(responder, 404, Text::tr("the model \"%1\" does not exist").arg(name), QStringLiteral("invalid_request_error"),
                     QStringLiteral("model_not_found"));
        return;
    }
    const bool chat = path == "/v1/chat/completions";
    const bool responses = path == "/v1/responses";
    if (!chat && !responses) {
        respondError(responder, 404, Text::tr("there is no %1 %2 here").arg(QString::fromLatin1(request.method), QString::fromUtf8(path)),
                     QStringLiteral("invalid_request_error"), QStringLiteral("unknown_url"));
        return;
    }
    if (request.method != "POST") {
        respondError(responder, 405, Text::tr("%1 takes POST").arg(QString::fromUtf8(path)), QStringLiteral("invalid_request_error"),
                     QStringLiteral("method_not_allowed"));
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(request.body, &parseError);
    if (!document.isObject()) {
        respondError(responder, 400,
                     Text::tr("the request body is not a JSON object: %1").arg(parseError.error == QJsonParseError::NoError
                                                                                  ? Text::tr("it is another JSON value")
                                                                                  : parseError.errorString()),
                     QStringLiteral("invalid_request_error"), QStringLiteral("invalid_json"));
        return;
    }
    const QJsonObject body = document.object();
    apiserver::TurnRequest base;
    base.requestedModel = body.value(QLatin1String("model")).toString();
    const std::optional<ApiProfile> profile = d->options.profiles.resolve(base.requestedModel, d->options.providers);
    if (!profile) {
        respondError(responder, 404, Text::tr("the model \"%1\" does not exist; GET /v1/models lists the profiles served").arg(base.requestedModel),
                     QStringLiteral("invalid_request_error"), QStringLiteral("model_not_found"));
        return;
    }
    base.profile = *profile;
    if (base.requestedModel.isEmpty())
        base.requestedModel = profile->name;
    // A session key the client names keeps a conversation together whatever its first messages.
    QString explicitKey = QString::fromUtf8(request.header("x-session-id"));
    if (explicitKey.isEmpty())
        explicitKey = body.value(QLatin1String("metadata")).toObject().value(QLatin1String("session")).toString();
    if (explicitKey.isEmpty())
        explicitKey = body.value(QLatin1String("user")).toString();
    if (!explicitKey.isEmpty())
        base.key = apiserver::conversationKey({}, {}, explicitKey);
    if (chat)
        apiserver::serveChatCompletions(d->conversations, body, base, responder);
    else
        apiserver::serveResponses(d->conversations, body, base, responder);
}

} // namespace valis
