#pragma once

#include "threadedtool.h"

#include <QString>

#include <memory>

namespace valis {
class CredentialStore;
}

namespace valis::web {

/// Where fetch_url finds what it needs: the config folder holding config/web.json (read again
/// at each call, so a change applies to the next one), the cache folder, and the keychain for
/// the Firecrawl key (nullptr: FIRECRAWL_API_KEY only).
struct FetchToolEnvironment
{
    QString configDir;
    QString cacheDir;
    CredentialStore *credentials = nullptr; ///< the host's; outlives the plugin
};

/// The file fetch_url's cache lives in, under `cacheDir`.
QString fetchCachePath(const QString &cacheDir);

/// fetch_url(url, format): a page as Markdown, text or HTML, through the built-in backend
/// (BuiltInFetcher + convertDocument) or Firecrawl (FirecrawlFetcher) as config/web.json says,
/// from the local cache while it is fresh (FetchCache). The result starts with a short header
/// (URL, final URL, title, status, content type, whether it came from the cache).
std::unique_ptr<tools::ThreadedTool> makeFetchUrlTool(const FetchToolEnvironment &environment);

/// The provider ("web-fetch") offering fetch_url.
std::unique_ptr<ToolProvider> makeWebFetchToolProvider(const FetchToolEnvironment &environment);

} // namespace valis::web
