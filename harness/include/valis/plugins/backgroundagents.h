#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace valis {

/// Where a background agent is in its life. Queued and Running are live; the others are ends.
enum class AgentState {
    Queued,       ///< spawned, waiting for a free slot (bounded concurrency)
    Running,
    Finished,     ///< answered
    Failed,       ///< ended with an error (the provider, a step limit, an unknown profile ...)
    OverBudget,   ///< stopped by the harness when it went over its token or cost budget
    Cancelled,    ///< cancel_agent, or the person's Cancel
    Interrupted,  ///< the process that ran it ended (a restart) before it did
};

/// "queued", "running", "finished", "failed", "over-budget", "cancelled", "interrupted".
VALIS_HARNESS_EXPORT QString agentStateName(AgentState state);
VALIS_HARNESS_EXPORT std::optional<AgentState> agentStateFromName(const QString &name);
/// Whether `state` is an end (the answer, or why there is none, is known).
VALIS_HARNESS_EXPORT bool agentStateIsFinal(AgentState state);

/// How much one background agent may spend; 0 / empty: no limit of that kind.
struct VALIS_HARNESS_EXPORT AgentBudget
{
    qint64 maxTokens = 0;               ///< input + output + cache tokens over all its requests
    std::optional<double> maxCostUsd = {};
};

/// What the parent asks of a background agent.
struct VALIS_HARNESS_EXPORT AgentSpawnRequest
{
    QString task;          ///< The whole task: the agent sees nothing else of the parent.
    QString profile = {};  ///< A SubagentProfile name; empty: "general-purpose".
    QString title = {};    ///< A short title for the child session; empty: the task's first line.
    AgentBudget budget = {};
    QString parentCallId = {}; ///< The spawn_agent call, recorded on the child session.
};

/// One background agent as its parent sees it.
struct VALIS_HARNESS_EXPORT AgentInfo
{
    QString handle = {};          ///< The child session's id: stable across restarts.
    QString parentSessionId = {};
    QString title = {};
    QString profile = {};
    AgentState state = AgentState::Queued;
    QString progress = {};        ///< The last thing it did ("read_file a.txt").
    QString answer = {};          ///< Its final answer (or why it ended without one), once final.
    QString stopReason = {};      ///< The child's turn end ("answered", "max-steps", "budget" ...)
    qint64 tokens = 0;            ///< All tokens of its requests so far.
    double costUsd = 0;
    AgentBudget budget = {};
    QDateTime spawnedAt = {};
    QDateTime startedAt = {};
    QDateTime endedAt = {};
    /// The parent has been given the answer (by wait_agents / agent_status, or a reminder).
    bool delivered = false;

    /// The form persisted in the child session's metadata (key "backgroundAgent").
    QJsonObject toJson() const;
    static AgentInfo fromJson(const QJsonObject &json);
};

/// A session's background agents (ToolContext::backgroundAgents): child agents that run while the
/// parent goes on, at most maxConcurrent() at a time (the rest queue), each within its budget.
/// Each child is an ordinary session of the same store, linked to the parent, whose state is kept
/// in its metadata ("backgroundAgent"), so a restart finds the ones that were running and marks
/// them interrupted. An answer reaches the parent once: returned by status()/wait (the tool then
/// calls markDelivered()), else as a reminder recorded at the parent's next request, after the
/// cached prefix.
///
/// Lives in the parent session's thread; never blocks it.
class VALIS_HARNESS_EXPORT BackgroundAgents : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~BackgroundAgents() override;

    /// Creates the child session (queued or running at once) and returns its info; fails for an
    /// unknown profile or an empty task.
    virtual Result<AgentInfo> spawn(const AgentSpawnRequest &request) = 0;
    /// The agent `handle` of this session ("agents.unknown-handle" for any other).
    virtual Result<AgentInfo> status(const QString &handle) const = 0;
    /// Every background agent of this session, oldest first (those of earlier runs included).
    virtual QList<AgentInfo> agents() const = 0;
    /// Stops a queued or running agent (state Cancelled); an ended one stays as it was.
    virtual Result<AgentInfo> cancel(const QString &handle) = 0;
    /// Notes that the parent has been given these agents' answers: no reminder will repeat them.
    virtual void markDelivered(const QStringList &handles) = 0;
    /// How many agents may run at once.
    virtual int maxConcurrent() const = 0;

Q_SIGNALS:
    /// Any change of an agent: state, progress, usage, delivery.
    void agentChanged(const valis::AgentInfo &info);
};

} // namespace valis
