#include "sessionlistworker.h"

#include "storeworker.h"

#include "valis/export/jsonlexport.h"
#include "valis/store/sessionstore.h"

#include <QJsonValue>
#include <QSaveFile>

namespace valis {

namespace {

/// Enough passages that a word in many sessions still names most of them.
constexpr int contentSearchLimit = 500;

} // namespace

SessionListWorker::SessionListWorker(StoreWorker *store)
    : m_storeWorker(store)
{
    qRegisterMetaType<QSet<QString>>();
    qRegisterMetaType<valis::SessionListWorker::ExportFormat>();
}

SessionListWorker::~SessionListWorker() = default;

SessionStore *SessionListWorker::store()
{
    return m_storeWorker ? m_storeWorker->store() : nullptr;
}

void SessionListWorker::setPinned(const QString &sessionId, bool pinned)
{
    SessionStore *sessionStore = store();
    if (!sessionStore)
        return;
    // Unpinned is no key at all, so the metadata of sessions never pinned stays as it was.
    const Result<void> set = sessionStore->setSessionMetadata(sessionId, QStringLiteral("pinned"),
                                                              pinned ? QJsonValue(true) : QJsonValue(QJsonValue::Undefined));
    if (!set.ok()) {
        Q_EMIT failed(set.error());
        return;
    }
    Q_EMIT pinnedChanged(sessionId, pinned);
}

void SessionListWorker::searchContent(const QString &text, int generation)
{
    if (generation < m_latestSearch.load())
        return; // typing went on: a newer search is queued
    SessionStore *sessionStore = store();
    if (!sessionStore)
        return;
    SearchQuery query;
    query.text = text;
    query.limit = contentSearchLimit;
    const Result<SearchResults> results = sessionStore->search(query);
    if (!results.ok()) {
        Q_EMIT failed(results.error());
        return;
    }
    QSet<QString> sessions;
    for (const SearchHit &hit : results->hits)
        sessions.insert(hit.sessionId);
    Q_EMIT contentMatched(generation, text, sessions);
}

void SessionListWorker::exportSession(const QString &sessionId, ExportFormat format, const QString &path)
{
    SessionStore *sessionStore = store();
    if (!sessionStore)
        return;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        Q_EMIT failed(Error(QStringLiteral("export.write-failed"), file.errorString(), path));
        return;
    }
    const Result<void> written = format == ExportFormat::Jsonl ? JsonlExport::write(*sessionStore, {sessionId}, file)
                                                               : MarkdownExport::write(*sessionStore, sessionId, file);
    if (!written.ok()) {
        Q_EMIT failed(written.error()); // the QSaveFile is discarded, an old file kept
        return;
    }
    if (!file.commit()) {
        Q_EMIT failed(Error(QStringLiteral("export.write-failed"), file.errorString(), path));
        return;
    }
    Q_EMIT exported(sessionId, path);
}

} // namespace valis
