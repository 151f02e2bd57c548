#include "memory/sqlitememoryrows.h"

#include "memory/memoryrules.h"

#include <QJsonDocument>

namespace valis::memory {

namespace {
// Positions in recordColumns().
enum Column {
    RowId, Key, Agent, Thread, Type, Summary, Path, Metadata, Created, Active, Size, Lines, Sha, BlobFile
};
} // namespace

QString recordColumns()
{
    return QStringLiteral("m.id, m.memory_key, m.agent_id, m.thread_id, m.memory_type, m.summary, m.path, "
                          "m.content_metadata, m.created_at, m.is_active, m.content_size, m.line_count, "
                          "m.content_sha256, m.blob_file");
}

MemoryRecord recordFrom(const QSqlQuery &query, int first)
{
    MemoryRecord record;
    record.key = query.value(first + Key).toString();
    record.agentId = query.value(first + Agent).toString();
    record.sessionId = query.value(first + Thread).toString();
    record.type = query.value(first + Type).toString();
    record.summary = query.value(first + Summary).toString();
    record.path = query.value(first + Path).toString();
    record.metadata = QJsonDocument::fromJson(query.value(first + Metadata).toByteArray()).object();
    record.createdAt = QDateTime::fromString(query.value(first + Created).toString(), Qt::ISODateWithMs).toUTC();
    record.active = query.value(first + Active).toInt() != 0;
    record.sizeBytes = query.value(first + Size).toLongLong();
    record.lineCount = query.value(first + Lines).toLongLong();
    record.sha256 = query.value(first + Sha).toString();
    return record;
}

qint64 rowIdFrom(const QSqlQuery &query, int first)
{
    return query.value(first + RowId).toLongLong();
}

QString blobFileFrom(const QSqlQuery &query, int first)
{
    return query.value(first + BlobFile).toString();
}

QString storedTime(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODateWithMs);
}

FilterSql filterSql(const MemoryFilter &filter)
{
    FilterSql sql;
    if (!filter.includeInactive)
        sql.conditions += QStringLiteral(" AND m.is_active = 1");
    if (!filter.agentId.isEmpty()) {
        sql.conditions += QStringLiteral(" AND m.agent_id = ?");
        sql.values << filter.agentId.trimmed();
    }
    if (!filter.sessionId.isEmpty()) {
        sql.conditions += QStringLiteral(" AND m.thread_id = ?");
        sql.values << filter.sessionId.trimmed();
    }
    if (!filter.type.isEmpty()) {
        sql.conditions += QStringLiteral(" AND m.memory_type = ?");
        sql.values << filter.type;
    }
    const QString prefix = normalisedPathPrefix(filter.pathPrefix);
    if (!filter.pathPrefix.isEmpty())
        sql.conditions += QStringLiteral(" AND m.path IS NOT NULL");
    if (!prefix.isEmpty()) {
        // substr() compares characters exactly; LIKE would treat % and _ in a path as wildcards.
        sql.conditions += QStringLiteral(" AND substr(m.path, 1, length(?)) = ?");
        sql.values << prefix << prefix;
    }
    return sql;
}

} // namespace valis::memory
