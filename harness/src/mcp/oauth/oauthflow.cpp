// McpOAuthAuthorizer's sign-in, step by step as the MCP authorization spec orders it:
// protected-resource metadata -> authorization-server metadata -> PKCE check -> registration ->
// browser with loopback redirect -> code exchange.
#include "oauthflow.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QRandomGenerator>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpOAuthAuthorizer)
};

QByteArray randomToken()
{
    QByteArray bytes(16, Qt::Uninitialized);
    QRandomGenerator::system()->generate(reinterpret_cast<quint32 *>(bytes.data()),
                                         reinterpret_cast<quint32 *>(bytes.data() + bytes.size()));
    return bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

QString withoutTrailingSlash(QString text)
{
    while (text.endsWith(QLatin1Char('/')))
        text.chop(1);
    return text;
}

QUrl originOf(const QUrl &url)
{
    QUrl origin;
    origin.setScheme(url.scheme());
    origin.setHost(url.host());
    origin.setPort(url.port());
    return origin;
}

QStringList stringList(const QJsonValue &value)
{
    QStringList out;
    const QJsonArray array = value.toArray();
    for (const QJsonValue &item : array) {
        if (item.isString() && !item.toString().isEmpty())
            out.append(item.toString());
    }
    return out;
}

} // namespace

/// One sign-in on its way.
struct McpOAuthAuthorizer::Flow::Attempt
{
    McpAuthChallenge challenge;
    Done done;
    bool legacy = false;           ///< no resource metadata: the 2025-03-26 rules
    QUrl authorizationServer;
    QStringList scopesSupported;   ///< the resource metadata's
    oauth::ServerMetadata metadata;
    QStringList scopes;
    QUrl redirectUri;
    QByteArray verifier;
    QByteArray state;
    bool registeredAgain = false;
    bool finished = false;
};

void McpOAuthAuthorizer::Flow::fail(const std::shared_ptr<Attempt> &attempt, const Error &error)
{
    if (attempt->finished)
        return;
    attempt->finished = true;
    m_signInTimer.stop();
    m_signInTimer.disconnect(this);
    if (m_loopback)
        m_loopback->close();
    note(Text::tr("sign-in failed: %1").arg(error.message));
    attempt->done(error);
}

void McpOAuthAuthorizer::Flow::firstJson(
    const QList<QUrl> &urls, int index, QStringList problems,
    std::function<void(std::optional<std::pair<QUrl, QJsonObject>>, const QStringList &)> done)
{
    if (index >= urls.size()) {
        done(std::nullopt, problems);
        return;
    }
    const QUrl url = urls.at(index);
    oauth::getJson(m_network, url, m_options.requestTimeoutMs, this,
                   [this, urls, index, problems, done, url](const oauth::HttpAnswer &answer) mutable {
        if (answer.ok() && answer.isJson) {
            done(std::make_pair(url, answer.json), problems);
            return;
        }
        problems.append(url.toString() + QStringLiteral(": ") + (answer.ok() ? Text::tr("not JSON") : answer.describe()));
        firstJson(urls, index + 1, problems, done);
    });
}

void McpOAuthAuthorizer::Flow::signInFlow(const McpAuthChallenge &challenge, Done done)
{
    auto attempt = std::make_shared<Attempt>();
    attempt->challenge = challenge;
    attempt->done = std::move(done);
    discoverResource(attempt);
}

