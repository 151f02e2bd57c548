#pragma once

#include "valis/memory/postgresdetailstore.h"

#include "memory/memoryrules.h"
#include "memory/postgresconnections.h"
#include "memory/postgrescontentcache.h"
#include "memory/postgresmemoryrows.h"
#include "memory/postgresmemorysearch.h"
#include "memory/postgrespairwords.h"
#include "memory/postgresschema.h"
#include "memory/postgrestextsearch.h"
#include "memory/postgresvocabulary.h"
#include "memory/postgresvocabularybackfill.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QSqlQuery>

#include <optional>

// The PostgresDetailStore's state and the steps its calls share, for postgresdetailstore.cpp and
// postgresmemoryfiles.cpp (the /memories/ calls).
namespace valis {

// Defined beside memoryKeyFor() (detailstore.cpp): the key of a /memories/ file version.
QString memoryFileKeyFor(const QString &agentId, const QString &path, const QByteArray &content, int hexDigits);

namespace memory::postgres_store {

using namespace memory::postgres_rows;

struct PostgresStoreText
{
    Q_DECLARE_TR_FUNCTIONS(valis::PostgresDetailStore)
};
using Text = PostgresStoreText;

/// A record ready to insert: checked, hashed, counted and its vectors written before any
/// statement runs.
struct Prepared
{
    NewMemory memory;
    QString path;        ///< memory_file records only
    QString sha256;
    QString keyHex;      ///< the 64 hex digits the key is cut from
    qint64 lines = 0;
    QString searchVector;
    QString rankVector;  ///< null for content that search_vector ranks well enough
    QString pairVector;
    QSet<QString> pairWords; ///< the common words pairVector was made with
    QStringList distinctWords;
    QString metadataJson;
    qint64 vocabularyGeneration = 0; ///< as beginWrite() saw it
};

/// A row as the store itself needs it.
struct Row
{
    MemoryRecord record;
    qint64 id = 0;
    QString version;
    QByteArray content;  ///< when selected
    bool intact = false; ///< when content is selected: the server found it matches its SHA-256
};

/// Selected after the record columns when the content is wanted. The server checks the
/// checksum: its sha256() is several times faster than hashing here, and what matters is that
/// the bytes stored are the bytes that were written.
inline constexpr char contentColumns[] =
    ", m.content, encode(sha256(m.content), 'hex') = m.content_sha256 AND length(m.content) = m.content_size";

inline QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

inline Error corrupt(const QString &key)
{
    return Error(QStringLiteral("memory.corrupt"),
                 Text::tr("the content of %1 is damaged: it no longer matches the checksum stored with it").arg(key));
}

inline Error fileNotFound(const QString &path, const QString &agentId)
{
    return Error(QStringLiteral("memory.not-found"),
                 Text::tr("there is no file /memories/%1 for agent %2").arg(path, agentId));
}

/// jsonb refuses U+0000 in strings, which JSON (and SQLite) allow: it becomes U+FFFD.
inline QJsonValue withoutNul(const QJsonValue &value)
{
    if (value.isString()) {
        QString text = value.toString();
        return text.contains(QChar(0)) ? QJsonValue(text.replace(QChar(0), QChar::ReplacementCharacter)) : value;
    }
    if (value.isArray()) {
        QJsonArray array;
        for (const QJsonValue &item : value.toArray())
            array.append(withoutNul(item));
        return array;
    }
    if (value.isObject()) {
        QJsonObject object;
        const QJsonObject source = value.toObject();
        for (auto it = source.begin(); it != source.end(); ++it) {
            QString name = it.key();
            object.insert(name.replace(QChar(0), QChar::ReplacementCharacter), withoutNul(it.value()));
        }
        return object;
    }
    return value;
}

/// Text columns cannot hold U+0000 either.
inline QString withoutNul(QString text)
{
    return text.contains(QChar(0)) ? text.replace(QChar(0), QChar::ReplacementCharacter) : text;
}

inline QVariant nullIfEmpty(const QString &text)
{
    return text.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(text);
}

} // namespace memory::postgres_store

using namespace memory;
using namespace memory::postgres_store;

struct PostgresDetailStore::Private
{
    explicit Private(const PostgresConnection &connection)
        : connections(connection)
    {}

    mutable PostgresConnections connections;
    mutable PostgresContentCache cache;
    mutable PostgresWordFrequencies frequencies;
    mutable PostgresPairWords pairWords;
    mutable PostgresVocabulary vocabulary;
    /// Last: it stops (and uses the connections) before the rest goes.
    std::unique_ptr<PostgresVocabularyBackfill> backfill;

