#include "enginethread.h"

#include "jsbridge.h"
#include "memorywatch.h"
#include "selfhostedcache.h"

#include <QByteArray>
#include <QElapsedTimer>

#include <js/CompilationAndEvaluation.h>
#include <js/Context.h>
#include <js/ContextOptions.h>
#include <js/Conversions.h>
#include <js/ErrorReport.h>
#include <js/Exception.h>
#include <js/GCAPI.h>
#include <js/Initialization.h>
#include <js/Interrupt.h>
#include <js/MemoryCallbacks.h>
#include <js/Principals.h>
#include <js/Promise.h>
#include <js/SourceText.h>
#include <js/Stack.h>
#include <jsapi.h>
#include <jsfriendapi.h>

#include <algorithm>
#include <limits>
#include <map>

namespace valis::codemode {

// What the model reads is English and not tr()'d.

namespace {

constexpr size_t ThreadStackBytes = 8u * 1024 * 1024;
// Leaves half the thread's stack to the engine's own frames and the host below it: deep
// recursion then ends with a catchable "too much recursion" instead of a crash.
constexpr size_t NativeStackQuota = 4u * 1024 * 1024;
// The script is the body of an async function, so top-level await and return work. The
// wrapper takes line 0, so the engine's line numbers are the script's own.
const QString ScriptPrefix = QStringLiteral("(async function () {\n");
const QString ScriptSuffix = QStringLiteral("\n})");

JSClass GlobalClass = {"global", JSCLASS_GLOBAL_FLAGS, &JS::DefaultGlobalClassOps, nullptr, nullptr, nullptr};

// eval and Function(...) are refused: a script has nothing to generate code for, and without
// them no string becomes code.
bool refuseCodeGeneration(JSContext *, JS::RuntimeCode, JS::HandleString) { return false; }
const JSSecurityCallbacks SecurityCallbacks = {refuseCodeGeneration, nullptr};

thread_local EngineThread::Engine *CurrentEngine = nullptr;

} // namespace

// js::ScriptEnvironmentPreparer: a promise job that throws reports here; a script's failures
// reach the model through its own promise, so the report is dropped. (SpiderMonkey's interface
// has virtual functions and a non-virtual destructor; it is never deleted through the base.)
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnon-virtual-dtor"
#endif
struct DropReports final : js::ScriptEnvironmentPreparer
{
    JSContext *cx = nullptr;
    void invoke(JS::HandleObject global, Closure &closure) override
    {
        JSAutoRealm realm(cx, global);
        if (!closure(cx))
            JS_ClearPendingException(cx);
    }
};
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

/// The engine-thread side: the context and the running job.
struct EngineThread::Engine
{
    struct Job
    {
        quint64 id = 0;
        std::shared_ptr<EngineChannel> channel;
        ScriptLimits limits;
        std::unique_ptr<JS::PersistentRootedObject> global;
        std::unique_ptr<JS::PersistentRootedObject> promise;
        std::map<int, std::unique_ptr<JS::PersistentRootedObject>> pending;
        int nextCallId = 0;
        int calls = 0;
        QString logs;
        qint64 outputBytes = 0;
        qint64 residentAtStart = -1;
    };

    explicit Engine(EngineThread *owner) : thread(owner) {}

    EngineThread *thread;
    JSContext *cx = nullptr;
    std::unique_ptr<Job> job;
    bool outOfMemory = false;
    DropReports preparer;
    EngineStartup startup;     // of this context, reported with its first global
    bool firstGlobal = false;

