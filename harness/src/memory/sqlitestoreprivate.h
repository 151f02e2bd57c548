#pragma once

#include "valis/memory/sqlitedetailstore.h"

#include "memory/memoryrules.h"
#include "memory/sqliteblobfiles.h"
#include "memory/sqliteconnections.h"
#include "memory/sqlitememoryrows.h"
#include "memory/sqlitesql.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonDocument>
#include <QSet>
#include <QSqlQuery>

#include <optional>

// The SqliteDetailStore's state and the steps its calls share, for sqlitedetailstore.cpp and
// sqlitememoryfiles.cpp (the /memories/ calls).
namespace valis {

namespace memory {

struct SqliteStoreText
{
    Q_DECLARE_TR_FUNCTIONS(valis::SqliteDetailStore)
};

/// A record ready to insert: checked, hashed and counted before the write lock is taken.
struct PreparedMemory
{
    NewMemory memory;
    QString path;       ///< memory_file records only
    QString sha256;     ///< of the content
    QString keyHex;     ///< the 64 hex digits the key is cut from
    qint64 lines = 0;
    bool inBlob = false;
    QString searchText; ///< null: the index reads `content` itself
};

/// A row as the store itself needs it: the record plus where its content is.
struct MemoryRow
{
    MemoryRecord record;
    qint64 id = 0;
    QString blobFile;
    QByteArray inlineContent; ///< when selected
};

inline QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

inline Error corrupt(const QString &key)
{
    return Error(QStringLiteral("memory.corrupt"),
                 SqliteStoreText::tr("the content of %1 is damaged: it no longer matches the checksum stored with it").arg(key));
}

} // namespace memory

struct SqliteDetailStore::Private
{
    using Prepared = memory::PreparedMemory;
    using Row = memory::MemoryRow;

    QString path;
    qint64 blobThreshold = 0;
    std::unique_ptr<memory::SqliteBlobFiles> blobs;
    std::unique_ptr<memory::SqliteConnections> connections;

    Result<QSqlDatabase> db() const { return connections->forCurrentThread(); }

    Result<Prepared> prepare(NewMemory memory, const QString &filePath) const
    {
        Result<NewMemory> checked = memory::checkedMemory(std::move(memory));
        if (!checked.ok())
            return checked.error();
        Prepared prepared;
        prepared.memory = std::move(checked).value();
        prepared.path = filePath;
        const QByteArray &content = prepared.memory.content;
        prepared.sha256 = memory::sha256Hex(content);
        const QString key = filePath.isEmpty() ? memoryKeyFor(prepared.memory.agentId, content, 64)
                                               : memoryFileKeyFor(prepared.memory.agentId, filePath, content, 64);
        prepared.keyHex = key.mid(2);
        prepared.lines = countLines(content);
        prepared.inBlob = content.size() > blobThreshold;
        if (prepared.inBlob || content.size() > memory::indexedContentBytes)
            prepared.searchText = QString::fromUtf8(memory::indexedPart(content));
        return prepared;
    }

    /// Blob files go to disk before the transaction, so the write lock is not held while
    /// megabytes are written and synced.
    Result<void> storeBlobs(const QList<Prepared> &prepared) const
    {
        for (const Prepared &item : prepared) {
            if (!item.inBlob)
                continue;
            const Result<void> stored = blobs->store(item.sha256, item.memory.content);
            if (!stored.ok())
                return stored;
        }
        return success();
    }

    static Result<std::optional<Row>> rowWhere(QSqlDatabase &db, const QString &condition, const QVariantList &values,
                                               bool withContent)
    {
        QSqlQuery query(db);
        query.setForwardOnly(true);
        query.prepare(QStringLiteral("SELECT ") + memory::recordColumns() + (withContent ? QStringLiteral(", m.content") : QString())
                      + QStringLiteral(" FROM agent_memories m WHERE ") + condition + QStringLiteral(" LIMIT 1"));
        for (const QVariant &value : values)
            query.addBindValue(value);
        if (!query.exec())
            return memory::sqliteError(query, memory::SqliteStoreText::tr("read a memory"));
        if (!query.next())
            return std::optional<Row>();
        Row row;
        row.record = memory::recordFrom(query);
        row.id = memory::rowIdFrom(query);
        row.blobFile = memory::blobFileFrom(query);
        if (withContent)
            row.inlineContent = query.value(memory::recordColumnCount).toByteArray();
        return std::optional<Row>(std::move(row));
    }

    Result<Row> rowByKey(QSqlDatabase &db, const QString &key, bool withContent, const SqliteDetailStore &store) const
    {
        const QString normalised = memory::normalisedKey(key);
        Result<std::optional<Row>> row = rowWhere(db, QStringLiteral("m.memory_key = ?"), {normalised}, withContent);
        if (!row.ok())
            return row.error();
        if (!row.value())
            return memory::unknownKeyError(normalised, store.similarKeys(normalised));
        return std::move(*row.value());
    }

