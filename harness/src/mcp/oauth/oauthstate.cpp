#include "oauthstate.h"

#include "valis/credentials/credentialstore.h"
#include "valis/mcp/mcpoauth.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>

namespace valis::oauth {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpOAuthAuthorizer)
};

QStringList stringList(const QJsonValue &value)
{
    QStringList out;
    const QJsonArray array = value.toArray();
    for (const QJsonValue &item : array) {
        if (item.isString())
            out.append(item.toString());
    }
    return out;
}

std::optional<QStringList> optionalList(const QJsonObject &json, const QString &key)
{
    if (!json.value(key).isArray())
        return std::nullopt;
    return stringList(json.value(key));
}

bool isWebUrl(const QUrl &url)
{
    return url.isValid() && (url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("http"))
        && !url.host().isEmpty();
}

QString kindName(Registration::Kind kind)
{
    switch (kind) {
    case Registration::Kind::PreRegistered: return QStringLiteral("pre-registered");
    case Registration::Kind::MetadataDocument: return QStringLiteral("metadata-document");
    case Registration::Kind::Dynamic: return QStringLiteral("dynamic");
    case Registration::Kind::None: break;
    }
    return {};
}

} // namespace

Result<ServerMetadata> ServerMetadata::fromJson(const QJsonObject &json, const QUrl &source)
{
    ServerMetadata metadata;
    metadata.issuer = json.value(QStringLiteral("issuer")).toString();
    metadata.authorizationEndpoint = QUrl(json.value(QStringLiteral("authorization_endpoint")).toString());
    metadata.tokenEndpoint = QUrl(json.value(QStringLiteral("token_endpoint")).toString());
    const QString registration = json.value(QStringLiteral("registration_endpoint")).toString();
    if (!registration.isEmpty())
        metadata.registrationEndpoint = QUrl(registration);
    metadata.codeChallengeMethods = optionalList(json, QStringLiteral("code_challenge_methods_supported"));
    metadata.tokenEndpointAuthMethods = optionalList(json, QStringLiteral("token_endpoint_auth_methods_supported"));
    metadata.scopesSupported = stringList(json.value(QStringLiteral("scopes_supported")));
    metadata.clientIdMetadataDocumentSupported = json.value(QStringLiteral("client_id_metadata_document_supported")).toBool();
    if (!isWebUrl(metadata.authorizationEndpoint) || !isWebUrl(metadata.tokenEndpoint)) {
        return Error(QStringLiteral("mcp.oauth-bad-metadata"),
                     Text::tr("the authorization server's metadata at %1 names no usable authorization_endpoint and "
                              "token_endpoint")
                         .arg(source.toString()));
    }
    if (!metadata.registrationEndpoint.isEmpty() && !isWebUrl(metadata.registrationEndpoint))
        metadata.registrationEndpoint.clear();
    return metadata;
}

ServerMetadata ServerMetadata::defaultsFor(const QUrl &serverOrigin)
{
    ServerMetadata metadata;
    auto at = [&serverOrigin](const QString &path) {
        QUrl url = serverOrigin;
        url.setPath(path);
        url.setQuery(QString());
        url.setFragment(QString());
        return url;
    };
    metadata.issuer = at(QString()).toString();
    metadata.authorizationEndpoint = at(QStringLiteral("/authorize"));
    metadata.tokenEndpoint = at(QStringLiteral("/token"));
    metadata.registrationEndpoint = at(QStringLiteral("/register"));
    metadata.defaults = true;
    return metadata;
}

QJsonObject ServerMetadata::toJson() const
{
    QJsonObject json{{QStringLiteral("issuer"), issuer},
                     {QStringLiteral("authorization_endpoint"), authorizationEndpoint.toString()},
                     {QStringLiteral("token_endpoint"), tokenEndpoint.toString()}};
    if (!registrationEndpoint.isEmpty())
        json.insert(QStringLiteral("registration_endpoint"), registrationEndpoint.toString());
    if (codeChallengeMethods)
        json.insert(QStringLiteral("code_challenge_methods_supported"), QJsonArray::fromStringList(*codeChallengeMethods));
    if (tokenEndpointAuthMethods)
        json.insert(QStringLiteral("token_endpoint_auth_methods_supported"), QJsonArray::fromStringList(*tokenEndpointAuthMethods));
    if (!scopesSupported.isEmpty())
        json.insert(QStringLiteral("scopes_supported"), QJsonArray::fromStringList(scopesSupported));
    if (clientIdMetadataDocumentSupported)
        json.insert(QStringLiteral("client_id_metadata_document_supported"), true);
    if (defaults)
        json.insert(QStringLiteral("valis_defaults"), true);
    return json;
}

