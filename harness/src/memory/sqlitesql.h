#pragma once

#include "valis/core/result.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

/// QtSql failures of the SQLite DetailStore as valis::Error values with the DetailStore's codes.
namespace valis::memory {

/// Error{"memory.io", "<what>: <driver text>", <database file>} for a failed query.
Error sqliteError(const QSqlQuery &query, const QString &what);
/// Runs one statement that returns no rows.
Result<void> sqliteExec(QSqlDatabase &db, const QString &statement);
/// Executes a prepared query.
Result<void> sqliteRun(QSqlQuery &query, const QString &what);
/// Rolls back whatever transaction is open: used on error paths, where a second failure would
/// only hide the first.
void sqliteRollback(QSqlDatabase &db);

/// Runs `work` inside BEGIN IMMEDIATE ... COMMIT (taking the write lock first, so a writer
/// never has to upgrade a read transaction, which SQLite refuses without waiting), rolling
/// back when it or the commit fails.
template<typename Work>
auto sqliteWriteTransaction(QSqlDatabase &db, Work &&work) -> decltype(work())
{
    Result<void> begun = sqliteExec(db, QStringLiteral("BEGIN IMMEDIATE"));
    if (!begun.ok())
        return begun.error();
    auto result = work();
    if (!result.ok()) {
        sqliteRollback(db);
        return result;
    }
    Result<void> committed = sqliteExec(db, QStringLiteral("COMMIT"));
    if (!committed.ok()) {
        sqliteRollback(db);
        return committed.error();
    }
    return result;
}

} // namespace valis::memory
