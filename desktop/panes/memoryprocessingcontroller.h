#pragma once

#include "valis/core/datalocations.h"
#include "valis/core/result.h"
#include "valis/memory/memoryprocessing.h"

#include <QDateTime>
#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <functional>

#include <memory>

namespace valis {

/// Runs offline memory processing for the shell: when sessions the person worked in have been
/// idle for a while (a timer restarted by every stored turn), or on request. The job itself
/// (MemoryProcessor) works on a thread of its own; opening the store and the recommendation
/// calls run on the thread pool, so the window never waits on the disk or a PostgreSQL server.
/// Extractive only: the desktop does not connect a summary model for it yet.
class MemoryProcessingController : public QObject
{
    Q_OBJECT

public:
    /// How long a session stays quiet before it is processed.
    static constexpr int defaultIdleMs = 120000;

    explicit MemoryProcessingController(DataLocations locations, QObject *parent = nullptr);
    ~MemoryProcessingController() override;

    void setAgent(const QString &agentId) { m_agentId = agentId; }
    QString agent() const { return m_agentId; }
    void setIdleInterval(int ms) { m_idle.setInterval(ms); }
    bool isRunning() const;

public Q_SLOTS:
    /// A turn of `sessionId` was stored: it is processed once the sessions went quiet.
    void noteActivity(const QString &sessionId);
    /// Processes the sessions noted so far, or every session when none was noted.
    void processNow();
    void cancel();
    /// Reads the open recommendations and the learned items (lessons, references, topics).
    void refresh();
    /// Accepts (or rejects) recommendation `key`.
    void decide(const QString &key, bool accept);

Q_SIGNALS:
    void started();
    void progress(int done, int total);
    void finished(const valis::MemoryProcessingResult &result);
    void listed(const QList<valis::MemoryRecommendation> &recommendations, const QList<valis::MemoryRecord> &learned);
    void decided(const valis::MemoryRecommendation &recommendation);
    void failed(const valis::Error &error);

private:
    /// Runs `then` with the store once it is open (opening it first, off this thread).
    void withStore(std::function<void()> then);

    DataLocations m_locations;
    QString m_agentId = QStringLiteral("default");
    std::shared_ptr<DetailStore> m_store;
    bool m_opening = false;
    QList<std::function<void()>> m_waiting;
    std::unique_ptr<MemoryProcessor> m_processor;
    QDateTime m_firstActivity; ///< of the sessions noted since the last job
    QThreadPool m_pool;         ///< one thread: store calls in order, all done before the controller goes
    QTimer m_idle;
};

} // namespace valis
