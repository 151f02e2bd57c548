#pragma once

#include "valis/core/result.h"
#include "valis/memory/detailstore.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <QVariantList>

/// Reading agent_memories rows into MemoryRecords, MemoryFilter as SQL and QtSql failures as
/// errors, shared by the PostgreSQL DetailStore and its search.
namespace valis::memory::postgres_rows {

/// The record columns of the table aliased `m`, in the order recordFrom() reads them: the row
/// id first, its version (xmin) last.
QString recordColumns();
inline constexpr int recordColumnCount = 14;
/// The record at column `first` of the current row of `query` (without content).
MemoryRecord recordFrom(const QSqlQuery &query, int first = 0);
qint64 rowIdFrom(const QSqlQuery &query, int first = 0);
/// The row's xmin: it changes whenever the row does.
QString versionFrom(const QSqlQuery &query, int first = 0);

/// The WHERE conditions (joined with AND, each starting with " AND ") and their positional
/// values for `filter` over the table aliased `m`, as the SQLite store builds them.
struct FilterSql
{
    QString conditions;
    QVariantList values;
};
FilterSql filterSql(const MemoryFilter &filter);

/// A LIMIT value: none for 0 or less.
QVariant limitValue(int limit);
/// An empty string for a null one: QtSql sends a null QString as NULL.
QString notNull(const QString &text);

/// `words` as a text[] literal. Words are letters, digits and marks only (postgrestextsearch.h);
/// quoting each keeps the literal right should that ever change.
QString textArray(const QStringList &words);

/// Error{"memory.io", "cannot <doing> ...: <the server's first line>"}; the server's DETAIL
/// (which can quote a whole failing row) is left out.
Error sqlError(const QSqlError &error, const QString &doing);
Error sqlError(const QSqlQuery &query, const QString &doing);

} // namespace valis::memory::postgres_rows
