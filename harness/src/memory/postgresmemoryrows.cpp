#include "memory/postgresmemoryrows.h"

#include "memory/memoryrules.h"

#include <QCoreApplication>
#include <QJsonDocument>

namespace valis::memory::postgres_rows {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::PostgresDetailStore)
};

// Positions in recordColumns().
enum Column { RowId, Key, Agent, Thread, Type, Summary, Path, Metadata, Created, Active, Size, Lines, Sha, Version };

} // namespace

QString recordColumns()
{
    // created_at travels as milliseconds since the epoch: QPSQL's own timestamptz parsing
    // ignores the offset.
    return QStringLiteral("m.id, m.memory_key, m.agent_id, m.thread_id, m.memory_type, m.summary, m.path, "
                          "CAST(m.content_metadata AS text), "
                          "CAST(round(extract(epoch FROM m.created_at) * 1000) AS bigint), "
                          "m.is_active, m.content_size, m.line_count, m.content_sha256, CAST(m.xmin AS text)");
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
    record.metadata = QJsonDocument::fromJson(query.value(first + Metadata).toString().toUtf8()).object();
    record.createdAt = QDateTime::fromMSecsSinceEpoch(query.value(first + Created).toLongLong(), Qt::UTC);
    record.active = query.value(first + Active).toBool();
    record.sizeBytes = query.value(first + Size).toLongLong();
    record.lineCount = query.value(first + Lines).toLongLong();
    record.sha256 = query.value(first + Sha).toString();
    return record;
}

qint64 rowIdFrom(const QSqlQuery &query, int first)
{
    return query.value(first + RowId).toLongLong();
}

QString versionFrom(const QSqlQuery &query, int first)
{
    return query.value(first + Version).toString();
}

FilterSql filterSql(const MemoryFilter &filter)
{
    FilterSql sql;
    if (!filter.includeInactive)
        sql.conditions += QStringLiteral(" AND m.is_active");
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
    if (!filter.pathPrefix.isEmpty()) {
        // starts_with compares characters exactly; LIKE would take % and _ in a path as wildcards.
        sql.conditions += QStringLiteral(" AND m.path IS NOT NULL AND starts_with(m.path, ?)");
        sql.values << notNull(normalisedPathPrefix(filter.pathPrefix));
    }
    return sql;
}

QVariant limitValue(int limit)
{
    return limit > 0 ? QVariant(limit) : QVariant(QMetaType::fromType<int>());
}

QString notNull(const QString &text)
{
    return text.isNull() ? QStringLiteral("") : text;
}

QString textArray(const QStringList &words)
{
    QString literal(QLatin1Char('{'));
    for (const QString &word : words) {
        if (literal.size() > 1)
            literal += QLatin1Char(',');
        literal += QLatin1Char('"');
        for (const QChar c : word) {
            if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
                literal += QLatin1Char('\\');
            literal += c;
        }
        literal += QLatin1Char('"');
    }
    literal += QLatin1Char('}');
    return literal;
}

Error sqlError(const QSqlError &error, const QString &doing)
{
    QString text = error.databaseText().isEmpty() ? error.text() : error.databaseText();
    const qsizetype detail = text.indexOf(QLatin1String("DETAIL:"));
    if (detail > 0)
        text.truncate(detail);
    text = text.simplified();
    if (text.size() > 400)
        text = text.left(399) + QChar(0x2026);
    return Error(QStringLiteral("memory.io"), Text::tr("cannot %1 in the PostgreSQL memory store: %2").arg(doing, text));
}

Error sqlError(const QSqlQuery &query, const QString &doing)
{
    return sqlError(query.lastError(), doing);
}

} // namespace valis::memory::postgres_rows
