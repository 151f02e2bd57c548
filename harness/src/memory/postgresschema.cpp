#include "memory/postgresschema.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

namespace valis::memory::postgres_schema {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::PostgresDetailStore)
};

/// The advisory lock every Valis process takes while it creates or migrates the schema
/// ("valismem" in ASCII, so other applications' locks are unlikely to collide with it).
constexpr qint64 schemaLockKey = 0x76616c69736d656dLL;

/// Version 1. Keys sort bytewise (COLLATE "C") so similar-key lookups are index range scans.
/// thread_id and path are NULL when a record has none. One active version per agent and
/// /memories/ path is a unique index, so two writers cannot both leave theirs active.
const char *const version1[] = {
    "CREATE TABLE agent_memories ("
    " id bigserial PRIMARY KEY,"
    " agent_id text NOT NULL,"
    " thread_id text,"
    " memory_key text COLLATE \"C\" NOT NULL UNIQUE,"
    " memory_type text NOT NULL,"
    " summary text NOT NULL DEFAULT '',"
    " path text,"
    " content bytea NOT NULL,"
    " content_metadata jsonb NOT NULL DEFAULT '{}'::jsonb,"
    " content_sha256 text NOT NULL,"
    " content_size bigint NOT NULL,"
    " line_count bigint NOT NULL,"
    " created_at timestamptz NOT NULL DEFAULT clock_timestamp(),"
    " is_active boolean NOT NULL DEFAULT true,"
    " search_vector tsvector NOT NULL,"
    " rank_vector tsvector)",
    "CREATE INDEX agent_memories_thread ON agent_memories (thread_id)",
    "CREATE UNIQUE INDEX agent_memories_active_file ON agent_memories (agent_id, path)"
    " WHERE is_active AND path IS NOT NULL",
    "CREATE INDEX agent_memories_agent_sha256 ON agent_memories (agent_id, content_sha256)",
    "CREATE INDEX agent_memories_search ON agent_memories USING gin (search_vector)",
    // TOAST compresses content and vectors; lz4 (when the server was built with it)
    // decompresses several times faster than the default pglz, and decompressing the vectors
    // of the matches is most of what a search costs.
    "DO $$ BEGIN"
    " IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression'"
    "            AND 'lz4' = ANY(enumvals)) THEN"
    "  ALTER TABLE agent_memories ALTER COLUMN content SET COMPRESSION lz4,"
    "   ALTER COLUMN search_vector SET COMPRESSION lz4, ALTER COLUMN rank_vector SET COMPRESSION lz4;"
    " END IF;"
    " END $$",
};

/// Version 2: pair vectors (postgrespairwords.h). Rows written before keep a NULL pair vector:
/// every common word's since_id lies past them, so searches never narrow them by pairs.
const char *const version2[] = {
    "ALTER TABLE agent_memories ADD COLUMN pair_vector tsvector",
    "CREATE TABLE memory_pair_words (word text COLLATE \"C\" PRIMARY KEY, since_id bigint NOT NULL)",
    "CREATE INDEX agent_memories_pairs ON agent_memories USING gin (pair_vector)",
    // A Valis of schema 1 that was already running writes rows without pairs, which searches
    // would miss: its inserts fail instead (rows from before stay as they are).
    "DO $$ BEGIN"
    " EXECUTE format('ALTER TABLE agent_memories ADD CONSTRAINT agent_memories_written_with_pairs"
    "  CHECK (pair_vector IS NOT NULL OR id <= %s) NOT VALID',"
    "  (SELECT coalesce(max(id), 0) FROM agent_memories));"
    " END $$",
    "DO $$ BEGIN"
    " IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression'"
    "            AND 'lz4' = ANY(enumvals)) THEN"
    "  ALTER TABLE agent_memories ALTER COLUMN pair_vector SET COMPRESSION lz4;"
    " END IF;"
    " END $$",
};

/// Version 3: the vocabulary (postgresvocabulary.h). Rows written before are not in it:
/// `memory_words_state.complete_above` says where it starts to be complete, and searches
/// expand no prefix over them. The table is locked first, so that no row can be written
/// between reading the newest id and the constraint that holds rows after it to the new rule.
const char *const version3[] = {
    "LOCK TABLE agent_memories IN SHARE ROW EXCLUSIVE MODE",
    "CREATE TABLE memory_words (word text COLLATE \"C\" PRIMARY KEY)",
    "CREATE TABLE memory_words_state (complete_above bigint NOT NULL, generation bigint NOT NULL DEFAULT 0)",
    "CREATE TABLE memory_words_recheck (word text COLLATE \"C\" PRIMARY KEY)",
    "INSERT INTO memory_words_state SELECT coalesce(max(id), 0) FROM agent_memories",
    "ALTER TABLE agent_memories ADD COLUMN words_listed boolean",
    // A Valis of schema 2 that was already running writes rows whose words are not listed,
    // which prefix searches would miss: its inserts fail instead.
    "DO $$ BEGIN"
    " EXECUTE format('ALTER TABLE agent_memories ADD CONSTRAINT agent_memories_words_listed"
    "  CHECK (words_listed IS NOT NULL OR id <= %s) NOT VALID',"
    "  (SELECT complete_above FROM memory_words_state));"
    " END $$",
};

