#pragma once

#include "valis/memory/detailstore.h"

#include <QSqlQuery>
#include <QString>
#include <QVariantList>

/// Reading agent_memories rows into MemoryRecords and turning a MemoryFilter into SQL, shared
/// by the SQLite DetailStore's listing and search.
namespace valis::memory {

/// The columns recordFrom() reads, of the table aliased `m`, in its order.
QString recordColumns();
/// How many columns recordColumns() has.
inline constexpr int recordColumnCount = 14;
/// The record (without content) at column `first` of the current row of `query`.
MemoryRecord recordFrom(const QSqlQuery &query, int first = 0);
/// The row id, blob file and content columns read by recordFrom() are internal: these give them.
qint64 rowIdFrom(const QSqlQuery &query, int first = 0);
QString blobFileFrom(const QSqlQuery &query, int first = 0);

/// "created_at" as stored: ISO 8601 in UTC with milliseconds.
QString storedTime(const QDateTime &time);

/// The WHERE conditions (joined with AND, each starting with " AND ") and their positional
/// values for `filter` over the table aliased `m`.
struct FilterSql
{
    QString conditions;
    QVariantList values;
};
FilterSql filterSql(const MemoryFilter &filter);

} // namespace valis::memory
