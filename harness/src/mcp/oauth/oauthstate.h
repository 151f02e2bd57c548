#pragma once

#include "valis/core/result.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <optional>

namespace valis {
class CredentialStore;
}

namespace valis::oauth {

/// What the flow needs of an authorization server's metadata (RFC 8414 / OpenID discovery), or
/// the 2025-03-26 default endpoints when a server published none.
struct ServerMetadata
{
    QString issuer;
    QUrl authorizationEndpoint;
    QUrl tokenEndpoint;
    QUrl registrationEndpoint;
    std::optional<QStringList> codeChallengeMethods;  ///< nullopt: not published
    std::optional<QStringList> tokenEndpointAuthMethods;
    QStringList scopesSupported;
    bool clientIdMetadataDocumentSupported = false;
    bool defaults = false; ///< no metadata: the 2025-03-26 default endpoints

    /// Reads a metadata document; an Error when an endpoint the flow needs is missing or not http(s).
    static Result<ServerMetadata> fromJson(const QJsonObject &json, const QUrl &source);
    /// The 2025-03-26 defaults: /authorize, /token and /register at the MCP server's origin.
    static ServerMetadata defaultsFor(const QUrl &serverOrigin);
    QJsonObject toJson() const;
    static ServerMetadata fromStored(const QJsonObject &json);
};

/// How Valis is known to an authorization server.
struct Registration
{
    enum class Kind { None, PreRegistered, MetadataDocument, Dynamic };
    Kind kind = Kind::None;
    QString clientId;
    QString clientSecret;
    QString authMethod;        ///< token_endpoint_auth_method; empty: decide from the metadata
    QUrl redirectUri;          ///< the loopback address registered (its port is reused)
    qint64 secretExpiresAt = 0; ///< seconds since the epoch; 0: never

    bool isValid() const { return kind != Kind::None && !clientId.isEmpty(); }
    QJsonObject toJson() const;
    static Registration fromJson(const QJsonObject &json);
};

/// The tokens held for one resource.
struct TokenSet
{
    QString accessToken;
    QString refreshToken;
    QStringList scopes;
    qint64 expiresAtMs = 0; ///< ms since the epoch; 0: the server named no lifetime
    QString resource;       ///< the RFC 8707 resource they were issued for (sent again on refresh)

    bool isValid() const { return !accessToken.isEmpty(); }
    QJsonObject toJson() const;
    static TokenSet fromJson(const QJsonObject &json);
};

/// What is kept per authorization server, as one keychain secret (JSON, versioned).
struct IssuerRecord
{
    static constexpr int Version = 1;
    QString issuer;
    ServerMetadata metadata;
    Registration registration;
    QJsonObject tokensByResource; ///< resource -> TokenSet JSON

    QString serialize() const;
    /// nullopt for a record of a later version (kept as it is, not used).
    static std::optional<IssuerRecord> parse(const QString &secret);
    static int versionOf(const QString &secret);
};

/// Reads and writes the OAuth state in a CredentialStore: the issuer's record under
/// McpOAuth::accountForIssuer(), and a small record per resource naming its issuer, so the
/// tokens are found before any discovery. Without a store everything is a no-op.
class Vault
{
public:
    explicit Vault(CredentialStore *store) : m_store(store) {}

    static QString accountForResource(const QString &resource);

    /// The issuer the resource was last signed in with and its record; nullopt when none.
    void load(const QString &resource, QObject *context,
              std::function<void(const Result<std::optional<IssuerRecord>> &)> done);
    /// The record of `issuer` (another server of the same authorization server registered).
    void loadIssuer(const QString &issuer, QObject *context,
                    std::function<void(const Result<std::optional<IssuerRecord>> &)> done);
    /// Merges `record`'s metadata and registration and this resource's tokens into what is
    /// stored for the issuer (other resources' tokens stay), and points the resource at it.
    void save(const QString &resource, const IssuerRecord &record, QObject *context,
              std::function<void(const Result<void> &)> done);
    /// Forgets the resource's tokens; the issuer's record goes too when no resource is left in it.
    void forget(const QString &resource, const QString &issuer, QObject *context,
                std::function<void(const Result<void> &)> done);

private:
    CredentialStore *m_store;
};

} // namespace valis::oauth
