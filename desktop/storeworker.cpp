#include "storeworker.h"

#include "valis/agent/fork.h"

#include "valis/record/branchindex.h"

#include "valis/import/transcriptimporter.h"
#include "valis/store/sessionstore.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace valis {

StoreWorker::StoreWorker(QString databasePath, QString blobDir)
    : m_databasePath(std::move(databasePath))
    , m_blobDir(std::move(blobDir))
{}

StoreWorker::~StoreWorker() = default;

SessionStore *StoreWorker::store()
{
    if (!m_store) {
        auto opened = SessionStore::open(m_databasePath, m_blobDir);
        if (!opened.ok()) {
            Q_EMIT failed(opened.error());
            return nullptr;
        }
        m_store = std::move(opened).value();
    }
    return m_store.get();
}

void StoreWorker::listSessions()
{
    SessionStore *sessionStore = store();
    if (!sessionStore)
        return;
    Result<QList<SessionInfo>> sessions = sessionStore->sessions();
    if (!sessions.ok()) {
        Q_EMIT failed(sessions.error());
        return;
    }
    Q_EMIT sessionsListed(sessions.value());
}

std::optional<QList<Message>> StoreWorker::outlineOf(const QString &sessionId)
{
    SessionStore *sessionStore = store();
    if (!sessionStore)
        return std::nullopt;
    Result<QList<Message>> outline = sessionStore->messageOutline(sessionId);
    if (outline.hasError()) {
        Q_EMIT failed(outline.error());
        return std::nullopt;
    }
    return std::move(outline).value();
}

void StoreWorker::loadOutline(const QString &sessionId)
{
    const std::optional<QList<Message>> outline = outlineOf(sessionId);
    if (!outline)
        return;
    SessionStore *sessionStore = store();
    const Result<SessionInfo> info = sessionStore->session(sessionId);
    const BranchIndex branches(*outline);
    const QString leaf = branches.newestLeafUnder(info.ok() ? info->activeLeafId : QString()); // empty: the last
    Q_EMIT messagesOutlined(sessionId, *outline, leaf);

    // The last answer that reported its usage, for the context gauge: near the branch's end.
    const QList<Message> path = branches.path(*outline, leaf);
    int looked = 0;
    for (auto it = path.crbegin(); it != path.crend() && looked < 16; ++it) {
        if (it->role != Role::Assistant)
            continue;
        ++looked;
        const Result<QList<Message>> answer = sessionStore->messages(sessionId, it->seq, 1);
        if (answer.ok() && !answer->isEmpty() && !answer->constFirst().usage.isEmpty()) {
            Q_EMIT lastAnswerLoaded(sessionId, answer->constFirst());
            return;
        }
    }
    Q_EMIT lastAnswerLoaded(sessionId, Message());
}

void StoreWorker::loadPage(int request, const QString &sessionId, const QList<qint64> &seqs)
{
    SessionStore *sessionStore = store();
    if (!sessionStore || seqs.isEmpty())
        return;
    const auto [low, high] = std::minmax_element(seqs.cbegin(), seqs.cend());
    Result<QList<Message>> range = sessionStore->messages(sessionId, *low, *high - *low + 1);
    if (!range.ok()) {
        Q_EMIT failed(range.error());
        return;
    }
    // A page of a branch skips the other branches' messages in its stretch of the record.
    const QSet<qint64> wanted(seqs.cbegin(), seqs.cend());
    QList<Message> page;
    for (Message &message : range.value()) {
        if (wanted.contains(message.seq))
            page.append(std::move(message));
    }
    Q_EMIT pageLoaded(request, page);
}

void StoreWorker::switchBranch(const QString &sessionId, const QString &messageId)
{
    const std::optional<QList<Message>> outline = outlineOf(sessionId);
    if (!outline)
        return;
    SessionStore *sessionStore = store();
    const QString leaf = BranchIndex(*outline).newestLeafUnder(messageId);
    if (leaf.isEmpty()) {
        Q_EMIT failed(Error(QStringLiteral("store.no-message"), tr("session \"%1\" has no message \"%2\"").arg(sessionId, messageId)));
        return;
    }
    if (const Result<void> done = sessionStore->setActiveLeaf(sessionId, leaf); done.hasError()) {
        Q_EMIT failed(done.error());
        return;
    }
    loadOutline(sessionId);
}

void StoreWorker::forkSession(const QString &sessionId, const QString &messageId)
{
    SessionStore *sessionStore = store();
    if (!sessionStore)
        return;
    ForkRequest request;
    request.parentSessionId = sessionId;
    request.atMessageId = messageId;
    const Result<SessionInfo> fork = createFork(sessionStore, request);
    if (fork.hasError()) {
        Q_EMIT failed(fork.error());
        return;
    }
    Q_EMIT sessionForked(fork.value());
}

void StoreWorker::scanImportFolders(const QStringList &folders)
{
    TranscriptImporters importers;
    QList<int> counts;
    for (const QString &folder : folders)
        counts << (QFileInfo(folder).isDir() ? int(importers.scan(folder).size()) : 0);
    Q_EMIT importFoldersScanned(folders, counts);
}

void StoreWorker::importFolders(const QStringList &folders)
{
    SessionStore *sessionStore = store();
    if (!sessionStore)
        return;
    TranscriptImporters importers;
    int sessions = 0;
    int messages = 0;
    QStringList problems;
    for (const QString &folder : folders) {
        for (const QString &file : importers.scan(folder)) {
            Result<ImportedTranscript> transcript = importers.read(file);
            Result<ImportReport> report = transcript.ok() ? sessionStore->importTranscript(transcript.value())
                                                          : Result<ImportReport>(transcript.error());
            if (!report.ok()) {
                problems << QStringLiteral("%1: %2").arg(file, report.error().message);
                continue;
            }
            sessions += int(report->sessions.size());
            messages += report->messagesAdded();
        }
    }
    Q_EMIT importFinished(sessions, messages, problems);
    listSessions();
}

void StoreWorker::renameSession(const QString &sessionId, const QString &title)
{
    SessionStore *sessionStore = store();
    if (!sessionStore)
        return;
    if (const Result<void> renamed = sessionStore->renameSession(sessionId, title); !renamed.ok()) {
        Q_EMIT failed(renamed.error());
        return;
    }
    listSessions();
}

void StoreWorker::setArchived(const QString &sessionId, bool archived)
{
    SessionStore *sessionStore = store();
    if (!sessionStore)
        return;
    if (const Result<void> done = sessionStore->setArchived(sessionId, archived); !done.ok()) {
        Q_EMIT failed(done.error());
        return;
    }
    listSessions();
}

void StoreWorker::deleteSession(const QString &sessionId)
{
    SessionStore *sessionStore = store();
    if (!sessionStore)
        return;
    if (const Result<int> done = sessionStore->deleteSession(sessionId); done.hasError()) {
        Q_EMIT failed(done.error());
        return;
    }
    listSessions();
}

void StoreWorker::search(const SearchQuery &query, int generation)
{
    if (generation < m_latestSearch.load())
        return; // the person typed on: nobody waits for this one
    SessionStore *sessionStore = store();
    if (!sessionStore)
        return;
    QElapsedTimer timer;
    timer.start();
    Result<SearchResults> results = sessionStore->search(query);
    if (!results.ok()) {
        Q_EMIT searchFailed(generation, results.error());
        return;
    }
    Q_EMIT searchFinished(generation, results.value(), timer.elapsed());
}

} // namespace valis
