#include "websettings.h"

#include "valis/core/jsonfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QProcessEnvironment>

namespace valis::web {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::web::WebSettings)
};

constexpr int FormatVersion = 1;
const QString MalformedCode = QStringLiteral("web.settings");

// Each section's keys: an unknown key is a typo the person should hear about, not a silent default.
const QHash<QString, QStringList> &knownKeys()
{
    static const QHash<QString, QStringList> keys{
        {QStringLiteral("search"),
         {QStringLiteral("backend"), QStringLiteral("maxResults"), QStringLiteral("perplexityMode"),
          QStringLiteral("perplexityModel")}},
        {QStringLiteral("fetch"),
         {QStringLiteral("backend"), QStringLiteral("cacheTtlSeconds"), QStringLiteral("timeoutSeconds"),
          QStringLiteral("maxBytes"), QStringLiteral("maxRedirects"), QStringLiteral("approveNewDomains"),
          QStringLiteral("allowDomains"), QStringLiteral("denyDomains"), QStringLiteral("allowLoopback")}},
        {QStringLiteral("tavily"), {QStringLiteral("baseUrl")}},
        {QStringLiteral("perplexity"), {QStringLiteral("baseUrl")}},
        {QStringLiteral("firecrawl"),
         {QStringLiteral("baseUrl"), QStringLiteral("maxAgeMs"), QStringLiteral("onlyMainContent")}},
    };
    return keys;
}

// Reads one section's values with errors that name "section.key".
class SectionReader
{
public:
    SectionReader(const QJsonObject &root, const QString &section, const QString &location)
        : m_object(root.value(section).toObject()), m_section(section), m_location(location)
    {
    }

    Error error(const QString &key, const QString &what) const
    {
        return Error(MalformedCode, Text::tr("%1.%2 %3").arg(m_section, key, what), m_location);
    }

    Result<void> number(const QString &key, qint64 lowest, qint64 highest, qint64 *out) const
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined())
            return {};
        const double number = value.toDouble(-1);
        if (!value.isDouble() || number < double(lowest) || number > double(highest) || double(qint64(number)) != number)
            return error(key, Text::tr("must be a whole number from %1 to %2").arg(lowest).arg(highest));
        *out = qint64(number);
        return {};
    }

    Result<void> boolean(const QString &key, bool *out) const
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined())
            return {};
        if (!value.isBool())
            return error(key, Text::tr("must be true or false"));
        *out = value.toBool();
        return {};
    }

    Result<void> choice(const QString &key, const QStringList &choices, int *out) const
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined())
            return {};
        const int index = choices.indexOf(value.toString());
        if (!value.isString() || index < 0)
            return error(key, Text::tr("must be one of: %1").arg(choices.join(QStringLiteral(", "))));
        *out = index;
        return {};
    }

    Result<void> string(const QString &key, QString *out) const
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined())
            return {};
        if (!value.isString() || value.toString().trimmed().isEmpty())
            return error(key, Text::tr("must be a non-empty string"));
        *out = value.toString().trimmed();
        return {};
    }

    Result<void> url(const QString &key, QUrl *out) const
    {
        QString text;
        if (const Result<void> read = string(key, &text); read.hasError())
            return read;
        if (text.isEmpty())
            return {};
        const QUrl parsed(text, QUrl::StrictMode);
        if (!parsed.isValid() || (parsed.scheme() != QLatin1String("https") && parsed.scheme() != QLatin1String("http"))
            || parsed.host().isEmpty())
            return error(key, Text::tr("must be an http or https address, not \"%1\"").arg(text));
        *out = parsed;
        return {};
    }

    Result<void> domains(const QString &key, QStringList *out) const
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined())
            return {};
        if (!value.isArray())
            return error(key, Text::tr("must be a list of domain names"));
        QStringList result;
        for (const QJsonValue &item : value.toArray()) {
            const QString domain = item.toString().trimmed().toLower();
            if (!item.isString() || domain.isEmpty() || domain.contains(QLatin1Char('/')) || domain.contains(QLatin1Char(' ')))
                return error(key, Text::tr("must be a list of domain names such as \"example.com\""));
            result.append(domain.startsWith(QLatin1Char('.')) ? domain.mid(1) : domain);
        }
        *out = result;
        return {};
    }

private:
    QJsonObject m_object;
    QString m_section;
    QString m_location;
};

