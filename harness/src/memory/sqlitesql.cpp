#include "memory/sqlitesql.h"

#include "store/sqlutil.h"

namespace valis::memory {

namespace {

// The SessionStore's helpers do the work; the DetailStore reports its failures as "memory.io".
Result<void> asMemoryError(Result<void> result)
{
    if (result.ok())
        return result;
    return Error(QStringLiteral("memory.io"), result.error().message, result.error().location);
}

} // namespace

Error sqliteError(const QSqlQuery &query, const QString &what)
{
    const Error error = store::sqlError(query, what);
    return Error(QStringLiteral("memory.io"), error.message, error.location);
}

Result<void> sqliteExec(QSqlDatabase &db, const QString &statement)
{
    return asMemoryError(store::exec(db, statement));
}

Result<void> sqliteRun(QSqlQuery &query, const QString &what)
{
    return asMemoryError(store::run(query, what));
}

void sqliteRollback(QSqlDatabase &db)
{
    store::rollback(db);
}

} // namespace valis::memory
