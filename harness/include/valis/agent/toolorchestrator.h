#pragma once

#include "valis/agent/approvalpolicy.h"
#include "valis/agent/retrypolicy.h"
#include "valis/agent/toolregistry.h"
#include "valis/harness_export.h"
#include "valis/plugins/toolinteraction.h"
#include "valis/record/part.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>

#include <memory>

namespace valis {

class ToolInvocation;

/// Runs the tool calls of one assistant message: approval -> attempt -> retry, in one place.
///
/// A batch runs in parallel when every call in it is read-only (ToolSpec::readOnly), else one
/// call after another in the model's order. Each call first meets the ApprovalPolicy: Allow runs
/// it, Deny answers the model with a denial, Ask emits approvalRequested() and waits for
/// resolveApproval(). A call whose tool is unknown or whose arguments are not a JSON object
/// (or lack a required property) is answered with an error result without running. A failed
/// attempt whose invocation says isRetryable() is tried again under the tool RetryPolicy;
/// other errors go back to the model as they are. Every call gets exactly one result, so the
/// record never holds a call without its answer: cancel() answers what has not finished with
/// "cancelled" results.
///
/// One batch at a time; the object lives in the session's thread.
class VALIS_HARNESS_EXPORT ToolOrchestrator : public QObject
{
    Q_OBJECT

public:
    ToolOrchestrator(ToolRegistry *registry, ApprovalPolicy *approvals, QObject *parent = nullptr);
    ~ToolOrchestrator() override;

    void setRetryPolicy(const RetryPolicy &policy) { m_retry = policy; }
    RetryPolicy retryPolicy() const { return m_retry; }

    /// Starts the batch (`calls` are ToolCall parts). `context` is the base context; its callId is
    /// set per call. batchFinished() follows, also for an empty batch (on the next loop turn).
    void run(const QList<Part> &calls, const ToolContext &context);
    bool isRunning() const { return m_running; }
    /// Answers a pending approval request; false when `requestId` is not pending.
    bool resolveApproval(const QString &requestId, const ApprovalDecision &decision);
    /// Cancels running invocations and answers every unfinished call with a cancelled result.
    void cancel();
    /// Stops the one running call `callId` (a command the person killed) and answers it with an
    /// error result saying so; the rest of the batch goes on. False when no such call runs.
    bool cancelCall(const QString &callId);

    /// Which calls of `calls` the orchestrator would run in parallel: all or none.
    bool runsInParallel(const QList<Part> &calls) const;
    /// Passes a person's answer on to the call that asked (see interactionRequested()); false
    /// when `requestId` is not waiting.
    bool answerInteraction(const QString &requestId, const ToolInteractionAnswer &answer);
    /// The tool a call really runs: the call itself, or for a routing tool (call_tool) the call
    /// of the tool it names, with the same call id.
    Part effectiveCall(const Part &call) const;

Q_SIGNALS:
    void approvalRequested(const valis::ApprovalRequest &request);
    void approvalResolved(const valis::ApprovalRequest &request, const QString &answer);
    /// An attempt of `call` starts (attempt counts from 1).
    void executionStarted(const valis::Part &call, int attempt);
    /// Output `call` produced while running (ToolInvocation::outputReceived).
    void callOutput(const valis::Part &call, const QString &text);
    /// How far `call` has come (ToolInvocation::progressReported).
    void callProgress(const valis::Part &call, double progress, double total, const QString &message);
    /// `call` needs a person; `interaction.id` is the request id to answer with
    /// answerInteraction().
    void interactionRequested(const valis::Part &call, const valis::ToolInteraction &interaction);
    /// The question was answered, or dropped because its call ended ("cancel").
    void interactionResolved(const valis::Part &call, const QString &requestId, const QString &action);
    void retrying(const valis::Part &call, int nextAttempt, qint64 delayMs, const valis::Part &failedResult);
    void callFinished(const valis::Part &call, const valis::Part &result, qint64 durationMs, int attempts);
    /// Every call's result, in the order of the calls.
    void batchFinished(const QList<valis::Part> &results);
    /// Something went wrong that does not stop the batch (an "always" answer that could not be
    /// saved still applies to this session).
    void warning(const valis::Error &error);

private:
    struct Call;
    void startCall(int index);
    void decide(int index);
    void attempt(int index);
    void finishCall(int index, const Part &result);
    void maybeFinishBatch();
    void startNextSequential();
    /// Cancels the call's running invocation, if any, and lets go of it.
    void stopInvocation(Call &call);
    /// Drops the questions `index` asked that nobody answered (its call ended).
    void dropInteractions(int index);

    ToolRegistry *m_registry;
    ApprovalPolicy *m_approvals;
    RetryPolicy m_retry;
    ToolContext m_context;
    std::vector<std::unique_ptr<Call>> m_calls;
    QHash<QString, int> m_pendingApprovals;
    struct PendingInteraction
    {
        int index = -1;
        QString invocationId;
    };
    QHash<QString, PendingInteraction> m_pendingInteractions;
    int m_interactionCounter = 0;
    bool m_running = false;
    bool m_parallel = false;
    int m_nextSequential = 0;
    bool m_advancing = false;
    int m_requestCounter = 0;
};

} // namespace valis
