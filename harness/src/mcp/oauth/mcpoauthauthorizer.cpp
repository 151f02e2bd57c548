// McpOAuthAuthorizer: the tokens (load, save, refresh) and the public calls. The sign-in itself
// (discovery, registration, browser, code exchange) is in oauthflow.cpp.
#include "oauthflow.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpOAuthAuthorizer)
};

/// Refresh this long before the token's end, so no request meets an expired token.
constexpr qint64 RefreshMarginMs = 60 * 1000;

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

McpOAuthAuthorizer::McpOAuthAuthorizer(const QUrl &resource, const McpOAuthOptions &options)
    : d(std::make_unique<Flow>(resource, options))
{
}

McpOAuthAuthorizer::~McpOAuthAuthorizer() = default;

void McpOAuthAuthorizer::prepare(std::function<void()> done) { d->prepare(std::move(done)); }
QByteArray McpOAuthAuthorizer::authorization() const { return d->authorization(); }
void McpOAuthAuthorizer::authorize(const McpAuthChallenge &challenge, std::function<void(const Result<void> &)> done)
{
    d->authorize(challenge, std::move(done));
}
void McpOAuthAuthorizer::signIn(std::function<void(const Result<void> &)> done) { d->signIn(std::move(done)); }
void McpOAuthAuthorizer::signOut(std::function<void(const Result<void> &)> done) { d->signOut(std::move(done)); }
bool McpOAuthAuthorizer::isSignedIn() const { return d->isSignedIn(); }
QString McpOAuthAuthorizer::issuer() const { return d->issuer(); }
QStringList McpOAuthAuthorizer::grantedScopes() const { return d->grantedScopes(); }

McpOAuthAuthorizer::Flow::Flow(const QUrl &resource, const McpOAuthOptions &options)
    : m_endpoint(resource),
      m_resourceKey(McpOAuth::canonicalResource(resource).toString()),
      m_options(options),
      m_network(options.network),
      m_vault(options.credentials)
{
    if (!m_network) {
        m_ownNetwork = std::make_unique<QNetworkAccessManager>();
        m_network = m_ownNetwork.get();
    }
    m_resourceIndicator = m_resourceKey;
    m_refreshTimer.setSingleShot(true);
    connect(&m_refreshTimer, &QTimer::timeout, this, [this] {
        if (m_busy || m_tokens.refreshToken.isEmpty() || m_refreshFailed)
            return;
        if (m_tokens.expiresAtMs - RefreshMarginMs > nowMs() + 1000) {
            scheduleRefresh(); // a long-lived token: the timer waits at most a day at a time
            return;
        }
        exclusive([](const Result<void> &) {}, [this] { refresh([this](const Result<void> &r) { finishExclusive(r); }); });
    });
    m_signInTimer.setSingleShot(true);
}

McpOAuthAuthorizer::Flow::~Flow()
{
    const QList<Done> waiters = std::exchange(m_waiters, {});
    const Error cancelled(QStringLiteral("mcp.oauth-cancelled"), Text::tr("the sign-in was abandoned"));
    for (const Done &waiter : waiters)
        waiter(cancelled);
}

void McpOAuthAuthorizer::Flow::note(const QString &line) const
{
    if (m_options.log)
        m_options.log(line);
}

QByteArray McpOAuthAuthorizer::Flow::authorization() const
{
    if (!m_tokens.isValid())
        return {};
    return QByteArrayLiteral("Bearer ") + m_tokens.accessToken.toUtf8();
}

void McpOAuthAuthorizer::Flow::exclusive(Done done, const std::function<void()> &work)
{
    m_waiters.append(std::move(done));
    if (m_busy)
        return;
    m_busy = true;
    work();
}

void McpOAuthAuthorizer::Flow::finishExclusive(const Result<void> &result)
{
    // Always later: callers are promised their callback after their call returned.
    QMetaObject::invokeMethod(this, [this, result] {
        m_busy = false;
        const QList<Done> waiters = std::exchange(m_waiters, {});
        for (const Done &waiter : waiters)
            waiter(result);
    }, Qt::QueuedConnection);
}

void McpOAuthAuthorizer::Flow::prepare(std::function<void()> done)
{
    m_vault.load(m_resourceKey, this, [this, done](const Result<std::optional<oauth::IssuerRecord>> &loaded) {
        if (loaded.hasError()) {
            note(Text::tr("stored sign-in not read: %1").arg(loaded.error().message));
        } else if (loaded.value()) {
            m_record = *loaded.value();
            m_tokens = oauth::TokenSet::fromJson(m_record.tokensByResource.value(m_resourceKey).toObject());
            m_record.tokensByResource = {};
            if (!m_tokens.resource.isEmpty())
                m_resourceIndicator = m_tokens.resource;
        }
        const bool expiring = m_tokens.expiresAtMs > 0 && m_tokens.expiresAtMs - RefreshMarginMs <= nowMs();
        if (m_tokens.isValid() && expiring && !m_tokens.refreshToken.isEmpty()) {
            exclusive([done](const Result<void> &) { done(); },
                      [this] { refresh([this](const Result<void> &r) { finishExclusive(r); }); });
            return;
        }
        if (m_tokens.isValid() && expiring)
            m_tokens = {}; // expired and nothing to renew it with: sign in when the server asks
        scheduleRefresh();
        done();
    });
}

