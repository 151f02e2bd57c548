#include "providerhttp.h"

#include <QJsonDocument>

namespace valis::providers {

QUrl joinUrl(const QUrl &base, QStringView path)
{
    QUrl url = base;
    QString basePath = base.path();
    while (basePath.endsWith(QLatin1Char('/')))
        basePath.chop(1);
    while (path.startsWith(QLatin1Char('/')))
        path = path.mid(1);
    url.setPath(basePath + QLatin1Char('/') + path);
    return url;
}

std::optional<ProviderFailure> checkBaseUrl(const QString &providerId, const QUrl &baseUrl)
{
    const QString scheme = baseUrl.scheme();
    if (baseUrl.isValid() && (scheme == QLatin1String("http") || scheme == QLatin1String("https"))
        && !baseUrl.host().isEmpty()) {
        return std::nullopt;
    }
    ProviderFailure failure;
    failure.kind = ProviderFailure::Kind::Transport;
    failure.providerId = providerId;
    failure.errorType = QStringLiteral("invalid_base_url");
    failure.message = QStringLiteral("the base URL \"%1\" is not an http or https URL")
                          .arg(baseUrl.toString(QUrl::RemoveUserInfo));
    return failure;
}

ProviderFailure missingKeyFailure(const QString &providerId)
{
    ProviderFailure failure;
    failure.kind = ProviderFailure::Kind::Http;
    failure.providerId = providerId;
    failure.httpStatus = 401;
    failure.errorType = QStringLiteral("missing_api_key");
    failure.message = QStringLiteral("no API key");
    return failure;
}

std::optional<ProviderFailure> checkEndpoint(const QString &providerId, const ProviderEndpoint &endpoint,
                                             KeyPolicy keyPolicy)
{
    if (std::optional<ProviderFailure> failure = checkBaseUrl(providerId, endpoint.baseUrl))
        return failure;
    if (keyPolicy == KeyPolicy::Required && endpoint.apiKey.isEmpty())
        return missingKeyFailure(providerId);
    return std::nullopt;
}

ProviderFailure shutDownFailure(const QString &providerId)
{
    ProviderFailure failure;
    failure.kind = ProviderFailure::Kind::Transport;
    failure.providerId = providerId;
    failure.message = QStringLiteral("the provider plugin has shut down");
    return failure;
}

ProviderFailure protocolFailure(const SseEvent &event, const QString &what)
{
    ProviderFailure failure;
    failure.kind = ProviderFailure::Kind::Protocol;
    const QString name = event.event.isEmpty() ? QStringLiteral("message") : QString::fromUtf8(event.event);
    QString data = QString::fromUtf8(event.data.left(200));
    if (event.data.size() > 200)
        data += QStringLiteral("...");
    failure.message = QStringLiteral("cannot read the \"%1\" event (%2): %3").arg(name, what, data);
    return failure;
}

ProviderFailure streamErrorFailure(const QString &errorType, const QString &message)
{
    ProviderFailure failure;
    failure.kind = ProviderFailure::Kind::StreamError;
    failure.errorType = errorType;
    failure.message = message;
    return failure;
}

ProviderFailure interruptedFailure(const QString &what)
{
    ProviderFailure failure;
    failure.kind = ProviderFailure::Kind::Interrupted;
    failure.message = what;
    return failure;
}

QByteArray compactJson(const QJsonObject &body)
{
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

void mergeOptions(QJsonObject &body, const QJsonObject &options, std::initializer_list<QLatin1String> reserved)
{
    for (auto it = options.begin(); it != options.end(); ++it) {
        bool isReserved = false;
        for (QLatin1String key : reserved)
            isReserved = isReserved || it.key() == key;
        if (!isReserved)
            body.insert(it.key(), it.value());
    }
}

QNetworkRequest sseRequest(const QUrl &url, const HeaderList &providerHeaders, const ProviderEndpoint &endpoint)
{
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader(QByteArrayLiteral("Accept"), QByteArrayLiteral("text/event-stream"));
    for (const auto &[name, value] : providerHeaders)
        request.setRawHeader(name, value);
    for (auto it = endpoint.headers.begin(); it != endpoint.headers.end(); ++it)
        request.setRawHeader(it.key(), it.value());
    return request;
}

HeaderList bearerAuthorization(const ProviderEndpoint &endpoint)
{
    if (endpoint.apiKey.isEmpty())
        return {};
    return {{QByteArrayLiteral("Authorization"), "Bearer " + endpoint.apiKey.toUtf8()}};
}

std::optional<QJsonObject> eventObject(const SseEvent &event, const QByteArray &data, ProviderFailure *failure)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(data, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        *failure = protocolFailure(event, error.error != QJsonParseError::NoError ? error.errorString()
                                                                                  : QStringLiteral("not a JSON object"));
        return std::nullopt;
    }
    return document.object();
}

} // namespace valis::providers
