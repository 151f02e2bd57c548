#include "valis/memory/detailstore.h"

#include "valis/core/datalocations.h"
#include "valis/memory/memorysettings.h"
#include "valis/memory/postgresdetailstore.h"
#include "valis/memory/sqlitedetailstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::DetailStore)
};
} // namespace

Result<std::shared_ptr<DetailStore>> openDetailStore(const MemorySettings &settings, const DataLocations &locations)
{
    switch (settings.backend) {
    case MemorySettings::Backend::Sqlite: {
        // A path of the person's own keeps its blobs beside it ("<path>-blobs"); the default
        // database keeps them in the profile's memory-blobs folder. A relative path is taken
        // from the profile's data folder, never from wherever the program was started.
        const bool ownPath = !settings.sqlitePath.isEmpty();
        const QString path = ownPath ? QDir(locations.dataDir()).absoluteFilePath(QDir::cleanPath(settings.sqlitePath))
                                     : locations.memoryDatabasePath();
        if (!QDir().mkpath(QFileInfo(path).absolutePath()))
            return Error(QStringLiteral("memory.io"), Text::tr("cannot create the folder of the memory database"),
                         QFileInfo(path).absolutePath());
        Result<std::unique_ptr<SqliteDetailStore>> store =
            SqliteDetailStore::open(path, ownPath ? QString() : locations.memoryBlobDir(), settings.blobThresholdBytes);
        if (store.hasError())
            return store.error();
        return std::shared_ptr<DetailStore>(std::move(store).value());
    }
    case MemorySettings::Backend::Postgres: {
        // The password: from the address itself, else the environment. The OS keychain is the
        // caller's to ask (it answers asynchronously); libpq still reads ~/.pgpass when all
        // of these are empty.
        PostgresConnection connection = settings.postgres;
        for (const QString &variable : PostgresConnection::passwordVariables()) {
            if (!connection.password.isEmpty())
                break;
            connection.password = qEnvironmentVariable(variable.toLocal8Bit().constData());
        }
        Result<std::unique_ptr<PostgresDetailStore>> store = PostgresDetailStore::open(connection);
        if (store.hasError())
            return store.error();
        return std::shared_ptr<DetailStore>(std::move(store).value());
    }
    }
    return Error(QStringLiteral("memory.invalid"), Text::tr("unknown memory backend"));
}

} // namespace valis
