#pragma once

#include "valis/plugins/backgroundagents.h"
#include "valis/record/message.h"

#include <QHash>
#include <QList>
#include <QLockFile>
#include <QPointer>

#include <memory>

namespace valis {

class Session;
class SessionStore;
class SubagentHost;
class SubagentRun;

/// The BackgroundAgents of one Session: children started through its SubagentHost, each in a
/// session created at spawn time (its id is the handle), at most maxConcurrent() at once.
///
/// Liveness across processes: a running agent holds a lock file beside the store
/// (<store>.agents/<handle>.lock). When the host opens, an agent the store still marks queued or
/// running whose lock nobody holds (its process ended) is marked interrupted, and the parent is
/// told at its next request; one another live process runs is left alone.
class BackgroundAgentHost : public BackgroundAgents
{
    Q_OBJECT

public:
    /// Concurrent agents when VALIS_MAX_BACKGROUND_AGENTS does not say otherwise.
    static constexpr int DefaultMaxConcurrent = 3;

    BackgroundAgentHost(Session *parent, SubagentHost *runner);
    ~BackgroundAgentHost() override;

    Result<AgentInfo> spawn(const AgentSpawnRequest &request) override;
    Result<AgentInfo> status(const QString &handle) const override;
    QList<AgentInfo> agents() const override;
    Result<AgentInfo> cancel(const QString &handle) override;
    void markDelivered(const QStringList &handles) override;
    int maxConcurrent() const override { return m_maxConcurrent; }
    void setMaxConcurrent(int count);

    /// The reminder of every ended agent whose answer the parent has not had (none: empty),
    /// the agents then marked delivered. For the parent's next request.
    QList<Message> takeReports();

    /// Marks the agents of `parentSessionId` that `store` shows as live but that no process runs
    /// any more as interrupted (undelivered); returns their handles.
    static Result<QStringList> sweepInterrupted(SessionStore *store, const QString &parentSessionId);

private:
    struct Entry
    {
        AgentInfo info;
        QString task;
        QPointer<SubagentRun> run;
        QMetaObject::Connection childEvents; ///< the child session's events (usage, budget)
        std::unique_ptr<QLockFile> lock;
        bool cancelRequested = false;
        bool overBudget = false;
    };

    Entry *find(const QString &handle);
    const Entry *find(const QString &handle) const;
    void startQueued();
    void start(Entry *entry);
    void onChildEvent(const QString &handle);
    void onFinished(const QString &handle, const QString &answer, const QString &stopReason, bool isError);
    void end(Entry *entry, AgentState state);
    void persist(const Entry &entry);
    void changed(const Entry &entry);
    int running() const;

    Session *m_parent;
    SubagentHost *m_runner;
    QList<std::shared_ptr<Entry>> m_entries; ///< oldest first
    int m_maxConcurrent = DefaultMaxConcurrent;
    bool m_destroying = false;
};

} // namespace valis
