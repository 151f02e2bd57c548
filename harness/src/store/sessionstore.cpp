#include "valis/store/sessionstore.h"
#include "store/sessionstoreprivate.h"


#include "store/blobstore.h"
#include "store/contentfilesweep.h"
#include "store/fts5ranking.h"
#include "store/idleindexer.h"
#include "store/recordreader.h"
#include "store/recordwriter.h"
#include "store/schema.h"
#include "store/sqlutil.h"
#include "store/transcripttokenizer.h"
#include "store/recallindex.h"
#include "store/transcriptindex.h"
#include "store/turnversionrows.h"
#include "store/walcheckpointer.h"

#include "valis/record/recordjson.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSqlQuery>
#include <QThread>
#include <QTimer>

namespace valis {

using namespace store;

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::SessionStore)
};

/// The first background sweep waits until the start's own work is done, which it must not slow.
constexpr std::chrono::minutes SweepAfterOpen{3};
/// After a delete: soon, but not inside the delete's own moment (the undo, the list refresh).
constexpr std::chrono::seconds SweepAfterDelete{5};

QString uniqueConnectionName(const char *purpose)
{
    static QAtomicInteger<quint64> counter;
    return QStringLiteral("valis-store-%1-%2").arg(QLatin1String(purpose)).arg(counter.fetchAndAddRelaxed(1));
}

/// Looks at an existing file through a read-only connection before anything can write to it,
/// so a database from a newer Valis (or another application) is refused untouched.
Result<void> preflight(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists() || info.size() == 0)
        return success();
    const QString name = uniqueConnectionName("preflight");
    Result<void> verdict = success();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (!db.open()) {
            verdict = Error(QStringLiteral("store.open-failed"), Text::tr("cannot open the database"), path);
        } else {
            QSqlQuery query(db);
            if (!query.exec(QStringLiteral("PRAGMA application_id")) || !query.next()) {
                verdict = Error(QStringLiteral("store.not-a-database"),
                                Text::tr("this file is not a Valis session database (%1)")
                                    .arg(sqlError(query).message),
                                path);
            } else {
                const int applicationId = query.value(0).toInt();
                Result<int> version = pragmaInt(db, QStringLiteral("user_version"));
                QSqlQuery tables(db);
                const bool hasForeignTables =
                    tables.exec(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"))
                    && tables.next() && tables.value(0).toInt() > 0;
                if (!version.ok()) {
                    verdict = version.error();
                } else if (applicationId != Schema::applicationId()
                           && (applicationId != 0 || hasForeignTables)) {
                    verdict = Error(QStringLiteral("store.not-a-database"),
                                    Text::tr("this SQLite file belongs to another application; Valis "
                                             "left it untouched"),
                                    path);
                } else if (version.value() > Schema::latestVersion()) {
                    verdict = Error(QStringLiteral("store.future-schema"),
                                    Text::tr("the database was written by a newer Valis (schema version "
                                             "%1; this build reads up to %2). It was left untouched: "
                                             "update Valis to open it.")
                                        .arg(version.value())
                                        .arg(Schema::latestVersion()),
                                    path);
                }
            }
            query.finish();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return verdict;
}

} // namespace

int ImportReport::messagesAdded() const
{
    int total = 0;
    for (const ImportedSessionReport &session : sessions)
        total += session.messagesAdded;
    return total;
}

Result<OrphanSweepReport> SessionStore::Private::sweepOrphanBlobs(std::chrono::seconds grace)
{
    ContentFileSweep sweep(blobDirectory, grace);
    sweep.findCandidates();
    if (!sweep.hasCandidates())
        return sweep.report(); // no old file: nothing to look up
    Result<void> swept = transaction([&]() -> Result<void> {
        QSqlQuery query(db);
        query.setForwardOnly(true);
        // Image parts keep their blob reference in data.uri (see partrows.cpp), nested ones too.
        if (!query.exec(QStringLiteral("SELECT json_extract(data, '$.uri') FROM parts WHERE kind = 'image' AND data IS NOT NULL")))
            return sqlError(query, Text::tr("sweep orphan blobs"));
        QSet<QString> referenced;
        const QLatin1String prefix("blob:sha256-");
        while (query.next()) {
            const QString uri = query.value(0).toString();
            if (uri.startsWith(prefix))
                referenced.insert(uri.mid(prefix.size()));
        }
        return sweep.removeUnreferenced(referenced);
    });
    if (swept.hasError())
        return swept.error();
    return sweep.report();
}

