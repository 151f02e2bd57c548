// VectorStore over QtSql: the same statements on SQLite and PostgreSQL, with the few words
// that differ (key column, binary type, table names) filled in per backend.
#include "valis/memory/vectorstore.h"

#include "memory/postgresconnections.h"
#include "memory/sqliteconnections.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <cstring>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::VectorStore)
};

int kindCode(RecallSourceKind kind)
{
    return kind == RecallSourceKind::Memory ? 0 : 1;
}

RecallSourceKind kindFromCode(int code)
{
    return code == 0 ? RecallSourceKind::Memory : RecallSourceKind::Transcript;
}

// Vectors are stored as the machine's float32 bytes: every platform Valis builds for is
// little-endian, so the bytes are the same on all of them.
QByteArray toBytes(const QVector<float> &vector)
{
    return QByteArray(reinterpret_cast<const char *>(vector.constData()), vector.size() * qsizetype(sizeof(float)));
}

QVector<float> fromBytes(const QByteArray &bytes)
{
    QVector<float> vector(bytes.size() / qsizetype(sizeof(float)));
    std::memcpy(vector.data(), bytes.constData(), size_t(vector.size()) * sizeof(float));
    return vector;
}

QString placeholders(qsizetype count)
{
    QStringList marks;
    for (qsizetype i = 0; i < count; ++i)
        marks.append(QStringLiteral("?"));
    return marks.join(QLatin1Char(','));
}
} // namespace

struct VectorStore::Private
{
    std::unique_ptr<memory::SqliteConnections> sqlite;
    std::unique_ptr<memory::PostgresConnections> postgres;
    QString location;
    bool pgVector = false;
    // Table names.
    QString embeddings, items, removed, spaces;

    Result<QSqlDatabase> db() const
    {
        return sqlite ? sqlite->forCurrentThread() : postgres->database();
    }

    Error failure(const QSqlQuery &query, const QString &what) const
    {
        return Error(QStringLiteral("memory.io"), Text::tr("vector store: %1: %2").arg(what, query.lastError().text()),
                     location);
    }

    Result<void> exec(QSqlDatabase &database, const QString &statement) const
    {
        QSqlQuery query(database);
        if (!query.exec(statement))
            return failure(query, statement.left(60));
        return success();
    }

    /// Runs `work` in a write transaction (BEGIN IMMEDIATE on SQLite, so writers queue at once).
    template<typename T, typename Work>
    Result<T> write(Work &&work) const
    {
        Result<QSqlDatabase> opened = db();
        if (opened.hasError())
            return opened.error();
        QSqlDatabase database = *opened;
        const Result<void> begun = exec(database, sqlite ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("BEGIN"));
        if (begun.hasError())
            return begun.error();
        Result<T> result = work(database);
        if (result.hasError()) {
            QSqlQuery(database).exec(QStringLiteral("ROLLBACK"));
            return result;
        }
        const Result<void> committed = exec(database, QStringLiteral("COMMIT"));
        if (committed.hasError()) {
            QSqlQuery(database).exec(QStringLiteral("ROLLBACK"));
            return committed.error();
        }
        return result;
    }

    Result<void> createSchema()
    {
        const QString key = sqlite ? QStringLiteral("INTEGER PRIMARY KEY AUTOINCREMENT") : QStringLiteral("BIGSERIAL PRIMARY KEY");
        const QString blob = sqlite ? QStringLiteral("BLOB") : QStringLiteral("BYTEA");
        const QStringList statements = {
            QStringLiteral("CREATE TABLE IF NOT EXISTS %1 (hash TEXT PRIMARY KEY, dimension INTEGER NOT NULL, "
                           "vector %2 NOT NULL)").arg(embeddings, blob),
            QStringLiteral("CREATE TABLE IF NOT EXISTS %1 (label %2, kind INTEGER NOT NULL, space TEXT NOT NULL, "
                           "source TEXT NOT NULL, hash TEXT NOT NULL, agent_id TEXT, session_id TEXT, type TEXT, "
                           "created_at TEXT, generation BIGINT NOT NULL, UNIQUE (kind, space, source))").arg(items, key),
            QStringLiteral("CREATE INDEX IF NOT EXISTS %1_by_generation ON %1 (kind, space, generation)").arg(items),
            QStringLiteral("CREATE INDEX IF NOT EXISTS %1_by_hash ON %1 (hash)").arg(items),
            QStringLiteral("CREATE TABLE IF NOT EXISTS %1 (kind INTEGER NOT NULL, space TEXT NOT NULL, "
                           "label BIGINT NOT NULL, generation BIGINT NOT NULL)").arg(removed),
            QStringLiteral("CREATE INDEX IF NOT EXISTS %1_by_generation ON %1 (kind, space, generation)").arg(removed),
            QStringLiteral("CREATE TABLE IF NOT EXISTS %1 (kind INTEGER NOT NULL, space TEXT NOT NULL, "
                           "dimension INTEGER NOT NULL, generation BIGINT NOT NULL DEFAULT 0, "
                           "complete INTEGER NOT NULL DEFAULT 0, completed_at TEXT, PRIMARY KEY (kind, space))")
                .arg(spaces),
        };
        return write<bool>([&](QSqlDatabase &database) -> Result<bool> {
                   if (postgres) {
                       // Two processes creating the tables at once would collide on the catalogue.
                       const Result<void> locked = exec(database, QStringLiteral("SELECT pg_advisory_xact_lock(7665637401)"));
                       if (locked.hasError())
                           return locked.error();
                   }
                   for (const QString &statement : statements) {
                       const Result<void> done = exec(database, statement);
                       if (done.hasError())
                           return done.error();
                   }
                   return true;
               }).ok()
            ? success()
            : Result<void>(Error(QStringLiteral("memory.unavailable"), Text::tr("cannot set up the vector tables"), location));
    }

