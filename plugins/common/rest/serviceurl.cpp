#include "serviceurl.h"

#include <QCoreApplication>
#include <QJsonValue>

namespace valis::rest {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::rest::Client)
};

bool usable(const QUrl &url)
{
    return url.isValid() && (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https"))
           && !url.host().isEmpty();
}
} // namespace

Result<QUrl> serviceUrl(const QString &service, const QJsonObject &settings, const QString &key, const char *variable,
                        const QString &fallback)
{
    const auto refused = [&](const QString &where, const QString &value) {
        return Error(QStringLiteral("plugin.invalid-settings"),
                     Text::tr("%1's address \"%2\" (%3) is not an http or https address such as %4")
                         .arg(service, value, where, fallback));
    };
    const QString fromEnvironment = qEnvironmentVariable(variable).trimmed();
    if (!fromEnvironment.isEmpty()) {
        const QUrl url(fromEnvironment, QUrl::StrictMode);
        if (!usable(url))
            return refused(QString::fromLatin1(variable), fromEnvironment);
        return url;
    }
    const QJsonValue setting = settings.value(key);
    if (setting.isUndefined() || setting.isNull())
        return QUrl(fallback);
    const QUrl url(setting.toString(), QUrl::StrictMode);
    if (!setting.isString() || !usable(url))
        return refused(Text::tr("setting \"%1\"").arg(key), setting.toVariant().toString());
    return url;
}

} // namespace valis::rest
