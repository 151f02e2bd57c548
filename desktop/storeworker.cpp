#include "storeworker.h"

#include "valis/store/sessionstore.h"

#include <QElapsedTimer>

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

void StoreWorker::loadMessages(const QString &sessionId)
{
    SessionStore *sessionStore = store();
    if (!sessionStore)
        return;
    Result<QList<Message>> messages = sessionStore->messages(sessionId);
    if (!messages.ok()) {
        Q_EMIT failed(messages.error());
        return;
    }
    Q_EMIT messagesLoaded(sessionId, messages.value());
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
