#include "store/recordreader.h"

#include "store/partrows.h"
#include "store/sqlutil.h"

#include "valis/record/recordjson.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>

namespace valis::store {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::SessionStore)
};

Error noSession(const QString &sessionId)
{
    return Error(QStringLiteral("store.no-session"), Text::tr("there is no session \"%1\"").arg(sessionId));
}

QJsonObject jsonColumn(const QVariant &value)
{
    return value.isNull() ? QJsonObject() : QJsonDocument::fromJson(value.toString().toUtf8()).object();
}

const char sessionColumns[] =
    "s.uid, s.title, s.workspace, s.model, s.created_at, s.updated_at, s.origin_kind, s.origin_path, "
    "s.origin_id, s.parent_session, s.parent_message, s.parent_tool_call, s.metadata, "
    "(SELECT count(*) FROM messages WHERE session_id = s.id), s.active_leaf";

SessionInfo sessionFromRow(const QSqlQuery &query)
{
    SessionInfo info;
    info.id = query.value(0).toString();
    info.title = query.value(1).toString();
    info.workspace = query.value(2).toString();
    info.model = query.value(3).toString();
    info.createdAt = recordjson::parseTimestamp(query.value(4).toString());
    info.updatedAt = recordjson::parseTimestamp(query.value(5).toString());
    info.originKind = query.value(6).toString();
    info.originPath = query.value(7).toString();
    info.originId = query.value(8).toString();
    info.parentSessionId = query.value(9).toString();
    info.parentMessageId = query.value(10).toString();
    info.parentToolCallId = query.value(11).toString();
    info.metadata = jsonColumn(query.value(12));
    info.messageCount = query.value(13).toLongLong();
    info.activeLeafId = query.value(14).toString();
    return info;
}

} // namespace

RecordReader::RecordReader(const QSqlDatabase &db)
    : m_db(db)
{}

Result<SessionInfo> RecordReader::session(const QString &sessionId) const
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("SELECT %1 FROM sessions s WHERE s.uid = ?").arg(QLatin1String(sessionColumns)));
    query.addBindValue(sessionId);
    if (!query.exec())
        return sqlError(query, Text::tr("read session"));
    if (!query.next())
        return noSession(sessionId);
    return sessionFromRow(query);
}

Result<QList<SessionInfo>> RecordReader::sessions(const SessionFilter &filter) const
{
    QStringList conditions;
    if (!filter.includeArchived)
        conditions << QStringLiteral("s.archived = 0");
    if (!filter.originKind.isEmpty())
        conditions << QStringLiteral("s.origin_kind = :origin");
    if (!filter.parentSessionId.isEmpty())
        conditions << QStringLiteral("s.parent_session = :parent");
    QString sql = QStringLiteral("SELECT %1 FROM sessions s").arg(QLatin1String(sessionColumns));
    if (!conditions.isEmpty())
        sql += QStringLiteral(" WHERE ") + conditions.join(QStringLiteral(" AND "));
    sql += QStringLiteral(" ORDER BY s.updated_at DESC, s.id DESC");
    if (filter.limit >= 0)
        sql += QStringLiteral(" LIMIT %1").arg(filter.limit);
    QSqlQuery query(m_db);
    query.prepare(sql);
    if (!filter.originKind.isEmpty())
        query.bindValue(QStringLiteral(":origin"), filter.originKind);
    if (!filter.parentSessionId.isEmpty())
        query.bindValue(QStringLiteral(":parent"), filter.parentSessionId);
    if (!query.exec())
        return sqlError(query, Text::tr("list sessions"));
    QList<SessionInfo> sessions;
    while (query.next())
        sessions.append(sessionFromRow(query));
    return sessions;
}

Result<QStringList> RecordReader::messageIds(const QString &sessionId) const
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral(
        "SELECT m.uid FROM messages m JOIN sessions s ON s.id = m.session_id WHERE s.uid = ? ORDER BY m.seq"));
    query.addBindValue(sessionId);
    if (!query.exec())
        return sqlError(query, Text::tr("read messages"));
    QStringList ids;
    while (query.next())
        ids << query.value(0).toString();
    return ids;
}

Result<QList<Message>> RecordReader::outline(const QString &sessionId) const
{
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral(
        "SELECT uid, parent_uid, seq, turn, role FROM messages "
        "WHERE session_id = (SELECT id FROM sessions WHERE uid = ?) ORDER BY seq"));
    query.addBindValue(sessionId);
    if (!query.exec())
        return sqlError(query, Text::tr("read messages"));
    QList<Message> messages;
    while (query.next()) {
        Message message;
        message.id = query.value(0).toString();
        message.parentId = query.value(1).toString();
        message.seq = query.value(2).toLongLong();
        message.turn = query.value(3).toInt();
        if (!roleFromName(query.value(4).toString(), &message.role))
            return Error(QStringLiteral("store.corrupt"), Text::tr("message %1 has an unknown role").arg(message.id));
        messages.append(std::move(message));
    }
    if (messages.isEmpty()) {
        // No messages, or no such session: only the second is an error.
        const Result<SessionInfo> exists = session(sessionId);
        if (exists.hasError())
            return exists.error();
    }
    return messages;
}

