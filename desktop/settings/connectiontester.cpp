#include "connectiontester.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>

#include <algorithm>

namespace valis {

namespace {
constexpr int TimeoutMs = 15000;

bool isAnthropic(const QString &providerId)
{
    return providerId == QLatin1String("anthropic") || providerId.startsWith(QLatin1String("anthropic-"));
}

// The server's own words for a refusal: {"error": {"message": ...}} (OpenAI, Anthropic) or
// {"error": "..."} (Ollama); else the start of the body.
QString serverMessage(const QByteArray &body)
{
    const QJsonObject json = QJsonDocument::fromJson(body).object();
    const QJsonValue error = json.value(QLatin1String("error"));
    if (error.isObject() && !error.toObject().value(QLatin1String("message")).toString().isEmpty())
        return error.toObject().value(QLatin1String("message")).toString();
    if (error.isString())
        return error.toString();
    return QString::fromUtf8(body.left(200)).simplified();
}
} // namespace

ConnectionTester::ConnectionTester(QObject *parent) : QObject(parent), m_network(new QNetworkAccessManager(this)) {}

QNetworkRequest ConnectionTester::modelsRequest(const QString &providerId, const QUrl &baseUrl, const QString &apiKey,
                                                const QHash<QByteArray, QByteArray> &headers)
{
    QUrl url = baseUrl;
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    // Anthropic's base is the host (the provider adds /v1/messages); OpenAI-style bases already
    // end in the API's version (/v1).
    url.setPath(path + (isAnthropic(providerId) ? QStringLiteral("/v1/models") : QStringLiteral("/models")));
    QNetworkRequest request(url);
    request.setTransferTimeout(TimeoutMs);
    request.setRawHeader("Accept", "application/json");
    if (isAnthropic(providerId)) {
        request.setRawHeader("anthropic-version", "2023-06-01");
        if (!apiKey.isEmpty())
            request.setRawHeader("x-api-key", apiKey.toUtf8());
    } else if (!apiKey.isEmpty()) {
        request.setRawHeader("Authorization", "Bearer " + apiKey.toUtf8());
    }
    for (auto it = headers.cbegin(); it != headers.cend(); ++it)
        request.setRawHeader(it.key(), it.value());
    return request;
}

Result<QStringList> ConnectionTester::parseModels(const QByteArray &body)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (!document.isObject())
        return Error(QStringLiteral("settings.test-malformed"),
                     tr("the server answered, but not with a model list: %1").arg(parseError.errorString()));
    const QJsonObject json = document.object();
    const QJsonValue list = json.contains(QLatin1String("data")) ? json.value(QLatin1String("data")) : json.value(QLatin1String("models"));
    if (!list.isArray())
        return Error(QStringLiteral("settings.test-malformed"), tr("the server answered, but not with a model list"));
    QStringList models;
    for (const QJsonValue &entry : list.toArray()) {
        const QJsonObject model = entry.toObject();
        const QString id = model.value(QLatin1String("id")).toString(model.value(QLatin1String("name")).toString());
        if (!id.isEmpty())
            models << id;
    }
    std::sort(models.begin(), models.end());
    return models;
}

void ConnectionTester::test(const QString &providerId, const QUrl &baseUrl, const QString &apiKey,
                            const QHash<QByteArray, QByteArray> &headers,
                            std::function<void(const Result<QStringList> &)> done)
{
    const int generation = ++m_generation;
    const QNetworkRequest request = modelsRequest(providerId, baseUrl, apiKey, headers);
    QNetworkReply *reply = m_network->get(request);
    QPointer<ConnectionTester> self(this);
    connect(reply, &QNetworkReply::finished, this, [self, reply, generation, url = request.url(), done = std::move(done)] {
        reply->deleteLater();
        if (!self || generation != self->m_generation)
            return;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray body = reply->readAll();
        if (status == 0) {
            done(Error(QStringLiteral("settings.test-unreachable"),
                       tr("%1 could not be reached: %2").arg(url.toDisplayString(), reply->errorString())));
            return;
        }
        if (status < 200 || status >= 300) {
            const QString why = status == 401 || status == 403 ? tr("the key was refused") : tr("the request was refused");
            done(Error(QStringLiteral("settings.test-refused"),
                       tr("%1 answered HTTP %2 (%3): %4").arg(url.toDisplayString()).arg(status).arg(why, serverMessage(body))));
            return;
        }
        done(parseModels(body));
    });
}

} // namespace valis