    bool ensureContext(QString *error)
    {
        if (cx)
            return true;
        EngineStartup timings;
        QElapsedTimer timer;
        timer.start();
        JSContext *context = JS_NewContext(JS::DefaultHeapMaxBytes);
        if (!context) {
            *error = QStringLiteral("run_script could not start its JavaScript engine (no memory for a context)");
            return false;
        }
        timings.contextMs = double(timer.nsecsElapsed()) / 1e6;
        timer.restart();
        SelfHostedCache &cache = EnginePool::instance().selfHostedCache();
        if (!js::UseInternalJobQueues(context)) {
            JS_DestroyContext(context);
            *error = QStringLiteral("run_script could not start its JavaScript engine");
            return false;
        }
        if (!cache.initialise(context, &timings.selfHostedFromCache)) {
            // The cache failed inside the engine: a fresh context starts the usual way.
            JS_DestroyContext(context);
            context = JS_NewContext(JS::DefaultHeapMaxBytes);
            if (!context || !js::UseInternalJobQueues(context) || !cache.initialise(context, &timings.selfHostedFromCache)) {
                if (context)
                    JS_DestroyContext(context);
                *error = QStringLiteral("run_script could not start its JavaScript engine");
                return false;
            }
        }
        timings.selfHostedMs = double(timer.nsecsElapsed()) / 1e6;
        startup = timings;
        firstGlobal = true;
        JS::ContextOptionsRef(context).setWasm(false);
        JS_SetNativeStackQuota(context, NativeStackQuota);
        JS_AddInterruptCallback(context, &Engine::interruptCallback);
        JS_SetSecurityCallbacks(context, &SecurityCallbacks);
        JS::SetOutOfMemoryCallback(context, &Engine::outOfMemoryCallback, this);
        preparer.cx = context;
        js::SetScriptEnvironmentPreparer(context, &preparer);
        cx = context;
        std::lock_guard lock(thread->m_mutex);
        thread->m_context = cx;
        return true;
    }

    void destroyContext()
    {
        if (!cx)
            return;
        {
            std::lock_guard lock(thread->m_mutex);
            thread->m_context = nullptr;
        }
        JS_DestroyContext(cx);
        cx = nullptr;
    }

    ScriptStop stopReason() const { return static_cast<ScriptStop>(thread->m_stop.load()); }
    void setStop(ScriptStop reason)
    {
        int none = static_cast<int>(ScriptStop::None);
        thread->m_stop.compare_exchange_strong(none, static_cast<int>(reason));
        // Running JavaScript ends at its next interrupt check; promise jobs are not drained further.
        JS_RequestInterruptCallback(cx);
        js::StopDrainingJobQueue(cx);
    }

    static bool interruptCallback(JSContext *)
    {
        Engine *self = CurrentEngine;
        if (!self || !self->job)
            return true;
        if (self->stopReason() != ScriptStop::None)
            return false;
        if (self->overMemory()) {
            self->setStop(ScriptStop::Memory);
            return false;
        }
        return true;
    }

    static void outOfMemoryCallback(JSContext *, void *data) { static_cast<Engine *>(data)->outOfMemory = true; }

    bool overMemory() const
    {
        const qint64 limit = job->limits.memoryBytes;
        const qint64 heap = JS_GetGCParameter(cx, JSGC_BYTES);
        // Near the heap limit the collector runs again and again without failing an allocation.
        if (heap >= limit - limit / 16)
            return true;
        if (job->residentAtStart >= 0) {
            const qint64 resident = residentMemoryBytes();
            if (resident >= 0 && resident - job->residentAtStart > limit)
                return true;
        }
        return false;
    }

