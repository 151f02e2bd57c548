#pragma once

#include "valis/agent/approvalpolicy.h"
#include "valis/agent/retrypolicy.h"
#include "valis/agent/sessionevent.h"
#include "valis/harness_export.h"
#include "valis/memory/resultcapture.h"
#include "valis/plugins/toolcaller.h"
#include "valis/plugins/toolinteraction.h"

#include <QHash>
#include <QJsonArray>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QStringList>

#include <memory>
#include <utility>

namespace valis {

class ToolOrchestrator;
class ToolRegistry;

/// One child call as the record keeps it: the ToolCall part and its ToolResult part.
struct VALIS_HARNESS_EXPORT NestedCallRecord
{
    Part call;
    Part result;

    /// The key of a parent result's `wire` that holds its children: {"children": [{call, result}]}
    /// in the record's JSON form (recordjson). No wire converter knows it, so no provider ever
    /// receives it.
    static QString wireKey();
    /// The children recorded on the parent's result `result`, in the order they were made;
    /// empty when it has none (a malformed entry is skipped).
    static QList<NestedCallRecord> childrenOf(const Part &result);
    /// `result` carrying `children` in wire["valis"]["children"] (other wire keys kept).
    static Part withChildren(Part result, const QList<NestedCallRecord> &children);
};

/// The ToolCaller of a session (and of `valis-cli tool`): each nested call runs through a
/// ToolOrchestrator of its own over the same ToolRegistry, ApprovalPolicy and RetryPolicy as
/// direct calls, from the base context the owner sets per batch, so approvals, the pack, the
/// sandbox and retries apply exactly as they do to the model's own calls. Children never get a
/// ToolCaller (no recursion); tools that call tools (ToolSpec::callsTools), routing tools and
/// the driver's client tools are out of their reach.
///
/// What children do is reported as eventOccurred() SessionEvents carrying "parentCallId" in
/// their details; approval and interaction request ids are this object's own ("nested-..."),
/// answered with resolveApproval() / answerInteraction(). Results over the capture threshold
/// are stored through the ResultCapture given, and keep their whole content. Children are kept
/// until takeChildren() hands them to the record with their parent's result.
///
/// Lives in the owner's thread; the owner must outlive the NestedToolCalls it hands out, or
/// delete them first.
class VALIS_HARNESS_EXPORT OrchestratedToolCaller : public QObject, public ToolCaller
{
    Q_OBJECT

public:
    OrchestratedToolCaller(ToolRegistry *registry, ApprovalPolicy *approvals, QObject *parent = nullptr);
    ~OrchestratedToolCaller() override;

    void setRetryPolicy(const RetryPolicy &policy) { m_retry = policy; }
    /// The context nested calls start from; its toolCaller is dropped. Set before each batch.
    void setBaseContext(const ToolContext &context);
    /// Limits tools() to `names` (what the session offers this turn); empty: the registry's.
    void setOfferedTools(const QStringList &names) { m_offered = names; }
    /// Tools nested calls never reach, whatever the registry holds (client tools).
    void setExcludedTools(const QSet<QString> &names) { m_excluded = names; }
    /// Captures large child results as direct results are; nullptr: none are captured.
    void setResultCapture(ResultCapture *capture, const CaptureScope &scope);

    QList<ToolSpec> tools() const override;
    NestedToolCall *call(const QString &parentCallId, const QString &toolName, const QJsonValue &arguments,
                         QObject *parent) override;

    /// Answers a pending approval of a child; false when `requestId` is not one.
    bool resolveApproval(const QString &requestId, const ApprovalDecision &decision);
    QList<ApprovalRequest> pendingApprovals() const;
    /// Passes a person's answer to the child that asked; false when `requestId` is not waiting.
    bool answerInteraction(const QString &requestId, const ToolInteractionAnswer &answer);
    /// Stops the running child `callId` (a person killed it); false when no such child runs.
    bool cancelCall(const QString &callId);
    /// The parent call ended: its running children are stopped (cancelled results) and later
    /// calls on its behalf are refused.
    void parentFinished(const QString &parentCallId);
    /// Stops every running child.
    void cancelAll();
    /// Whether `parentCallId` made child calls not yet taken.
    bool hasChildren(const QString &parentCallId) const { return m_childrenOf.contains(parentCallId); }
    /// `results` with each parent's children attached (NestedCallRecord::withChildren); the
    /// children are then forgotten. A child still unfinished is recorded as interrupted.
    QList<Part> takeChildren(const QList<Part> &results);

Q_SIGNALS:
    /// What a child did, as the SessionEvent of a direct call (step unset), with details
    /// "parentCallId".
    void eventOccurred(const valis::SessionEvent &event);
    void warning(const valis::Error &error);

private:
    class Handle;
    struct Child;
    friend class Handle;
    void run(Child &child);
    void connectOrchestrator(Child &child);
    void settle(const QString &callId, const Part &result);
    void finish(const QString &callId, const Part &result);
    void refuse(Child &child, const QString &text);
    void handleGone(const QString &callId);
    SessionEvent eventFor(SessionEvent::Kind kind, const Child &child) const;
    CaptureScope scopeFor(const Part &call) const;

    ToolRegistry *m_registry;
    ApprovalPolicy *m_approvals;
    RetryPolicy m_retry;
    ToolContext m_base;
    QStringList m_offered;
    QSet<QString> m_excluded;
    QPointer<ResultCapture> m_capture;
    CaptureScope m_scope;
    QHash<QString, std::shared_ptr<Child>> m_children;          ///< by child call id
    QHash<QString, QStringList> m_childrenOf;     ///< parent call id -> child call ids, in order
    QHash<QString, int> m_counters;               ///< parent call id -> children made so far
    QSet<QString> m_closedParents;
    /// Own request id -> (child call id, the orchestrator's request id).
    QHash<QString, std::pair<QString, QString>> m_approvalIds;
    QHash<QString, std::pair<QString, QString>> m_interactionIds;
    int m_requestCounter = 0;
};

} // namespace valis
