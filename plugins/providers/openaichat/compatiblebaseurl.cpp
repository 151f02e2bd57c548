#include "compatiblebaseurl.h"

namespace valis::providers::openaichat {

QUrl compatibleBaseUrl(const QString &written)
{
    QString text = written.trimmed();
    if (text.isEmpty())
        return {};
    const bool bare = !text.contains(QLatin1String("://"));
    if (bare)
        text.prepend(QLatin1String("http://"));
    QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return url;
    if (bare && url.port() < 0)
        url.setPort(11434);
    if (url.host() == QLatin1String("0.0.0.0"))
        url.setHost(QStringLiteral("127.0.0.1"));
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    url.setPath(path.isEmpty() ? QStringLiteral("/v1") : path);
    return url;
}

} // namespace valis::providers::openaichat
