#pragma once

#include "enginepool.h"

#include <QThread>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>

struct JSContext;

namespace valis::codemode {

/// One thread running SpiderMonkey with its own JSContext, one script at a time.
///
/// Jobs, tool results and stops may be handed to it from any thread; the JSContext is touched
/// only on this thread (interrupt requests excepted, which JSAPI allows from any thread). Each
/// call from outside names its job, so a late result or stop for a finished job is ignored.
class EngineThread : public QThread
{
public:
    EngineThread();
    ~EngineThread() override;

    /// Starts a job; returns its id.
    quint64 startJob(const std::shared_ptr<EngineChannel> &channel, const EngineJobRequest &request);
    /// The result of the script's tool call `callId` (text, or the error text).
    void deliver(quint64 job, int callId, const QString &text, bool isError);
    /// Ends the job with `reason` (interrupting running JavaScript).
    void stop(quint64 job, ScriptStop reason);
    /// For the watchdog: stops a job past its deadline, or asks the engine to check its memory.
    /// Returns whether a job is running.
    bool tick(std::chrono::steady_clock::time_point now);
    /// Creates the context now if there is none (prewarming).
    void warm();
    /// Drops the context while idle (too many idle threads hold memory).
    void dropContext();
    /// Stops any job and the thread (the pool's destructor).
    void shutDown();

    struct Engine;

protected:
    void run() override;

private:
    void post(std::function<void()> task);

    QObject *m_inbox = nullptr;
    std::unique_ptr<Engine> m_engine;   // this thread only
    std::mutex m_mutex;                 // guards the fields below
    quint64 m_currentJob = 0;
    quint64 m_lastJob = 0;
    std::chrono::steady_clock::time_point m_deadline = {};
    JSContext *m_context = nullptr;
    std::atomic<int> m_stop{0};         // a ScriptStop
    friend struct Engine;
};

} // namespace valis::codemode