    /// Raises the generation of (kind, space), creating its row; returns the new generation.
    /// New items make the space incomplete until the Embedder finishes again; removals do not.
    Result<qint64> nextGeneration(QSqlDatabase &database, RecallSourceKind kind, const QString &space, int dimension,
                                  bool adding = true) const
    {
        QSqlQuery insert(database);
        insert.prepare(QStringLiteral("INSERT INTO %1 (kind, space, dimension, generation) VALUES (?, ?, ?, 0) "
                                      "ON CONFLICT (kind, space) DO NOTHING").arg(spaces));
        insert.addBindValue(kindCode(kind));
        insert.addBindValue(space);
        insert.addBindValue(dimension);
        if (!insert.exec())
            return failure(insert, QStringLiteral("space"));
        QSqlQuery raise(database);
        raise.prepare(QStringLiteral("UPDATE %1 SET generation = generation + 1%2 WHERE kind = ? AND space = ? "
                                     "RETURNING generation").arg(spaces, adding ? QStringLiteral(", complete = 0") : QString()));
        raise.addBindValue(kindCode(kind));
        raise.addBindValue(space);
        if (!raise.exec() || !raise.next())
            return failure(raise, QStringLiteral("generation"));
        return raise.value(0).toLongLong();
    }

    static VectorItem itemFrom(const QSqlQuery &query)
    {
        // Columns: label, kind, source, hash, agent_id, session_id, type, created_at, generation
        VectorItem item;
        item.label = query.value(0).toLongLong();
        item.kind = kindFromCode(query.value(1).toInt());
        item.source = query.value(2).toString();
        item.hash = query.value(3).toString();
        item.agentId = query.value(4).toString();
        item.sessionId = query.value(5).toString();
        item.type = query.value(6).toString();
        item.createdAt = QDateTime::fromString(query.value(7).toString(), Qt::ISODateWithMs);
        item.generation = query.value(8).toLongLong();
        return item;
    }
};

static const char itemColumns[] = "label, kind, source, hash, agent_id, session_id, type, created_at, generation";

VectorStore::VectorStore(std::unique_ptr<Private> data) : d(std::move(data)) {}
VectorStore::~VectorStore() = default;

Result<std::unique_ptr<VectorStore>> VectorStore::openSqlite(const QString &path)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return Error(QStringLiteral("memory.io"), Text::tr("cannot create the folder of the vector store"), path);
    auto d = std::make_unique<Private>();
    d->sqlite = std::make_unique<memory::SqliteConnections>(path);
    d->location = path;
    d->embeddings = QStringLiteral("embeddings");
    d->items = QStringLiteral("vector_items");
    d->removed = QStringLiteral("vector_removed");
    d->spaces = QStringLiteral("vector_spaces");
    Result<QSqlDatabase> db = d->db();
    if (db.hasError())
        return db.error();
    QSqlDatabase database = *db;
    const Result<void> wal = d->exec(database, QStringLiteral("PRAGMA journal_mode=WAL"));
    if (wal.hasError())
        return wal.error();
    const Result<void> schema = d->createSchema();
    if (schema.hasError())
        return schema.error();
    return std::unique_ptr<VectorStore>(new VectorStore(std::move(d)));
}

