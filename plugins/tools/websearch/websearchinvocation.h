#pragma once

#include "perplexitysearch.h"
#include "searchtypes.h"
#include "websettings.h"

#include "valis/credentials/credentialstore.h"
#include "valis/plugins/toolinvocation.h"

#include <QPointer>

class QNetworkAccessManager;
class QNetworkReply;

namespace valis::websearch {

/// One running web_search call (turn-scoped), on the thread that invoked it and never blocking
/// it: resolves the service's key (keychain account, then the environment variable), sends one
/// request with its own QNetworkAccessManager, reads a sonar answer as it streams, and finishes
/// with the results for the model (SearchOutcome::toText) and the same as JSON in the result
/// part's wire["valis"]["web_search"]. A failure is an error result in words the model can act
/// on; a 429, a 5xx and a dropped or cut connection are marked retryable (with the service's
/// Retry-After) so the orchestrator's tool retry policy tries again. One attempt per
/// invocation: retrying is the orchestrator's.
class WebSearchInvocation : public ToolInvocation
{
    Q_OBJECT

public:
    /// `query` has its domain lists already planned (planDomains); `notes` are said to the model
    /// with the results. `credentials` may be null (environment variables only).
    WebSearchInvocation(const SearchQuery &query, const QStringList &notes, const web::WebSettings &settings,
                        CredentialStore *credentials, const QString &callId, QObject *parent);
    ~WebSearchInvocation() override;

    void cancel() override;

    /// Characters of raw page content shown to the model per result.
    static constexpr qsizetype RawContentLimit = 20000;

private:
    void keyResolved(const Result<ApiKey> &key);
    void readStream();
    void replyFinished();
    void succeed(SearchOutcome outcome);
    void fail(const SearchFailure &failure);
    void finish(const QString &text, bool isError, const QJsonObject &structured);
    QString serviceName() const;

    SearchQuery m_query;
    QStringList m_notes;
    web::WebSettings m_settings;
    QString m_callId;
    QString m_keySource;
    QNetworkAccessManager *m_network = nullptr;
    QPointer<QNetworkReply> m_reply;
    bool m_streamed = false;
    perplexity::SonarStream m_stream;
    bool m_cancelled = false;
    bool m_done = false;
};

} // namespace valis::websearch