void McpOAuthAuthorizer::Flow::authorize(const McpAuthChallenge &challenge, Done done)
{
    exclusive(std::move(done), [this, challenge] {
        auto finish = [this](const Result<void> &r) { finishExclusive(r); };
        // Sent before the token changed (another request's sign-in or refresh): try the new one.
        if (m_tokens.isValid() && challenge.authorization != authorization()) {
            finish(success());
            return;
        }
        if (challenge.status == 401 && !m_tokens.refreshToken.isEmpty() && !m_refreshFailed) {
            refresh([this, challenge, finish](const Result<void> &refreshed) {
                if (refreshed.ok()) {
                    finish(refreshed);
                    return;
                }
                note(Text::tr("refreshing failed (%1): signing in again").arg(refreshed.error().message));
                signInFlow(challenge, finish);
            });
            return;
        }
        signInFlow(challenge, finish);
    });
}

void McpOAuthAuthorizer::Flow::signIn(Done done)
{
    exclusive(std::move(done), [this] {
        McpAuthChallenge challenge;
        challenge.resource = m_endpoint;
        signInFlow(challenge, [this](const Result<void> &r) { finishExclusive(r); });
    });
}

void McpOAuthAuthorizer::Flow::signOut(Done done)
{
    exclusive(std::move(done), [this] {
        const auto forget = [this] {
            m_tokens = {};
            m_refreshTimer.stop();
            if (m_record.registration.kind != oauth::Registration::Kind::PreRegistered)
                m_record.registration = {};
            m_vault.forget(m_resourceKey, m_record.issuer, this, [this](const Result<void> &r) {
                note(Text::tr("signed out"));
                finishExclusive(r);
            });
        };
        if (!m_record.issuer.isEmpty()) {
            forget();
            return;
        }
        // An authoriser made just to sign out (valis-cli mcp logout, Settings) has read nothing
        // yet: without the issuer the tokens, kept under it, would stay.
        m_vault.load(m_resourceKey, this, [this, forget](const Result<std::optional<oauth::IssuerRecord>> &loaded) {
            if (loaded.ok() && loaded.value()) {
                m_record = *loaded.value();
                m_record.tokensByResource = {};
            }
            forget();
        });
    });
}

QByteArray McpOAuthAuthorizer::Flow::clientAuthentication(oauth::FormFields &fields) const
{
    const oauth::Registration &registration = m_record.registration;
    QString method = registration.authMethod;
    if (method.isEmpty()) {
        // RFC 7591 §2: an unnamed method is client_secret_basic; a client without secret is public.
        const std::optional<QStringList> &supported = m_record.metadata.tokenEndpointAuthMethods;
        if (registration.clientSecret.isEmpty())
            method = QStringLiteral("none");
        else if (supported && !supported->contains(QLatin1String("client_secret_basic"))
                 && supported->contains(QLatin1String("client_secret_post")))
            method = QStringLiteral("client_secret_post");
        else
            method = QStringLiteral("client_secret_basic");
    }
    if (registration.clientSecret.isEmpty())
        method = QStringLiteral("none");
    if (method == QLatin1String("client_secret_basic")) {
        // RFC 6749 §2.3.1: both parts form-encoded before Base64.
        const QByteArray pair = QUrl::toPercentEncoding(registration.clientId) + ':'
            + QUrl::toPercentEncoding(registration.clientSecret);
        return QByteArrayLiteral("Basic ") + pair.toBase64();
    }
    fields.append({QStringLiteral("client_id"), registration.clientId});
    if (method == QLatin1String("client_secret_post"))
        fields.append({QStringLiteral("client_secret"), registration.clientSecret});
    return {};
}

Error McpOAuthAuthorizer::Flow::tokenError(const QString &code, const QString &what, const oauth::HttpAnswer &answer) const
{
    return Error(code, Text::tr("%1 at %2 failed: %3").arg(what, m_record.metadata.tokenEndpoint.toString(), answer.describe()));
}

