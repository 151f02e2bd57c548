#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/mcp/mcphttptransport.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <memory>

class QNetworkAccessManager;

namespace valis {

class CredentialStore;

/// The pieces of the MCP authorization flow (2025-11-25) that are pure functions, public so the
/// front ends and tests can reason about them without a network.
namespace McpOAuth {

/// Where to look for an MCP server's protected-resource metadata (RFC 9728) when its challenge
/// names none: the path-inserted well-known URI first ("/.well-known/oauth-protected-resource/mcp"
/// for ".../mcp"), then the root one. Query and fragment are dropped.
VALIS_HARNESS_EXPORT QList<QUrl> protectedResourceMetadataUrls(const QUrl &resource);

/// Where to look for an authorization server's metadata, in the order the MCP spec gives: for an
/// issuer with a path, RFC 8414 path-inserted, OpenID Connect path-inserted, OpenID Connect
/// path-appended; for one without, RFC 8414 then OpenID Connect at the root.
VALIS_HARNESS_EXPORT QList<QUrl> authorizationServerMetadataUrls(const QUrl &issuer);

/// A fresh PKCE code verifier (RFC 7636: 43 characters of base64url from 32 random bytes).
VALIS_HARNESS_EXPORT QByteArray newCodeVerifier();
/// BASE64URL(SHA256(verifier)) without padding, the S256 code challenge.
VALIS_HARNESS_EXPORT QByteArray codeChallenge(const QByteArray &verifier);

/// The canonical URI of an MCP server as a resource indicator (RFC 8707, MCP "Canonical Server
/// URI"): lowercase scheme and host, no fragment, no query, no trailing slash on a bare host.
VALIS_HARNESS_EXPORT QUrl canonicalResource(const QUrl &endpoint);

/// Whether protected-resource metadata naming `advertised` may speak for `requested` (same
/// origin, and `requested`'s path is `advertised`'s or lies under it).
VALIS_HARNESS_EXPORT bool resourceCovers(const QUrl &advertised, const QUrl &requested);

/// The scopes to ask for, as the spec's scope selection strategy says: the challenge's `scope`,
/// else the resource metadata's `scopes_supported`, else `configured`; empty means "omit the
/// scope parameter".
VALIS_HARNESS_EXPORT QStringList selectScopes(const QString &challengeScope, const QStringList &scopesSupported,
                                              const QStringList &configured);

/// The Client ID Metadata Document this build of Valis identifies itself with, for
/// authorization servers that support CIMD. A packager who hosts
/// resources/oauth/client-metadata.json sets it with the CMake option
/// VALIS_OAUTH_CLIENT_METADATA_URL; empty (the default) means "no CIMD: register dynamically",
/// because a client_id URL nobody serves would make every CIMD server refuse Valis.
VALIS_HARNESS_EXPORT QString defaultClientMetadataUrl();

/// The keychain account of an authorization server's registration and tokens.
VALIS_HARNESS_EXPORT QString accountForIssuer(const QString &issuer);

} // namespace McpOAuth

/// What an McpOAuthAuthorizer needs from its host.
struct VALIS_HARNESS_EXPORT McpOAuthOptions
{
    QString serverName;                        ///< for messages
    CredentialStore *credentials = nullptr;    ///< not owned; nullptr: tokens live in memory only
    /// Opens the sign-in address in the person's browser; false when it cannot. Called on the
    /// authoriser's thread; may work asynchronously.
    std::function<bool(const QUrl &)> openUrl;
    /// Always told the sign-in address before the browser is asked (the CLI prints it, so a
    /// person can open it by hand when no browser opens).
    std::function<void(const QUrl &)> showUrl;
    QString clientId;                          ///< a pre-registered client (config oauth.clientId)
    QString clientSecret;                      ///< its secret, if it has one
    QStringList scopes;                        ///< asked for when neither challenge nor metadata names any
    QString clientMetadataUrl = McpOAuth::defaultClientMetadataUrl(); ///< CIMD client_id; empty: none
    int signInTimeoutMs = 300000;              ///< how long the browser sign-in may take
    int requestTimeoutMs = 15000;              ///< each discovery, registration and token request
    QNetworkAccessManager *network = nullptr;  ///< not owned; nullptr: one of its own
    /// Notes on what the flow does, for the server's log. Never given a secret.
    std::function<void(const QString &)> log;
};

/// OAuth 2.1 for one HTTP MCP server, as the MCP authorization spec (2025-11-25, with the
/// 2025-03-26 fallbacks) says: finds the protected-resource metadata (RFC 9728) and the
/// authorization server's metadata (RFC 8414 / OpenID discovery), refuses a server without PKCE
/// S256, registers (pre-registered client, Client ID Metadata Document, or dynamic registration,
/// RFC 7591), signs in through the browser with a loopback redirect, PKCE and the RFC 8707
/// `resource`, and keeps the tokens fresh (refresh before expiry and on 401, step-up on 403
/// insufficient_scope, a new registration on invalid_client).
///
/// Registration and tokens are kept in the CredentialStore under one account per authorization
/// server (McpOAuth::accountForIssuer), holding JSON with the registration and the tokens per
/// resource, plus an account per resource naming its issuer, so a restart neither registers nor
/// signs in again. Only one flow runs at a time; callers that ask meanwhile share its outcome.
///
/// Errors carry codes "mcp.oauth-..." (discovery, bad-metadata, resource-mismatch,
/// issuer-mismatch, no-pkce, no-registration, registration-failed, loopback, no-browser, timeout,
/// denied, state-mismatch, token-failed, refresh-failed, cancelled) and say what to do. Lives in
/// one thread; every callback runs on it, after the call returned.
class VALIS_HARNESS_EXPORT McpOAuthAuthorizer : public McpHttpAuthorizer
{
public:
    McpOAuthAuthorizer(const QUrl &resource, const McpOAuthOptions &options);
    ~McpOAuthAuthorizer() override;

    /// Loads stored tokens and refreshes them when they are about to expire.
    void prepare(std::function<void()> done) override;
    /// "Bearer <access token>", or empty before sign-in.
    QByteArray authorization() const override;
    /// A 401: refresh, or sign in; a 403 insufficient_scope: sign in again for more scope.
    void authorize(const McpAuthChallenge &challenge, std::function<void(const Result<void> &)> done) override;
    /// Signs in now, whether or not a token is held (valis-cli mcp login, Settings "Authorise").
    void signIn(std::function<void(const Result<void> &)> done);
    /// Forgets this server's tokens, and the registration when no other server of the same
    /// authorization server still uses it.
    void signOut(std::function<void(const Result<void> &)> done);

    /// Whether an access token is held.
    bool isSignedIn() const;
    /// The authorization server in use (its issuer), once known.
    QString issuer() const;
    /// The scopes the held token was granted (as the token response said).
    QStringList grantedScopes() const;

private:
    class Flow;
    std::unique_ptr<Flow> d;
};

} // namespace valis
