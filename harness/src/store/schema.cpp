#include "store/schema.h"

#include "store/sqlutil.h"

#include <QCoreApplication>
#include <QSqlQuery>

#include <functional>

namespace valis::store {

namespace {

// Each migration is a list of statements run in one transaction. Never edit a migration that has
// shipped: add a new one.
using Migration = QList<const char *>;

const Migration migration1 = {
    // Sessions are the record's one mutable table: title, archive flag and updated_at change
    // over a session's life. Messages, parts and text chunks below are append-only.
    R"(CREATE TABLE sessions(
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL DEFAULT '',
        workspace TEXT NOT NULL DEFAULT '',
        model TEXT NOT NULL DEFAULT '',
        created_at TEXT,
        updated_at TEXT,
        origin_kind TEXT NOT NULL,
        origin_path TEXT,
        origin_id TEXT,
        parent_session TEXT,
        parent_message TEXT,
        parent_tool_call TEXT,
        metadata TEXT,
        archived INTEGER NOT NULL DEFAULT 0))",
    "CREATE INDEX sessions_by_update ON sessions(updated_at)",
    "CREATE INDEX sessions_by_parent ON sessions(parent_session)",
    R"(CREATE TABLE messages(
        id INTEGER PRIMARY KEY,
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        uid TEXT NOT NULL,
        parent_uid TEXT,
        turn INTEGER NOT NULL,
        role TEXT NOT NULL,
        created_at TEXT,
        model TEXT,
        stop_reason TEXT,
        usage TEXT,
        metadata TEXT,
        wire TEXT,
        part_count INTEGER NOT NULL,
        UNIQUE(session_id, seq),
        UNIQUE(session_id, uid)))",
    // Parts are stored flattened depth-first: a tool result's content parts follow it with
    // parent_idx pointing back. A part's one large text (text, thinking, tool-call arguments) is
    // in `text` when it fits one chunk of the search index; a longer text is stored as its chunks
    // (search_chunks.body, in order) and `text` is NULL with `chunked` = 1. Either way each byte
    // of text is stored once. Every other field sits in `data` as JSON.
    R"(CREATE TABLE parts(
        id INTEGER PRIMARY KEY,
        message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        parent_idx INTEGER,
        kind TEXT NOT NULL,
        tool_name TEXT,
        call_id TEXT,
        text TEXT,
        chunked INTEGER NOT NULL DEFAULT 0,
        data TEXT,
        UNIQUE(message_id, idx)))",
    "CREATE INDEX parts_by_call ON parts(call_id) WHERE call_id IS NOT NULL",
    R"(CREATE TRIGGER messages_are_append_only BEFORE UPDATE ON messages
        BEGIN SELECT RAISE(ABORT, 'the record is append-only: messages are never rewritten'); END)",
    R"(CREATE TRIGGER parts_are_append_only BEFORE UPDATE ON parts
        BEGIN SELECT RAISE(ABORT, 'the record is append-only: parts are never rewritten'); END)",
    // A cache beside the record, not part of it: counts are per tokenizer family and can be
    // recomputed, so this table may be written at any time.
    R"(CREATE TABLE part_tokens(
        part_id INTEGER NOT NULL REFERENCES parts(id) ON DELETE CASCADE,
        family TEXT NOT NULL,
        tokens INTEGER NOT NULL,
        PRIMARY KEY(part_id, family)) WITHOUT ROWID)",
    // Transcript search: text is indexed in chunks of about 2 KiB, so ranking finds the passage
    // and a snippet reads a chunk, not a megabyte tool output. A chunk's text is `body`, or for a
    // part that is one chunk, the part's own `text`. Session, role and tool sit on the chunk so
    // filters never join the record. Chunk ids grow in commit order and are never reused
    // (AUTOINCREMENT): the newest text has the highest ids, which the recency tiers and the
    // index's high-water mark (search_state) rely on.
    R"(CREATE TABLE search_chunks(
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        part_id INTEGER NOT NULL REFERENCES parts(id) ON DELETE CASCADE,
        session_id INTEGER NOT NULL,
        role TEXT NOT NULL,
        tool_name TEXT,
        body TEXT))",
    "CREATE INDEX search_chunks_by_part ON search_chunks(part_id)",
    "CREATE INDEX search_chunks_by_session ON search_chunks(session_id, id)",
    R"(CREATE TRIGGER search_chunks_are_append_only BEFORE UPDATE ON search_chunks
        BEGIN SELECT RAISE(ABORT, 'the record is append-only: text is never rewritten'); END)",
    R"(CREATE VIEW search_content(id, body) AS
        SELECT c.id, coalesce(c.body, p.text)
        FROM search_chunks c JOIN parts p ON p.id = c.part_id)",
    R"(CREATE VIRTUAL TABLE search USING fts5(
        body, content='search_content', content_rowid='id',
        tokenize='unicode61 remove_diacritics 2'))",
    // The highest chunk id already in the FTS5 index (see TranscriptIndex).
    R"(CREATE TABLE search_state(
        id INTEGER PRIMARY KEY CHECK (id = 1),
        indexed_through INTEGER NOT NULL))",
    "INSERT INTO search_state VALUES(1, 0)",
};

