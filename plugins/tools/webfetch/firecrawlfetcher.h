#pragma once

#include "documentconverter.h"
#include "fetchtypes.h"
#include "rest/restclient.h"
#include "websettings.h"

#include <atomic>

namespace valis::web {

/// fetch_url through Firecrawl: one POST /v2/scrape (formats, onlyMainContent, maxAge,
/// timeout) to WebSettings::firecrawlBaseUrl with the key as a bearer token, the answer turned
/// into a FetchedPage. Errors ({success:false, error, code?}) become messages that say what to
/// do; 408, 429 and 5xx are retryable, a 429 with its Retry-After. Firecrawl's own retries are
/// left to the tool orchestrator, so a 429 waits where every other retry waits.
///
/// fetch() blocks on a local event loop: call it on a worker thread.
class FirecrawlFetcher
{
public:
    FirecrawlFetcher(const WebSettings &settings, const QString &apiKey);

    FetchResult<FetchedPage> fetch(const QUrl &url, DocumentFormat format, const std::atomic_bool *cancelled) const;

    /// The scrape request's JSON body for `url` in `format`.
    QJsonObject requestBody(const QUrl &url, DocumentFormat format) const;
    /// The message of a Firecrawl error response, for the model.
    static Error errorFor(const rest::Response &response);

private:
    WebSettings m_settings;
    rest::Client m_client;
};

} // namespace valis::web