    /// Runs `work` on this thread's connection. A failure that turns out to be a lost
    /// connection (a server restart, an idle connection dropped by a proxy) is retried once on a
    /// new connection; every write is idempotent under a retry (put finds its own record).
    template<typename Work>
    auto run(Work &&work) const -> decltype(work())
    {
        for (int attempt = 0;; ++attempt) {
            auto result = work();
            if (result.ok() || result.error().code != QLatin1String("memory.io") || connections.alive())
                return result;
            connections.reset();
            if (attempt > 0)
                return connections.unavailable(result.error().message);
        }
    }

    Result<QSqlQuery *> statement(const QString &sql) const
    {
        return connections.prepared(sql);
    }

    /// Runs `work` between BEGIN and COMMIT, rolling back when it or the commit fails.
    template<typename Work>
    auto transaction(Work &&work) const -> decltype(work())
    {
        Result<QSqlDatabase> db = connections.database();
        if (db.hasError())
            return db.error();
        if (!db.value().transaction())
            return sqlError(db.value().lastError(), Text::tr("begin a transaction"));
        auto result = work();
        if (!result.ok()) {
            db.value().rollback();
            return result;
        }
        if (!db.value().commit()) {
            const Error error = sqlError(db.value().lastError(), Text::tr("commit"));
            db.value().rollback();
            return error;
        }
        return result;
    }

    /// Runs an UPDATE or DELETE; returns how many rows it changed.
    Result<int> change(const QString &sql, const QVariantList &values, const QString &doing) const
    {
        return run([&]() -> Result<int> {
            Result<QSqlQuery *> query = statement(sql);
            if (query.hasError())
                return query.error();
            QSqlQuery &q = *query.value();
            for (int i = 0; i < values.size(); ++i)
                q.bindValue(i, values.at(i));
            if (!q.exec())
                return sqlError(q, doing);
            const int rows = q.numRowsAffected();
            q.finish();
            return rows;
        });
    }

    Result<Prepared> prepare(NewMemory memory, const QString &filePath) const
    {
        Result<NewMemory> checked = checkedMemory(std::move(memory));
        if (checked.hasError())
            return checked.error();
        Prepared prepared;
        prepared.memory = std::move(checked).value();
        prepared.memory.summary = withoutNul(prepared.memory.summary);
        prepared.path = filePath;
        const QByteArray &content = prepared.memory.content;
        prepared.sha256 = sha256Hex(content);
        const QString key = filePath.isEmpty() ? memoryKeyFor(prepared.memory.agentId, content, 64)
                                               : memoryFileKeyFor(prepared.memory.agentId, filePath, content, 64);
        prepared.keyHex = key.mid(2);
        prepared.lines = countLines(content);
        const QString head = prepared.memory.summary + QLatin1Char(' ') + filePath;
        prepared.pairWords = pairWords.known();
        postgres_text::RecordVectors vectors = postgres_text::recordVectors(head, content, prepared.pairWords);
        prepared.searchVector = std::move(vectors.search);
        prepared.pairVector = std::move(vectors.pairs);
        prepared.distinctWords = std::move(vectors.distinctWords);
        if (content.size() > postgres_schema::rankedContentBytes)
            prepared.rankVector = postgres_text::tsvector(head, content, postgres_schema::rankedContentBytes);
        prepared.metadataJson = QString::fromUtf8(
            QJsonDocument(withoutNul(QJsonValue(prepared.memory.metadata)).toObject()).toJson(QJsonDocument::Compact));
        return prepared;
    }

    /// First in a write transaction, before any row is inserted (postgrespairwords.h): the
    /// pair vectors of `items` made again when the common words changed since they were made.
    Result<void> beginWrite(QList<Prepared> &items) const
    {
        Result<QSet<QString>> words = pairWords.beginWrite(connections);
        if (words.hasError())
            return words.error();
        for (Prepared &item : items) {
            if (item.pairWords == words.value())
                continue;
            item.pairWords = words.value();
            item.pairVector = postgres_text::pairVector(item.memory.summary + QLatin1Char(' ') + item.path,
                                                        item.memory.content, item.pairWords);
        }
        Result<qint64> generation = vocabulary.add(connections, distinctWordsOf(items));
        if (generation.hasError())
            return generation.error();
        for (Prepared &item : items)
            item.vocabularyGeneration = generation.value();
        return success();
    }

    /// After a write committed: its records count towards the next promotion, and their words
    /// are listed.
    void written(const QList<Prepared> &items) const
    {
        for (const Prepared &item : items)
            pairWords.count(item.distinctWords);
        if (!items.isEmpty())
            vocabulary.committed(distinctWordsOf(items), items.constFirst().vocabularyGeneration);
    }

    static QList<QStringList> distinctWordsOf(const QList<Prepared> &items)
    {
        QList<QStringList> words;
        words.reserve(items.size());
        for (const Prepared &item : items)
            words.append(item.distinctWords);
        return words;
    }

