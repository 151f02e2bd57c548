#pragma once

#include "scriptlimits.h"

#include <QHash>
#include <QJsonValue>
#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

namespace valis {
class NestedToolCall;
class Part;
class ToolCaller;
} // namespace valis

namespace valis::codemode {

class EngineChannel;
class EngineThread;

/// One run of a script (run_script's engine), on the thread of the caller that made it.
///
/// The JavaScript runs on an engine thread of EnginePool; each tools.<name>(args) it makes is
/// started here, on this object's thread, through the ToolCaller (so approvals, the sandbox and
/// the record apply), and its result is handed back to the engine. finished() comes exactly
/// once, never from inside start(). Deleting the run stops the script and its tool calls.
class ScriptRun : public QObject
{
    Q_OBJECT

public:
    /// `caller` must outlive the run; `parentCallId` is the run_script call's id.
    ScriptRun(ToolCaller *caller, const QString &parentCallId, const QString &code, const ScriptLimits &limits,
              QObject *parent = nullptr);
    ~ScriptRun() override;

    void start();
    /// Stops the script and cancels its running tool calls; finished() follows.
    void cancel();

Q_SIGNALS:
    /// A tool call the script started (for people watching), with its recorded call id.
    void toolCallStarted(const QString &toolName, const QString &childCallId);
    void finished(const valis::codemode::ScriptOutcome &outcome);

private:
    friend class EngineChannel;
    void onToolCall(int id, const QString &toolName, const QString &argumentsJson);
    void onFinished(const ScriptOutcome &outcome);
    void cancelCalls();

    ToolCaller *m_caller = nullptr;
    QString m_parentCallId;
    QString m_code;
    ScriptLimits m_limits;
    std::shared_ptr<EngineChannel> m_channel;
    EngineThread *m_thread = nullptr;
    quint64 m_job = 0;
    QHash<int, QPointer<NestedToolCall>> m_calls;
    bool m_done = false;
};

} // namespace valis::codemode