Result<std::optional<Message>> RecordReader::message(const QString &sessionId, const QString &messageId) const
{
    // The (session_id, uid) unique index finds the seq; the message is then read like any other.
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral(
        "SELECT s.id, m.seq FROM sessions s LEFT JOIN messages m ON m.session_id = s.id AND m.uid = ? WHERE s.uid = ?"));
    query.addBindValue(messageId);
    query.addBindValue(sessionId);
    if (!query.exec())
        return sqlError(query, Text::tr("read messages"));
    if (!query.next())
        return noSession(sessionId);
    if (query.value(1).isNull())
        return std::optional<Message>();
    const qint64 seq = query.value(1).toLongLong();
    query.finish();
    Result<QList<Message>> found = messages(sessionId, seq, 1);
    if (found.hasError())
        return found.error();
    if (found->isEmpty())
        return std::optional<Message>();
    return std::optional<Message>(found->takeFirst());
}

Result<QList<MessageLocation>> RecordReader::locateMessage(const QString &messageId) const
{
    // CROSS JOIN keeps messages the outer loop, read through messages_by_uid: otherwise SQLite
    // may walk the sessions in id order (the ORDER BY) and probe each one's messages.
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral(
        "SELECT s.uid, m.seq FROM messages m CROSS JOIN sessions s ON s.id = m.session_id WHERE m.uid = ? ORDER BY s.id"));
    query.addBindValue(messageId);
    if (!query.exec())
        return sqlError(query, Text::tr("read messages"));
    QList<MessageLocation> locations;
    while (query.next())
        locations.append({query.value(0).toString(), query.value(1).toLongLong()});
    return locations;
}