const Migration migration2 = {
    // The branch a session was left on (SessionStore::setActiveLeaf()): like the title, session
    // state beside the append-only record. NULL: the record's last message, which is what every
    // session of schema 1 shows.
    "ALTER TABLE sessions ADD COLUMN active_leaf TEXT",
};

const Migration migration3 = {
    // The S, C and T versions of each turn (see TurnVersion), beside the record: append-only
    // like it, a regenerated version is a new row and the newest row of a (turn, level) wins.
    // Rows go only with their session (deleteSession's cascade): the delete trigger lets a row
    // go once its session row is gone, which is what a cascade sees and nothing else does.
    R"(CREATE TABLE turn_versions(
        id INTEGER PRIMARY KEY,
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        turn INTEGER NOT NULL,
        level TEXT NOT NULL CHECK (level IN ('S', 'C', 'T')),
        text TEXT NOT NULL,
        tokens INTEGER NOT NULL DEFAULT -1,
        model TEXT NOT NULL,
        source_hash TEXT NOT NULL,
        created_at TEXT NOT NULL))",
    "CREATE INDEX turn_versions_by_turn ON turn_versions(session_id, turn, level, id)",
    R"(CREATE TRIGGER turn_versions_are_append_only BEFORE UPDATE ON turn_versions
        BEGIN SELECT RAISE(ABORT, 'turn versions are append-only: a new version is a new row'); END)",
    R"(CREATE TRIGGER turn_versions_go_with_their_session BEFORE DELETE ON turn_versions
        WHEN EXISTS (SELECT 1 FROM sessions WHERE id = OLD.session_id)
        BEGIN SELECT RAISE(ABORT, 'turn versions are append-only: they go only with their session'); END)",
};

const Migration migration4 = {
    // The recall index (see RecallIndex): one stemmed passage per message, its neighbours' text in
    // a lighter column. Contentless: the words only, the text stays in parts and chunks.
    R"(CREATE VIRTUAL TABLE recall_passages USING fts5(
        body, context, content='', tokenize='porter unicode61 remove_diacritics 2'))",
    // Which messages have a passage, and whether their successor's text is in it yet.
    R"(CREATE TABLE recall_docs(
        id INTEGER PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
        session_id INTEGER NOT NULL,
        has_next INTEGER NOT NULL))",
    "CREATE INDEX recall_docs_by_session ON recall_docs(session_id)",
    R"(CREATE TABLE recall_state(
        id INTEGER PRIMARY KEY CHECK (id = 1),
        indexed_through INTEGER NOT NULL))",
    "INSERT INTO recall_state VALUES(1, 0)",
};

