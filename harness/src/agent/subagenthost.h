#pragma once

#include "valis/agent/approvalpolicy.h"
#include "valis/agent/sessionevent.h"
#include "valis/plugins/subagentrunner.h"
#include "valis/plugins/toolinteraction.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>

namespace valis {

class Session;
class ChildRun;

/// Runs a Session's child agents (the `task` tool): each child is a Session of its own in the
/// same store, with its own context and tool registry (its profile's pack, without `task` at
/// the depth limit), the parent's provider, sandbox, workspace and approval rules, and parent
/// links to the `task` call. A child's approval requests are shown through the parent's event
/// stream, with ids prefixed by the child's session id, and answered through the parent.
class SubagentHost : public QObject, public SubagentRunner
{
    Q_OBJECT

public:
    explicit SubagentHost(Session *parent);
    ~SubagentHost() override;

    QList<SubagentProfile> profiles() const override;
    SubagentRun *start(const SubagentRequest &request, QObject *parent) override;
    /// The child Session of a run this host started (nullptr before it opened, or for another run).
    static Session *sessionOf(SubagentRun *run);

    bool resolveApproval(const QString &requestId, const ApprovalDecision &decision);
    QList<ApprovalRequest> pendingApprovals() const;
    /// Answers a question a child's tool asked (its id prefixed by the child's session id).
    bool answerInteraction(const QString &requestId, const ToolInteractionAnswer &answer);

private:
    friend class ChildRun;
    void forwardApproval(ChildRun *child, const SessionEvent &event);
    /// Shows a child's InteractionRequested/Resolved through the parent, with a prefixed id.
    void forwardInteraction(ChildRun *child, const SessionEvent &event);

    Session *m_parent;
    QList<QPointer<ChildRun>> m_children;
};

} // namespace valis