    void start(quint64 id, const std::shared_ptr<EngineChannel> &channel, const EngineJobRequest &request)
    {
        job = std::make_unique<Job>();
        job->id = id;
        job->channel = channel;
        job->limits = request.limits;
        outOfMemory = false;
        QString error;
        if (!ensureContext(&error)) {
            ScriptOutcome outcome;
            outcome.error = error;
            outcome.stop = ScriptStop::EngineFailure;
            finish(outcome);
            return;
        }
        const auto heapLimit = static_cast<uint32_t>(
            std::clamp<qint64>(request.limits.memoryBytes, 1 << 20, std::numeric_limits<uint32_t>::max()));
        JS_SetGCParameter(cx, JSGC_MAX_BYTES, heapLimit);
        job->residentAtStart = residentMemoryBytes();

        JS::RealmOptions options;
        QElapsedTimer globalTimer;
        globalTimer.start();
        JS::RootedObject global(cx, JS_NewGlobalObject(cx, &GlobalClass, nullptr, JS::FireOnNewGlobalHook, options));
        if (firstGlobal) {
            firstGlobal = false;
            startup.firstGlobalMs = double(globalTimer.nsecsElapsed()) / 1e6;
            EnginePool::instance().recordStartup(startup);
        }
        if (!global) {
            failed();
            return;
        }
        job->global = std::make_unique<JS::PersistentRootedObject>(cx, global);
        JSAutoRealm realm(cx, global);
        if (!defineBridge(cx, global, request.toolNames)) {
            failed();
            return;
        }
        const QString source = ScriptPrefix + request.code + ScriptSuffix;
        JS::SourceText<char16_t> text;
        if (!text.init(cx, reinterpret_cast<const char16_t *>(source.utf16()), size_t(source.size()),
                       JS::SourceOwnership::Borrowed)) {
            failed();
            return;
        }
        JS::CompileOptions compile(cx);
        compile.setFileAndLine("script", 0);
        JS::RootedValue function(cx);
        if (!JS::Evaluate(cx, compile, text, &function)) {
            failed();
            return;
        }
        JS::RootedValue returned(cx);
        if (!JS_CallFunctionValue(cx, nullptr, function, JS::HandleValueArray::empty(), &returned)) {
            failed();
            return;
        }
        if (!returned.isObject() || !JS::IsPromiseObject(JS::RootedObject(cx, &returned.toObject()))) {
            // The script closed the wrapper itself: its completion value is the result.
            job->promise = std::make_unique<JS::PersistentRootedObject>(cx, JS::CallOriginalPromiseResolve(cx, returned));
            if (!*job->promise) {
                failed();
                return;
            }
        } else {
            job->promise = std::make_unique<JS::PersistentRootedObject>(cx, &returned.toObject());
        }
        settle();
    }

    /// A tool call's result arrived.
    void deliver(quint64 id, int callId, const QString &text, bool isError)
    {
        if (!job || job->id != id)
            return;
        auto it = job->pending.find(callId);
        if (it == job->pending.end())
            return;
        JSAutoRealm realm(cx, *job->global);
        JS::RootedObject promise(cx, *it->second);
        job->pending.erase(it);
        JS::RootedValue value(cx);
        bool ok = isError ? toolError(cx, text, &value) : toolValue(cx, text, &value);
        if (ok)
            ok = isError ? JS::RejectPromise(cx, promise, value) : JS::ResolvePromise(cx, promise, value);
        if (!ok) {
            failed();
            return;
        }
        settle();
    }

    void poke()
    {
        if (job)
            settle();
    }

    /// Runs the promise jobs, then ends the job if the script has settled or cannot go on.
    void settle()
    {
        if (stopReason() == ScriptStop::None && !outOfMemory)
            js::RunJobs(cx);
        if (!job)
            return;
        if (JS_IsExceptionPending(cx) && stopReason() == ScriptStop::None && !outOfMemory) {
            failed();
            return;
        }
        ScriptOutcome outcome;
        if (stopReason() != ScriptStop::None || outOfMemory) {
            outcome.stop = outOfMemory && stopReason() == ScriptStop::None ? ScriptStop::Memory : stopReason();
            outcome.error = limitMessage(outcome.stop, job->limits);
            finish(outcome);
            return;
        }
        JSAutoRealm realm(cx, *job->global);
        JS::RootedObject promise(cx, *job->promise);
        switch (JS::GetPromiseState(promise)) {
        case JS::PromiseState::Pending:
            if (job->pending.empty()) {
                outcome.error = QStringLiteral("run_script ended: the script waits for a promise that nothing will settle "
                                               "(no tool call is running)");
                finish(outcome);
            }
            return;
        case JS::PromiseState::Rejected: {
            JS::RootedValue reason(cx, JS::GetPromiseResult(promise));
            outcome.error = describeException(cx, reason);
            break;
        }
        case JS::PromiseState::Fulfilled: {
            JS::RootedValue value(cx, JS::GetPromiseResult(promise));
            QString text;
            if (!returnedText(cx, value, &text)) {
                if (stopReason() != ScriptStop::None || outOfMemory) {
                    settle();
                    return;
                }
                JS::RootedValue exception(cx);
                if (JS_GetPendingException(cx, &exception))
                    JS_ClearPendingException(cx);
                outcome.error = QStringLiteral("run_script: the returned value cannot be turned into JSON: ")
                                + describeException(cx, exception);
                break;
            }
            job->outputBytes += text.toUtf8().size();
            if (job->outputBytes > job->limits.maxOutputBytes) {
                outcome.stop = ScriptStop::OutputSize;
                outcome.error = limitMessage(outcome.stop, job->limits);
                break;
            }
            outcome.ok = true;
            outcome.value = text;
            break;
        }
        }
        finish(outcome);
    }