const Migration migration5 = {
    // Message ids are looked up across sessions (SessionStore::locateMessage()); UNIQUE(session_id,
    // uid) serves a lookup within one session only.
    "CREATE INDEX messages_by_uid ON messages(uid)",
};

const Migration migration6 = {
    // Prefix indexes of 3 and 4 characters (TranscriptIndex::prefixIndexLengths): without
    // them FTS5 answers a prefix query by merging the whole doclist of every word it matches
    // before the first row (over a second for one that matches half the record); with them it
    // reads one doclist, newest first, and stops at the page. Each length costs about as much as
    // two thirds of the plain index (bench_store's 1 GB corpus: 266 MB plain, +181 MB for 4,
    // about +170 MB each for 2 and 3). Not 2: a two-character prefix matches so much of the
    // vocabulary that it is rarely a useful search, and it still works (one merge, under a
    // second on 1 GB), so every user would pay a sixth of the database for the rarest query.
    // Lengths of 5 and more merge as before (tens of ms on 1 GB). FTS5 cannot add prefix indexes
    // to an existing table: the index is made anew and every chunk becomes pending
    // (search_state), indexed in idle time like new text, or all at once by the first search.
    "DROP TABLE search",
    R"(CREATE VIRTUAL TABLE search USING fts5(
        body, content='search_content', content_rowid='id',
        tokenize='unicode61 remove_diacritics 2', prefix='3 4'))",
    "UPDATE search_state SET indexed_through = 0",
};

const Migration migration7 = {
    // Word pairs for phrase search (PhrasePairIndex): the adjacent pairs of common words of each
    // chunk, as tokens `first_second` of FTS5's own folding ('_' never occurs in a word), rowids
    // only. The ascii tokenizer leaves such a token as it is. Contentless: a chunk's pairs are
    // worked out again from its text to take them out.
    R"(CREATE VIRTUAL TABLE search_pairs USING fts5(
        pairs, content='', detail='none', tokenize="ascii tokenchars '_'"))",
    // The common words and the first chunk whose pairs with them are indexed. Rows are never
    // changed or removed: the pairs of an indexed chunk depend on them.
    R"(CREATE TABLE search_pair_words(
        word TEXT PRIMARY KEY,
        since INTEGER NOT NULL) WITHOUT ROWID)",
};

const QList<const Migration *> migrations = {&migration1, &migration2, &migration3, &migration4, &migration5,
                                             &migration6, &migration7};

} // namespace

int Schema::latestVersion()
{
    return int(migrations.size());
}

int Schema::applicationId()
{
    return 0x56414c53; // "VALS"
}

Result<void> Schema::migrate(QSqlDatabase &db)
{
    for (int version = 1; version <= latestVersion(); ++version) {
        Result<void> begun = exec(db, QStringLiteral("BEGIN IMMEDIATE"));
        if (!begun.ok())
            return begun;
        // Another process may have migrated while we waited for the write lock.
        Result<int> current = pragmaInt(db, QStringLiteral("user_version"));
        if (!current.ok()) {
            rollback(db);
            return current.error();
        }
        if (current.value() >= version) {
            rollback(db);
            continue;
        }
        for (const char *statement : *migrations.at(version - 1)) {
            Result<void> done = exec(db, QString::fromUtf8(statement));
            if (!done.ok()) {
                rollback(db);
                return Error(QStringLiteral("store.migration-failed"),
                             QCoreApplication::translate("valis::SessionStore",
                                                         "migration to schema version %1 failed: %2")
                                 .arg(version)
                                 .arg(done.error().message),
                             db.databaseName());
            }
        }
        Result<void> stamped = exec(db, QStringLiteral("PRAGMA application_id = %1").arg(applicationId()));
        if (stamped.ok())
            stamped = exec(db, QStringLiteral("PRAGMA user_version = %1").arg(version));
        if (stamped.ok())
            stamped = exec(db, QStringLiteral("COMMIT"));
        if (!stamped.ok()) {
            rollback(db);
            return stamped;
        }
    }
    return success();
}

} // namespace valis::store
