#include "agent/viewbuilder.h"

#include <QMutex>
#include <QThreadPool>
#include <QWaitCondition>

namespace valis {

struct ViewBuilder::Job
{
    QMutex mutex;
    QWaitCondition done;
    bool finished = false;
};

ViewBuilder::ViewBuilder(std::shared_ptr<ContextPipeline> pipeline, QObject *parent)
    : QObject(parent), m_pipeline(std::move(pipeline))
{
}

ViewBuilder::~ViewBuilder()
{
    for (const std::shared_ptr<Job> &job : std::as_const(m_jobs)) {
        QMutexLocker lock(&job->mutex);
        while (!job->finished)
            job->done.wait(&job->mutex);
    }
}

void ViewBuilder::start(const QList<Message> &record, int currentTurn, bool force, const QList<Message> &tail)
{
    // The pipeline builds one view at a time (it serialises builds itself); a new start only
    // makes the older result stale.
    const quint64 generation = ++m_generation;
    m_jobs.removeIf([](const std::shared_ptr<Job> &old) {
        QMutexLocker lock(&old->mutex);
        return old->finished;
    });
    auto job = std::make_shared<Job>();
    m_jobs.append(job);
    m_running = true;
    std::shared_ptr<ContextPipeline> pipeline = m_pipeline;
    ViewBuilder *self = this;
    QThreadPool::globalInstance()->start([=] {
        ContextView view = pipeline->build(record, currentTurn, force, tail);
        // Posted before `finished` is set: the destructor waits for `finished`, so `self` is
        // alive here, and Qt drops the posted call if it is deleted before the call runs.
        QMetaObject::invokeMethod(
            self,
            [self, generation, view = std::move(view)] {
                if (generation != self->m_generation)
                    return;
                self->m_running = false;
                Q_EMIT self->built(view);
            },
            Qt::QueuedConnection);
        QMutexLocker lock(&job->mutex);
        job->finished = true;
        job->done.wakeAll();
    });
}

void ViewBuilder::cancel()
{
    ++m_generation;
    m_running = false;
}

} // namespace valis