    Result<std::optional<Row>> rowWhere(const QString &condition, const QVariantList &values, bool withContent) const
    {
        Result<QSqlQuery *> query = statement(QStringLiteral("SELECT ") + recordColumns()
                                              + (withContent ? QLatin1String(contentColumns) : QLatin1String(""))
                                              + QStringLiteral(" FROM agent_memories m WHERE ") + condition
                                              + QStringLiteral(" LIMIT 1"));
        if (query.hasError())
            return query.error();
        QSqlQuery &q = *query.value();
        for (int i = 0; i < values.size(); ++i)
            q.bindValue(i, values.at(i));
        if (!q.exec())
            return sqlError(q, Text::tr("read a memory"));
        if (!q.next())
            return std::optional<Row>();
        Row row;
        row.record = recordFrom(q);
        row.id = rowIdFrom(q);
        row.version = versionFrom(q);
        if (withContent) {
            row.content = q.value(recordColumnCount).toByteArray();
            row.intact = q.value(recordColumnCount + 1).toBool();
        }
        q.finish();
        return std::optional<Row>(std::move(row));
    }

    Result<Row> rowByKey(const QString &key, bool withContent, const PostgresDetailStore &store) const
    {
        const QString normalised = normalisedKey(key);
        Result<std::optional<Row>> row = rowWhere(QStringLiteral("m.memory_key = ?"), {normalised}, withContent);
        if (row.hasError())
            return row.error();
        if (!row.value())
            return unknownKeyError(normalised, store.similarKeys(normalised));
        return std::move(*row.value());
    }

    static Result<QByteArray> contentOf(const Row &row)
    {
        if (!row.intact || row.content.size() != row.record.sizeBytes)
            return corrupt(row.record.key);
        return row.content;
    }

    /// The record `key` with its content: from the cache when the row has not changed since it
    /// was cached, else read and checked.
    Result<Row> rowWithContent(const QString &key, const PostgresDetailStore &store) const
    {
        const QString normalised = normalisedKey(key);
        const std::optional<PostgresContentCache::Entry> cached = cache.find(normalised);
        Result<Row> row = rowByKey(normalised, !cached, store);
        if (row.hasError())
            return row;
        if (cached) {
            if (cached->sha256 == row.value().record.sha256 && cached->version == row.value().version) {
                row.value().content = cached->content;
                return row;
            }
            row = rowByKey(normalised, true, store);
            if (row.hasError())
                return row;
        }
        Result<QByteArray> content = contentOf(row.value());
        if (content.hasError())
            return content.error();
        cache.insert(normalised, {row.value().record.sha256, row.value().version, content.value()});
        return row;
    }

    /// What the keys sharing the first six digits of `item`'s say (one range scan of the key
    /// index): which are taken, and which is the agent's newest active record with the same
    /// content, if any (the same agent and content give the same digits).
    struct KeyRange
    {
        QSet<QString> taken;
        qint64 duplicateId = 0;
    };

    Result<KeyRange> keyRange(const Prepared &item) const
    {
        const QString shortest = QStringLiteral("m-") + item.keyHex.left(6);
        Result<QSqlQuery *> query = statement(QStringLiteral(
            "SELECT id, memory_key, agent_id = ? AND content_sha256 = ? AND is_active AND path IS NULL "
            "FROM agent_memories WHERE memory_key >= ? AND memory_key <= ?"));
        if (query.hasError())
            return query.error();
        QSqlQuery &q = *query.value();
        q.bindValue(0, item.memory.agentId);
        q.bindValue(1, item.sha256);
        q.bindValue(2, shortest);
        q.bindValue(3, QString(shortest + QLatin1Char('~')));
        if (!q.exec())
            return sqlError(q, Text::tr("choose a memory key"));
        KeyRange range;
        while (q.next()) {
            range.taken.insert(q.value(1).toString());
            if (q.value(2).toBool())
                range.duplicateId = qMax(range.duplicateId, q.value(0).toLongLong());
        }
        q.finish();
        return range;
    }

    /// The shortest free key cut from `keyHex`, as the SQLite store chooses it.
    static QString freeKey(const QString &keyHex, const QSet<QString> &taken)
    {
        for (int digits = 6; digits <= keyHex.size(); ++digits) {
            const QString candidate = QStringLiteral("m-") + keyHex.left(digits);
            if (!taken.contains(candidate))
                return candidate;
        }
        // Every prefix is taken (the same content stored and deactivated over and over).
        for (int copy = 2;; ++copy) {
            const QString candidate = QStringLiteral("m-") + keyHex + QLatin1Char('-') + QString::number(copy);
            if (!taken.contains(candidate))
                return candidate;
        }
    }