void McpOAuthAuthorizer::Flow::refresh(Done done)
{
    if (m_tokens.refreshToken.isEmpty() || !m_record.metadata.tokenEndpoint.isValid() || !m_record.registration.isValid()) {
        m_refreshFailed = true;
        QMetaObject::invokeMethod(this, [done] {
            done(Error(QStringLiteral("mcp.oauth-refresh-failed"), Text::tr("there is no refresh token to renew the sign-in with")));
        }, Qt::QueuedConnection);
        return;
    }
    note(Text::tr("refreshing the access token"));
    oauth::FormFields fields{{QStringLiteral("grant_type"), QStringLiteral("refresh_token")},
                             {QStringLiteral("refresh_token"), m_tokens.refreshToken},
                             {QStringLiteral("resource"), m_resourceIndicator}};
    const QByteArray header = clientAuthentication(fields);
    const QStringList scopes = m_tokens.scopes;
    oauth::postForm(m_network, m_record.metadata.tokenEndpoint, fields, header, m_options.requestTimeoutMs, this,
                    [this, scopes, done](const oauth::HttpAnswer &answer) {
        if (answer.ok() && answer.isJson) {
            acceptTokens(answer, scopes, done);
            return;
        }
        m_refreshFailed = true;
        const QString error = answer.oauthError();
        if (error == QLatin1String("invalid_grant") || error == QLatin1String("invalid_client")) {
            // The grant (or the client) is gone: nothing stored is worth another try.
            m_tokens = {};
            if (error == QLatin1String("invalid_client") && m_record.registration.kind != oauth::Registration::Kind::PreRegistered)
                m_record.registration = {};
            persist([](const Result<void> &) {});
        }
        done(tokenError(QStringLiteral("mcp.oauth-refresh-failed"), Text::tr("Renewing the sign-in"), answer));
    });
}

void McpOAuthAuthorizer::Flow::acceptTokens(const oauth::HttpAnswer &answer, const QStringList &requestedScopes, Done done)
{
    const QString accessToken = answer.json.value(QStringLiteral("access_token")).toString();
    const QString tokenType = answer.json.value(QStringLiteral("token_type")).toString(QStringLiteral("Bearer"));
    if (accessToken.isEmpty() || tokenType.compare(QLatin1String("Bearer"), Qt::CaseInsensitive) != 0) {
        done(Error(QStringLiteral("mcp.oauth-token-failed"),
                   accessToken.isEmpty()
                       ? Text::tr("the authorization server's token answer holds no access_token")
                       : Text::tr("the authorization server issued a \"%1\" token; Valis uses Bearer tokens only").arg(tokenType)));
        return;
    }
    oauth::TokenSet tokens;
    tokens.accessToken = accessToken;
    // A refresh answer without a new refresh token leaves the old one valid (RFC 6749 §6).
    tokens.refreshToken = answer.json.value(QStringLiteral("refresh_token")).toString(m_tokens.refreshToken);
    const QJsonValue scope = answer.json.value(QStringLiteral("scope"));
    tokens.scopes = scope.isString() ? scope.toString().split(QLatin1Char(' '), Qt::SkipEmptyParts) : requestedScopes;
    const QJsonValue expiresIn = answer.json.value(QStringLiteral("expires_in"));
    const qint64 seconds = expiresIn.isString() ? expiresIn.toString().toLongLong() : qint64(expiresIn.toDouble());
    tokens.expiresAtMs = seconds > 0 ? nowMs() + seconds * 1000 : 0;
    tokens.resource = m_resourceIndicator;
    m_tokens = tokens;
    m_refreshFailed = false;
    scheduleRefresh();
    // Reported once kept, so a sign-in that succeeded survives the authoriser's end.
    persist([this, done](const Result<void> &saved) {
        if (saved.hasError())
            note(Text::tr("the sign-in is not kept for next time: %1").arg(saved.error().message));
        done(success());
    });
}

void McpOAuthAuthorizer::Flow::persist(Done done)
{
    if (m_record.issuer.isEmpty()) {
        QMetaObject::invokeMethod(this, [done] { done(success()); }, Qt::QueuedConnection);
        return;
    }
    oauth::IssuerRecord record = m_record;
    record.tokensByResource = {};
    if (m_tokens.isValid())
        record.tokensByResource.insert(m_resourceKey, m_tokens.toJson());
    m_vault.save(m_resourceKey, record, this, std::move(done));
}

void McpOAuthAuthorizer::Flow::scheduleRefresh()
{
    m_refreshTimer.stop();
    if (!m_tokens.isValid() || m_tokens.refreshToken.isEmpty() || m_tokens.expiresAtMs <= 0)
        return;
    const qint64 wait = std::clamp<qint64>(m_tokens.expiresAtMs - RefreshMarginMs - nowMs(), 0, 24LL * 3600 * 1000);
    m_refreshTimer.start(int(wait));
}

} // namespace valis