SessionStore::SessionStore(std::unique_ptr<Private> p)
    : d(std::move(p))
{}

SessionStore::~SessionStore() = default;

int SessionStore::schemaVersion()
{
    return Schema::latestVersion();
}

QString SessionStore::path() const
{
    return d->path;
}

Result<std::unique_ptr<SessionStore>> SessionStore::open(const QString &path, const QString &blobDir)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    Result<void> checked = preflight(absolute);
    if (!checked.ok())
        return checked.error();
    if (!QDir().mkpath(QFileInfo(absolute).absolutePath())) {
        return Error(QStringLiteral("store.open-failed"), Text::tr("cannot create the folder for the database"),
                     QFileInfo(absolute).absolutePath());
    }

    auto p = std::make_unique<Private>();
    p->connectionName = uniqueConnectionName("main");
    p->path = absolute;
    p->db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), p->connectionName);
    p->db.setDatabaseName(absolute);
    p->db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
    if (!p->db.open())
        return Error(QStringLiteral("store.open-failed"), Text::tr("cannot open the database"), absolute);

    // WAL lets readers (the desktop, valis-cli grep) run while an agent appends; NORMAL
    // synchronisation keeps every committed transaction across a process crash, which is the
    // failure this store must survive (an OS crash may lose the last commits, never consistency).
    // Switching the journal mode needs an exclusive lock that SQLite's busy handler does not wait
    // for, so a second process opening a new database at the same moment retries for a while.
    QString journalMode;
    QString modeError;
    for (int attempt = 0; attempt < 200 && journalMode != QLatin1String("wal"); ++attempt) {
        if (attempt > 0)
            QThread::msleep(50);
        QSqlQuery mode(p->db);
        if (mode.exec(QStringLiteral("PRAGMA journal_mode=WAL")) && mode.next())
            journalMode = mode.value(0).toString();
        else
            modeError = sqlError(mode).message;
    }
    if (journalMode != QLatin1String("wal")) {
        return Error(QStringLiteral("store.open-failed"),
                     Text::tr("cannot switch the database to write-ahead logging: %1").arg(modeError), absolute);
    }
    for (const char *pragma : {"PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON"}) {
        Result<void> set = exec(p->db, QString::fromLatin1(pragma));
        if (!set.ok())
            return Error(set.error().code, set.error().message, absolute);
    }
    Result<void> migrated = Schema::migrate(p->db);
    if (!migrated.ok())
        return migrated.error();
    Result<void> ranking = registerRankingFunction(p->db);
    if (!ranking.ok())
        return Error(ranking.error().code, ranking.error().message, absolute);
    // Checkpoints happen on a thread of their own (see WalCheckpointer), not inside a commit. A
    // writer that never pauses keeps that thread from finishing one, so past 64 MB of log the
    // commit checkpoints itself after all, and the log file is cut back to 64 MB once reset.
    for (const char *pragma : {"PRAGMA wal_autocheckpoint=16384", "PRAGMA journal_size_limit=67108864"}) {
        Result<void> set = exec(p->db, QString::fromLatin1(pragma));
        if (!set.ok())
            return Error(set.error().code, set.error().message, absolute);
    }
    p->checkpointer = std::make_unique<WalCheckpointer>(absolute);
    p->checkpointer->start(QThread::LowPriority);

    p->blobDirectory = blobDir.isEmpty() ? QFileInfo(absolute).absolutePath() + QStringLiteral("/blobs") : blobDir;
    p->blobs = std::make_unique<BlobStore>(p->blobDirectory);
    Result<std::unique_ptr<TranscriptTokenizer>> tokenizer = TranscriptTokenizer::create(p->db);
    if (!tokenizer.ok())
        return Error(tokenizer.error().code, tokenizer.error().message, absolute);
    p->index = std::make_unique<TranscriptIndex>(p->db, std::move(tokenizer.value()));
    p->recall = std::make_unique<RecallIndex>(p->db);
    p->writer = std::make_unique<RecordWriter>(p->db, *p->blobs, *p->index);
    p->reader = std::make_unique<RecordReader>(p->db);
    p->versions = std::make_unique<TurnVersionRows>(p->db);
    Private *raw = p.get();
    p->idleIndexer = std::make_unique<IdleIndexer>([raw]() {
        return raw->transaction([raw]() -> Result<bool> {
            Result<bool> searchDone = raw->index->indexPending(IdleIndexer::sliceBytes);
            if (searchDone.hasError() || !searchDone.value())
                return searchDone;
            return raw->recall->indexPending(IdleIndexer::sliceBytes);
        });
    });
    p->idleIndexer->schedule(); // text left pending by an earlier process
    p->sweepTimer = std::make_unique<QTimer>();
    p->sweepTimer->setSingleShot(true);
    QObject::connect(p->sweepTimer.get(), &QTimer::timeout, p->sweepTimer.get(), [raw]() {
        const Result<OrphanSweepReport> report = raw->sweepOrphanBlobs(OrphanSweepReport::DefaultGracePeriod);
        if (raw->sweepListener)
            raw->sweepListener(report);
    });
    p->scheduleSweep(SweepAfterOpen);
    return std::unique_ptr<SessionStore>(new SessionStore(std::move(p)));
}

