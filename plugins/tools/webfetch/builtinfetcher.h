#pragma once

#include "addresspolicy.h"
#include "fetchtypes.h"
#include "websettings.h"

#include <QDeadlineTimer>
#include <QUrl>

#include <atomic>

namespace valis::web {

/// fetch_url's own HTTP GET, behind the SSRF guard: only http and https; the host IDNA-encoded,
/// checked against the domain rules and metadata names, resolved once, every address checked
/// (AddressPolicy), and the connection made to that checked address (the URL's host replaced by
/// it, the Host header and the TLS peer name set to the host), so a second DNS answer cannot
/// send it elsewhere. No proxy, no cookies, a fixed User-Agent. Redirects are followed by hand,
/// each hop checked again; one to another host is not followed but returned
/// (HttpDocument::redirectedElsewhere). The body is cut off at maxBytes and the whole fetch at
/// the timeout, both reported as failures.
///
/// fetch() blocks on a local event loop: call it on a worker thread, never the GUI thread.
class BuiltInFetcher
{
public:
    explicit BuiltInFetcher(const WebSettings &settings);

    FetchResult<HttpDocument> fetch(const QUrl &url, const std::atomic_bool *cancelled) const;

    /// The checks that need no network (scheme, credentials, domain rules, metadata names,
    /// literal addresses), shared with the Firecrawl backend; nothing when `url` passes.
    std::optional<FetchFailure> checkWithoutLookup(const QUrl &url) const;

    static QByteArray userAgent();

private:
    FetchResult<QList<QHostAddress>> resolve(const QString &host, const QDeadlineTimer &deadline,
                                             const std::atomic_bool *cancelled) const;
    FetchResult<HttpDocument> get(const QUrl &url, const QHostAddress &address, const QDeadlineTimer &deadline,
                                  const std::atomic_bool *cancelled, bool *connectFailed) const;

    WebSettings m_settings;
    AddressPolicy m_policy;
};

} // namespace valis::web
