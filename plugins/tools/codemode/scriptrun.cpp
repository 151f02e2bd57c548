#include "scriptrun.h"

#include "enginepool.h"
#include "enginethread.h"

#include "valis/plugins/toolcaller.h"
#include "valis/record/part.h"

#include <QJsonDocument>
#include <QJsonParseError>

namespace valis::codemode {

// What the model reads is English and not tr()'d.

QString limitMessage(ScriptStop stop, const ScriptLimits &limits)
{
    switch (stop) {
    case ScriptStop::None:
        return {};
    case ScriptStop::WallTime: {
        const auto ms = limits.wallTime.count();
        const QString amount = ms % 1000 == 0 ? QStringLiteral("%1 s").arg(ms / 1000) : QStringLiteral("%1 ms").arg(ms);
        return QStringLiteral("run_script stopped: wall time limit of %1 reached").arg(amount);
    }
    case ScriptStop::Memory:
        return QStringLiteral("run_script stopped: memory limit of %1 MB reached").arg(limits.memoryBytes / (1024 * 1024));
    case ScriptStop::ToolCalls:
        return QStringLiteral("run_script stopped: tool call limit of %1 calls reached").arg(limits.maxToolCalls);
    case ScriptStop::OutputSize:
        return QStringLiteral("run_script stopped: output size limit of %1 KB reached (console output and the "
                              "returned value)")
            .arg(limits.maxOutputBytes / 1024);
    case ScriptStop::Cancelled:
        return QStringLiteral("run_script stopped: cancelled");
    case ScriptStop::EngineFailure:
        return QStringLiteral("run_script stopped: the JavaScript engine failed");
    }
    return {};
}

ScriptRun::ScriptRun(ToolCaller *caller, const QString &parentCallId, const QString &code, const ScriptLimits &limits,
                     QObject *parent)
    : QObject(parent), m_caller(caller), m_parentCallId(parentCallId), m_code(code), m_limits(limits)
{
}

ScriptRun::~ScriptRun()
{
    if (m_channel)
        m_channel->detach();
    if (m_thread && !m_done)
        m_thread->stop(m_job, ScriptStop::Cancelled);
    cancelCalls();
}

void ScriptRun::start()
{
    Result<EngineThread *> thread = EnginePool::instance().acquire();
    if (thread.hasError()) {
        ScriptOutcome outcome;
        outcome.stop = ScriptStop::EngineFailure;
        outcome.error = thread.error().message;
        QMetaObject::invokeMethod(this, [this, outcome] { onFinished(outcome); }, Qt::QueuedConnection);
        return;
    }
    m_thread = thread.value();
    m_channel = std::make_shared<EngineChannel>(this);
    EngineJobRequest request;
    request.code = m_code;
    request.limits = m_limits;
    if (m_caller) {
        for (const ToolSpec &spec : m_caller->tools())
            request.toolNames.append(spec.name);
    }
    m_job = m_thread->startJob(m_channel, request);
}

void ScriptRun::cancel()
{
    if (m_done)
        return;
    if (m_thread)
        m_thread->stop(m_job, ScriptStop::Cancelled);
    cancelCalls();
}

void ScriptRun::cancelCalls()
{
    const auto calls = m_calls;
    m_calls.clear();
    for (const QPointer<NestedToolCall> &call : calls) {
        if (call)
            call->cancel();
    }
}

void ScriptRun::onToolCall(int id, const QString &toolName, const QString &argumentsJson)
{
    if (m_done)
        return;
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(argumentsJson.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        m_thread->deliver(m_job, id,
                          QStringLiteral("tools.%1 takes one object of arguments, as its declaration shows").arg(toolName),
                          true);
        return;
    }
    if (!m_caller) {
        m_thread->deliver(m_job, id, QStringLiteral("Unknown tool: %1").arg(toolName), true);
        return;
    }
    NestedToolCall *call = m_caller->call(m_parentCallId, toolName, QJsonValue(document.object()), this);
    m_calls.insert(id, call);
    Q_EMIT toolCallStarted(toolName, call->callId());
    connect(call, &NestedToolCall::finished, this, [this, id, call](const Part &result) {
        m_calls.remove(id);
        call->deleteLater();
        if (!m_done)
            m_thread->deliver(m_job, id, result.resultText(), result.isError);
    });
}

void ScriptRun::onFinished(const ScriptOutcome &outcome)
{
    if (m_done)
        return;
    m_done = true;
    // Calls the script started and never awaited end with it.
    cancelCalls();
    Q_EMIT finished(outcome);
}

} // namespace valis::codemode
