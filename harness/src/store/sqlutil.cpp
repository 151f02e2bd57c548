#include "store/sqlutil.h"

#include <QSqlError>

namespace valis::store {

Error sqlError(const QSqlQuery &query, const QString &what)
{
    const QSqlError error = query.lastError();
    QString text = error.databaseText().isEmpty() ? error.text() : error.databaseText();
    if (!what.isEmpty())
        text = what + QStringLiteral(": ") + text;
    return Error(QStringLiteral("store.sql"), text);
}

Result<void> exec(QSqlDatabase &db, const QString &statement)
{
    QSqlQuery query(db);
    if (!query.exec(statement))
        return sqlError(query, statement.left(60));
    return success();
}

Result<int> pragmaInt(QSqlDatabase &db, const QString &name)
{
    QSqlQuery query(db);
    if (!query.exec(QStringLiteral("PRAGMA ") + name) || !query.next())
        return sqlError(query, QStringLiteral("PRAGMA ") + name);
    return query.value(0).toInt();
}

void rollback(QSqlDatabase &db)
{
    QSqlQuery query(db);
    query.exec(QStringLiteral("ROLLBACK"));
}

Result<void> run(QSqlQuery &query, const QString &what)
{
    if (!query.exec())
        return sqlError(query, what);
    return success();
}

} // namespace valis::store
