#include "enginepool.h"

#include "enginethread.h"
#include "scriptrun.h"
#include "selfhostedcache.h"

#include <QElapsedTimer>

#include <js/Initialization.h>

#include <algorithm>
#include <condition_variable>
#include <thread>
#include <vector>

namespace valis::codemode {

namespace {

// Idle engines beyond this many give their context back (each holds a few MB).
constexpr size_t WarmIdleEngines = 2;
// How often the watchdog checks deadlines and has running engines look at their memory.
constexpr auto WatchPeriod = std::chrono::milliseconds(20);

} // namespace

void EngineChannel::detach()
{
    std::lock_guard lock(m_mutex);
    m_run = nullptr;
}

void EngineChannel::toolCall(int id, const QString &toolName, const QString &argumentsJson)
{
    std::lock_guard lock(m_mutex);
    if (!m_run)
        return;
    ScriptRun *run = m_run;
    // Queued to the run's thread; dropped by Qt if the run is deleted before it is delivered.
    QMetaObject::invokeMethod(
        run, [run, id, toolName, argumentsJson] { run->onToolCall(id, toolName, argumentsJson); }, Qt::QueuedConnection);
}

void EngineChannel::finished(const ScriptOutcome &outcome)
{
    std::lock_guard lock(m_mutex);
    if (!m_run)
        return;
    ScriptRun *run = m_run;
    QMetaObject::invokeMethod(run, [run, outcome] { run->onFinished(outcome); }, Qt::QueuedConnection);
}

struct EnginePool::Private
{
    std::mutex mutex;
    std::condition_variable wake;
    bool initialised = false;
    QString initError;
    bool quitting = false;
    bool busy = false;
    std::vector<std::unique_ptr<EngineThread>> threads;
    std::vector<EngineThread *> idle;
    std::thread watchdog;
    // Outlives every context (destroyed after JS_ShutDown): decoded stencils borrow its bytes.
    SelfHostedCache selfHosted;
    mutable std::mutex startupMutex;
    EngineStartup startup;

    // Called with the mutex held.
    bool initialise()
    {
        if (initialised)
            return initError.isEmpty();
        initialised = true;
        // JS_Init precedes every other JSAPI call on every thread, once per process.
        SelfHostedCache::installBuildId();
        QElapsedTimer timer;
        timer.start();
        const char *failure = JS_InitWithFailureDiagnostic();
        {
            std::lock_guard lock(startupMutex);
            startup.initMs = double(timer.nsecsElapsed()) / 1e6;
        }
        if (failure)
            initError = QStringLiteral("run_script's JavaScript engine failed to initialise: ") + QString::fromUtf8(failure);
        else
            watchdog = std::thread([this] { watch(); });
        return initError.isEmpty();
    }

    void watch()
    {
        std::unique_lock lock(mutex);
        while (!quitting) {
            if (!busy) {
                wake.wait(lock, [this] { return quitting || busy; });
                continue;
            }
            wake.wait_for(lock, WatchPeriod, [this] { return quitting; });
            const auto now = std::chrono::steady_clock::now();
            bool anyRunning = false;
            for (const auto &thread : threads)
                anyRunning = thread->tick(now) || anyRunning;
            busy = anyRunning;
        }
    }
};

EnginePool &EnginePool::instance()
{
    static EnginePool pool;
    return pool;
}

EnginePool::EnginePool() : d(std::make_unique<Private>()) {}

EnginePool::~EnginePool()
{
    std::vector<std::unique_ptr<EngineThread>> threads;
    {
        std::lock_guard lock(d->mutex);
        d->quitting = true;
        threads.swap(d->threads);
        d->idle.clear();
    }
    d->wake.notify_all();
    if (d->watchdog.joinable())
        d->watchdog.join();
    for (auto &thread : threads)
        thread->shutDown();
    threads.clear();
    if (d->initialised && d->initError.isEmpty())
        JS_ShutDown();
}

Result<EngineThread *> EnginePool::acquire()
{
    std::lock_guard lock(d->mutex);
    if (!d->initialise())
        return Error(QStringLiteral("engine"), d->initError);
    if (!d->idle.empty()) {
        // The most recently used engine is the likeliest to have a warm context.
        EngineThread *thread = d->idle.back();
        d->idle.pop_back();
        return thread;
    }
    auto thread = std::make_unique<EngineThread>();
    thread->setObjectName(QStringLiteral("run_script engine"));
    thread->start();
    EngineThread *raw = thread.get();
    d->threads.push_back(std::move(thread));
    return raw;
}

void EnginePool::release(EngineThread *thread)
{
    std::lock_guard lock(d->mutex);
    if (d->quitting)
        return;
    d->idle.push_back(thread);
    if (d->idle.size() > WarmIdleEngines)
        d->idle.front()->dropContext();
}

void EnginePool::prewarm()
{
    std::lock_guard lock(d->mutex);
    if (!d->initialise())
        return;
    if (!d->idle.empty()) {
        d->idle.back()->warm();
        return;
    }
    auto thread = std::make_unique<EngineThread>();
    thread->setObjectName(QStringLiteral("run_script engine"));
    thread->start();
    thread->warm();
    d->idle.push_back(thread.get());
    d->threads.push_back(std::move(thread));
}

void EnginePool::watch()
{
    {
        std::lock_guard lock(d->mutex);
        d->busy = true;
    }
    d->wake.notify_all();
}

void EnginePool::setCacheDirectory(const QString &directory)
{
    d->selfHosted.setDirectory(directory);
}

SelfHostedCache &EnginePool::selfHostedCache()
{
    return d->selfHosted;
}

EngineStartup EnginePool::startup() const
{
    std::lock_guard lock(d->startupMutex);
    return d->startup;
}

void EnginePool::recordStartup(const EngineStartup &startup)
{
    std::lock_guard lock(d->startupMutex);
    const double initMs = d->startup.initMs;
    d->startup = startup;
    d->startup.initMs = initMs;
}

} // namespace valis::codemode
