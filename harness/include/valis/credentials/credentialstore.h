#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace valis {

/// Where secrets (API keys) live: the OS keychain in the shell and valis-cli
/// (KeychainCredentialStore, harness/keychain), never a file of Valis's own. Asynchronous,
/// because OS keychains answer asynchronously (Secret Service over D-Bus). Accounts are provider
/// ids ("anthropic", "openai", "openai-compatible").
///
/// Callbacks run on the thread that owns the store, after the call returns, exactly once.
class VALIS_HARNESS_EXPORT CredentialStore : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~CredentialStore() override;

    /// The secret of `account`: a value, std::nullopt when the keychain has none, or an Error
    /// ("credentials.unavailable" when there is no keychain to ask, with what to do about it).
    using ReadCallback = std::function<void(const Result<std::optional<QString>> &)>;
    using WriteCallback = std::function<void(const Result<void> &)>;

    virtual void read(const QString &account, ReadCallback done) = 0;
    virtual void write(const QString &account, const QString &secret, WriteCallback done) = 0;
    /// Removing an absent secret succeeds.
    virtual void remove(const QString &account, WriteCallback done) = 0;
};

/// The keychain account that holds the key of provider `providerId`. Providers that share a key
/// share an account: "openai" and "openai-responses" (two APIs of one OpenAI key) both use
/// "openai"; every other provider's account is its id.
VALIS_HARNESS_EXPORT QString credentialAccount(const QString &providerId);

/// Where a key came from, for messages that tell a person which one was refused.
struct VALIS_HARNESS_EXPORT ApiKey
{
    QString value;
    QString source; ///< "keychain" or the environment variable's name; empty when there is none.

    bool isEmpty() const { return value.isEmpty(); }
};

/// Finds the key for `account`: the keychain first, then the environment variables in order
/// (ANTHROPIC_API_KEY, ...). A keychain that cannot be reached is not an error when a variable
/// holds a key; when neither has one the callback gets an empty ApiKey (the caller decides
/// whether the provider needs one), or the keychain's error when it failed and no variable
/// was set. `store` may be null (no keychain: variables only).
VALIS_HARNESS_EXPORT void resolveApiKey(CredentialStore *store, const QString &account,
                                        const QStringList &environmentVariables,
                                        std::function<void(const Result<ApiKey> &)> done);

} // namespace valis
