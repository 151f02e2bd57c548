#include "historyrecord.h"

#include "valis/store/sessionstore.h"

#include <QFileInfo>
#include <QHash>
#include <QMutex>

#include <memory>

namespace valis::tools::history {

// Error messages here end up in results the model reads: English, not tr()'d.

namespace {

/// Messages read per query while looking an id up: few enough that large tool outputs do not
/// pile up in memory, many enough that a long session takes few queries.
constexpr qint64 ScanBatch = 32;
/// Sessions whose ids are remembered at once; past it, everything is forgotten (and re-read
/// when asked for): a process rarely reads more than one or two.
constexpr qsizetype MaxSessions = 64;

struct OpenStore
{
    QString path;
    std::unique_ptr<SessionStore> store;
};

struct SessionDirectory
{
    QList<MessageEntry> scanned;   ///< Messages with seq <= scannedThrough, in order.
    qint64 scannedThrough = -1;    ///< Every seq up to this one has been read.
};

struct Directories
{
    QMutex mutex;
    QHash<QString, SessionDirectory> sessions;
};

Directories &directories()
{
    static Directories instance;
    return instance;
}

QString keyOf(const SessionStore &store, const QString &sessionId)
{
    return store.path() + QChar(0x1f) + sessionId;
}

/// The directory of `key`, created (after forgetting the others when there are too many).
SessionDirectory &directoryLocked(Directories &all, const QString &key)
{
    if (!all.sessions.contains(key) && all.sessions.size() >= MaxSessions)
        all.sessions.clear();
    return all.sessions[key];
}

Error cancelledError()
{
    return Error(QStringLiteral("history.cancelled"), QStringLiteral("the call was cancelled"));
}

/// Reads the session's messages after those already known, to the end.
Result<void> scan(SessionStore &store, const QString &sessionId, const MessageDirectory::Cancelled &cancelled)
{
    Directories &all = directories();
    const QString key = keyOf(store, sessionId);
    qint64 from = 0;
    {
        QMutexLocker lock(&all.mutex);
        from = directoryLocked(all, key).scannedThrough + 1;
    }
    const Result<QList<TurnInfo>> turns = store.turns(sessionId);
    if (turns.hasError())
        return turns.error();
    qint64 lastSeq = -1;
    for (const TurnInfo &turn : *turns)
        lastSeq = qMax(lastSeq, turn.lastSeq);

    for (; from <= lastSeq; from += ScanBatch) {
        if (cancelled && cancelled())
            return cancelledError();
        const Result<QList<Message>> batch = store.messages(sessionId, from, ScanBatch);
        if (batch.hasError())
            return batch.error();
        QList<MessageEntry> entries;
        entries.reserve(batch->size());
        for (const Message &message : *batch)
            entries.append({message.id, message.seq, message.turn, message.role});
        {
            QMutexLocker lock(&all.mutex);
            SessionDirectory &directory = directoryLocked(all, key);
            // Another call may have read this stretch meanwhile: keep each message once, so
            // `scanned` stays the record's order without gaps.
            // Messages appended since turns() was asked are left for the next scan to list.
            if (directory.scannedThrough == from - 1) {
                const qint64 through = qMin(from + ScanBatch - 1, lastSeq);
                for (const MessageEntry &entry : std::as_const(entries)) {
                    if (entry.seq <= through)
                        directory.scanned.append(entry);
                }
                directory.scannedThrough = through;
            }
        }
    }
    return success();
}

} // namespace

Result<SessionStore *> storeOnThisThread(const QString &path)
{
    thread_local OpenStore cache;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (!QFileInfo(absolute).isFile()) {
        cache.store.reset();
        cache.path.clear();
        return Error(QStringLiteral("history.no-record"), QStringLiteral("the session's record %1 does not exist").arg(absolute));
    }
    if (cache.store && cache.path == absolute)
        return cache.store.get();
    cache.store.reset();
    cache.path.clear();
    Result<std::unique_ptr<SessionStore>> opened = SessionStore::open(absolute);
    if (opened.hasError())
        return opened.error();
    cache.store = std::move(opened).value();
    cache.path = absolute;
    return cache.store.get();
}

Result<QList<MessageEntry>> MessageDirectory::all(SessionStore &store, const QString &sessionId, const Cancelled &cancelled)
{
    Result<void> scanned = scan(store, sessionId, cancelled);
    if (scanned.hasError())
        return scanned.error();
    Directories &state = directories();
    QMutexLocker lock(&state.mutex);
    return state.sessions.value(keyOf(store, sessionId)).scanned;
}

} // namespace valis::tools::history