bool hostMatches(const QString &host, const QStringList &domains)
{
    for (const QString &domain : domains) {
        if (host == domain || host.endsWith(QLatin1Char('.') + domain))
            return true;
    }
    return false;
}

QString sectionName(bool on, const QString &yes, const QString &no) { return on ? yes : no; }
} // namespace

QString WebSettings::path(const QString &configDir)
{
    return QDir(configDir).filePath(QStringLiteral("web.json"));
}

Result<WebSettings> WebSettings::load(const QString &configDir)
{
    const QString file = path(configDir);
    const Result<std::optional<QJsonObject>> read = readJsonObjectFile(file, MalformedCode, FormatVersion);
    if (read.hasError())
        return read.error();
    Result<WebSettings> settings = fromJson(read.value().value_or(QJsonObject()), file);
    if (settings.hasError())
        return settings;
    WebSettings result = settings.value();
    // The environment wins over the file, as for the providers' base URLs: a test or a proxy
    // setup points one run elsewhere without editing settings.
    const QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    const struct
    {
        const char *variable;
        QUrl *target;
    } overrides[] = {{"TAVILY_BASE_URL", &result.tavilyBaseUrl},
                     {"PERPLEXITY_BASE_URL", &result.perplexityBaseUrl},
                     {"FIRECRAWL_API_URL", &result.firecrawlBaseUrl}};
    for (const auto &override : overrides) {
        const QString value = environment.value(QString::fromLatin1(override.variable)).trimmed();
        if (value.isEmpty())
            continue;
        const QUrl url(value, QUrl::StrictMode);
        if (!url.isValid() || url.host().isEmpty()
            || (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http")))
            return Error(MalformedCode, Text::tr("%1 must be an http or https address, not \"%2\"")
                                            .arg(QString::fromLatin1(override.variable), value));
        *override.target = url;
    }
    return result;
}

Result<WebSettings> WebSettings::fromJson(const QJsonObject &json, const QString &location)
{
    for (auto it = json.constBegin(); it != json.constEnd(); ++it) {
        if (it.key() == QLatin1String("version"))
            continue;
        if (!knownKeys().contains(it.key()))
            return Error(MalformedCode, Text::tr("unknown section \"%1\"").arg(it.key()), location);
        if (!it.value().isObject())
            return Error(MalformedCode, Text::tr("\"%1\" must be an object").arg(it.key()), location);
        const QJsonObject section = it.value().toObject();
        for (auto key = section.constBegin(); key != section.constEnd(); ++key) {
            if (!knownKeys().value(it.key()).contains(key.key()))
                return Error(MalformedCode, Text::tr("unknown setting \"%1.%2\"").arg(it.key(), key.key()), location);
        }
    }
    WebSettings settings;
    const SectionReader search(json, QStringLiteral("search"), location);
    const SectionReader fetch(json, QStringLiteral("fetch"), location);
    const SectionReader tavily(json, QStringLiteral("tavily"), location);
    const SectionReader perplexity(json, QStringLiteral("perplexity"), location);
    const SectionReader firecrawl(json, QStringLiteral("firecrawl"), location);

    int searchBackend = int(settings.searchBackend);
    int perplexityMode = int(settings.perplexityMode);
    int fetchBackend = int(settings.fetchBackend);
    qint64 maxResults = settings.maxResults;
    qint64 ttl = settings.cacheTtl.count();
    qint64 timeout = settings.fetchTimeout.count();
    qint64 redirects = settings.maxRedirects;
    const Result<void> checks[] = {
        search.choice(QStringLiteral("backend"), {QStringLiteral("tavily"), QStringLiteral("perplexity")}, &searchBackend),
        search.number(QStringLiteral("maxResults"), 1, 20, &maxResults),
        search.choice(QStringLiteral("perplexityMode"), {QStringLiteral("search"), QStringLiteral("sonar")}, &perplexityMode),
        search.string(QStringLiteral("perplexityModel"), &settings.perplexityModel),
        fetch.choice(QStringLiteral("backend"), {QStringLiteral("builtin"), QStringLiteral("firecrawl")}, &fetchBackend),
        fetch.number(QStringLiteral("cacheTtlSeconds"), 0, 365LL * 86400, &ttl),
        fetch.number(QStringLiteral("timeoutSeconds"), 1, 600, &timeout),
        fetch.number(QStringLiteral("maxBytes"), 1024, 1024LL * 1024 * 1024, &settings.maxBytes),
        fetch.number(QStringLiteral("maxRedirects"), 0, 20, &redirects),
        fetch.boolean(QStringLiteral("approveNewDomains"), &settings.approveNewDomains),
        fetch.domains(QStringLiteral("allowDomains"), &settings.allowDomains),
        fetch.domains(QStringLiteral("denyDomains"), &settings.denyDomains),
        fetch.boolean(QStringLiteral("allowLoopback"), &settings.allowLoopback),
        tavily.url(QStringLiteral("baseUrl"), &settings.tavilyBaseUrl),
        perplexity.url(QStringLiteral("baseUrl"), &settings.perplexityBaseUrl),
        firecrawl.url(QStringLiteral("baseUrl"), &settings.firecrawlBaseUrl),
        firecrawl.number(QStringLiteral("maxAgeMs"), 0, 365LL * 86400 * 1000, &settings.firecrawlMaxAgeMs),
        firecrawl.boolean(QStringLiteral("onlyMainContent"), &settings.firecrawlOnlyMainContent),
    };
    for (const Result<void> &check : checks) {
        if (check.hasError())
            return check.error();
    }
    settings.searchBackend = SearchBackend(searchBackend);
    settings.perplexityMode = PerplexityMode(perplexityMode);
    settings.fetchBackend = FetchBackend(fetchBackend);
    settings.maxResults = int(maxResults);
    settings.cacheTtl = std::chrono::seconds(ttl);
    settings.fetchTimeout = std::chrono::seconds(timeout);
    settings.maxRedirects = int(redirects);
    return settings;
}

QJsonObject WebSettings::toJson() const
{
    const auto domainArray = [](const QStringList &domains) { return QJsonArray::fromStringList(domains); };
    return QJsonObject{
        {QStringLiteral("version"), FormatVersion},
        {QStringLiteral("search"),
         QJsonObject{{QStringLiteral("backend"),
                      sectionName(searchBackend == SearchBackend::Tavily, QStringLiteral("tavily"), QStringLiteral("perplexity"))},
                     {QStringLiteral("maxResults"), maxResults},
                     {QStringLiteral("perplexityMode"),
                      sectionName(perplexityMode == PerplexityMode::Search, QStringLiteral("search"), QStringLiteral("sonar"))},
                     {QStringLiteral("perplexityModel"), perplexityModel}}},
        {QStringLiteral("fetch"),
         QJsonObject{{QStringLiteral("backend"),
                      sectionName(fetchBackend == FetchBackend::BuiltIn, QStringLiteral("builtin"), QStringLiteral("firecrawl"))},
                     {QStringLiteral("cacheTtlSeconds"), qint64(cacheTtl.count())},
                     {QStringLiteral("timeoutSeconds"), qint64(fetchTimeout.count())},
                     {QStringLiteral("maxBytes"), maxBytes},
                     {QStringLiteral("maxRedirects"), maxRedirects},
                     {QStringLiteral("approveNewDomains"), approveNewDomains},
                     {QStringLiteral("allowDomains"), domainArray(allowDomains)},
                     {QStringLiteral("denyDomains"), domainArray(denyDomains)},
                     {QStringLiteral("allowLoopback"), allowLoopback}}},
        {QStringLiteral("tavily"), QJsonObject{{QStringLiteral("baseUrl"), tavilyBaseUrl.toString()}}},
        {QStringLiteral("perplexity"), QJsonObject{{QStringLiteral("baseUrl"), perplexityBaseUrl.toString()}}},
        {QStringLiteral("firecrawl"),
         QJsonObject{{QStringLiteral("baseUrl"), firecrawlBaseUrl.toString()},
                     {QStringLiteral("maxAgeMs"), firecrawlMaxAgeMs},
                     {QStringLiteral("onlyMainContent"), firecrawlOnlyMainContent}}},
    };
}

bool WebSettings::domainAllowed(const QString &host) const
{
    const QString name = host.toLower();
    if (hostMatches(name, denyDomains))
        return false;
    return allowDomains.isEmpty() || hostMatches(name, allowDomains);
}

QString WebSettings::loopbackWarning() const
{
    if (!allowLoopback)
        return {};
    return Text::tr("config/web.json allows fetch_url to reach loopback addresses (allowLoopback): a setting for tests "
                    "only, which lets the agent reach services on this machine. Link-local and cloud-metadata "
                    "addresses stay refused.");
}

} // namespace valis::web