ServerMetadata ServerMetadata::fromStored(const QJsonObject &json)
{
    const Result<ServerMetadata> parsed = fromJson(json, QUrl());
    ServerMetadata metadata = parsed.ok() ? parsed.value() : ServerMetadata();
    metadata.defaults = json.value(QStringLiteral("valis_defaults")).toBool();
    return metadata;
}

QJsonObject Registration::toJson() const
{
    QJsonObject json{{QStringLiteral("kind"), kindName(kind)}, {QStringLiteral("client_id"), clientId}};
    if (!clientSecret.isEmpty())
        json.insert(QStringLiteral("client_secret"), clientSecret);
    if (!authMethod.isEmpty())
        json.insert(QStringLiteral("token_endpoint_auth_method"), authMethod);
    if (!redirectUri.isEmpty())
        json.insert(QStringLiteral("redirect_uri"), redirectUri.toString());
    if (secretExpiresAt > 0)
        json.insert(QStringLiteral("client_secret_expires_at"), double(secretExpiresAt));
    return json;
}

Registration Registration::fromJson(const QJsonObject &json)
{
    Registration registration;
    const QString kind = json.value(QStringLiteral("kind")).toString();
    for (Kind candidate : {Kind::PreRegistered, Kind::MetadataDocument, Kind::Dynamic}) {
        if (kind == kindName(candidate))
            registration.kind = candidate;
    }
    registration.clientId = json.value(QStringLiteral("client_id")).toString();
    registration.clientSecret = json.value(QStringLiteral("client_secret")).toString();
    registration.authMethod = json.value(QStringLiteral("token_endpoint_auth_method")).toString();
    registration.redirectUri = QUrl(json.value(QStringLiteral("redirect_uri")).toString());
    registration.secretExpiresAt = qint64(json.value(QStringLiteral("client_secret_expires_at")).toDouble());
    return registration;
}

QJsonObject TokenSet::toJson() const
{
    QJsonObject json{{QStringLiteral("access_token"), accessToken}};
    if (!refreshToken.isEmpty())
        json.insert(QStringLiteral("refresh_token"), refreshToken);
    if (!scopes.isEmpty())
        json.insert(QStringLiteral("scope"), scopes.join(QLatin1Char(' ')));
    if (expiresAtMs > 0)
        json.insert(QStringLiteral("expires_at_ms"), double(expiresAtMs));
    if (!resource.isEmpty())
        json.insert(QStringLiteral("resource"), resource);
    return json;
}

TokenSet TokenSet::fromJson(const QJsonObject &json)
{
    TokenSet tokens;
    tokens.accessToken = json.value(QStringLiteral("access_token")).toString();
    tokens.refreshToken = json.value(QStringLiteral("refresh_token")).toString();
    tokens.scopes = json.value(QStringLiteral("scope")).toString().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    tokens.expiresAtMs = qint64(json.value(QStringLiteral("expires_at_ms")).toDouble());
    tokens.resource = json.value(QStringLiteral("resource")).toString();
    return tokens;
}

QString IssuerRecord::serialize() const
{
    const QJsonObject json{{QStringLiteral("version"), Version},
                           {QStringLiteral("issuer"), issuer},
                           {QStringLiteral("metadata"), metadata.toJson()},
                           {QStringLiteral("registration"), registration.isValid() ? registration.toJson() : QJsonObject()},
                           {QStringLiteral("resources"), tokensByResource}};
    return QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact));
}

int IssuerRecord::versionOf(const QString &secret)
{
    return QJsonDocument::fromJson(secret.toUtf8()).object().value(QStringLiteral("version")).toInt();
}

std::optional<IssuerRecord> IssuerRecord::parse(const QString &secret)
{
    const QJsonObject json = QJsonDocument::fromJson(secret.toUtf8()).object();
    const int version = json.value(QStringLiteral("version")).toInt();
    if (version < 1 || version > Version)
        return std::nullopt;
    IssuerRecord record;
    record.issuer = json.value(QStringLiteral("issuer")).toString();
    record.metadata = ServerMetadata::fromStored(json.value(QStringLiteral("metadata")).toObject());
    record.registration = Registration::fromJson(json.value(QStringLiteral("registration")).toObject());
    record.tokensByResource = json.value(QStringLiteral("resources")).toObject();
    return record;
}

QString Vault::accountForResource(const QString &resource)
{
    return QStringLiteral("mcp-oauth-resource:") + resource;
}