Result<std::unique_ptr<VectorStore>> VectorStore::openPostgres(const PostgresConnection &connection)
{
    auto d = std::make_unique<Private>();
    d->postgres = std::make_unique<memory::PostgresConnections>(connection);
    d->location = connection.toUrl();
    d->embeddings = QStringLiteral("agent_memory_embeddings");
    d->items = QStringLiteral("agent_memory_vector_items");
    d->removed = QStringLiteral("agent_memory_vector_removed");
    d->spaces = QStringLiteral("agent_memory_vector_spaces");
    Result<QSqlDatabase> db = d->db();
    if (db.hasError())
        return db.error();
    QSqlQuery probe(*db);
    if (!probe.exec(QStringLiteral("SELECT count(*) FROM pg_available_extensions WHERE name = 'vector'")) || !probe.next())
        return d->failure(probe, QStringLiteral("extensions"));
    d->pgVector = probe.value(0).toLongLong() > 0;
    const Result<void> schema = d->createSchema();
    if (schema.hasError())
        return schema.error();
    return std::unique_ptr<VectorStore>(new VectorStore(std::move(d)));
}

QString VectorStore::description() const
{
    return d->sqlite ? QStringLiteral("SQLite ") + d->location : QStringLiteral("PostgreSQL ") + d->location;
}

QString VectorStore::location() const { return d->location; }
bool VectorStore::isPostgres() const { return d->postgres != nullptr; }
bool VectorStore::hasPgVector() const { return d->pgVector; }

Result<QHash<QString, QVector<float>>> VectorStore::cachedVectors(const QStringList &hashes) const
{
    QHash<QString, QVector<float>> found;
    Result<QSqlDatabase> db = d->db();
    if (db.hasError())
        return db.error();
    for (qsizetype start = 0; start < hashes.size(); start += 500) {
        const QStringList chunk = hashes.mid(start, 500);
        QSqlQuery query(*db);
        query.prepare(QStringLiteral("SELECT hash, vector FROM %1 WHERE hash IN (%2)").arg(d->embeddings, placeholders(chunk.size())));
        for (const QString &hash : chunk)
            query.addBindValue(hash);
        if (!query.exec())
            return d->failure(query, QStringLiteral("cached vectors"));
        while (query.next())
            found.insert(query.value(0).toString(), fromBytes(query.value(1).toByteArray()));
    }
    return found;
}

Result<QList<VectorItem>> VectorStore::putItems(const QString &space, int dimension, const QList<VectorItem> &items,
                                                const QHash<QString, QVector<float>> &vectors)
{
    if (items.isEmpty())
        return QList<VectorItem>();
    const RecallSourceKind kind = items.first().kind;
    return d->write<QList<VectorItem>>([&](QSqlDatabase &database) -> Result<QList<VectorItem>> {
        Result<qint64> generation = d->nextGeneration(database, kind, space, dimension);
        if (generation.hasError())
            return generation.error();
        QSqlQuery cache(database);
        cache.prepare(QStringLiteral("INSERT INTO %1 (hash, dimension, vector) VALUES (?, ?, ?) ON CONFLICT (hash) DO NOTHING")
                          .arg(d->embeddings));
        for (auto it = vectors.constBegin(); it != vectors.constEnd(); ++it) {
            cache.addBindValue(it.key());
            cache.addBindValue(int(it.value().size()));
            cache.addBindValue(toBytes(it.value()));
            if (!cache.exec())
                return d->failure(cache, QStringLiteral("store vector"));
        }
        QSqlQuery existing(database);
        existing.prepare(QStringLiteral("SELECT label, hash FROM %1 WHERE kind = ? AND space = ? AND source = ?").arg(d->items));
        QSqlQuery drop(database);
        drop.prepare(QStringLiteral("DELETE FROM %1 WHERE label = ?").arg(d->items));
        QSqlQuery tomb(database);
        tomb.prepare(QStringLiteral("INSERT INTO %1 (kind, space, label, generation) VALUES (?, ?, ?, ?)").arg(d->removed));
        QSqlQuery insert(database);
        insert.prepare(QStringLiteral("INSERT INTO %1 (kind, space, source, hash, agent_id, session_id, type, created_at, "
                                      "generation) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING label").arg(d->items));
        QList<VectorItem> stored;
        for (VectorItem item : items) {
            if (item.kind != kind)
                return Error(QStringLiteral("memory.invalid"), Text::tr("one call stores items of one kind"));
            existing.addBindValue(kindCode(kind));
            existing.addBindValue(space);
            existing.addBindValue(item.source);
            if (!existing.exec())
                return d->failure(existing, QStringLiteral("find item"));
            if (existing.next()) {
                const qint64 old = existing.value(0).toLongLong();
                if (existing.value(1).toString() == item.hash) {
                    existing.finish();
                    continue; // already there
                }
                existing.finish();
                drop.addBindValue(old);
                tomb.addBindValue(kindCode(kind));
                tomb.addBindValue(space);
                tomb.addBindValue(old);
                tomb.addBindValue(*generation);
                if (!drop.exec() || !tomb.exec())
                    return d->failure(drop, QStringLiteral("replace item"));
            }
            item.generation = *generation;
            insert.addBindValue(kindCode(kind));
            insert.addBindValue(space);
            insert.addBindValue(item.source);
            insert.addBindValue(item.hash);
            insert.addBindValue(item.agentId);
            insert.addBindValue(item.sessionId);
            insert.addBindValue(item.type);
            insert.addBindValue(item.createdAt.toUTC().toString(Qt::ISODateWithMs));
            insert.addBindValue(item.generation);
            if (!insert.exec() || !insert.next())
                return d->failure(insert, QStringLiteral("store item"));
            item.label = insert.value(0).toLongLong();
            insert.finish();
            stored.append(item);
        }
        return stored;
    });
}

