#include "memorystore.h"

#include "clicontext.h"

#include "valis/keychain/keychaincredentialstore.h"

#include <QDir>
#include <QEventLoop>

#include <algorithm>

#include <optional>

namespace valis::cli {

QString memoryPasswordAccount()
{
    return QStringLiteral("postgresql");
}

Result<MemorySettings> memorySettings(const DataLocations &locations, const QString &storeOverride)
{
    Result<MemorySettings> loaded = MemorySettings::load(locations.memorySettingsPath());
    if (loaded.hasError())
        return loaded.error();
    MemorySettings settings = loaded.value();
    const QString store = storeOverride.trimmed();
    if (store.isEmpty())
        return settings;
    if (store.startsWith(QLatin1String("sqlite:"))) {
        const QString path = store.mid(7);
        if (path.isEmpty())
            return Error(QStringLiteral("memory.invalid"), Text::tr("--store sqlite: needs a file, as in sqlite:team-memory.db"));
        settings.backend = MemorySettings::Backend::Sqlite;
        // Typed on the command line: relative to where the person is, not to the profile.
        settings.sqlitePath = QDir::current().absoluteFilePath(path);
        return settings;
    }
    if (store.startsWith(QLatin1String("postgresql://")) || store.startsWith(QLatin1String("postgres://"))) {
        Result<PostgresConnection> connection = PostgresConnection::fromUrl(store);
        if (connection.hasError())
            return Error(connection.error().code, connection.error().message, QStringLiteral("--store"));
        settings.backend = MemorySettings::Backend::Postgres;
        settings.postgres = connection.value();
        return settings;
    }
    return Error(QStringLiteral("memory.invalid"),
                 Text::tr("--store takes sqlite:PATH or a postgresql:// address"), QStringLiteral("--store"));
}

namespace {

/// The keychain's answer for the memory password: a value, none, or why it could not be asked.
Result<std::optional<QString>> keychainPassword()
{
    KeychainCredentialStore keychain;
    std::optional<Result<std::optional<QString>>> answer;
    QEventLoop loop;
    keychain.read(memoryPasswordAccount(), [&answer, &loop](const Result<std::optional<QString>> &value) {
        answer.emplace(value);
        loop.quit();
    });
    if (!answer)
        loop.exec();
    return *answer;
}

} // namespace

Result<std::shared_ptr<DetailStore>> openMemoryStore(const MemorySettings &settings, const DataLocations &locations)
{
    MemorySettings resolved = settings;
    std::optional<Error> keychainError;
    const QStringList variables = PostgresConnection::passwordVariables();
    const bool fromEnvironment = std::any_of(variables.cbegin(), variables.cend(), [](const QString &variable) {
        return !qEnvironmentVariable(variable.toLocal8Bit().constData()).isEmpty();
    });
    if (resolved.backend == MemorySettings::Backend::Postgres && resolved.postgres.password.isEmpty() && !fromEnvironment) {
        const Result<std::optional<QString>> password = keychainPassword();
        if (password.hasError())
            keychainError = password.error();
        else if (password.value())
            resolved.postgres.password = **password;
    }
    Result<std::shared_ptr<DetailStore>> store = openDetailStore(resolved, locations);
    if (store.hasError() && keychainError) {
        Error error = store.error();
        error.message += QLatin1Char(' ')
                         + Text::tr("(No password was given: the address, VALIS_MEMORY_PASSWORD and PGPASSWORD have none, "
                                    "and the keychain could not be asked: %1)")
                               .arg(keychainError->message);
        return error;
    }
    return store;
}

Result<MemoryEnvironment> memoryEnvironment(const DataLocations &locations)
{
    Result<MemorySettings> settings = memorySettings(locations, QString());
    if (settings.hasError())
        return settings.error();
    Result<std::shared_ptr<DetailStore>> store = openMemoryStore(settings.value(), locations);
    if (store.hasError())
        return store.error();
    return MemoryEnvironment::withStore(store.value(), settings.value());
}

} // namespace valis::cli