struct Migration
{
    int version;
    const char *const *statements;
    size_t count;
};

const Migration migrations[] = {
    {1, version1, std::size(version1)},
    {2, version2, std::size(version2)},
    {3, version3, std::size(version3)},
};

Error sqlFailure(const QSqlQuery &query, const QString &what)
{
    const QSqlError error = query.lastError();
    const QString text = error.databaseText().isEmpty() ? error.text() : error.databaseText();
    return Error(QStringLiteral("memory.io"),
                 Text::tr("cannot set up the PostgreSQL memory store (%1): %2").arg(what, text.trimmed()));
}

Result<void> exec(QSqlDatabase &db, const QString &statement, const QString &what)
{
    QSqlQuery query(db);
    if (!query.exec(statement))
        return sqlFailure(query, what);
    return success();
}

Result<void> migrate(QSqlDatabase &db)
{
    Result<void> locked = exec(db, QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(schemaLockKey),
                               QStringLiteral("advisory lock"));
    if (locked.hasError())
        return locked;
    // Checked under the lock: whoever held it before us may have just created everything.
    Result<void> table = exec(db, QStringLiteral("CREATE TABLE IF NOT EXISTS valis_memory_schema (version integer NOT NULL)"),
                              QStringLiteral("version table"));
    if (table.hasError())
        return table;
    QSqlQuery current(db);
    if (!current.exec(QStringLiteral("SELECT max(version) FROM valis_memory_schema")) || !current.next())
        return sqlFailure(current, QStringLiteral("schema version"));
    const int version = current.value(0).isNull() ? 0 : current.value(0).toInt();
    if (version > latestVersion()) {
        return Error(QStringLiteral("memory.future-schema"),
                     Text::tr("the memory database was set up by a newer Valis (schema version %1; this build "
                              "knows up to %2). It was left untouched: update Valis to use it.")
                         .arg(version)
                         .arg(latestVersion()));
    }
    for (const Migration &migration : migrations) {
        if (migration.version <= version)
            continue;
        for (size_t i = 0; i < migration.count; ++i) {
            Result<void> step = exec(db, QString::fromLatin1(migration.statements[i]),
                                     QStringLiteral("version %1, step %2").arg(migration.version).arg(i + 1));
            if (step.hasError())
                return step;
        }
    }
    if (version < latestVersion()) {
        Result<void> recorded =
            exec(db, QStringLiteral("DELETE FROM valis_memory_schema"), QStringLiteral("schema version"));
        if (recorded.ok())
            recorded = exec(db, QStringLiteral("INSERT INTO valis_memory_schema (version) VALUES (%1)").arg(latestVersion()),
                            QStringLiteral("schema version"));
        if (recorded.hasError())
            return recorded;
    }
    return success();
}

} // namespace

int latestVersion()
{
    return int(std::size(migrations));
}

Result<void> ensure(QSqlDatabase &db)
{
    // Up to date (the usual case): no lock, no DDL, so a user without CREATE rights can use a
    // database an administrator set up.
    QSqlQuery probe(db);
    if (!probe.exec(QStringLiteral("SELECT to_regclass('valis_memory_schema') IS NOT NULL")) || !probe.next())
        return sqlFailure(probe, QStringLiteral("schema version"));
    if (probe.value(0).toBool()) {
        if (!probe.exec(QStringLiteral("SELECT max(version) FROM valis_memory_schema")) || !probe.next())
            return sqlFailure(probe, QStringLiteral("schema version"));
        if (!probe.value(0).isNull() && probe.value(0).toInt() == latestVersion())
            return success();
    }
    probe.finish();
    if (!db.transaction()) {
        return Error(QStringLiteral("memory.io"),
                     Text::tr("cannot set up the PostgreSQL memory store: %1").arg(db.lastError().text()));
    }
    Result<void> migrated = migrate(db);
    if (migrated.hasError()) {
        db.rollback();
        return migrated;
    }
    if (!db.commit()) {
        const QString text = db.lastError().text();
        db.rollback();
        return Error(QStringLiteral("memory.io"), Text::tr("cannot set up the PostgreSQL memory store: %1").arg(text));
    }
    return success();
}

} // namespace valis::memory::postgres_schema