Result<void> VectorStore::removeItems(RecallSourceKind kind, const QString &space, const QList<qint64> &labels)
{
    if (labels.isEmpty())
        return success();
    const Result<bool> done = d->write<bool>([&](QSqlDatabase &database) -> Result<bool> {
        Result<qint64> generation = d->nextGeneration(database, kind, space, 0, false);
        if (generation.hasError())
            return generation.error();
        QSqlQuery drop(database);
        drop.prepare(QStringLiteral("DELETE FROM %1 WHERE label = ? AND kind = ? AND space = ?").arg(d->items));
        QSqlQuery tomb(database);
        tomb.prepare(QStringLiteral("INSERT INTO %1 (kind, space, label, generation) VALUES (?, ?, ?, ?)").arg(d->removed));
        for (const qint64 label : labels) {
            drop.addBindValue(label);
            drop.addBindValue(kindCode(kind));
            drop.addBindValue(space);
            tomb.addBindValue(kindCode(kind));
            tomb.addBindValue(space);
            tomb.addBindValue(label);
            tomb.addBindValue(*generation);
            if (!drop.exec() || !tomb.exec())
                return d->failure(drop, QStringLiteral("remove item"));
        }
        return true;
    });
    return done.ok() ? success() : Result<void>(done.error());
}

Result<QList<VectorItem>> VectorStore::items(RecallSourceKind kind, const QString &space) const
{
    Result<QSqlDatabase> db = d->db();
    if (db.hasError())
        return db.error();
    QSqlQuery query(*db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT %1 FROM %2 WHERE kind = ? AND space = ?").arg(QLatin1String(itemColumns), d->items));
    query.addBindValue(kindCode(kind));
    query.addBindValue(space);
    if (!query.exec())
        return d->failure(query, QStringLiteral("items"));
    QList<VectorItem> all;
    while (query.next())
        all.append(Private::itemFrom(query));
    return all;
}

Result<QList<VectorItem>> VectorStore::itemsByLabel(const QList<qint64> &labels) const
{
    Result<QSqlDatabase> db = d->db();
    if (db.hasError())
        return db.error();
    QList<VectorItem> all;
    for (qsizetype start = 0; start < labels.size(); start += 500) {
        const QList<qint64> chunk = labels.mid(start, 500);
        QSqlQuery query(*db);
        query.prepare(QStringLiteral("SELECT %1 FROM %2 WHERE label IN (%3)")
                          .arg(QLatin1String(itemColumns), d->items, placeholders(chunk.size())));
        for (const qint64 label : chunk)
            query.addBindValue(label);
        if (!query.exec())
            return d->failure(query, QStringLiteral("items"));
        while (query.next())
            all.append(Private::itemFrom(query));
    }
    return all;
}

Result<void> VectorStore::forEachVector(RecallSourceKind kind, const QString &space, qint64 afterGeneration,
                                        const std::function<void(const VectorItem &, const QVector<float> &)> &visit) const
{
    Result<QSqlDatabase> db = d->db();
    if (db.hasError())
        return db.error();
    QSqlQuery query(*db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT i.label, i.kind, i.source, i.hash, i.agent_id, i.session_id, i.type, i.created_at, "
                                 "i.generation, e.vector FROM %1 i JOIN %2 e ON e.hash = i.hash "
                                 "WHERE i.kind = ? AND i.space = ? AND i.generation > ? ORDER BY i.label")
                      .arg(d->items, d->embeddings));
    query.addBindValue(kindCode(kind));
    query.addBindValue(space);
    query.addBindValue(afterGeneration);
    if (!query.exec())
        return d->failure(query, QStringLiteral("vectors"));
    while (query.next())
        visit(Private::itemFrom(query), fromBytes(query.value(9).toByteArray()));
    return success();
}

