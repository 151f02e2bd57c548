#include "threadedtool.h"

#include <QMetaObject>
#include <QMutex>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>

namespace valis::tools {

// Messages in this file go back to the model, which reads English best; they are not tr()'d.

ThreadedTool::~ThreadedTool() = default;

namespace {

Part toResult(const QString &callId, const QString &toolName, const ToolOutcome &outcome)
{
    Part result = Part::makeToolResult(callId, outcome.content, outcome.isError);
    result.toolName = toolName;
    return result;
}

/// What the worker and the invocation share. The invocation may be deleted while the worker
/// still runs (a cancelled call whose owner cleaned up); `alive` under `mutex` makes every post
/// from the worker go to a live object (Qt drops posted events of an object when it is deleted).
struct CallState
{
    QMutex mutex;
    QObject *target = nullptr; // the invocation, while alive
    std::atomic_bool cancelled{false};

    // Out of line: GCC 12 inlines it into the destructor and then warns (wrongly) that the
    // atomic store overflows.
    [[gnu::noinline]] void detach()
    {
        QMutexLocker lock(&mutex);
        cancelled = true;
        target = nullptr;
    }
};

class ThreadedInvocation : public ToolInvocation
{
public:
    ThreadedInvocation(const QString &callId, const QString &toolName, QObject *parent)
        : ToolInvocation(parent), m_callId(callId), m_toolName(toolName), m_state(std::make_shared<CallState>())
    {
        m_state->target = this;
    }
    ~ThreadedInvocation() override { m_state->detach(); }

    std::shared_ptr<CallState> state() const { return m_state; }

    void cancel() override
    {
        if (m_done)
            return;
        m_state->cancelled = true;
        // Answer on the next loop turn, not from inside cancel(), and without waiting for the
        // worker, which may be deep in a scan: its late result is dropped.
        QTimer::singleShot(0, this, [this] {
            finish(ToolOutcome::error(QStringLiteral("The %1 call was cancelled before it finished.").arg(m_toolName)));
        });
    }

    void finish(const ToolOutcome &outcome)
    {
        if (m_done)
            return;
        m_done = true;
        setRetryable(outcome.isError && outcome.retryable);
        if (outcome.retryAfter)
            setRetryAfter(*outcome.retryAfter);
        Q_EMIT finished(toResult(m_callId, m_toolName, outcome));
    }

    void relayOutput(const QString &text)
    {
        if (!m_done)
            Q_EMIT outputReceived(text);
    }

private:
    QString m_callId;
    QString m_toolName;
    std::shared_ptr<CallState> m_state;
    bool m_done = false;
};

class ImmediateInvocation : public ToolInvocation
{
public:
    ImmediateInvocation(const Part &result, QObject *parent) : ToolInvocation(parent), m_result(result)
    {
        QTimer::singleShot(0, this, [this] {
            if (!m_done) {
                m_done = true;
                Q_EMIT finished(m_result);
            }
        });
    }
    void cancel() override {}

private:
    Part m_result;
    bool m_done = false;
};

} // namespace

ToolInvocation *immediateResult(const QString &callId, const QString &toolName, const ToolOutcome &outcome,
                                QObject *parent)
{
    return new ImmediateInvocation(toResult(callId, toolName, outcome), parent);
}

struct ThreadedToolProvider::Pool
{
    QThreadPool pool;
};

ThreadedToolProvider::ThreadedToolProvider(const QString &id) : m_id(id), m_pool(std::make_unique<Pool>()) {}

ThreadedToolProvider::~ThreadedToolProvider()
{
    // Workers run this plugin's code: they must end before the plugin can be unloaded.
    m_pool->pool.waitForDone();
}

void ThreadedToolProvider::add(std::unique_ptr<ThreadedTool> tool)
{
    m_tools.push_back(std::shared_ptr<ThreadedTool>(std::move(tool)));
}

QList<ToolSpec> ThreadedToolProvider::tools() const
{
    QList<ToolSpec> specs;
    for (const auto &tool : m_tools)
        specs.append(tool->spec());
    return specs;
}

ToolInvocation *ThreadedToolProvider::invoke(const QString &toolName, const QJsonValue &arguments,
                                             const ToolContext &context, QObject *parent)
{
    std::shared_ptr<ThreadedTool> tool;
    for (const auto &candidate : m_tools) {
        if (candidate->spec().name == toolName)
            tool = candidate;
    }
    if (!tool)
        return immediateResult(context.callId, toolName, ToolOutcome::error(QStringLiteral("Unknown tool: %1").arg(toolName)), parent);
    if (!arguments.isObject()) {
        return immediateResult(context.callId, toolName,
                               ToolOutcome::error(QStringLiteral("The arguments of %1 must be a JSON object.").arg(toolName)),
                               parent);
    }

    auto *invocation = new ThreadedInvocation(context.callId, toolName, parent);
    const std::shared_ptr<CallState> state = invocation->state();
    ToolCall call;
    call.arguments = arguments.toObject();
    call.context = context;
    call.cancelled = &state->cancelled;
    call.progress = [state](const QString &text) {
        QMutexLocker lock(&state->mutex);
        if (auto *target = static_cast<ThreadedInvocation *>(state->target)) {
            QMetaObject::invokeMethod(target, [target, text] { target->relayOutput(text); }, Qt::QueuedConnection);
        }
    };
    m_pool->pool.start([tool, call, state] {
        const ToolOutcome outcome = tool->run(call);
        QMutexLocker lock(&state->mutex);
        if (auto *target = static_cast<ThreadedInvocation *>(state->target)) {
            QMetaObject::invokeMethod(target, [target, outcome] { target->finish(outcome); }, Qt::QueuedConnection);
        }
    });
    return invocation;
}

} // namespace valis::tools
