#include "valis/server/httpserver.h"

#include <QRandomGenerator>
#include <QUrl>

#include <array>

namespace valis::httpaccess {

namespace {

bool isLoopbackHost(const QString &host)
{
    if (host.compare(QStringLiteral("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    QHostAddress address;
    // QUrl gives IPv6 hosts without their brackets.
    return address.setAddress(host) && address.isLoopback();
}

// "scheme://host[:port]", lowercase, no path: how a browser spells an Origin, so the comparison
// with a configured origin is exact without being fooled by case or a trailing slash.
QString normalisedOrigin(const QUrl &url)
{
    QString origin = url.scheme().toLower() + QStringLiteral("://");
    const QString host = url.host().toLower();
    origin += host.contains(u':') ? u'[' + host + u']' : host;
    if (url.port() != -1)
        origin += u':' + QString::number(url.port());
    return origin;
}

} // namespace

bool originAllowed(const HttpRequest &request, const QStringList &allowedOrigins)
{
    if (!request.hasHeader("origin"))
        return true; // not a browser: a browser always sends Origin on cross-site and POST requests
    const QByteArray value = request.header("origin").trimmed();
    // "null" is what sandboxed frames and file: pages send: nothing to trust.
    const QUrl url(QString::fromLatin1(value), QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
        return false;
    if (isLoopbackHost(url.host()))
        return true;
    const QString origin = normalisedOrigin(url);
    for (const QString &allowed : allowedOrigins) {
        const QUrl allowedUrl(allowed.trimmed());
        if (allowedUrl.isValid() && normalisedOrigin(allowedUrl) == origin)
            return true;
    }
    return false;
}

bool bearerMatches(const HttpRequest &request, const QString &token)
{
    if (token.isEmpty())
        return false;
    const QByteArray authorization = request.header("authorization").trimmed();
    const qsizetype space = authorization.indexOf(' ');
    if (space < 0 || authorization.left(space).compare("bearer", Qt::CaseInsensitive) != 0)
        return false;
    const QByteArray given = authorization.mid(space + 1).trimmed();
    const QByteArray expected = token.toUtf8();
    // Every byte is compared whatever the earlier ones were, so the time taken does not tell how
    // much of a guess was right (only its length, which a token's prefix and size give away anyway).
    unsigned char difference = given.size() == expected.size() ? 0 : 1;
    for (qsizetype i = 0; i < expected.size(); ++i) {
        const char mine = expected.at(i);
        const char theirs = i < given.size() ? given.at(i) : char(~mine);
        difference |= static_cast<unsigned char>(mine ^ theirs);
    }
    return difference == 0;
}

QString generateToken(const QString &prefix)
{
    std::array<quint32, 8> words{};
    QRandomGenerator::system()->fillRange(words.data(), qsizetype(words.size()));
    const QByteArray bytes(reinterpret_cast<const char *>(words.data()), qsizetype(sizeof(words)));
    return prefix + QString::fromLatin1(bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

} // namespace valis::httpaccess