Result<QList<qint64>> VectorStore::removedSince(RecallSourceKind kind, const QString &space, qint64 generation) const
{
    Result<QSqlDatabase> db = d->db();
    if (db.hasError())
        return db.error();
    QSqlQuery query(*db);
    query.prepare(QStringLiteral("SELECT label FROM %1 WHERE kind = ? AND space = ? AND generation > ?").arg(d->removed));
    query.addBindValue(kindCode(kind));
    query.addBindValue(space);
    query.addBindValue(generation);
    if (!query.exec())
        return d->failure(query, QStringLiteral("removed items"));
    QList<qint64> labels;
    while (query.next())
        labels.append(query.value(0).toLongLong());
    return labels;
}

Result<QList<VectorSpaceState>> VectorStore::spaces(RecallSourceKind kind) const
{
    Result<QSqlDatabase> db = d->db();
    if (db.hasError())
        return db.error();
    QSqlQuery query(*db);
    query.prepare(QStringLiteral("SELECT s.space, s.dimension, s.generation, s.complete, s.completed_at, "
                                 "(SELECT count(*) FROM %2 i WHERE i.kind = s.kind AND i.space = s.space) "
                                 "FROM %1 s WHERE s.kind = ? ORDER BY s.space").arg(d->spaces, d->items));
    query.addBindValue(kindCode(kind));
    if (!query.exec())
        return d->failure(query, QStringLiteral("spaces"));
    QList<VectorSpaceState> all;
    while (query.next()) {
        VectorSpaceState state;
        state.kind = kind;
        state.space = query.value(0).toString();
        state.dimension = query.value(1).toInt();
        state.generation = query.value(2).toLongLong();
        state.complete = query.value(3).toInt() != 0;
        state.completedAt = QDateTime::fromString(query.value(4).toString(), Qt::ISODateWithMs);
        state.items = query.value(5).toLongLong();
        all.append(state);
    }
    return all;
}

Result<VectorSpaceState> VectorStore::spaceState(RecallSourceKind kind, const QString &space) const
{
    Result<QList<VectorSpaceState>> all = spaces(kind);
    if (all.hasError())
        return all.error();
    for (const VectorSpaceState &state : std::as_const(*all)) {
        if (state.space == space)
            return state;
    }
    VectorSpaceState empty;
    empty.kind = kind;
    empty.space = space;
    return empty;
}

Result<void> VectorStore::setComplete(RecallSourceKind kind, const QString &space, bool complete)
{
    const Result<bool> done = d->write<bool>([&](QSqlDatabase &database) -> Result<bool> {
        QSqlQuery insert(database);
        insert.prepare(QStringLiteral("INSERT INTO %1 (kind, space, dimension, generation) VALUES (?, ?, 0, 0) "
                                      "ON CONFLICT (kind, space) DO NOTHING").arg(d->spaces));
        insert.addBindValue(kindCode(kind));
        insert.addBindValue(space);
        QSqlQuery update(database);
        update.prepare(QStringLiteral("UPDATE %1 SET complete = ?, completed_at = ? WHERE kind = ? AND space = ?").arg(d->spaces));
        update.addBindValue(complete ? 1 : 0);
        update.addBindValue(complete ? QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) : QString());
        update.addBindValue(kindCode(kind));
        update.addBindValue(space);
        if (!insert.exec() || !update.exec())
            return d->failure(update, QStringLiteral("space state"));
        return true;
    });
    return done.ok() ? success() : Result<void>(done.error());
}

Result<void> VectorStore::dropSpace(RecallSourceKind kind, const QString &space)
{
    const Result<bool> done = d->write<bool>([&](QSqlDatabase &database) -> Result<bool> {
        for (const QString &table : {d->items, d->removed, d->spaces}) {
            QSqlQuery drop(database);
            drop.prepare(QStringLiteral("DELETE FROM %1 WHERE kind = ? AND space = ?").arg(table));
            drop.addBindValue(kindCode(kind));
            drop.addBindValue(space);
            if (!drop.exec())
                return d->failure(drop, QStringLiteral("drop space"));
        }
        const Result<void> unused = d->exec(database, QStringLiteral("DELETE FROM %1 WHERE NOT EXISTS (SELECT 1 FROM %2 i "
                                                                     "WHERE i.hash = %1.hash)").arg(d->embeddings, d->items));
        if (unused.hasError())
            return unused.error();
        return true;
    });
    return done.ok() ? success() : Result<void>(done.error());
}

} // namespace valis