    /// Stores one prepared record inside the caller's transaction (after beginWrite()), or
    /// returns the agent's active record with the same content (not for /memories/ files,
    /// which writeFile versions itself).
    /// Two writers of the same content at once: the second's insert waits for the first to
    /// commit, conflicts on the key, and its second look finds the first's record.
    Result<MemoryRecord> insert(const Prepared &item) const
    {
        MemoryRecord record;
        record.agentId = item.memory.agentId;
        record.sessionId = item.memory.sessionId;
        record.type = item.memory.type;
        record.summary = item.memory.summary;
        record.path = item.path;
        record.metadata = item.memory.metadata;
        record.createdAt = QDateTime::fromMSecsSinceEpoch(QDateTime::currentMSecsSinceEpoch(), Qt::UTC);
        record.active = true;
        record.sizeBytes = item.memory.content.size();
        record.lineCount = item.lines;
        record.sha256 = item.sha256;

        // The id is drawn first: the search vector carries its recency bucket.
        Result<QSqlQuery *> query = statement(
            QStringLiteral(
                "WITH n AS (SELECT nextval('agent_memories_id_seq') AS id) "
                "INSERT INTO agent_memories (id, memory_key, agent_id, thread_id, memory_type, summary, path, content, "
                "content_metadata, content_sha256, content_size, line_count, created_at, is_active, search_vector, "
                "rank_vector, pair_vector, words_listed) "
                "SELECT n.id, ?, ?, ?, ?, coalesce(?, ''), ?, coalesce(?, CAST('' AS bytea)), CAST(? AS jsonb), ?, ?, ?, "
                "to_timestamp(CAST(? AS double precision) / 1000), true, "
                "CAST(? AS tsvector) || array_to_tsvector(ARRAY['#' || (n.id / %1)]), CAST(? AS tsvector), "
                "coalesce(CAST(? AS tsvector), CAST('' AS tsvector)) || array_to_tsvector(ARRAY['#' || (n.id / %1)]), true "
                "FROM n "
                "ON CONFLICT (memory_key) DO NOTHING RETURNING CAST(xmin AS text)")
                .arg(postgres_schema::recencyBucketRows));
        if (query.hasError())
            return query.error();
        QSqlQuery &q = *query.value();
        // A key taken between looking and inserting (another process, same first digits): look
        // again.
        for (int attempt = 0; attempt < 100; ++attempt) {
            Result<KeyRange> range = keyRange(item);
            if (range.hasError())
                return range.error();
            if (item.path.isEmpty() && range.value().duplicateId > 0) {
                Result<std::optional<Row>> duplicate =
                    rowWhere(QStringLiteral("m.id = ?"), {range.value().duplicateId}, false);
                if (duplicate.hasError())
                    return duplicate.error();
                if (duplicate.value())
                    return duplicate.value()->record;
            }
            record.key = freeKey(item.keyHex, range.value().taken);
            const QVariantList values{record.key, record.agentId, nullIfEmpty(record.sessionId), record.type,
                                      record.summary, nullIfEmpty(record.path), item.memory.content, item.metadataJson,
                                      record.sha256, record.sizeBytes, record.lineCount,
                                      record.createdAt.toMSecsSinceEpoch(), item.searchVector,
                                      item.rankVector.isNull() ? QVariant(QMetaType::fromType<QString>())
                                                               : QVariant(item.rankVector),
                                      item.pairVector};
            for (int i = 0; i < values.size(); ++i)
                q.bindValue(i, values.at(i));
            if (!q.exec())
                return sqlError(q, Text::tr("store a memory"));
            const bool inserted = q.next();
            const QString version = inserted ? q.value(0).toString() : QString();
            q.finish();
            if (inserted) {
                // What was just captured is what the model pages through next.
                cache.insert(record.key, {record.sha256, version, item.memory.content});
                return record;
            }
        }
        return Error(QStringLiteral("memory.io"), Text::tr("cannot find a free key for a memory"));
    }

    Result<std::optional<Row>> activeFile(const QString &agentId, const QString &path, bool withContent) const
    {
        return rowWhere(QStringLiteral("m.agent_id = ? AND m.path = ? AND m.is_active"), {agentId, path}, withContent);
    }

    /// Records in the order a query gives them.
    Result<QList<MemoryRecord>> records(const QString &sql, const QVariantList &values, const QString &doing) const
    {
        return run([&]() -> Result<QList<MemoryRecord>> {
            Result<QSqlQuery *> query = statement(sql);
            if (query.hasError())
                return query.error();
            QSqlQuery &q = *query.value();
            for (int i = 0; i < values.size(); ++i)
                q.bindValue(i, values.at(i));
            if (!q.exec())
                return sqlError(q, doing);
            QList<MemoryRecord> found;
            while (q.next())
                found.append(recordFrom(q));
            q.finish();
            return found;
        });
    }
};

} // namespace valis
