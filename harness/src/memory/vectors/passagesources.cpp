#include "memory/vectors/passagesources.h"

#include "valis/memory/detailstore.h"

#include "memory/sqliteconnections.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace valis::vectors {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::VectorRetriever)
};

Error sessionFailure(const QSqlQuery &query, const QString &path)
{
    return Error(QStringLiteral("store.io"), Text::tr("reading the session database: %1").arg(query.lastError().text()), path);
}

// A message's text: its text parts in order (a long part's first chunk is enough for a passage
// and for what is embedded).
const char messageColumns[] =
    "s.uid, m.uid, m.seq, m.turn, m.role, m.created_at, s.title, "
    "(SELECT group_concat(coalesce(p.text, (SELECT c.body FROM search_chunks c WHERE c.part_id = p.id "
    "ORDER BY c.id LIMIT 1)), char(10)) FROM (SELECT * FROM parts WHERE message_id = m.id AND kind = 'text' "
    "ORDER BY idx) p)";
} // namespace

QString cutText(const QString &text, int limit)
{
    if (text.size() <= limit)
        return text;
    qsizetype end = text.lastIndexOf(QLatin1Char(' '), limit);
    if (end < limit * 3 / 4)
        end = limit;
    return text.left(end) + QStringLiteral("…");
}

QString embeddingText(const RecallPassage &passage)
{
    if (passage.kind == RecallSourceKind::Transcript)
        return passage.text;
    if (passage.summary.isEmpty() || passage.text.startsWith(passage.summary))
        return passage.text;
    return passage.summary + QStringLiteral("\n\n") + passage.text;
}

Result<QList<VectorItem>> listMemories(const DetailStore &store)
{
    QList<VectorItem> items;
    MemoryFilter filter;
    filter.limit = 1000;
    for (filter.offset = 0;; filter.offset += filter.limit) {
        Result<QList<MemoryRecord>> page = store.list(filter);
        if (page.hasError())
            return page.error();
        for (const MemoryRecord &record : std::as_const(*page)) {
            VectorItem item;
            item.kind = RecallSourceKind::Memory;
            item.source = record.key;
            item.agentId = record.agentId;
            item.sessionId = record.sessionId;
            item.type = record.type;
            item.createdAt = record.createdAt;
            items.append(item);
        }
        if (page->size() < filter.limit)
            break;
    }
    return items;
}

Result<QList<VectorItem>> listMessages(memory::SqliteConnections &sessions)
{
    Result<QSqlDatabase> db = sessions.forCurrentThread();
    if (db.hasError())
        return db.error();
    QSqlQuery query(*db);
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT s.uid, m.uid, m.role, m.created_at FROM messages m JOIN sessions s ON s.id = "
                                   "m.session_id WHERE m.role IN ('user', 'assistant') AND EXISTS (SELECT 1 FROM parts p "
                                   "WHERE p.message_id = m.id AND p.kind = 'text')")))
        return sessionFailure(query, sessions.path());
    QList<VectorItem> items;
    while (query.next()) {
        VectorItem item;
        item.kind = RecallSourceKind::Transcript;
        item.sessionId = query.value(0).toString();
        item.source = item.sessionId + QLatin1Char('/') + query.value(1).toString();
        item.type = query.value(2).toString();
        item.createdAt = QDateTime::fromString(query.value(3).toString(), Qt::ISODateWithMs);
        items.append(item);
    }
    return items;
}

Result<RecallPassage> memoryPassage(const DetailStore &store, const QString &key, int textLimit, bool *active)
{
    Result<MemoryRecord> record = store.find(key);
    if (record.hasError())
        return record.error();
    *active = record->active;
    RecallPassage passage;
    passage.kind = RecallSourceKind::Memory;
    passage.memoryKey = record->key;
    passage.memoryType = record->type;
    passage.memoryPath = record->path;
    passage.sessionId = record->sessionId;
    passage.summary = record->summary;
    passage.createdAt = record->createdAt;
    const QJsonValue weight = record->metadata.value(QLatin1String("weight"));
    if (weight.isDouble() && weight.toDouble() > 0)
        passage.weight = weight.toDouble();
    if (record->sizeBytes > 0) {
        MemoryPageRequest request;
        request.unit = MemoryPageRequest::Unit::Bytes;
        request.offset = 0;
        request.limit = qMin<qint64>(record->sizeBytes, qint64(textLimit) * 4);
        Result<MemoryPage> page = store.read(key, request);
        if (page.hasError())
            return page.error();
        QString text = QString::fromUtf8(page->text);
        // A cut in the middle of a UTF-8 sequence decodes to replacement characters at the end.
        while (text.endsWith(QChar(QChar::ReplacementCharacter)))
            text.chop(1);
        passage.text = cutText(text.simplified(), textLimit);
    }
    if (passage.text.isEmpty())
        passage.text = passage.summary;
    return passage;
}

Result<QHash<QString, RecallPassage>> messagePassages(memory::SqliteConnections &sessions, const QStringList &sources,
                                                      int textLimit)
{
    QHash<QString, RecallPassage> found;
    Result<QSqlDatabase> db = sessions.forCurrentThread();
    if (db.hasError())
        return db.error();
    QSqlQuery query(*db);
    query.prepare(QStringLiteral("SELECT %1 FROM messages m JOIN sessions s ON s.id = m.session_id "
                                 "WHERE s.uid = ? AND m.uid = ?").arg(QLatin1String(messageColumns)));
    for (const QString &source : sources) {
        const qsizetype slash = source.indexOf(QLatin1Char('/'));
        if (slash < 0)
            continue;
        query.addBindValue(source.left(slash));
        query.addBindValue(source.mid(slash + 1));
        if (!query.exec())
            return sessionFailure(query, sessions.path());
        if (!query.next())
            continue;
        RecallPassage passage;
        passage.kind = RecallSourceKind::Transcript;
        passage.sessionId = query.value(0).toString();
        passage.messageId = query.value(1).toString();
        passage.seq = query.value(2).toLongLong();
        passage.turn = query.value(3).toInt();
        Role role = Role::User;
        roleFromName(query.value(4).toString(), &role);
        passage.role = role;
        passage.createdAt = QDateTime::fromString(query.value(5).toString(), Qt::ISODateWithMs);
        passage.sessionTitle = query.value(6).toString();
        passage.text = cutText(query.value(7).toString().simplified(), textLimit);
        query.finish();
        found.insert(source, passage);
    }
    return found;
}

} // namespace valis::vectors
