#include "oauthtestserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace valis::test {

bool AuthServer::start()
{
    if (!m_server.listen())
        return false;
    m_server.setBeforeAnswer([this](int, const CapturedRequest &request) { m_server.enqueue(answer(request)); });
    return true;
}

ScriptedResponse AuthServer::json(int status, const QJsonObject &body)
{
    return ScriptedResponse::json(status, QJsonDocument(body).toJson(QJsonDocument::Compact));
}

ScriptedResponse AuthServer::answer(const CapturedRequest &request)
{
    const QUrl url(QString::fromLatin1(request.path));
    const QString path = url.path();
    if (path == QLatin1String("/.well-known/oauth-protected-resource/mcp"))
        return json(200, QJsonObject{{QStringLiteral("resource"), mcp().toString()},
                                     {QStringLiteral("authorization_servers"), QJsonArray{base()}}});
    if (path == QLatin1String("/.well-known/oauth-authorization-server")) {
        QJsonObject metadata{{QStringLiteral("issuer"), base()},
                             {QStringLiteral("authorization_endpoint"), QString(base() + QStringLiteral("/authorize"))},
                             {QStringLiteral("token_endpoint"), QString(base() + QStringLiteral("/token"))},
                             {QStringLiteral("registration_endpoint"), QString(base() + QStringLiteral("/register"))},
                             {QStringLiteral("token_endpoint_auth_methods_supported"), QJsonArray{QStringLiteral("none")}}};
        if (pkce)
            metadata.insert(QStringLiteral("code_challenge_methods_supported"), QJsonArray{QStringLiteral("S256")});
        return json(200, metadata);
    }
    if (path == QLatin1String("/register")) {
        ++registrations;
        return json(201, {{QStringLiteral("client_id"), QStringLiteral("client-%1").arg(registrations)},
                          {QStringLiteral("token_endpoint_auth_method"), QStringLiteral("none")}});
    }
    if (path == QLatin1String("/authorize")) {
        ++authorizeRequests;
        lastAuthorize = QUrlQuery(url);
        QUrl back(lastAuthorize.queryItemValue(QStringLiteral("redirect_uri"), QUrl::FullyDecoded));
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("code"), QStringLiteral("code-%1").arg(authorizeRequests));
        query.addQueryItem(QStringLiteral("state"), tamperState ? QStringLiteral("forged")
                                                                : lastAuthorize.queryItemValue(QStringLiteral("state")));
        back.setQuery(query);
        ScriptedResponse redirect;
        redirect.status = 302;
        redirect.headers = {{"Location", back.toEncoded()}};
        redirect.chunkedEncoding = false;
        return redirect;
    }
    if (path == QLatin1String("/token")) {
        ++tokenRequests;
        lastToken = QUrlQuery(QString::fromLatin1(request.body));
        if (invalidClientAnswers > 0) {
            --invalidClientAnswers;
            return json(401, {{QStringLiteral("error"), QStringLiteral("invalid_client")}});
        }
        return json(200, {{QStringLiteral("access_token"), QStringLiteral("access-%1").arg(tokenRequests)},
                          {QStringLiteral("refresh_token"), QStringLiteral("refresh-%1").arg(tokenRequests)},
                          {QStringLiteral("token_type"), QStringLiteral("Bearer")},
                          {QStringLiteral("expires_in"), expiresIn}});
    }
    return json(404, {{QStringLiteral("error"), QStringLiteral("not_found")}});
}

bool HeadlessBrowser::open(const QUrl &url)
{
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    QNetworkReply *reply = m_network.get(request);
    QObject::connect(reply, &QNetworkReply::finished, &m_network, [this, reply] {
        reply->deleteLater();
        const QUrl location(QString::fromUtf8(reply->rawHeader("Location")));
        if (location.isValid()) {
            QNetworkReply *landing = m_network.get(QNetworkRequest(location));
            QObject::connect(landing, &QNetworkReply::finished, landing, &QObject::deleteLater);
        }
    });
    return true;
}

} // namespace valis::test