void Vault::load(const QString &resource, QObject *context,
                 std::function<void(const Result<std::optional<IssuerRecord>> &)> done)
{
    if (!m_store) {
        QMetaObject::invokeMethod(context, [done] { done(std::optional<IssuerRecord>()); }, Qt::QueuedConnection);
        return;
    }
    QPointer<QObject> guard(context);
    CredentialStore *store = m_store;
    store->read(accountForResource(resource), [guard, store, done](const Result<std::optional<QString>> &pointer) {
        if (!guard)
            return;
        if (pointer.hasError()) {
            done(pointer.error());
            return;
        }
        const QString issuer = pointer.value()
            ? QJsonDocument::fromJson(pointer.value()->toUtf8()).object().value(QStringLiteral("issuer")).toString()
            : QString();
        if (issuer.isEmpty()) {
            done(std::optional<IssuerRecord>());
            return;
        }
        Vault(store).loadIssuer(issuer, guard, done);
    });
}

void Vault::loadIssuer(const QString &issuer, QObject *context,
                       std::function<void(const Result<std::optional<IssuerRecord>> &)> done)
{
    if (!m_store || issuer.isEmpty()) {
        QMetaObject::invokeMethod(context, [done] { done(std::optional<IssuerRecord>()); }, Qt::QueuedConnection);
        return;
    }
    QPointer<QObject> guard(context);
    m_store->read(McpOAuth::accountForIssuer(issuer), [guard, done](const Result<std::optional<QString>> &secret) {
        if (!guard)
            return;
        if (secret.hasError()) {
            done(secret.error());
            return;
        }
        done(secret.value() ? IssuerRecord::parse(*secret.value()) : std::optional<IssuerRecord>());
    });
}

void Vault::save(const QString &resource, const IssuerRecord &record, QObject *context,
                 std::function<void(const Result<void> &)> done)
{
    if (!m_store) {
        QMetaObject::invokeMethod(context, [done] { done(success()); }, Qt::QueuedConnection);
        return;
    }
    // The writes go on when the authoriser is gone meanwhile (a sign-in must be kept); only the
    // report needs it.
    QPointer<QObject> guard(context);
    auto report = [guard, done](const Result<void> &result) {
        if (guard)
            done(result);
    };
    CredentialStore *store = m_store;
    const QString account = McpOAuth::accountForIssuer(record.issuer);
    // Read first: other servers of the same authorization server keep their tokens.
    store->read(account, [store, account, resource, record, report](const Result<std::optional<QString>> &stored) {
        IssuerRecord merged = record;
        if (stored.ok() && stored.value() && IssuerRecord::versionOf(*stored.value()) > IssuerRecord::Version) {
            report(Error(QStringLiteral("mcp.oauth-storage"),
                         Text::tr("the keychain holds this authorization server's sign-in in a newer Valis's format; "
                                  "it was kept, and this sign-in lasts until Valis quits")));
            return;
        }
        if (stored.ok() && stored.value()) {
            if (const std::optional<IssuerRecord> previous = IssuerRecord::parse(*stored.value())) {
                merged.tokensByResource = previous->tokensByResource;
                const QJsonValue ours = record.tokensByResource.value(resource);
                if (ours.isObject())
                    merged.tokensByResource.insert(resource, ours);
                else
                    merged.tokensByResource.remove(resource);
            }
        }
        store->write(account, merged.serialize(), [store, resource, issuer = record.issuer, report](const Result<void> &written) {
            if (written.hasError()) {
                report(written);
                return;
            }
            const QString pointer = QString::fromUtf8(
                QJsonDocument(QJsonObject{{QStringLiteral("version"), 1}, {QStringLiteral("issuer"), issuer}})
                    .toJson(QJsonDocument::Compact));
            store->write(accountForResource(resource), pointer, report);
        });
    });
}

void Vault::forget(const QString &resource, const QString &issuer, QObject *context,
                   std::function<void(const Result<void> &)> done)
{
    if (!m_store) {
        QMetaObject::invokeMethod(context, [done] { done(success()); }, Qt::QueuedConnection);
        return;
    }
    QPointer<QObject> guard(context);
    auto report = [guard, done](const Result<void> &result) {
        if (guard)
            done(result);
    };
    CredentialStore *store = m_store;
    store->remove(accountForResource(resource), [store, resource, issuer, report](const Result<void> &removed) {
        if (removed.hasError() || issuer.isEmpty()) {
            report(removed);
            return;
        }
        const QString account = McpOAuth::accountForIssuer(issuer);
        store->read(account, [store, account, resource, report](const Result<std::optional<QString>> &stored) {
            if (stored.hasError()) {
                report(stored.error());
                return;
            }
            std::optional<IssuerRecord> record = stored.value() ? IssuerRecord::parse(*stored.value()) : std::nullopt;
            if (stored.value() && !record && IssuerRecord::versionOf(*stored.value()) > IssuerRecord::Version) {
                report(success()); // a later Valis's record: kept as it is
                return;
            }
            if (record)
                record->tokensByResource.remove(resource);
            if (!record || record->tokensByResource.isEmpty())
                store->remove(account, report);
            else
                store->write(account, record->serialize(), report);
        });
    });
}

} // namespace valis::oauth
