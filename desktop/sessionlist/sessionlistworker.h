#pragma once

#include "shellmetatypes.h"

#include "valis/core/result.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>

#include <atomic>

namespace valis {

class SessionStore;
class StoreWorker;

/// The session list's work on the store: pins (the session metadata key "pinned"), the filter's
/// content search (the store's FTS transcript search) and exports to Markdown or JSONL. It lives
/// on the store's thread (MainWindow moves it there) and uses the StoreWorker's connection, so
/// the window never waits on the disk; requests are queued slot calls, answers signals. When
/// the database cannot be opened, the StoreWorker's failed() says so and the request is dropped.
class SessionListWorker : public QObject
{
    Q_OBJECT

public:
    /// What exportSession() writes.
    enum class ExportFormat { Markdown, Jsonl };
    Q_ENUM(ExportFormat)

    /// `store` lives on the thread this worker is moved to.
    explicit SessionListWorker(StoreWorker *store);
    ~SessionListWorker() override;

    /// Marks content search `generation` as the newest wanted (thread-safe; call before queuing).
    void supersedeSearches(int generation) { m_latestSearch.store(generation); }

public Q_SLOTS:
    void setPinned(const QString &sessionId, bool pinned);
    /// The sessions whose messages contain `text` (every word, as the transcript search reads
    /// it), unless a newer search was asked for meanwhile: contentMatched().
    void searchContent(const QString &text, int generation);
    /// Writes `sessionId` to `path` (replaced atomically) as `valis-cli export` does.
    void exportSession(const QString &sessionId, valis::SessionListWorker::ExportFormat format, const QString &path);

Q_SIGNALS:
    void pinnedChanged(const QString &sessionId, bool pinned);
    void contentMatched(int generation, const QString &text, const QSet<QString> &sessionIds);
    void exported(const QString &sessionId, const QString &path);
    void failed(const valis::Error &error);

private:
    SessionStore *store();

    QPointer<StoreWorker> m_storeWorker;
    std::atomic<int> m_latestSearch{0};
};

} // namespace valis
