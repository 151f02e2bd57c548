#pragma once

#include "shellmetatypes.h"

#include "valis/core/result.h"
#include "valis/record/message.h"
#include "valis/record/session.h"
#include "valis/store/transcriptsearch.h"

#include <QObject>

#include <optional>
#include <QString>

#include <atomic>
#include <memory>

namespace valis {

class SessionStore;

/// Owns a SessionStore on a worker thread so the window never waits on the disk. Requests are
/// slots invoked across threads (queued); answers come back as signals carrying values, with
/// failures as valis::Error.
class StoreWorker : public QObject
{
    Q_OBJECT

public:
    StoreWorker(QString databasePath, QString blobDir);
    ~StoreWorker() override;

    /// Marks search `generation` as the newest wanted: queued searches older than it are
    /// skipped. Thread-safe; call it before queuing search().
    void supersedeSearches(int generation) { m_latestSearch.store(generation); }
    /// The store thread's connection to the session database, opened on first use (failed()
    /// says why it could not be, and nullptr is returned). For the workers that live on the
    /// same thread, so one thread never holds two connections to one database.
    SessionStore *store();

public Q_SLOTS:
    void listSessions();
    /// The outline of a session's record (no content) and its active leaf: messagesOutlined().
    void loadOutline(const QString &sessionId);
    /// The messages `seqs` of a session, whole: pageLoaded(`request`, ...).
    void loadPage(int request, const QString &sessionId, const QList<qint64> &seqs);
    /// Counts the transcripts in each of `folders` (missing folders count 0).
    void scanImportFolders(const QStringList &folders);
    /// Imports every transcript in `folders`; a file that cannot be read is reported, not fatal.
    void importFolders(const QStringList &folders);
    void renameSession(const QString &sessionId, const QString &title);
    void setArchived(const QString &sessionId, bool archived);
    /// Removes the session (and its subagents' sessions) from the store for good.
    void deleteSession(const QString &sessionId);
    /// Shows the branch of `messageId` from now on (its newest message becomes the session's
    /// active leaf), then loads the session again.
    void switchBranch(const QString &sessionId, const QString &messageId);
    /// Makes a fork of `sessionId` from its conversation up to `messageId` (createFork()):
    /// sessionForked(), or failed().
    void forkSession(const QString &sessionId, const QString &messageId);
    /// Runs `query` unless a newer search was asked for meanwhile.
    void search(const valis::SearchQuery &query, int generation);

Q_SIGNALS:
    void sessionsListed(const QList<valis::SessionInfo> &sessions);
    /// A session's record without content and the message its shown branch ends at (empty:
    /// the last).
    void messagesOutlined(const QString &sessionId, const QList<valis::Message> &outline, const QString &activeLeaf);
    void pageLoaded(int request, const QList<valis::Message> &messages);
    /// The shown branch's last answer with reported usage (an empty message when none has).
    void lastAnswerLoaded(const QString &sessionId, const valis::Message &answer);
    void failed(const valis::Error &error);
    void sessionForked(const valis::SessionInfo &fork);
    void importFoldersScanned(const QStringList &folders, const QList<int> &transcripts);
    void importFinished(int sessions, int messages, const QStringList &problems);
    void searchFinished(int generation, const valis::SearchResults &results, qint64 elapsedMs);
    void searchFailed(int generation, const valis::Error &error);

private:
    /// The session's outline, or nullopt after failed() said why.
    std::optional<QList<valis::Message>> outlineOf(const QString &sessionId);

    QString m_databasePath;
    QString m_blobDir;
    std::unique_ptr<SessionStore> m_store;
    std::atomic<int> m_latestSearch{0};
};

} // namespace valis