void McpOAuthAuthorizer::Flow::discoverResource(const std::shared_ptr<Attempt> &attempt)
{
    QList<QUrl> urls;
    const QUrl named(attempt->challenge.parameters.value(QStringLiteral("resource_metadata")));
    if (named.isValid() && !named.isRelative())
        urls.append(named);
    for (const QUrl &url : McpOAuth::protectedResourceMetadataUrls(m_endpoint)) {
        if (!urls.contains(url))
            urls.append(url);
    }
    firstJson(urls, 0, {}, [this, attempt](std::optional<std::pair<QUrl, QJsonObject>> found, const QStringList &) {
        if (!found) {
            // 2025-03-26: no resource metadata; the MCP server's origin is the authorization server.
            attempt->legacy = true;
            attempt->authorizationServer = originOf(m_endpoint);
            m_resourceIndicator = m_resourceKey;
            note(Text::tr("no protected-resource metadata: trying %1 as the authorization server (2025-03-26 rules)")
                     .arg(attempt->authorizationServer.toString()));
            discoverServer(attempt);
            return;
        }
        const QUrl source = found->first;
        const QJsonObject prm = found->second;
        const QString resource = prm.value(QStringLiteral("resource")).toString();
        if (!resource.isEmpty() && !McpOAuth::resourceCovers(QUrl(resource), m_endpoint)) {
            fail(attempt, Error(QStringLiteral("mcp.oauth-resource-mismatch"),
                                Text::tr("the protected-resource metadata at %1 is for %2, not for %3; Valis will not "
                                         "send a sign-in meant for another server")
                                    .arg(source.toString(), resource, m_endpoint.toString())));
            return;
        }
        const QStringList servers = stringList(prm.value(QStringLiteral("authorization_servers")));
        const QUrl server(servers.value(0));
        if (!server.isValid() || server.host().isEmpty()) {
            fail(attempt, Error(QStringLiteral("mcp.oauth-bad-metadata"),
                                Text::tr("the protected-resource metadata at %1 names no authorization server")
                                    .arg(source.toString())));
            return;
        }
        attempt->authorizationServer = server;
        attempt->scopesSupported = stringList(prm.value(QStringLiteral("scopes_supported")));
        m_resourceIndicator = resource.isEmpty() ? m_resourceKey : resource;
        note(Text::tr("authorization server: %1").arg(server.toString()));
        discoverServer(attempt);
    });
}

void McpOAuthAuthorizer::Flow::discoverServer(const std::shared_ptr<Attempt> &attempt)
{
    const QList<QUrl> urls = McpOAuth::authorizationServerMetadataUrls(attempt->authorizationServer);
    firstJson(urls, 0, {}, [this, attempt](std::optional<std::pair<QUrl, QJsonObject>> found, const QStringList &problems) {
        if (!found) {
            if (attempt->legacy) {
                note(Text::tr("no authorization-server metadata: using the default endpoints /authorize, /token, /register"));
                attempt->metadata = oauth::ServerMetadata::defaultsFor(attempt->authorizationServer);
                checkServer(attempt);
                return;
            }
            fail(attempt, Error(QStringLiteral("mcp.oauth-discovery"),
                                Text::tr("the authorization server %1 publishes no metadata Valis can read (%2)")
                                    .arg(attempt->authorizationServer.toString(), problems.join(QStringLiteral("; ")))));
            return;
        }
        Result<oauth::ServerMetadata> metadata = oauth::ServerMetadata::fromJson(found->second, found->first);
        if (metadata.hasError()) {
            fail(attempt, metadata.error());
            return;
        }
        const QString expected = attempt->authorizationServer.toString();
        if (metadata->issuer.isEmpty())
            metadata->issuer = expected;
        // RFC 8414 §3.3; the 2025-03-26 servers put their metadata at the origin whatever the issuer.
        if (!attempt->legacy && withoutTrailingSlash(metadata->issuer) != withoutTrailingSlash(expected)) {
            fail(attempt, Error(QStringLiteral("mcp.oauth-issuer-mismatch"),
                                Text::tr("the metadata at %1 names issuer %2, not %3: refused (RFC 8414 §3.3)")
                                    .arg(found->first.toString(), metadata->issuer, expected)));
            return;
        }
        attempt->metadata = metadata.value();
        checkServer(attempt);
    });
}