    /// A JSAPI call failed: an exception (a syntax error, a throw outside the async body), a
    /// stop, or the engine running out of memory.
    void failed()
    {
        ScriptOutcome outcome;
        if (stopReason() != ScriptStop::None || outOfMemory || JS_IsThrowingOutOfMemory(cx)) {
            JS_ClearPendingException(cx);
            outcome.stop = stopReason() != ScriptStop::None ? stopReason() : ScriptStop::Memory;
            outcome.error = limitMessage(outcome.stop, job->limits);
        } else if (JS_IsExceptionPending(cx)) {
            JS::RootedValue exception(cx);
            JS_GetPendingException(cx, &exception);
            JS_ClearPendingException(cx);
            std::optional<JSAutoRealm> realm;
            if (job->global)
                realm.emplace(cx, *job->global);
            outcome.error = describeException(cx, exception);
        } else {
            outcome.stop = ScriptStop::EngineFailure;
            outcome.error = QStringLiteral("run_script: the engine ended the script without an error");
        }
        finish(outcome);
    }

    void finish(ScriptOutcome outcome)
    {
        outcome.logs = job->logs;
        outcome.toolCalls = job->calls;
        const std::shared_ptr<EngineChannel> channel = job->channel;
        const bool clean = outcome.stop == ScriptStop::None && !outOfMemory;
        job->pending.clear();
        job->promise.reset();
        job->global.reset();
        job.reset();
        {
            std::lock_guard lock(thread->m_mutex);
            thread->m_currentJob = 0;
            thread->m_stop.store(static_cast<int>(ScriptStop::None));
        }
        // The context is cleaned or replaced once the JSAPI frames that led here (their
        // JSAutoRealm and Rooted values) have unwound; a next job queued meanwhile runs after it.
        thread->post([this, clean] { afterJob(clean); });
        EnginePool::instance().release(thread);
        channel->finished(outcome);
    }

    void afterJob(bool clean)
    {
        if (clean && cx) {
            // The next script starts with the heap this one left empty.
            JS_GC(cx);
        } else {
            // A stopped script may have left promise jobs queued and the engine mid-way: the next
            // script gets a fresh context.
            destroyContext();
        }
    }

