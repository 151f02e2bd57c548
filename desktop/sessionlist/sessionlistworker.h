#pragma once

#include "shellmetatypes.h"

#include "valis/core/result.h"

#include <QObject>
#include <QSet>
#include <QString>

#include <atomic>
#include <memory>

namespace valis {

class SessionStore;

/// The session list's work on the store: pins (the session metadata key "pinned"), the filter's
/// content search (the store's FTS transcript search) and exports to Markdown or JSONL. It opens
/// its own connection to the session database and lives on the store's thread (MainWindow
/// moves it there), so the window never waits on the disk; requests are queued slot calls,
/// answers signals.
class SessionListWorker : public QObject
{
    Q_OBJECT

public:
    /// What exportSession() writes.
    enum class ExportFormat { Markdown, Jsonl };
    Q_ENUM(ExportFormat)

    SessionListWorker(QString databasePath, QString blobDir);
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

    QString m_databasePath;
    QString m_blobDir;
    std::unique_ptr<SessionStore> m_store;
    std::atomic<int> m_latestSearch{0};
};

} // namespace valis