void McpOAuthAuthorizer::Flow::checkServer(const std::shared_ptr<Attempt> &attempt)
{
    const oauth::ServerMetadata &metadata = attempt->metadata;
    if (!metadata.defaults && (!metadata.codeChallengeMethods || !metadata.codeChallengeMethods->contains(QLatin1String("S256")))) {
        fail(attempt, Error(QStringLiteral("mcp.oauth-no-pkce"),
                            Text::tr("the authorization server %1 does not say it supports PKCE with S256 "
                                     "(code_challenge_methods_supported), which MCP requires; Valis will not sign in "
                                     "there. Ask the server's operator to enable PKCE.")
                                .arg(metadata.issuer)));
        return;
    }
    // Scope selection (MCP 2025-11-25): the challenge's, else the resource's scopes_supported,
    // else the configured ones. A step-up keeps what was granted, so it does not lose scope.
    attempt->scopes = McpOAuth::selectScopes(attempt->challenge.parameters.value(QStringLiteral("scope")),
                                             attempt->scopesSupported, m_options.scopes);
    if (attempt->challenge.status == 403) {
        for (const QString &granted : std::as_const(m_tokens.scopes)) {
            if (!attempt->scopes.contains(granted))
                attempt->scopes.append(granted);
        }
    }
    if (m_record.issuer == metadata.issuer) {
        m_record.metadata = metadata;
        ensureRegistration(attempt);
        return;
    }
    // Another authorization server than the one remembered: its own registration, if any.
    m_vault.loadIssuer(metadata.issuer, this, [this, attempt](const Result<std::optional<oauth::IssuerRecord>> &loaded) {
        m_record = {};
        if (loaded.ok() && loaded.value())
            m_record.registration = loaded.value()->registration;
        m_record.issuer = attempt->metadata.issuer;
        m_record.metadata = attempt->metadata;
        ensureRegistration(attempt);
    });
}

void McpOAuthAuthorizer::Flow::ensureRegistration(const std::shared_ptr<Attempt> &attempt)
{
    using Kind = oauth::Registration::Kind;
    const oauth::ServerMetadata &metadata = attempt->metadata;
    oauth::Registration &registration = m_record.registration;
    if (!m_loopback)
        m_loopback = std::make_unique<oauth::LoopbackReceiver>();
    const quint16 port = registration.kind == Kind::Dynamic ? quint16(registration.redirectUri.port(0)) : 0;
    const Result<QUrl> redirect = m_loopback->listen(port);
    if (redirect.hasError()) {
        fail(attempt, redirect.error());
        return;
    }
    attempt->redirectUri = redirect.value();

    if (!m_options.clientId.isEmpty()) {
        registration = {};
        registration.kind = Kind::PreRegistered;
        registration.clientId = m_options.clientId;
        registration.clientSecret = m_options.clientSecret;
        openBrowser(attempt);
        return;
    }
    const bool secretExpired = registration.secretExpiresAt > 0
        && registration.secretExpiresAt <= QDateTime::currentSecsSinceEpoch();
    const bool keep = (registration.kind == Kind::Dynamic && !secretExpired)
        || (registration.kind == Kind::MetadataDocument && metadata.clientIdMetadataDocumentSupported
            && registration.clientId == m_options.clientMetadataUrl);
    if (keep) {
        openBrowser(attempt);
        return;
    }
    registration = {};
    if (metadata.clientIdMetadataDocumentSupported && !m_options.clientMetadataUrl.isEmpty()) {
        registration.kind = Kind::MetadataDocument;
        registration.clientId = m_options.clientMetadataUrl;
        registration.authMethod = QStringLiteral("none");
        note(Text::tr("identifying Valis by its client metadata document"));
        openBrowser(attempt);
        return;
    }
    if (metadata.registrationEndpoint.isValid()) {
        registerDynamically(attempt);
        return;
    }
    fail(attempt, Error(QStringLiteral("mcp.oauth-no-registration"),
                        Text::tr("the authorization server %1 lets no client register itself (no registration_endpoint, "
                                 "no client metadata documents): register Valis there by hand and put its client id "
                                 "(and secret) in this server's \"oauth\" settings in config/mcp.json")
                            .arg(metadata.issuer)));
}

