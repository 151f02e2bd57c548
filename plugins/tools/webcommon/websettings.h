#pragma once

#include "valis/core/result.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <chrono>

namespace valis::web {

/// Which service answers web_search.
enum class SearchBackend { Tavily, Perplexity };
/// How fetch_url fetches: its own HTTP GET and HTML parser, or Firecrawl's /v2/scrape.
enum class FetchBackend { BuiltIn, Firecrawl };
/// Which Perplexity API web_search uses: the Search API (ranked results) or a sonar chat
/// model (an answer with citations and search results, streamed).
enum class PerplexityMode { Search, Sonar };

/// The web tools' settings: config/web.json, with the base URLs overridden by TAVILY_BASE_URL,
/// PERPLEXITY_BASE_URL and FIRECRAWL_API_URL. Keys never live here: they are in the keychain
/// (accounts "tavily", "perplexity", "firecrawl") or TAVILY_API_KEY, PERPLEXITY_API_KEY,
/// FIRECRAWL_API_KEY.
///
/// ```json
/// {"version": 1,
///  "search": {"backend": "tavily", "maxResults": 5, "perplexityMode": "search", "perplexityModel": "sonar"},
///  "fetch": {"backend": "builtin", "cacheTtlSeconds": 86400, "timeoutSeconds": 30,
///            "maxBytes": 10485760, "maxRedirects": 5, "approveNewDomains": true,
///            "allowDomains": [], "denyDomains": [], "allowLoopback": false},
///  "tavily": {"baseUrl": "https://api.tavily.com"},
///  "perplexity": {"baseUrl": "https://api.perplexity.ai"},
///  "firecrawl": {"baseUrl": "https://api.firecrawl.dev", "maxAgeMs": 172800000, "onlyMainContent": true}}
/// ```
struct WebSettings
{
    SearchBackend searchBackend = SearchBackend::Tavily;
    int maxResults = 5;
    PerplexityMode perplexityMode = PerplexityMode::Search;
    QString perplexityModel = QStringLiteral("sonar");

    FetchBackend fetchBackend = FetchBackend::BuiltIn;
    std::chrono::seconds cacheTtl{86400}; ///< 0: no cache
    std::chrono::seconds fetchTimeout{30};
    qint64 maxBytes = 10LL * 1024 * 1024;
    int maxRedirects = 5;
    /// fetch_url asks before reaching a domain no rule or earlier answer allows.
    bool approveNewDomains = true;
    /// Domains (and their subdomains) fetch_url and web_search may reach; empty: any.
    QStringList allowDomains;
    /// Domains (and their subdomains) they never reach; wins over allowDomains.
    QStringList denyDomains;
    /// Test only: fetch_url may reach loopback addresses (127.0.0.0/8, ::1). Never link-local,
    /// private or cloud-metadata addresses. Shown as a warning wherever it is on.
    bool allowLoopback = false;

    QUrl tavilyBaseUrl{QStringLiteral("https://api.tavily.com")};
    QUrl perplexityBaseUrl{QStringLiteral("https://api.perplexity.ai")};
    QUrl firecrawlBaseUrl{QStringLiteral("https://api.firecrawl.dev")};
    qint64 firecrawlMaxAgeMs = 172800000;
    bool firecrawlOnlyMainContent = true;

    /// config/web.json in `configDir` (missing: the defaults), then the environment's base URLs.
    /// A malformed file or a wrong value is an Error ("web.settings") naming the key.
    static Result<WebSettings> load(const QString &configDir);
    static Result<WebSettings> fromJson(const QJsonObject &json, const QString &location = {});
    QJsonObject toJson() const;
    static QString path(const QString &configDir);

    /// Whether `host` may be reached under allowDomains/denyDomains (case-insensitive, a rule
    /// "example.com" covering "docs.example.com").
    bool domainAllowed(const QString &host) const;
    /// The warning to show while allowLoopback is on; empty when it is off.
    QString loopbackWarning() const;
};

} // namespace valis::web