Result<SessionInfo> SessionStore::createSession(SessionInfo info)
{
    if (info.id.isEmpty())
        info.id = newSessionId();
    if (info.originKind.isEmpty())
        info.originKind = QStringLiteral("valis");
    if (!info.createdAt.isValid())
        info.createdAt = QDateTime::currentDateTimeUtc();
    if (!info.updatedAt.isValid())
        info.updatedAt = info.createdAt;
    Result<qint64> row = d->transaction([&]() { return d->writer->insertSession(info); });
    if (!row.ok())
        return row.error();
    return info;
}

Result<SessionInfo> SessionStore::session(const QString &sessionId) const
{
    return d->reader->session(sessionId);
}

Result<QList<SessionInfo>> SessionStore::sessions(const SessionFilter &filter) const
{
    return d->reader->sessions(filter);
}

Result<void> SessionStore::renameSession(const QString &sessionId, const QString &title)
{
    QSqlQuery query(d->db);
    query.prepare(QStringLiteral("UPDATE sessions SET title = coalesce(?, '') WHERE uid = ?"));
    query.addBindValue(title);
    query.addBindValue(sessionId);
    Result<void> done = run(query, Text::tr("rename session"));
    if (done.ok() && query.numRowsAffected() == 0)
        return Error(QStringLiteral("store.no-session"), Text::tr("there is no session \"%1\"").arg(sessionId));
    return done;
}

Result<void> SessionStore::setArchived(const QString &sessionId, bool archived)
{
    QSqlQuery query(d->db);
    query.prepare(QStringLiteral("UPDATE sessions SET archived = ? WHERE uid = ?"));
    query.addBindValue(archived ? 1 : 0);
    query.addBindValue(sessionId);
    Result<void> done = run(query, Text::tr("archive session"));
    if (done.ok() && query.numRowsAffected() == 0)
        return Error(QStringLiteral("store.no-session"), Text::tr("there is no session \"%1\"").arg(sessionId));
    return done;
}

