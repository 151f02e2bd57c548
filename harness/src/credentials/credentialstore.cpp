#include "valis/credentials/credentialstore.h"

#include <QTimer>

#include <utility>

namespace valis {

namespace {

/// The first of `variables` that holds a key, read when asked (the environment can change
/// between requests), or an empty ApiKey.
ApiKey keyFromEnvironment(const QStringList &variables)
{
    for (const QString &name : variables) {
        const QString value = qEnvironmentVariable(name.toLocal8Bit().constData()).trimmed();
        if (!value.isEmpty())
            return ApiKey{value, name};
    }
    return {};
}

} // namespace

CredentialStore::~CredentialStore() = default;

QString credentialAccount(const QString &providerId)
{
    if (providerId == QLatin1String("openai-responses"))
        return QStringLiteral("openai");
    return providerId;
}

void resolveApiKey(CredentialStore *store, const QString &account, const QStringList &environmentVariables,
                   std::function<void(const Result<ApiKey> &)> done)
{
    if (!store) {
        // Asynchronous like the keychain path, so a caller sees one order of events either way.
        QTimer::singleShot(0, [variables = environmentVariables, done = std::move(done)] {
            done(keyFromEnvironment(variables));
        });
        return;
    }
    store->read(account, [variables = environmentVariables, done = std::move(done)](const Result<std::optional<QString>> &read) {
        if (read.ok() && read.value() && !read.value()->isEmpty()) {
            done(ApiKey{*read.value(), QStringLiteral("keychain")});
            return;
        }
        const ApiKey fromEnvironment = keyFromEnvironment(variables);
        // A keychain that cannot be asked only matters when nothing else holds a key.
        if (!fromEnvironment.isEmpty() || read.ok())
            done(fromEnvironment);
        else
            done(read.error());
    });
}

} // namespace valis