Result<QList<Message>> RecordReader::messages(const QString &sessionId, qint64 from, qint64 count) const
{
    QSqlQuery sessionRow(m_db);
    sessionRow.prepare(QStringLiteral("SELECT id FROM sessions WHERE uid = ?"));
    sessionRow.addBindValue(sessionId);
    if (!sessionRow.exec())
        return sqlError(sessionRow, Text::tr("read messages"));
    if (!sessionRow.next())
        return noSession(sessionId);
    const qint64 row = sessionRow.value(0).toLongLong();
    const qint64 last = count < 0 ? std::numeric_limits<qint64>::max() : from + count - 1;

    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral(
        "SELECT id, uid, parent_uid, seq, turn, role, created_at, model, stop_reason, usage, "
        "metadata, wire, part_count FROM messages WHERE session_id = ? AND seq BETWEEN ? AND ? ORDER BY seq"));
    query.addBindValue(row);
    query.addBindValue(from);
    query.addBindValue(last);
    if (!query.exec())
        return sqlError(query, Text::tr("read messages"));
    QList<Message> messages;
    QList<qint64> rowIds;
    QList<int> partCounts;
    while (query.next()) {
        QJsonObject json;
        json.insert(QLatin1String("id"), query.value(1).toString());
        json.insert(QLatin1String("parent_id"), query.value(2).toString());
        json.insert(QLatin1String("seq"), query.value(3).toLongLong());
        json.insert(QLatin1String("turn"), query.value(4).toInt());
        json.insert(QLatin1String("role"), query.value(5).toString());
        json.insert(QLatin1String("parts"), QJsonArray());
        json.insert(QLatin1String("created_at"), query.value(6).toString());
        json.insert(QLatin1String("model"), query.value(7).toString());
        json.insert(QLatin1String("stop_reason"), query.value(8).toString());
        json.insert(QLatin1String("usage"), jsonColumn(query.value(9)));
        json.insert(QLatin1String("metadata"), jsonColumn(query.value(10)));
        json.insert(QLatin1String("wire"), jsonColumn(query.value(11)));
        Result<Message> message = recordjson::messageFromJson(json);
        if (!message.ok())
            return Error(QStringLiteral("store.corrupt"), message.error().message);
        messages.append(std::move(message).value());
        rowIds.append(query.value(0).toLongLong());
        partCounts.append(query.value(12).toInt());
    }
    if (messages.isEmpty())
        return messages;

    // Texts stored as search chunks (longer than one chunk), joined back together.
    QHash<qint64, QString> chunkedTexts;
    QSqlQuery chunks(m_db);
    chunks.setForwardOnly(true);
    chunks.prepare(QStringLiteral(
        "SELECT c.part_id, c.body FROM search_chunks c JOIN parts p ON p.id = c.part_id "
        "JOIN messages m ON m.id = p.message_id "
        "WHERE m.session_id = ? AND m.seq BETWEEN ? AND ? AND p.chunked = 1 ORDER BY c.id"));
    chunks.addBindValue(row);
    chunks.addBindValue(messages.first().seq);
    chunks.addBindValue(messages.last().seq);
    if (!chunks.exec())
        return sqlError(chunks, Text::tr("read parts"));
    while (chunks.next())
        chunkedTexts[chunks.value(0).toLongLong()] += chunks.value(1).toString();

    QSqlQuery parts(m_db);
    parts.setForwardOnly(true);
    parts.prepare(QStringLiteral(
        "SELECT p.message_id, p.idx, p.parent_idx, p.kind, p.tool_name, p.call_id, p.text, p.data, p.chunked, p.id "
        "FROM parts p JOIN messages m ON m.id = p.message_id "
        "WHERE m.session_id = ? AND m.seq BETWEEN ? AND ? ORDER BY m.seq, p.idx"));
    parts.addBindValue(row);
    parts.addBindValue(messages.first().seq);
    parts.addBindValue(messages.last().seq);
    if (!parts.exec())
        return sqlError(parts, Text::tr("read parts"));
    qsizetype current = 0;
    QList<PartRow> rows;
    const auto finishMessage = [&]() -> Result<void> {
        if (rows.size() != partCounts.at(current)) {
            return Error(QStringLiteral("store.corrupt"),
                         Text::tr("message %1 should have %2 parts but has %3")
                             .arg(messages.at(current).id)
                             .arg(partCounts.at(current))
                             .arg(rows.size()));
        }
        Result<QList<Part>> rebuilt = rebuildParts(rows);
        if (!rebuilt.ok())
            return rebuilt.error();
        messages[current].parts = std::move(rebuilt).value();
        rows.clear();
        return success();
    };
    while (parts.next()) {
        const qint64 messageRow = parts.value(0).toLongLong();
        while (rowIds.at(current) != messageRow) {
            Result<void> finished = finishMessage();
            if (!finished.ok())
                return finished.error();
            ++current;
        }
        PartRow partRow;
        partRow.idx = parts.value(1).toInt();
        partRow.parentIdx = parts.value(2).isNull() ? -1 : parts.value(2).toInt();
        partKindFromName(parts.value(3).toString(), &partRow.kind);
        partRow.toolName = parts.value(4).toString();
        partRow.callId = parts.value(5).toString();
        if (parts.value(8).toInt() != 0) {
            partRow.hasText = true;
            partRow.text = chunkedTexts.take(parts.value(9).toLongLong());
        } else {
            partRow.hasText = !parts.value(6).isNull();
            partRow.text = parts.value(6).toString();
        }
        partRow.data = parts.value(7).toString();
        rows.append(std::move(partRow));
    }
    for (; current < messages.size(); ++current) {
        Result<void> finished = finishMessage();
        if (!finished.ok())
            return finished.error();
    }
    return messages;
}

Result<QList<TurnInfo>> RecordReader::turns(const QString &sessionId) const
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral(
        "SELECT m.turn, min(m.seq), max(m.seq) FROM messages m JOIN sessions s ON s.id = m.session_id "
        "WHERE s.uid = ? GROUP BY m.turn ORDER BY m.turn"));
    query.addBindValue(sessionId);
    if (!query.exec())
        return sqlError(query, Text::tr("read turns"));
    QList<TurnInfo> turns;
    while (query.next())
        turns.append({sessionId, query.value(0).toInt(), query.value(1).toLongLong(), query.value(2).toLongLong()});
    return turns;
}

Result<qint64> RecordReader::messageCount(const QString &sessionId) const
{
    Result<SessionInfo> info = session(sessionId);
    if (!info.ok())
        return info.error();
    return info->messageCount;
}

Result<QList<PartTokenCount>> RecordReader::tokenCounts(const QString &sessionId, const QString &family) const
{
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral(
        "SELECT m.seq, p.idx, t.tokens FROM part_tokens t JOIN parts p ON p.id = t.part_id "
        "JOIN messages m ON m.id = p.message_id JOIN sessions s ON s.id = m.session_id "
        "WHERE s.uid = ? AND t.family = ? ORDER BY m.seq, p.idx"));
    query.addBindValue(sessionId);
    query.addBindValue(family);
    if (!query.exec())
        return sqlError(query, Text::tr("read token counts"));
    QList<PartTokenCount> counts;
    while (query.next())
        counts.append({query.value(0).toLongLong(), query.value(1).toInt(), query.value(2).toInt()});
    return counts;
}

} // namespace valis::store