Result<void> SessionStore::setSessionMetadata(const QString &sessionId, const QString &key, const QJsonValue &value)
{
    return d->transaction([&]() -> Result<void> {
        QSqlQuery read(d->db);
        read.prepare(QStringLiteral("SELECT metadata FROM sessions WHERE uid = ?"));
        read.addBindValue(sessionId);
        if (!read.exec())
            return sqlError(read, Text::tr("update session metadata"));
        if (!read.next())
            return Error(QStringLiteral("store.no-session"), Text::tr("there is no session \"%1\"").arg(sessionId));
        QJsonObject metadata = QJsonDocument::fromJson(read.value(0).toString().toUtf8()).object();
        if (value.isUndefined())
            metadata.remove(key);
        else
            metadata.insert(key, value);
        QSqlQuery write(d->db);
        write.prepare(QStringLiteral("UPDATE sessions SET metadata = ? WHERE uid = ?"));
        write.addBindValue(metadata.isEmpty() ? QVariant() : QVariant(QString::fromUtf8(QJsonDocument(metadata).toJson(QJsonDocument::Compact))));
        write.addBindValue(sessionId);
        return run(write, Text::tr("update session metadata"));
    });
}

Result<int> SessionStore::deleteSession(const QString &sessionId)
{
    Result<int> deleted = d->transaction([&]() -> Result<int> {
        // The session and every session below it (parent_session holds the parent's uid).
        const QString tree = QStringLiteral(
            "WITH RECURSIVE tree(id, uid) AS (SELECT id, uid FROM sessions WHERE uid = :uid "
            "UNION SELECT s.id, s.uid FROM sessions s JOIN tree t ON s.parent_session = t.uid) ");
        QSqlQuery count(d->db);
        count.prepare(tree + QStringLiteral("SELECT count(*) FROM tree"));
        count.bindValue(QStringLiteral(":uid"), sessionId);
        if (!count.exec() || !count.next())
            return sqlError(count, Text::tr("delete session"));
        const int sessions = count.value(0).toInt();
        if (sessions == 0)
            return Error(QStringLiteral("store.no-session"), Text::tr("there is no session \"%1\"").arg(sessionId));
        QSqlQuery rows(d->db);
        rows.prepare(tree + QStringLiteral("SELECT id FROM tree"));
        rows.bindValue(QStringLiteral(":uid"), sessionId);
        if (!rows.exec())
            return sqlError(rows, Text::tr("delete session"));
        QList<qint64> sessionRows;
        while (rows.next())
            sessionRows << rows.value(0).toLongLong();
        rows.finish();
        Result<void> forgotten = d->recall->forgetSessions(sessionRows);
        if (forgotten.hasError())
            return forgotten.error();
        // The full-text index holds copies of the words (external content): they are taken out
        // with the text they were indexed from, before that text goes; so are the phrase index's
        // word pairs.
        QSqlQuery indexed(d->db);
        indexed.setForwardOnly(true);
        indexed.prepare(tree + QStringLiteral(
            "SELECT v.id, v.body FROM search_content v JOIN search_chunks c ON c.id = v.id "
            "WHERE c.session_id IN (SELECT id FROM tree) AND v.id <= (SELECT indexed_through FROM search_state)"));
        indexed.bindValue(QStringLiteral(":uid"), sessionId);
        if (!indexed.exec())
            return sqlError(indexed, Text::tr("delete session"));
        while (indexed.next()) {
            Result<void> forgot = d->index->forgetPairs(indexed.value(0).toLongLong(), indexed.value(1).toString());
            if (forgot.hasError())
                return forgot.error();
        }
        indexed.finish();
        QSqlQuery unindex(d->db);
        unindex.prepare(tree + QStringLiteral(
            "INSERT INTO search(search, rowid, body) SELECT 'delete', v.id, v.body FROM search_content v "
            "JOIN search_chunks c ON c.id = v.id WHERE c.session_id IN (SELECT id FROM tree) "
            "AND v.id <= (SELECT indexed_through FROM search_state)"));
        unindex.bindValue(QStringLiteral(":uid"), sessionId);
        if (!unindex.exec())
            return sqlError(unindex, Text::tr("delete session"));
        QSqlQuery chunks(d->db);
        chunks.prepare(tree + QStringLiteral("DELETE FROM search_chunks WHERE session_id IN (SELECT id FROM tree)"));
        chunks.bindValue(QStringLiteral(":uid"), sessionId);
        if (!chunks.exec())
            return sqlError(chunks, Text::tr("delete session"));
        // Messages, parts, token counts and turn versions follow by ON DELETE CASCADE.
        QSqlQuery remove(d->db);
        remove.prepare(tree + QStringLiteral("DELETE FROM sessions WHERE id IN (SELECT id FROM tree)"));
        remove.bindValue(QStringLiteral(":uid"), sessionId);
        if (!remove.exec())
            return sqlError(remove, Text::tr("delete session"));
        // Message row ids are reused once the highest is gone: the recall index must not take a
        // new message for one it has seen.
        Result<void> clamped = exec(d->db, QStringLiteral(
            "UPDATE recall_state SET indexed_through = min(indexed_through, coalesce((SELECT max(id) FROM messages), 0))"));
        if (clamped.hasError())
            return clamped.error();
        return sessions;
    });
    if (deleted.ok())
        d->scheduleSweep(SweepAfterDelete);
    return deleted;
}

