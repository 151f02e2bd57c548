#pragma once

#include "valis/core/result.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

/// Small helpers that turn QtSql's error reporting into valis::Error values.
namespace valis::store {

/// Error{"store.sql", "<what failed>: <driver text>"} for a failed query.
Error sqlError(const QSqlQuery &query, const QString &what = {});
/// Runs one statement that returns no rows.
Result<void> exec(QSqlDatabase &db, const QString &statement);
/// Reads an integer PRAGMA.
Result<int> pragmaInt(QSqlDatabase &db, const QString &name);
/// Rolls back whatever transaction is open; used on error paths, where a second failure would
/// only hide the first.
void rollback(QSqlDatabase &db);
/// Executes a prepared query, returning sqlError() on failure.
Result<void> run(QSqlQuery &query, const QString &what);

} // namespace valis::store
