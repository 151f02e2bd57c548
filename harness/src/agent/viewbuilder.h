#pragma once

#include "valis/agent/contextpipeline.h"

#include <QObject>

#include <memory>

namespace valis {

/// Builds a request's view on a worker thread, so counting a long record, moving results into
/// the archive and the strategies' work never block the thread the session lives in (the GUI's).
/// One build at a time; a build started while another runs replaces it (its view is dropped).
class ViewBuilder : public QObject
{
    Q_OBJECT

public:
    explicit ViewBuilder(std::shared_ptr<ContextPipeline> pipeline, QObject *parent = nullptr);
    /// Waits for a running build: it may be using the strategies and the archive.
    ~ViewBuilder() override;

    bool isRunning() const { return m_running; }
    void start(const QList<Message> &record, int currentTurn, bool force, const QList<Message> &tail);
    /// Drops the view of the running build, if any.
    void cancel();

Q_SIGNALS:
    void built(const valis::ContextView &view);

private:
    struct Job;
    std::shared_ptr<ContextPipeline> m_pipeline;
    QList<std::shared_ptr<Job>> m_jobs; ///< started and maybe not finished
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace valis