void McpOAuthAuthorizer::Flow::registerDynamically(const std::shared_ptr<Attempt> &attempt)
{
    // A native app is a public client (RFC 8252 §8.4) where the server allows it.
    const std::optional<QStringList> &supported = attempt->metadata.tokenEndpointAuthMethods;
    QString method = QStringLiteral("none");
    if (supported && !supported->contains(method)) {
        if (supported->contains(QLatin1String("client_secret_basic")))
            method = QStringLiteral("client_secret_basic");
        else if (supported->contains(QLatin1String("client_secret_post")))
            method = QStringLiteral("client_secret_post");
    }
    QJsonObject request{{QStringLiteral("client_name"), QStringLiteral("Valis")},
                        {QStringLiteral("redirect_uris"), QJsonArray{attempt->redirectUri.toString()}},
                        {QStringLiteral("grant_types"), QJsonArray{QStringLiteral("authorization_code"), QStringLiteral("refresh_token")}},
                        {QStringLiteral("response_types"), QJsonArray{QStringLiteral("code")}},
                        {QStringLiteral("token_endpoint_auth_method"), method},
                        {QStringLiteral("application_type"), QStringLiteral("native")}};
    if (!attempt->scopes.isEmpty())
        request.insert(QStringLiteral("scope"), attempt->scopes.join(QLatin1Char(' ')));
    note(Text::tr("registering Valis with %1").arg(attempt->metadata.registrationEndpoint.toString()));
    oauth::postJson(m_network, attempt->metadata.registrationEndpoint, request, m_options.requestTimeoutMs, this,
                    [this, attempt, method](const oauth::HttpAnswer &answer) {
        const QString clientId = answer.json.value(QStringLiteral("client_id")).toString();
        if (!answer.ok() || clientId.isEmpty()) {
            fail(attempt, Error(QStringLiteral("mcp.oauth-registration-failed"),
                                Text::tr("registering Valis at %1 failed: %2")
                                    .arg(attempt->metadata.registrationEndpoint.toString(),
                                         answer.ok() ? Text::tr("the answer holds no client_id") : answer.describe())));
            return;
        }
        oauth::Registration &registration = m_record.registration;
        registration = {};
        registration.kind = oauth::Registration::Kind::Dynamic;
        registration.clientId = clientId;
        registration.clientSecret = answer.json.value(QStringLiteral("client_secret")).toString();
        registration.authMethod = answer.json.value(QStringLiteral("token_endpoint_auth_method")).toString(method);
        registration.redirectUri = attempt->redirectUri;
        registration.secretExpiresAt = qint64(answer.json.value(QStringLiteral("client_secret_expires_at")).toDouble());
        // Kept at once: a sign-in abandoned in the browser should not cost a registration next time.
        persist([this](const Result<void> &saved) {
            if (saved.hasError())
                note(Text::tr("the registration is not kept for next time: %1").arg(saved.error().message));
        });
        openBrowser(attempt);
    });
}

void McpOAuthAuthorizer::Flow::openBrowser(const std::shared_ptr<Attempt> &attempt)
{
    attempt->verifier = McpOAuth::newCodeVerifier();
    attempt->state = randomToken();
    QList<QPair<QString, QString>> parameters{
        {QStringLiteral("response_type"), QStringLiteral("code")},
        {QStringLiteral("client_id"), m_record.registration.clientId},
        {QStringLiteral("redirect_uri"), attempt->redirectUri.toString()},
        {QStringLiteral("code_challenge"), QString::fromLatin1(McpOAuth::codeChallenge(attempt->verifier))},
        {QStringLiteral("code_challenge_method"), QStringLiteral("S256")},
        {QStringLiteral("state"), QString::fromLatin1(attempt->state)},
        {QStringLiteral("resource"), m_resourceIndicator}};
    if (!attempt->scopes.isEmpty())
        parameters.append({QStringLiteral("scope"), attempt->scopes.join(QLatin1Char(' '))});
    QUrl url = attempt->metadata.authorizationEndpoint;
    const QByteArray existing = url.query(QUrl::FullyEncoded).toLatin1();
    const QByteArray added = oauth::formEncode(parameters);
    url.setQuery(QString::fromLatin1(existing.isEmpty() ? added : existing + '&' + added), QUrl::StrictMode);

    const QByteArray state = attempt->state;
    m_loopback->outcome = [state](const QUrlQuery &query) {
        if (query.hasQueryItem(QStringLiteral("error")))
            return Text::tr("The sign-in did not succeed (%1). You can close this window.")
                .arg(query.queryItemValue(QStringLiteral("error"), QUrl::FullyDecoded));
        if (query.queryItemValue(QStringLiteral("state"), QUrl::FullyDecoded).toLatin1() != state)
            return Text::tr("This sign-in answer does not belong to the sign-in Valis started. You can close this window.");
        return QString();
    };
    m_loopback->onCallback = [this, attempt](const QUrlQuery &query) {
        if (attempt->finished)
            return;
        m_signInTimer.stop();
        m_signInTimer.disconnect(this);
        const QString error = query.queryItemValue(QStringLiteral("error"), QUrl::FullyDecoded);
        if (!error.isEmpty()) {
            const QString description = query.queryItemValue(QStringLiteral("error_description"), QUrl::FullyDecoded);
            fail(attempt, Error(QStringLiteral("mcp.oauth-denied"),
                                Text::tr("the authorization server refused the sign-in: %1%2")
                                    .arg(error, description.isEmpty() ? QString() : QStringLiteral(" (") + description + QLatin1Char(')'))));
            return;
        }
        if (query.queryItemValue(QStringLiteral("state"), QUrl::FullyDecoded).toLatin1() != attempt->state) {
            fail(attempt, Error(QStringLiteral("mcp.oauth-state-mismatch"),
                                Text::tr("the browser came back with a sign-in answer that does not belong to this "
                                         "sign-in (state mismatch); it was ignored. Try signing in again.")));
            return;
        }
        const QString code = query.queryItemValue(QStringLiteral("code"), QUrl::FullyDecoded);
        if (code.isEmpty()) {
            fail(attempt, Error(QStringLiteral("mcp.oauth-denied"), Text::tr("the browser came back without an authorization code")));
            return;
        }
        exchangeCode(attempt, code);
    };
    m_signInTimer.disconnect(this);
    connect(&m_signInTimer, &QTimer::timeout, this, [this, attempt] {
        fail(attempt, Error(QStringLiteral("mcp.oauth-timeout"),
                            Text::tr("the sign-in for %1 was not completed within %2 minutes; start it again when "
                                     "you are ready")
                                .arg(m_options.serverName.isEmpty() ? m_endpoint.toString() : m_options.serverName)
                                .arg(qMax(1, m_options.signInTimeoutMs / 60000))));
    });
    m_signInTimer.start(m_options.signInTimeoutMs);

    note(Text::tr("signing in at %1").arg(url.host()));
    if (m_options.showUrl)
        m_options.showUrl(url);
    const bool opened = m_options.openUrl && m_options.openUrl(url);
    if (!opened && !m_options.showUrl) {
        fail(attempt, Error(QStringLiteral("mcp.oauth-no-browser"),
                            Text::tr("no browser could be opened to sign in to %1").arg(m_endpoint.toString())));
        return;
    }
    if (!opened)
        note(Text::tr("no browser opened: open the sign-in address by hand"));
}