Result<OrphanSweepReport> SessionStore::sweepOrphanBlobs(std::chrono::seconds gracePeriod)
{
    return d->sweepOrphanBlobs(gracePeriod);
}

void SessionStore::setOrphanSweepListener(std::function<void(const Result<OrphanSweepReport> &)> listener)
{
    d->sweepListener = std::move(listener);
}

Result<void> SessionStore::setActiveLeaf(const QString &sessionId, const QString &messageId)
{
    QSqlQuery query(d->db);
    // One statement: the message and the session are checked in the same snapshot the update
    // writes in, so a leaf of another session (or none) is never stored.
    query.prepare(QStringLiteral(
        "UPDATE sessions SET active_leaf = ? WHERE uid = ? AND (? IS NULL OR EXISTS("
        "SELECT 1 FROM messages m WHERE m.session_id = sessions.id AND m.uid = ?))"));
    const QVariant leaf = messageId.isEmpty() ? QVariant() : QVariant(messageId);
    query.addBindValue(leaf);
    query.addBindValue(sessionId);
    query.addBindValue(leaf);
    query.addBindValue(leaf);
    Result<void> done = run(query, Text::tr("remember the active branch"));
    if (done.ok() && query.numRowsAffected() == 0) {
        const Result<SessionInfo> exists = d->reader->session(sessionId);
        if (exists.hasError())
            return exists.error();
        return Error(QStringLiteral("store.no-message"),
                     Text::tr("session \"%1\" has no message \"%2\"").arg(sessionId, messageId));
    }
    return done;
}

Result<Message> SessionStore::appendMessage(const QString &sessionId, Message message)
{
    Result<QList<Message>> appended = appendMessages(sessionId, {std::move(message)});
    if (!appended.ok())
        return appended.error();
    return appended.value().first();
}

Result<QList<Message>> SessionStore::appendMessages(const QString &sessionId, QList<Message> messages)
{
    Result<QList<Message>> appended = d->transaction([&]() -> Result<QList<Message>> {
        Result<RecordWriter::Position> position = d->writer->position(sessionId);
        if (!position.ok())
            return position.error();
        QDateTime latest;
        for (Message &message : messages) {
            Result<void> stored = d->writer->appendMessage(position.value(), message);
            if (!stored.ok())
                return stored.error();
            latest = qMax(latest, message.createdAt);
        }
        Result<void> touched = d->writer->touchSession(position->sessionRow, latest);
        if (!touched.ok())
            return touched.error();
        return messages;
    });
    if (appended.ok())
        d->idleIndexer->schedule();
    return appended;
}

