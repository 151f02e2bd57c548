#pragma once

#include "oauthhttp.h"
#include "oauthloopback.h"
#include "oauthstate.h"

#include "valis/mcp/mcpoauth.h"

#include <QNetworkAccessManager>
#include <QObject>
#include <QTimer>

#include <memory>

namespace valis {

/// The state and steps of McpOAuthAuthorizer (see mcpoauth.h). Split in two files:
/// mcpoauthauthorizer.cpp holds the tokens (load, save, refresh, the public calls) and
/// oauthflow.cpp the sign-in (discovery, registration, browser, code exchange).
class McpOAuthAuthorizer::Flow : public QObject
{
public:
    using Done = std::function<void(const Result<void> &)>;

    Flow(const QUrl &resource, const McpOAuthOptions &options);
    ~Flow() override;

    // mcpoauthauthorizer.cpp
    void prepare(std::function<void()> done);
    void authorize(const McpAuthChallenge &challenge, Done done);
    void signIn(Done done);
    void signOut(Done done);
    QByteArray authorization() const;
    bool isSignedIn() const { return m_tokens.isValid(); }
    QString issuer() const { return m_record.issuer; }
    QStringList grantedScopes() const { return m_tokens.scopes; }

private:
    // mcpoauthauthorizer.cpp: tokens
    /// Runs `work` unless a flow runs already; either way `done` gets the outcome of the one
    /// that runs (single flight).
    void exclusive(Done done, const std::function<void()> &work);
    void finishExclusive(const Result<void> &result);
    void refresh(Done done);
    void acceptTokens(const oauth::HttpAnswer &answer, const QStringList &requestedScopes, Done done);
    void persist(Done done);
    void scheduleRefresh();
    QByteArray clientAuthentication(oauth::FormFields &fields) const;
    void note(const QString &line) const;
    Error tokenError(const QString &code, const QString &what, const oauth::HttpAnswer &answer) const;

    // oauthflow.cpp: sign-in
    struct Attempt;
    void signInFlow(const McpAuthChallenge &challenge, Done done);
    void discoverResource(const std::shared_ptr<Attempt> &attempt);
    void discoverServer(const std::shared_ptr<Attempt> &attempt);
    void checkServer(const std::shared_ptr<Attempt> &attempt);
    void ensureRegistration(const std::shared_ptr<Attempt> &attempt);
    void registerDynamically(const std::shared_ptr<Attempt> &attempt);
    void openBrowser(const std::shared_ptr<Attempt> &attempt);
    void exchangeCode(const std::shared_ptr<Attempt> &attempt, const QString &code);
    void fail(const std::shared_ptr<Attempt> &attempt, const Error &error);
    /// GETs each URL in turn until one answers a JSON object; `done` gets it and where it came
    /// from, or nullopt and what each URL said.
    void firstJson(const QList<QUrl> &urls, int index, QStringList problems,
                   std::function<void(std::optional<std::pair<QUrl, QJsonObject>>, const QStringList &)> done);

    QUrl m_endpoint;
    QString m_resourceKey; ///< the canonical resource: the key of its tokens
    McpOAuthOptions m_options;
    QNetworkAccessManager *m_network = nullptr;
    std::unique_ptr<QNetworkAccessManager> m_ownNetwork;
    oauth::Vault m_vault;
    oauth::IssuerRecord m_record;  ///< issuer, metadata and registration in use
    QString m_resourceIndicator;   ///< the RFC 8707 `resource` sent
    oauth::TokenSet m_tokens;
    bool m_refreshFailed = false;  ///< refresh once per token: a failed refresh is not retried
    bool m_busy = false;
    QList<Done> m_waiters;
    QTimer m_refreshTimer;
    std::unique_ptr<oauth::LoopbackReceiver> m_loopback;
    QTimer m_signInTimer;
};

} // namespace valis
