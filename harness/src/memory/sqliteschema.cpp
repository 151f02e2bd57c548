#include "memory/sqliteschema.h"

#include "memory/sqlitesql.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QFileInfo>
#include <QSqlQuery>

namespace valis::memory {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::SqliteDetailStore)
};

// Never edit a migration that has shipped: add a new one.
using Migration = QList<const char *>;

const Migration migration1 = {
    // The seed design's agent_memories table, plus what content addressing and paging need.
    // Records are immutable but for is_active. The two large columns come last, so that listing
    // and searching, which never read them, do not walk their overflow pages. Content up to the
    // blob threshold is in `content`; a larger one is in the file blob_file (relative to the blob
    // folder, named by content_sha256) and `content` is NULL. `search_text` holds what the index
    // sees when that is not simply `content`: the first MiB of a large record.
    R"(CREATE TABLE agent_memories(
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        memory_key TEXT NOT NULL UNIQUE,
        agent_id TEXT NOT NULL,
        thread_id TEXT,
        memory_type TEXT NOT NULL,
        summary TEXT NOT NULL DEFAULT '',
        path TEXT,
        content_metadata TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL,
        is_active INTEGER NOT NULL DEFAULT 1,
        content_sha256 TEXT NOT NULL,
        content_size INTEGER NOT NULL,
        line_count INTEGER NOT NULL,
        blob_file TEXT,
        search_text TEXT,
        content BLOB))",
    // Listing and search read a filter's newest (and oldest) record from these ends.
    "CREATE INDEX agent_memories_by_thread ON agent_memories(thread_id, id)",
    "CREATE INDEX agent_memories_by_agent ON agent_memories(agent_id, id)",
    "CREATE INDEX agent_memories_by_type ON agent_memories(memory_type, id)",
    // Finds an agent's identical content (dedupe) and, hash first, whether any record still uses a
    // blob file (purge).
    "CREATE INDEX agent_memories_by_content ON agent_memories(content_sha256, agent_id)",
    // One active version of each /memories/ file per agent.
    R"(CREATE UNIQUE INDEX agent_memories_active_files ON agent_memories(agent_id, path)
        WHERE is_active = 1 AND path IS NOT NULL)",
    R"(CREATE TRIGGER agent_memories_are_immutable BEFORE UPDATE OF
        memory_key, agent_id, thread_id, memory_type, summary, path, content_metadata, created_at,
        content_sha256, content_size, line_count, blob_file, search_text, content ON agent_memories
        BEGIN SELECT RAISE(ABORT, 'memory records are immutable: only is_active changes'); END)",
    // The full-text index reads its text through this view (an external-content FTS5 table), so
    // no text is stored twice. Triggers keep it in step; deactivation changes no indexed column.
    R"(CREATE VIEW agent_memories_search_source(id, summary, body, path) AS
        SELECT id, summary, coalesce(search_text, CAST(content AS TEXT)), path FROM agent_memories)",
    R"(CREATE VIRTUAL TABLE agent_memories_search USING fts5(
        summary, body, path, content='agent_memories_search_source', content_rowid='id',
        tokenize='unicode61 remove_diacritics 2', prefix='3'))",
    // The index's vocabulary, for expanding a prefix into the words it stands for (see
    // searchMemories()).
    "CREATE VIRTUAL TABLE agent_memories_terms USING fts5vocab(agent_memories_search, 'row')",
    R"(CREATE TRIGGER agent_memories_index AFTER INSERT ON agent_memories BEGIN
        INSERT INTO agent_memories_search(rowid, summary, body, path)
        VALUES(new.id, new.summary, coalesce(new.search_text, CAST(new.content AS TEXT)), new.path);
        END)",
    R"(CREATE TRIGGER agent_memories_unindex AFTER DELETE ON agent_memories BEGIN
        INSERT INTO agent_memories_search(agent_memories_search, rowid, summary, body, path)
        VALUES('delete', old.id, old.summary, coalesce(old.search_text, CAST(old.content AS TEXT)), old.path);
        END)",
};

const QList<const Migration *> migrations = {&migration1};

QString connectionName()
{
    static QAtomicInteger<quint64> counter;
    return QStringLiteral("valis-memory-check-%1").arg(counter.fetchAndAddRelaxed(1));
}

/// The verdict on an open read-only connection to an existing file.
Result<void> inspect(QSqlDatabase &db, const QString &path)
{
    QSqlQuery query(db);
    if (!query.exec(QStringLiteral("SELECT (SELECT application_id FROM pragma_application_id), "
                                   "(SELECT user_version FROM pragma_user_version), "
                                   "(SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%')"))
        || !query.next()) {
        return Error(QStringLiteral("memory.unavailable"),
                     Text::tr("this file is not a Valis memory database (%1)").arg(sqliteError(query, {}).message), path);
    }
    const int applicationId = query.value(0).toInt();
    const int version = query.value(1).toInt();
    const bool hasTables = query.value(2).toInt() > 0;
    if (applicationId != SqliteMemorySchema::applicationId() && (applicationId != 0 || hasTables)) {
        return Error(QStringLiteral("memory.unavailable"),
                     Text::tr("this SQLite file is not a Valis memory database; Valis left it untouched"), path);
    }
    if (version > SqliteMemorySchema::latestVersion()) {
        return Error(QStringLiteral("memory.future-schema"),
                     Text::tr("the memory database was written by a newer Valis (schema version %1; this build "
                              "reads up to %2). It was left untouched: update Valis to open it.")
                         .arg(version)
                         .arg(SqliteMemorySchema::latestVersion()),
                     path);
    }
    return success();
}

} // namespace

int SqliteMemorySchema::latestVersion()
{
    return int(migrations.size());
}

int SqliteMemorySchema::applicationId()
{
    return 0x56414c4d; // "VALM"
}

Result<void> SqliteMemorySchema::check(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists() || info.size() == 0)
        return success();
    const QString name = connectionName();
    Result<void> verdict = success();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=10000"));
        if (db.open())
            verdict = inspect(db, path);
        else
            verdict = Error(QStringLiteral("memory.unavailable"), Text::tr("cannot open the memory database"), path);
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return verdict;
}

Result<void> SqliteMemorySchema::migrate(QSqlDatabase &db)
{
    for (int version = 1; version <= latestVersion(); ++version) {
        const Result<void> done = sqliteWriteTransaction(db, [&]() -> Result<void> {
            // Another process may have migrated while this one waited for the write lock.
            QSqlQuery current(db);
            if (!current.exec(QStringLiteral("PRAGMA user_version")) || !current.next())
                return sqliteError(current, QStringLiteral("PRAGMA user_version"));
            if (current.value(0).toInt() >= version)
                return success();
            current.finish();
            for (const char *statement : *migrations.at(version - 1)) {
                const Result<void> step = sqliteExec(db, QString::fromUtf8(statement));
                if (!step.ok()) {
                    return Error(step.error().code,
                                 Text::tr("migration of the memory database to schema version %1 failed: %2")
                                     .arg(version)
                                     .arg(step.error().message),
                                 db.databaseName());
                }
            }
            const Result<void> stamped = sqliteExec(db, QStringLiteral("PRAGMA application_id = %1").arg(applicationId()));
            if (!stamped.ok())
                return stamped;
            return sqliteExec(db, QStringLiteral("PRAGMA user_version = %1").arg(version));
        });
        if (!done.ok())
            return done;
    }
    return success();
}

} // namespace valis::memory
