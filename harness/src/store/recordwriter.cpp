#include "store/recordwriter.h"

#include "store/blobstore.h"
#include "store/partrows.h"
#include "store/sqlutil.h"
#include "store/transcriptindex.h"

#include "valis/record/recordjson.h"

#include <QCoreApplication>
#include <QJsonDocument>

namespace valis::store {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::SessionStore)
};

QVariant jsonOrNull(const QJsonValue &value)
{
    if (!value.isObject() || value.toObject().isEmpty())
        return QVariant();
    return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
}

QVariant textOrNull(const QString &text)
{
    return text.isEmpty() ? QVariant() : QVariant(text);
}

/// QtSql binds a null QString as SQL NULL; NOT NULL text columns get '' instead.
QString notNull(const QString &text)
{
    return text.isNull() ? QStringLiteral("") : text;
}

} // namespace

RecordWriter::RecordWriter(const QSqlDatabase &db, BlobStore &blobs, TranscriptIndex &index)
    : m_db(db)
    , m_blobs(blobs)
    , m_index(index)
    , m_insertMessage(db)
    , m_insertPart(db)
    , m_findCall(db)
{
    m_insertMessage.prepare(QStringLiteral(
        "INSERT INTO messages(session_id, seq, uid, parent_uid, turn, role, created_at, model, "
        "stop_reason, usage, metadata, wire, part_count) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    m_insertPart.prepare(QStringLiteral(
        "INSERT INTO parts(message_id, idx, parent_idx, kind, tool_name, call_id, text, chunked, data) "
        "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    m_findCall.prepare(QStringLiteral(
        "SELECT p.tool_name FROM parts p JOIN messages m ON m.id = p.message_id "
        "WHERE p.call_id = ? AND p.kind = 'tool_call' AND m.session_id = ? LIMIT 1"));
}

Result<qint64> RecordWriter::insertSession(const SessionInfo &info)
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral(
        "INSERT INTO sessions(uid, title, workspace, model, created_at, updated_at, origin_kind, "
        "origin_path, origin_id, parent_session, parent_message, parent_tool_call, metadata, active_leaf) "
        "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    query.addBindValue(info.id);
    query.addBindValue(notNull(info.title));
    query.addBindValue(notNull(info.workspace));
    query.addBindValue(notNull(info.model));
    query.addBindValue(recordjson::formatTimestamp(info.createdAt));
    query.addBindValue(recordjson::formatTimestamp(info.updatedAt));
    query.addBindValue(info.originKind);
    query.addBindValue(textOrNull(info.originPath));
    query.addBindValue(textOrNull(info.originId));
    query.addBindValue(textOrNull(info.parentSessionId));
    query.addBindValue(textOrNull(info.parentMessageId));
    query.addBindValue(textOrNull(info.parentToolCallId));
    query.addBindValue(jsonOrNull(info.metadata));
    // An exported session names the branch it was on; its messages follow in the same import.
    query.addBindValue(textOrNull(info.activeLeafId));
    if (!query.exec()) {
        const Error error = sqlError(query, Text::tr("create session %1").arg(info.id));
        if (error.message.contains(QLatin1String("UNIQUE")))
            return Error(QStringLiteral("store.duplicate-session"),
                         Text::tr("a session with id %1 already exists").arg(info.id));
        return error;
    }
    return query.lastInsertId().toLongLong();
}

Result<RecordWriter::Position> RecordWriter::position(const QString &sessionId)
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral(
        "SELECT s.id, m.seq, m.turn FROM sessions s LEFT JOIN messages m ON m.session_id = s.id "
        "AND m.seq = (SELECT max(seq) FROM messages WHERE session_id = s.id) WHERE s.uid = ?"));
    query.addBindValue(sessionId);
    if (!query.exec())
        return sqlError(query, Text::tr("find session %1").arg(sessionId));
    if (!query.next())
        return Error(QStringLiteral("store.no-session"), Text::tr("there is no session \"%1\"").arg(sessionId));
    Position position;
    position.sessionRow = query.value(0).toLongLong();
    if (!query.value(1).isNull()) {
        position.nextSeq = query.value(1).toLongLong() + 1;
        position.turn = query.value(2).toInt();
    }
    return position;
}

Result<void> RecordWriter::storeImages(QList<Part> &parts)
{
    for (Part &part : parts) {
        if (part.kind == PartKind::Image && !part.image.data.isEmpty()) {
            Result<QString> uri = m_blobs.put(part.image.data);
            if (!uri.ok())
                return uri.error();
            part.image.uri = uri.value();
            part.image.data.clear();
        }
        Result<void> inner = storeImages(part.content);
        if (!inner.ok())
            return inner;
    }
    return success();
}