    // Called from the bridge's natives.
    bool countCall()
    {
        if (job->calls >= job->limits.maxToolCalls) {
            setStop(ScriptStop::ToolCalls);
            return false;
        }
        ++job->calls;
        return true;
    }
    bool appendLog(const QString &line)
    {
        job->outputBytes += line.toUtf8().size() + 1;
        if (job->outputBytes > job->limits.maxOutputBytes) {
            setStop(ScriptStop::OutputSize);
            return false;
        }
        job->logs += line + QLatin1Char('\n');
        return true;
    }
};

// The bridge's natives reach the running job through these.
bool bridgeCountCall()
{
    return CurrentEngine && CurrentEngine->job && CurrentEngine->countCall();
}

bool bridgeLog(const QString &line)
{
    return CurrentEngine && CurrentEngine->job && CurrentEngine->appendLog(line);
}

void bridgeStartCall(JSContext *cx, const QString &toolName, const QString &argumentsJson, JS::HandleObject promise)
{
    EngineThread::Engine::Job &job = *CurrentEngine->job;
    const int id = ++job.nextCallId;
    job.pending.emplace(id, std::make_unique<JS::PersistentRootedObject>(cx, promise));
    job.channel->toolCall(id, toolName, argumentsJson);
}

EngineThread::EngineThread()
{
    setStackSize(uint(ThreadStackBytes));
    m_inbox = new QObject;
    m_inbox->moveToThread(this);
}

EngineThread::~EngineThread()
{
    shutDown();
    delete m_inbox;
}

void EngineThread::run()
{
    m_engine = std::make_unique<Engine>(this);
    CurrentEngine = m_engine.get();
    exec();
    if (m_engine->job) {
        ScriptOutcome outcome;
        outcome.stop = ScriptStop::Cancelled;
        outcome.error = limitMessage(outcome.stop, m_engine->job->limits);
        m_engine->job->channel->finished(outcome);
        m_engine->job->pending.clear();
        m_engine->job->promise.reset();
        m_engine->job->global.reset();
        m_engine->job.reset();
    }
    m_engine->destroyContext();
    CurrentEngine = nullptr;
    m_engine.reset();
}

void EngineThread::post(std::function<void()> task)
{
    QMetaObject::invokeMethod(m_inbox, std::move(task), Qt::QueuedConnection);
}

quint64 EngineThread::startJob(const std::shared_ptr<EngineChannel> &channel, const EngineJobRequest &request)
{
    quint64 id = 0;
    {
        std::lock_guard lock(m_mutex);
        id = ++m_lastJob;
        m_currentJob = id;
        m_stop.store(static_cast<int>(ScriptStop::None));
        m_deadline = std::chrono::steady_clock::now() + request.limits.wallTime;
    }
    post([this, id, channel, request] { m_engine->start(id, channel, request); });
    EnginePool::instance().watch();
    return id;
}

void EngineThread::deliver(quint64 job, int callId, const QString &text, bool isError)
{
    post([this, job, callId, text, isError] { m_engine->deliver(job, callId, text, isError); });
}

void EngineThread::stop(quint64 job, ScriptStop reason)
{
    {
        std::lock_guard lock(m_mutex);
        if (job != m_currentJob)
            return;
        int none = static_cast<int>(ScriptStop::None);
        m_stop.compare_exchange_strong(none, static_cast<int>(reason));
        if (m_context)
            JS_RequestInterruptCallback(m_context);
    }
    // A script waiting for tool results is not running: wake it to end.
    post([this, job] {
        if (m_engine->job && m_engine->job->id == job)
            m_engine->poke();
    });
}

bool EngineThread::tick(std::chrono::steady_clock::time_point now)
{
    quint64 job = 0;
    {
        std::lock_guard lock(m_mutex);
        if (!m_currentJob)
            return false;
        if (now < m_deadline) {
            if (m_context)
                JS_RequestInterruptCallback(m_context);
            return true;
        }
        job = m_currentJob;
    }
    stop(job, ScriptStop::WallTime);
    return true;
}

void EngineThread::warm()
{
    post([this] {
        QString error;
        if (!m_engine->job)
            m_engine->ensureContext(&error);
    });
}

void EngineThread::dropContext()
{
    post([this] {
        if (!m_engine->job)
            m_engine->destroyContext();
    });
}

void EngineThread::shutDown()
{
    if (!isRunning())
        return;
    {
        std::lock_guard lock(m_mutex);
        m_stop.store(static_cast<int>(ScriptStop::Cancelled));
        if (m_context)
            JS_RequestInterruptCallback(m_context);
    }
    quit();
    wait();
}

} // namespace valis::codemode
