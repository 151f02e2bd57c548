#pragma once

#include "scriptlimits.h"

#include "valis/core/result.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <mutex>

namespace valis::codemode {

class EngineThread;
class ScriptRun;
class SelfHostedCache;

/// Where the latest engine context's start-up went (for bench_codemode), in milliseconds.
struct EngineStartup
{
    double initMs = -1;        ///< JS_Init, once per process (-1: not yet)
    double contextMs = 0;      ///< JS_NewContext
    double selfHostedMs = 0;   ///< JS::InitSelfHostedCode
    bool selfHostedFromCache = false;
    double firstGlobalMs = 0;  ///< the context's first global object (its first realm)
};

/// What one script runs with.
struct EngineJobRequest
{
    QString code;            ///< the body of an async function
    QStringList toolNames;   ///< what `tools` offers
    ScriptLimits limits;
};

/// The way back from an engine thread to the ScriptRun that started a job. Calls are queued
/// onto the run's thread; once the run is gone (detach()), they are dropped.
class EngineChannel
{
public:
    explicit EngineChannel(ScriptRun *run) : m_run(run) {}
    void detach();
    /// The script called tools.<toolName>(<argumentsJson>); `id` names the call in deliver().
    void toolCall(int id, const QString &toolName, const QString &argumentsJson);
    void finished(const ScriptOutcome &outcome);

private:
    std::mutex m_mutex;
    ScriptRun *m_run = nullptr;
};

/// The process's engine threads: SpiderMonkey is initialised once (JS_Init, before any other
/// JSAPI use on any thread), and each engine thread owns one JSContext, kept warm between
/// scripts and replaced after a script that was stopped. One watchdog thread enforces the wall
/// time and asks running engines to check their memory. Everything here is thread-safe.
class EnginePool
{
public:
    static EnginePool &instance();
    ~EnginePool();

    /// An idle engine thread (a new one when all are busy), or why the engine cannot start.
    Result<EngineThread *> acquire();
    /// Called by an engine thread when its job has finished.
    void release(EngineThread *thread);
    /// Creates one engine context ahead of the first script (on its own thread), so the first
    /// run_script of a session does not pay for the engine's start-up.
    void prewarm();
    /// Wakes the watchdog (a job has started).
    void watch();

    /// Where the compiled self-hosted code is cached between processes (see SelfHostedCache);
    /// set before the first script. Empty (the default): no cache.
    void setCacheDirectory(const QString &directory);
    SelfHostedCache &selfHostedCache();
    EngineStartup startup() const;
    /// Called by engine threads as a context starts.
    void recordStartup(const EngineStartup &startup);

private:
    EnginePool();
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace valis::codemode