void McpOAuthAuthorizer::Flow::exchangeCode(const std::shared_ptr<Attempt> &attempt, const QString &code)
{
    oauth::FormFields fields{{QStringLiteral("grant_type"), QStringLiteral("authorization_code")},
                             {QStringLiteral("code"), code},
                             {QStringLiteral("redirect_uri"), attempt->redirectUri.toString()},
                             {QStringLiteral("code_verifier"), QString::fromLatin1(attempt->verifier)},
                             {QStringLiteral("resource"), m_resourceIndicator}};
    const QByteArray header = clientAuthentication(fields);
    oauth::postForm(m_network, attempt->metadata.tokenEndpoint, fields, header, m_options.requestTimeoutMs, this,
                    [this, attempt](const oauth::HttpAnswer &answer) {
        if (attempt->finished)
            return;
        if (answer.ok() && answer.isJson) {
            acceptTokens(answer, attempt->scopes, [this, attempt](const Result<void> &accepted) {
                if (accepted.hasError()) {
                    fail(attempt, accepted.error());
                    return;
                }
                attempt->finished = true;
                note(Text::tr("signed in"));
                attempt->done(success());
            });
            return;
        }
        using Kind = oauth::Registration::Kind;
        const Kind kind = m_record.registration.kind;
        if (answer.oauthError() == QLatin1String("invalid_client") && !attempt->registeredAgain
            && (kind == Kind::Dynamic || kind == Kind::MetadataDocument)) {
            // The server forgot the registration (or never took it): register again, once.
            note(Text::tr("the authorization server no longer knows this client: registering again"));
            attempt->registeredAgain = true;
            m_record.registration = {};
            if (kind == Kind::MetadataDocument) {
                // CIMD was refused: fall back to dynamic registration if there is one.
                attempt->metadata.clientIdMetadataDocumentSupported = false;
            }
            ensureRegistration(attempt);
            return;
        }
        fail(attempt, tokenError(QStringLiteral("mcp.oauth-token-failed"), Text::tr("Exchanging the authorization code"), answer));
    });
}

} // namespace valis
