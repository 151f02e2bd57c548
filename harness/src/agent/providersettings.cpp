#include "valis/agent/providersettings.h"

#include "core/jsonfile.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QProcessEnvironment>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ProviderSettings)
};

constexpr int FormatVersion = 1;
const QString MalformedCode = QStringLiteral("settings.malformed");

Result<ProviderSettingsEntry> readEntry(const QString &id, const QJsonValue &value, const QString &path)
{
    if (!value.isObject())
        return Error(MalformedCode, Text::tr("the settings of provider \"%1\" must be an object").arg(id), path);
    const QJsonObject json = value.toObject();
    ProviderSettingsEntry entry;
    const QJsonValue baseUrl = json.value(QLatin1String("baseUrl"));
    if (!baseUrl.isUndefined()) {
        if (!baseUrl.isString())
            return Error(MalformedCode, Text::tr("providers.%1.baseUrl must be a string").arg(id), path);
        entry.baseUrl = QUrl(baseUrl.toString());
    }
    entry.model = json.value(QLatin1String("model")).toString();
    const QJsonObject headers = json.value(QLatin1String("headers")).toObject();
    for (auto it = headers.constBegin(); it != headers.constEnd(); ++it)
        entry.headers.insert(it.key().toUtf8(), it.value().toString().toUtf8());
    const QJsonValue idle = json.value(QLatin1String("idleTimeoutMs"));
    if (!idle.isUndefined()) {
        if (!idle.isDouble() || idle.toDouble() <= 0)
            return Error(MalformedCode, Text::tr("providers.%1.idleTimeoutMs must be a positive number").arg(id), path);
        entry.idleTimeout = std::chrono::milliseconds(qint64(idle.toDouble()));
    }
    const QJsonValue options = json.value(QLatin1String("options"));
    if (!options.isUndefined() && !options.isObject())
        return Error(MalformedCode, Text::tr("providers.%1.options must be an object").arg(id), path);
    entry.options = options.toObject();
    return entry;
}
} // namespace

Result<ProviderSettings> ProviderSettings::load(const QString &path)
{
    ProviderSettings settings;
    const Result<std::optional<QJsonObject>> file = readJsonObjectFile(path, MalformedCode, FormatVersion);
    if (file.hasError())
        return file.error();
    if (!file.value())
        return settings;
    const QJsonObject root = **file;
    settings.m_defaultProvider = root.value(QLatin1String("defaultProvider")).toString();
    const QJsonObject providers = root.value(QLatin1String("providers")).toObject();
    for (auto it = providers.constBegin(); it != providers.constEnd(); ++it) {
        Result<ProviderSettingsEntry> entry = readEntry(it.key(), it.value(), path);
        if (entry.hasError())
            return entry.error();
        settings.m_entries.insert(it.key(), entry.value());
    }
    settings.m_retry = root.value(QLatin1String("retry")).toObject();
    settings.m_toolRetry = root.value(QLatin1String("toolRetry")).toObject();
    settings.m_toolSelector = root.value(QLatin1String("toolSelector")).toObject();
    return settings;
}

EnvironmentLookup processEnvironment()
{
    return [](const QString &name) { return QProcessEnvironment::systemEnvironment().value(name); };
}

Result<ResolvedBaseUrl> resolveBaseUrl(const ProviderDefaults &defaults, const ProviderSettingsEntry &settings,
                                       const QString &commandLine, const EnvironmentLookup &environment)
{
    QString text;
    QString source;
    const QString fromEnvironment = defaults.baseUrlVariable.isEmpty() || !environment
                                        ? QString()
                                        : environment(defaults.baseUrlVariable).trimmed();
    if (!commandLine.trimmed().isEmpty()) {
        text = commandLine.trimmed();
        source = QStringLiteral("--base-url");
    } else if (!fromEnvironment.isEmpty()) {
        text = fromEnvironment;
        source = defaults.baseUrlVariable;
    } else if (!settings.baseUrl.isEmpty()) {
        text = settings.baseUrl.toString();
        source = QStringLiteral("settings");
    } else {
        return ResolvedBaseUrl{defaults.baseUrl, QStringLiteral("default")};
    }

    // A bare "host[:port]" is how OLLAMA_HOST is usually written: http, and the default
    // address's port when none is given (Ollama's 11434, not http's 80).
    const bool bare = !text.contains(QLatin1String("://"));
    if (bare)
        text.prepend(QStringLiteral("http://"));
    QUrl url(text, QUrl::StrictMode);
    if (bare && url.port() == -1 && defaults.baseUrl.port() != -1)
        url.setPort(defaults.baseUrl.port());
    // What a server listens on is not an address to call.
    if (url.host() == QLatin1String("0.0.0.0"))
        url.setHost(QStringLiteral("127.0.0.1"));
    if (!url.isValid() || url.host().isEmpty()
        || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
        return Error(QStringLiteral("provider.bad-base-url"),
                     Text::tr("\"%1\" is not an http or https address").arg(text), source);
    if (source == defaults.baseUrlVariable && !defaults.baseUrlVariablePath.isEmpty()
        && (url.path().isEmpty() || url.path() == QLatin1String("/")))
        url.setPath(defaults.baseUrlVariablePath);
    return ResolvedBaseUrl{url, source};
}

} // namespace valis
