#include "valis/mcp/mcpoauth.h"

#include <QCryptographicHash>
#include <QRandomGenerator>

namespace valis::McpOAuth {

namespace {

QUrl originOf(const QUrl &url)
{
    QUrl origin;
    origin.setScheme(url.scheme());
    origin.setHost(url.host());
    origin.setPort(url.port());
    return origin;
}

QString trimmedPath(const QUrl &url)
{
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    return path;
}

QUrl withPath(const QUrl &origin, const QString &path)
{
    QUrl url = origin;
    url.setPath(path);
    return url;
}

} // namespace

QList<QUrl> protectedResourceMetadataUrls(const QUrl &resource)
{
    const QUrl origin = originOf(resource);
    const QString path = trimmedPath(resource);
    const QString wellKnown = QStringLiteral("/.well-known/oauth-protected-resource");
    QList<QUrl> urls;
    if (!path.isEmpty())
        urls.append(withPath(origin, wellKnown + path));
    urls.append(withPath(origin, wellKnown));
    return urls;
}

QList<QUrl> authorizationServerMetadataUrls(const QUrl &issuer)
{
    const QUrl origin = originOf(issuer);
    const QString path = trimmedPath(issuer);
    const QString oauth = QStringLiteral("/.well-known/oauth-authorization-server");
    const QString openid = QStringLiteral("/.well-known/openid-configuration");
    if (path.isEmpty())
        return {withPath(origin, oauth), withPath(origin, openid)};
    return {withPath(origin, oauth + path), withPath(origin, openid + path), withPath(origin, path + openid)};
}

QByteArray newCodeVerifier()
{
    QByteArray bytes(32, Qt::Uninitialized);
    QRandomGenerator::system()->generate(reinterpret_cast<quint32 *>(bytes.data()),
                                         reinterpret_cast<quint32 *>(bytes.data() + bytes.size()));
    return bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

QByteArray codeChallenge(const QByteArray &verifier)
{
    return QCryptographicHash::hash(verifier, QCryptographicHash::Sha256)
        .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

QUrl canonicalResource(const QUrl &endpoint)
{
    QUrl url = originOf(endpoint);
    url.setScheme(endpoint.scheme().toLower());
    url.setHost(endpoint.host().toLower());
    url.setPath(trimmedPath(endpoint));
    return url;
}

bool resourceCovers(const QUrl &advertised, const QUrl &requested)
{
    const QUrl a = canonicalResource(advertised);
    const QUrl r = canonicalResource(requested);
    if (a.scheme() != r.scheme() || a.host() != r.host() || a.port(a.scheme() == QLatin1String("https") ? 443 : 80)
            != r.port(r.scheme() == QLatin1String("https") ? 443 : 80))
        return false;
    const QString ap = a.path();
    const QString rp = r.path();
    return ap.isEmpty() || rp == ap || rp.startsWith(ap + QLatin1Char('/'));
}

QStringList selectScopes(const QString &challengeScope, const QStringList &scopesSupported, const QStringList &configured)
{
    const QStringList fromChallenge = challengeScope.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (!fromChallenge.isEmpty())
        return fromChallenge;
    if (!scopesSupported.isEmpty())
        return scopesSupported;
    return configured;
}

QString defaultClientMetadataUrl()
{
#ifdef VALIS_OAUTH_CLIENT_METADATA_URL
    return QStringLiteral(VALIS_OAUTH_CLIENT_METADATA_URL);
#else
    return {};
#endif
}

QString accountForIssuer(const QString &issuer)
{
    return QStringLiteral("mcp-oauth:") + issuer;
}

} // namespace valis::McpOAuth