QString RecordWriter::toolNameForCall(qint64 sessionRow, const QString &callId)
{
    const auto recent = m_recentCalls.constFind(QString::number(sessionRow) + QLatin1Char('/') + callId);
    if (recent != m_recentCalls.constEnd())
        return recent.value();
    m_findCall.bindValue(0, callId);
    m_findCall.bindValue(1, sessionRow);
    QString name;
    if (m_findCall.exec() && m_findCall.next())
        name = m_findCall.value(0).toString();
    m_findCall.finish();
    return name;
}

Result<void> RecordWriter::appendMessage(Position &position, Message &message)
{
    if (message.id.isEmpty())
        message.id = newMessageId();
    if (!message.createdAt.isValid())
        message.createdAt = QDateTime::currentDateTimeUtc();
    Result<void> stored = storeImages(message.parts);
    if (!stored.ok())
        return stored;
    if (message.startsTurn())
        ++position.turn;
    message.seq = position.nextSeq;
    message.turn = position.turn;

    const QJsonObject json = recordjson::toJson(message);
    const QList<PartRow> rows = flattenParts(message.parts);
    m_insertMessage.bindValue(0, position.sessionRow);
    m_insertMessage.bindValue(1, message.seq);
    m_insertMessage.bindValue(2, message.id);
    m_insertMessage.bindValue(3, textOrNull(message.parentId));
    m_insertMessage.bindValue(4, message.turn);
    m_insertMessage.bindValue(5, roleName(message.role));
    m_insertMessage.bindValue(6, recordjson::formatTimestamp(message.createdAt));
    m_insertMessage.bindValue(7, textOrNull(message.model));
    m_insertMessage.bindValue(8, textOrNull(message.stopReason));
    m_insertMessage.bindValue(9, jsonOrNull(json.value(QLatin1String("usage"))));
    m_insertMessage.bindValue(10, jsonOrNull(message.metadata));
    m_insertMessage.bindValue(11, jsonOrNull(message.wire));
    m_insertMessage.bindValue(12, int(rows.size()));
    if (!m_insertMessage.exec()) {
        const Error error = sqlError(m_insertMessage, Text::tr("append message %1").arg(message.id));
        if (error.message.contains(QLatin1String("messages.uid")))
            return Error(QStringLiteral("store.duplicate-message"),
                         Text::tr("the session already has a message with id %1").arg(message.id));
        return error;
    }
    const qint64 messageRow = m_insertMessage.lastInsertId().toLongLong();

    for (const PartRow &row : rows) {
        QString toolName = row.toolName;
        if (row.kind == PartKind::ToolCall && !row.callId.isEmpty())
            m_recentCalls.insert(QString::number(position.sessionRow) + QLatin1Char('/') + row.callId, row.toolName);
        else if (toolName.isEmpty() && !row.callId.isEmpty())
            toolName = toolNameForCall(position.sessionRow, row.callId);
        // A text longer than one search chunk is stored as its chunks, not in the part row.
        const QByteArray utf8 = row.text.toUtf8();
        const QList<TextChunk> chunks = TranscriptIndex::chunk(utf8);
        const bool chunked = chunks.size() > 1;
        m_insertPart.bindValue(0, messageRow);
        m_insertPart.bindValue(1, row.idx);
        m_insertPart.bindValue(2, row.parentIdx < 0 ? QVariant() : QVariant(row.parentIdx));
        m_insertPart.bindValue(3, partKindName(row.kind));
        m_insertPart.bindValue(4, textOrNull(toolName));
        m_insertPart.bindValue(5, textOrNull(row.callId));
        m_insertPart.bindValue(6, row.hasText && !chunked ? QVariant(notNull(row.text)) : QVariant());
        m_insertPart.bindValue(7, chunked ? 1 : 0);
        m_insertPart.bindValue(8, row.data.isEmpty() ? QVariant() : QVariant(row.data));
        Result<void> inserted = run(m_insertPart, Text::tr("append message %1").arg(message.id));
        if (!inserted.ok())
            return inserted;
        inserted = m_index.storeChunks(m_insertPart.lastInsertId().toLongLong(), position.sessionRow, message.role,
                                       toolName, utf8, chunks, chunked);
        if (!inserted.ok())
            return inserted;
    }
    if (m_recentCalls.size() > 4096)
        m_recentCalls.clear();
    ++position.nextSeq;
    return success();
}

Result<void> RecordWriter::touchSession(qint64 sessionRow, const QDateTime &updatedAt)
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral(
        "UPDATE sessions SET updated_at = max(coalesce(updated_at, ''), ?) WHERE id = ?"));
    query.addBindValue(recordjson::formatTimestamp(updatedAt));
    query.addBindValue(sessionRow);
    return run(query, Text::tr("update session"));
}

} // namespace valis::store