Result<ImportReport> SessionStore::importTranscript(const ImportedTranscript &transcript)
{
    return d->transaction([&]() -> Result<ImportReport> {
        ImportReport report;
        report.format = transcript.format;
        report.sourcePath = transcript.sourcePath;
        report.notes = transcript.notes;
        for (const ImportedSession &imported : transcript.sessions) {
            ImportedSessionReport sessionReport;
            sessionReport.sessionId = imported.info.id;
            sessionReport.title = imported.info.title;
            Result<SessionInfo> existing = d->reader->session(imported.info.id);
            QSet<QString> present;
            if (existing.ok()) {
                if (existing->originKind != imported.info.originKind) {
                    return Error(QStringLiteral("store.import-conflict"),
                                 Text::tr("session %1 already exists and came from %2, not %3")
                                     .arg(imported.info.id, existing->originKind, imported.info.originKind),
                                 transcript.sourcePath);
                }
                Result<QStringList> ids = d->reader->messageIds(imported.info.id);
                if (!ids.ok())
                    return ids.error();
                present = QSet<QString>(ids->cbegin(), ids->cend());
            } else if (existing.error().code == QLatin1String("store.no-session")) {
                SessionInfo info = imported.info;
                if (!info.createdAt.isValid())
                    info.createdAt = imported.messages.isEmpty() ? QDateTime::currentDateTimeUtc()
                                                                 : imported.messages.first().createdAt;
                if (!info.updatedAt.isValid())
                    info.updatedAt = info.createdAt;
                Result<qint64> row = d->writer->insertSession(info);
                if (!row.ok())
                    return row.error();
            } else {
                return existing.error();
            }
            Result<RecordWriter::Position> position = d->writer->position(imported.info.id);
            if (!position.ok())
                return position.error();
            QDateTime latest;
            for (Message message : imported.messages) {
                if (present.contains(message.id)) {
                    ++sessionReport.messagesAlreadyPresent;
                    continue;
                }
                Result<void> appended = d->writer->appendMessage(position.value(), message);
                if (!appended.ok()) {
                    return Error(appended.error().code, appended.error().message,
                                 transcript.sourcePath);
                }
                present.insert(message.id);
                latest = qMax(latest, message.createdAt);
                ++sessionReport.messagesAdded;
            }
            if (latest.isValid()) {
                Result<void> touched = d->writer->touchSession(position->sessionRow, latest);
                if (!touched.ok())
                    return touched.error();
            }
            report.sessions.append(sessionReport);
        }
        // An import is a bulk operation: its text is indexed in the same transaction, so it is
        // searchable, or absent, as a whole.
        Result<bool> indexed = d->index->indexPending();
        if (indexed.ok())
            indexed = d->recall->indexPending();
        if (!indexed.ok())
            return indexed.error();
        return report;
    });
}

Result<bool> SessionStore::indexPending(qint64 maxBytes)
{
    return d->transaction([&]() -> Result<bool> {
        Result<bool> searchDone = d->index->indexPending(maxBytes);
        if (searchDone.hasError() || (maxBytes >= 0 && !searchDone.value()))
            return searchDone;
        return d->recall->indexPending(maxBytes);
    });
}

Result<QList<TurnVersion>> SessionStore::appendTurnVersions(const QString &sessionId, const QList<TurnVersion> &versions)
{
    return d->transaction([&]() { return d->versions->append(sessionId, versions); });
}

Result<void> SessionStore::storeTokenCounts(const QString &sessionId, const QString &family,
                                            const QList<PartTokenCount> &counts)
{
    return d->transaction([&]() -> Result<void> {
        QSqlQuery query(d->db);
        query.prepare(QStringLiteral(
            "INSERT OR REPLACE INTO part_tokens(part_id, family, tokens) "
            "SELECT p.id, ?, ? FROM parts p JOIN messages m ON m.id = p.message_id "
            "JOIN sessions s ON s.id = m.session_id WHERE s.uid = ? AND m.seq = ? AND p.idx = ?"));
        for (const PartTokenCount &count : counts) {
            query.addBindValue(family);
            query.addBindValue(count.tokens);
            query.addBindValue(sessionId);
            query.addBindValue(count.seq);
            query.addBindValue(count.partIndex);
            Result<void> stored = run(query, Text::tr("store token counts"));
            if (!stored.ok())
                return stored;
            if (query.numRowsAffected() != 1) {
                return Error(QStringLiteral("store.no-such-part"),
                             Text::tr("session %1 has no part %2 in message %3")
                                 .arg(sessionId)
                                 .arg(count.partIndex)
                                 .arg(count.seq));
            }
        }
        return success();
    });
}

} // namespace valis