    /// The row's whole content, checked against its SHA-256.
    Result<QByteArray> contentOf(const Row &row) const
    {
        if (!row.blobFile.isEmpty())
            return blobs->load(row.blobFile, row.record.sha256, row.record.key);
        if (row.inlineContent.size() != row.record.sizeBytes || memory::sha256Hex(row.inlineContent) != row.record.sha256)
            return memory::corrupt(row.record.key);
        return row.inlineContent;
    }

    /// The shortest free key cut from `keyHex`: all keys sharing its first six digits are read
    /// in one range scan of the key index (in the write transaction, so no one takes it meanwhile).
    static Result<QString> freeKey(QSqlDatabase &db, const QString &keyHex)
    {
        const QString shortest = QStringLiteral("m-") + keyHex.left(6);
        QSqlQuery query(db);
        query.setForwardOnly(true);
        query.prepare(QStringLiteral("SELECT memory_key FROM agent_memories WHERE memory_key >= ? AND memory_key <= ?"));
        query.addBindValue(shortest);
        query.addBindValue(QString(shortest + QLatin1Char('~')));
        if (!query.exec())
            return memory::sqliteError(query, memory::SqliteStoreText::tr("choose a memory key"));
        QSet<QString> taken;
        while (query.next())
            taken.insert(query.value(0).toString());
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

    /// Stores one prepared record inside the caller's write transaction, or returns the
    /// agent's active record with the same content (not for /memories/ files, which writeFile
    /// versions itself).
    Result<MemoryRecord> insert(QSqlDatabase &db, const Prepared &item) const
    {
        if (item.path.isEmpty()) {
            Result<std::optional<Row>> duplicate = rowWhere(
                db,
                QStringLiteral("m.content_sha256 = ? AND m.agent_id = ? AND m.is_active = 1 AND m.path IS NULL "
                               "ORDER BY m.id DESC"),
                {item.sha256, item.memory.agentId}, false);
            if (!duplicate.ok())
                return duplicate.error();
            if (duplicate.value())
                return duplicate.value()->record;
        }
        if (item.inBlob) {
            // A purge in another process may have removed the file after storeBlobs() saw it;
            // with the write lock held, no purge can remove it any more.
            const Result<void> stored = blobs->store(item.sha256, item.memory.content);
            if (!stored.ok())
                return stored.error();
        }
        const Result<QString> key = freeKey(db, item.keyHex);
        if (!key.ok())
            return key.error();

        MemoryRecord record;
        record.key = key.value();
        record.agentId = item.memory.agentId;
        record.sessionId = item.memory.sessionId;
        record.type = item.memory.type;
        record.summary = item.memory.summary;
        record.path = item.path;
        record.metadata = item.memory.metadata;
        record.createdAt = QDateTime::currentDateTimeUtc();
        record.active = true;
        record.sizeBytes = item.memory.content.size();
        record.lineCount = item.lines;
        record.sha256 = item.sha256;

        QSqlQuery query(db);
        query.prepare(QStringLiteral(
            "INSERT INTO agent_memories(memory_key, agent_id, thread_id, memory_type, summary, path, content_metadata, "
            "created_at, is_active, content_sha256, content_size, line_count, blob_file, search_text, content) "
            "VALUES(?, ?, ?, ?, coalesce(?, ''), ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)"));
        query.addBindValue(record.key);
        query.addBindValue(record.agentId);
        query.addBindValue(record.sessionId.isEmpty() ? QVariant() : QVariant(record.sessionId));
        query.addBindValue(record.type);
        query.addBindValue(record.summary);
        query.addBindValue(record.path.isEmpty() ? QVariant() : QVariant(record.path));
        query.addBindValue(QString::fromUtf8(QJsonDocument(record.metadata).toJson(QJsonDocument::Compact)));
        query.addBindValue(memory::storedTime(record.createdAt));
        query.addBindValue(record.sha256);
        query.addBindValue(record.sizeBytes);
        query.addBindValue(record.lineCount);
        query.addBindValue(item.inBlob ? QVariant(memory::SqliteBlobFiles::relativePathFor(item.sha256)) : QVariant());
        query.addBindValue(item.searchText.isNull() ? QVariant() : QVariant(item.searchText));
        query.addBindValue(item.inBlob ? QVariant() : QVariant(item.memory.content));
        const Result<void> inserted = memory::sqliteRun(query, memory::SqliteStoreText::tr("store a memory"));
        if (!inserted.ok())
            return inserted.error();
        return record;
    }
};

} // namespace valis
