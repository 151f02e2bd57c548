#pragma once

#include "valis/agent/approvalpolicy.h"
#include "valis/agent/contextpipeline.h"
#include "valis/agent/recallsettings.h"
#include "valis/agent/retrypolicy.h"
#include "valis/agent/sessionevent.h"
#include "valis/agent/toolselector.h"
#include "valis/agent/toolregistry.h"
#include "valis/agent/turnversiongenerator.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/context/historystrategies.h"
#include "valis/core/datalocations.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/memory/agentinstructions.h"
#include "valis/memory/memorysettings.h"
#include "valis/plugins/provider.h"
#include "valis/plugins/sandbox.h"
#include "valis/plugins/toolinteraction.h"
#include "valis/plugins/subagentrunner.h"
#include "valis/record/branchindex.h"
#include "valis/record/message.h"
#include "valis/record/session.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QObject>

#include <memory>
#include <optional>

namespace valis {

class AgentFilesystem;
class BackgroundAgentHost;
class BackgroundAgents;
class FilesystemBackend;
class AgentLoop;
class DetailStore;
class DetailStoreMemoriesBackend;
class OutputSummariser;
class PromptStore;
class RecallStep;
class ResultCapture;
class SessionSampler;
class SessionStore;
class StoredTurnVersions;
class SubagentHost;
class TurnVersionSource;

/// How a Session talks to its model and how far a turn may go.
struct VALIS_HARNESS_EXPORT SessionConfig
{
    Provider *provider = nullptr;
    QString model;
    ProviderEndpoint endpoint;
    QString keySource;                  ///< where endpoint.apiKey came from, for error messages
    ModelCatalog catalog;
    Message systemPrompt;               ///< Role::System; not part of the record
    QString workspace;
    Sandbox *sandbox = nullptr;         ///< where tools run commands; nullptr: none may
    NetworkAccess network = NetworkAccess::Denied; ///< whether commands may reach the network
    QString agentId = QStringLiteral("default"); ///< whose /memories/ and skills
    DataLocations locations;            ///< where /memories/ and /context/ live
    /// The agent's file view; nullptr: Session::open builds the standard one (workspace,
    /// /memories/ of `agentId`, /context/ of the session) with AgentFilesystem::forSession().
    std::shared_ptr<AgentFilesystem> filesystem;
    /// Where the workspace's files are when they are not the local folder `workspace` (a
    /// remote machine's, RemoteWorkspace::filesystem()): the standard file view then routes the
    /// workspace there. Ignored when `filesystem` is set.
    std::shared_ptr<FilesystemBackend> workspaceBackend;
    /// The agent's DetailStore: tool results over their capture threshold are stored in it and
    /// shown as MemoryRefs, the memory tools use it, and /memories/ lives in it (a local
    /// /memories/ folder of an earlier version is imported once). nullptr: no memory layer,
    /// and /memories/ is the local folder DataLocations::agentMemoriesDir() names.
    std::shared_ptr<DetailStore> memory;
    /// Stored prompts by key (ToolContext::prompts, llm_call's prompt_key); nullptr: Session::open
    /// opens DataLocations::promptStorePath() when `locations` has a data folder.
    std::shared_ptr<PromptStore> prompts;
    MemorySettings memorySettings;      ///< capture thresholds, the AGENTS.md budget
    /// Writes the one-line summaries of captured outputs; nullptr: extractive summaries.
    std::shared_ptr<OutputSummariser> outputSummariser;
    /// The packs a subagent profile may name (ToolSettings::packs()); the session's own pack is
    /// the ToolRegistry's.
    QList<ToolPack> toolPacks;
    /// The kinds of child agent the `task` tool may start; empty: none.
    QList<SubagentProfile> subagentProfiles;
    int subagentDepth = 0;              ///< 0 for a session a person started
    int maxSubagentDepth = 1;           ///< children at this depth cannot start children
    int maxSteps = 50;                  ///< model requests per turn
    std::optional<double> maxTurnCostUsd;
    qint64 maxOutputTokens = -1;        ///< -1: the model catalogue's limit
    QJsonObject providerOptions;
    RetryPolicy providerRetry;
    RetryPolicy toolRetry{3, std::chrono::milliseconds(500), 2.0, std::chrono::milliseconds(10000),
                          std::chrono::milliseconds(60000), 0.2};
    ToolSelectorConfig toolSelector;
    Provider *toolSelectorProvider = nullptr; ///< nullptr: `provider`
    /// The share of the context window deferrable tools (MCP tools) may take before they are
    /// held back behind search_tools (config/mcp.json's toolSearch.deferAbove).
    double deferToolsAbove = 0.05;
    /// The context strategies, in order (each an ordered step of the ContextPipeline).
    QList<ContextStrategy *> strategies;
    /// Settings per strategy id: config/context.json with the model's overrides, then the
    /// session's own (see ContextSettings).
    QHash<QString, QJsonObject> strategySettings;
    /// Who writes the S/C/T versions of each finished turn (the extractive ones are stored at
    /// once either way). Auto: the model, when a strategy's settings (defaults included) say
    /// "turnVersions": "model" (the strategy shows them); "extractive" there, or no strategy
    /// saying anything, keeps to the extractive ones and makes no model call.
    TurnVersionMode turnVersions = TurnVersionMode::Auto;
    /// The history strategies the session may switch between (Session::setHistoryStrategy());
    /// "regular" is `strategies` when it is not set.
    HistoryStrategies history;
    /// The history strategy to run with ("regular", "gradient", "oneshot"): recorded when it
    /// differs from the record's last choice. Empty: the record's last choice, else (for a new
    /// session) `defaultHistoryStrategy`, else "regular".
    QString historyStrategy;
    /// The history strategy of a new session when none is asked for (config/context.json's
    /// "history"; see ContextSettings).
    QString defaultHistoryStrategy;
    /// The recall step before each user turn (runtime turn preprocessing): what it retrieves
    /// with, its filter model and budget. Off without a retriever or with settings.enabled
    /// false; never run for sessions linked to a parent (subagents, forks: their context is
    /// what the parent chose for them).
    RecallConfig recall;
    /// Tools offered to the model that the session does not run ({name, description,
    /// input_schema}, as ToolRegistry::definitions()): whoever drives the session runs them (the
    /// OpenAI-compatible API's client). An answer that calls one ends the turn with reason
    /// "client-tools", its calls unanswered in the record; the driver brings their results with
    /// Session::continueWith(). Session::setClientTools() changes them between turns.
    QJsonArray clientTools;
    /// What the driver asks of the next turns' requests besides the settings (an API client's
    /// temperature, top_p, stop, seed, in the provider's own field names): merged over
    /// providerOptions. Session::setTurnOptions() changes them between turns.
    QJsonObject turnOptions;
    qint64 turnMaxOutputTokens = -1; ///< > 0: replaces maxOutputTokens for those turns
};

/// A conversation in progress: takes commands, runs turns, keeps the record, and reports
/// everything as SessionEvents. The desktop and valis-cli both drive one.
///
/// Commands: submit() a user turn; interrupt() whatever runs (the partial answer is kept and
/// marked, unfinished tool calls are answered "interrupted", the record stays whole);
/// approve() / deny() a pending tool call; compact() the context now; resend() an edited user
/// message, regenerate() the last answer, switchBranch() between the alternatives. Each message
/// is appended to the SessionStore as it completes, so a crash loses at most the message being
/// streamed.
///
/// Branches: the record keeps every branch (it is append-only); the session shows and sends one
/// path through it, activePath(), from the first message to the active leaf (see BranchIndex).
/// Messages are appended under the active leaf, with an explicit parentId when the leaf is not
/// the record's last message. The leaf is remembered in the store, so a reopened session is on
/// the branch it was left on; costs stay those of the whole record.
///
/// Lives in one thread (the GUI's or the CLI's); everything it waits for (network, tools,
/// approvals) is asynchronous.
class VALIS_HARNESS_EXPORT Session : public QObject
{
    Q_OBJECT

public:
    /// Opens the stored session `info.id`, or creates it when `info.id` is empty or unknown.
    static Result<std::unique_ptr<Session>> open(SessionStore *store, const SessionInfo &info,
                                                 const SessionConfig &config, ToolRegistry *tools,
                                                 ApprovalPolicy *approvals);
    ~Session() override;

    QString id() const { return m_info.id; }
    SessionInfo info() const { return m_info; }
    const SessionConfig &config() const { return m_config; }
    /// The system prompt requests carry: the configured one plus what the session's tool
    /// providers add (skills), fixed when the session opens so the cached prefix stays stable.
    const Message &systemPrompt() const { return m_systemPrompt; }
    AgentFilesystem *filesystem() const { return m_config.filesystem.get(); }
    /// The AGENTS.md files the system prompt holds (read when the session opened).
    const AgentInstructions &agentInstructions() const { return m_instructions; }
    /// What went wrong while opening that did not stop it (AGENTS.md over budget, a local
    /// /memories/ folder that could not be imported); also reported as Warning events when the
    /// first turn starts.
    QList<Error> startupWarnings() const { return m_startupWarnings; }
    /// The record as this session holds it (loaded at open, appended to since): every branch.
    const QList<Message> &record() const { return m_record; }
    /// The conversation as it is shown and sent: the record's messages from the first to the
    /// active leaf. Without branches, the whole record.
    const QList<Message> &activePath() const { return m_path; }
    /// The last message of the active path; empty before the first message.
    QString activeLeafId() const;
    /// The record's branch structure: forks, parents, the newest message of a branch.
    const BranchIndex &branches() const { return m_branches; }
    /// The alternatives to `messageId` (the messages that share its parent) and its place among
    /// them, for "2 of 3"; index -1 for a message the record lacks.
    BranchSiblings siblings(const QString &messageId) const { return m_branches.siblings(messageId); }
    /// Tokens and cost of the whole session: its stored answers, then every request since.
    SessionTotals totals() const { return m_totals; }
    bool isBusy() const;
    /// Whether a summary the context strategies asked for is still being prepared in the
    /// background (it is recorded when it arrives; a tool that exits should wait for it).
    bool hasPendingSummaries() const;
    /// Whether the model is still writing the versions of a finished turn (a tool that exits
    /// may wait for them; they are stored when they arrive).
    bool hasPendingTurnVersions() const;
    /// The session's turn versions as the context pipeline sees them (StoredTurnVersions: the
    /// newest stored, else the extractive ones).
    const TurnVersionSource *turnVersions() const;
    /// Whether finished turns get the model's versions (SessionConfig::turnVersions resolved).
    TurnVersionMode turnVersionMode() const;
    /// This session's pending approvals and its running subagents'.
    QList<ApprovalRequest> pendingApprovals() const;

    /// Starts a turn. Fails ("session.busy") while a turn runs, and ("session.empty-turn") for
    /// a turn with neither text nor attachments. `metadata` is kept on the user message (a
    /// stored prompt's key and version when the text is one rendered).
    Result<void> submit(const QString &text, const QList<Part> &attachments = {}, const QJsonObject &metadata = {});
    /// Appends messages the driver already holds (the results of client tool calls, an assistant
    /// message an API client wrote, its next user message) under the active leaf, then runs a
    /// turn answering the active path: a new turn when the last message opens one (a user
    /// message, as submit()), else the current turn goes on (after tool results). An empty list
    /// answers the path as it is. Fails with "session.busy", and "session.empty-turn" when the
    /// path stays empty.
    Result<void> continueWith(const QList<Message> &messages);
    /// Replaces SessionConfig::clientTools for the turns to come. Fails with "session.busy".
    Result<void> setClientTools(const QJsonArray &definitions);
    /// Replaces SessionConfig::turnOptions and turnMaxOutputTokens for the turns to come. Fails
    /// with "session.busy".
    Result<void> setTurnOptions(const QJsonObject &options, qint64 maxOutputTokens);
    /// What stores large tool results as MemoryRefs (a driver captures the results it brings
    /// before continueWith()); nullptr without a DetailStore.
    ResultCapture *resultCapture() const { return m_capture.get(); }
    /// Edit-and-resend: a new user message with `text` and `attachments` becomes an alternative
    /// to `userMessageId` (same parent; NoParentId for the first message), the active leaf
    /// moves to it and a turn runs on that branch. The old message and what followed it stay in
    /// the record. The message may be on any branch; the new one is what the session then shows.
    /// Fails with "session.busy", "session.no-message", "session.not-user-message" (a tool
    /// result or any other role) and "session.empty-turn".
    Result<void> resend(const QString &userMessageId, const QString &text, const QList<Part> &attachments = {});
    /// Runs the last user turn of the active path again as a new branch: the same parts, as an
    /// alternative to that message, so the old answer can be switched back to. Fails with
    /// "session.busy" and "session.no-message" (no user turn on the path).
    Result<void> regenerate();
    /// Makes the newest message under `messageId` the active leaf, so choosing "2 of 3" at a
    /// fork shows that branch as it was last left. Fails with "session.busy" and
    /// "session.no-message"; a store that cannot remember the choice fails it too.
    Result<void> switchBranch(const QString &messageId);
    /// Stops the running turn; does nothing when idle.
    void interrupt();
    /// Stops one running tool call (a command the person killed); the turn goes on and the model
    /// is told. False when that call is not running.
    bool cancelToolCall(const QString &callId);
    /// Answers a question a running tool asked (InteractionRequested: a form, a URL to open, a
    /// sampling request); false when `requestId` is not waiting.
    bool answerInteraction(const QString &requestId, const ToolInteractionAnswer &answer);
    /// The questions of this session's (and its subagents') running tools still unanswered, as
    /// the InteractionRequested events that asked them.
    QList<SessionEvent> pendingInteractions() const { return m_pendingInteractions.values(); }
    /// Answers a pending approval; false when `requestId` is not pending.
    bool approve(const QString &requestId, ApprovalScope scope = ApprovalScope::Once);
    bool deny(const QString &requestId, const QString &reason = {}, ApprovalScope scope = ApprovalScope::Once);
    /// Compacts the context now (when idle; else before the next request): the strategies run
    /// as if the view were over their thresholds, and what they do is recorded and reported.
    void compact();
    /// Pins (or unpins) a message: it is never evicted or summarised, and is carried verbatim
    /// into the context after every summary. Recorded in the record; fails for unknown ids.
    Result<void> pin(const QString &messageId, bool pinned = true);
    /// The history strategy in use ("regular", "gradient", "oneshot"; see HistoryStrategies).
    QString historyStrategy() const { return m_historyStrategy; }
    /// Switches the history strategy: recorded in the record (historyStrategyMessage()), and the
    /// next request's view is built with its strategies (and the system prompt says how to look
    /// back with them). An unknown or missing one fails with "context.unknown-history" (naming
    /// what is installed), also reported as a Warning event; the current one stays.
    Result<void> setHistoryStrategy(const QString &name);
    /// Appends a fork's report (forkReportMessage()) to this session's record, under the active
    /// leaf, so the next turn sees it; while a turn runs it waits for the turn to end (a user
    /// message between a call and its result would break the view).
    Result<void> receiveForkReport(const Message &report);
    /// What the context strategies did in this session so far (from the record's events).
    CompactionStats compactionStats() const { return CompactionStats::of(m_record); }
    /// The session's background agents (spawn_agent); nullptr where it may not start any (a
    /// child at the subagent depth limit, or no subagent profiles).
    BackgroundAgents *backgroundAgents() const;

Q_SIGNALS:
    void eventOccurred(const valis::SessionEvent &event);
    /// The active path changed other than by a message appended to it (a branch switch, or the
    /// move to the parent of a resent or regenerated message, just before its TurnStarted): a
    /// view of the conversation rebuilds from activePath().
    void branchChanged();

private:
    friend class AgentLoop;
    friend class ChildRun;
    friend class SubagentHost;
    friend class SessionSampler;
    friend class BackgroundAgentHost;
    Session(SessionStore *store, const SessionInfo &info, const SessionConfig &config, ToolRegistry *tools,
            ApprovalPolicy *approvals);
    /// Appends to the store and the in-memory record, under the active leaf; emits
    /// MessageAppended.
    Result<Message> append(Message message, std::optional<double> cost = {});
    /// Appends `message` on the branch whose leaf was `branchLeafId` when it was begun (a
    /// summary prepared in the background): under the active leaf when that message is still
    /// on the active path, else at the newest message of its own branch, leaving the active path
    /// as it is. Emits MessageAppended.
    Result<Message> appendOnBranchOf(const QString &branchLeafId, Message message);
    /// Stores `message` as a child of the record's message `parent` (-1: none) and adds it to
    /// the record and the branch index; moves the active leaf to it when `advance`.
    Result<Message> storeUnder(qsizetype parent, Message message, bool advance);
    /// Stores a user message under the active leaf (and remembers it as the leaf when
    /// `rememberIt`: it starts a new branch), then starts its turn.
    Result<void> startTurnWith(Message user, const QString &text, bool rememberIt);
    /// Names an untitled session after the first line of `text` (a Warning when it cannot).
    void nameAfter(const QString &text);
    /// Moves the active leaf to record index `leaf` (-1: before the first message) and
    /// rebuilds the active path.
    void setLeaf(qsizetype leaf);
    /// Makes an alternative to the user message at record index `edited` with `parts`.
    Result<void> branchFrom(qsizetype edited, const QList<Part> &parts, const QString &text);
    /// Remembers `messageId` as the active leaf in the store (a Warning event when it cannot:
    /// the session goes on, a reopened one shows the branch remembered before).
    void rememberLeaf(const QString &messageId);
    void emitEvent(SessionEvent event);
    /// Reports `stored` as appended (MessageAppended), with what an answer cost.
    void reportAppended(const Message &stored, std::optional<double> cost = {}, const QJsonObject &details = {});
    /// ContextCompacted and Warning events for what building `view` did.
    void reportView(const ContextView &view, int step);
    /// Whether compact() asked for compaction of the next request (and forgets the request).
    bool takeCompactRequest();
    void trackApproval(const ApprovalRequest &request, bool pending);
    /// Keeps `event` (InteractionRequested) until its InteractionResolved.
    void trackInteraction(const SessionEvent &event, bool pending);
    bool resolveApproval(const QString &requestId, const ApprovalDecision &decision);
    Message composeSystemPrompt() const;
    /// Makes `name` with `strategies` the history strategy in use (pipeline and system prompt).
    void useHistory(const QString &name, const QList<ContextStrategy *> &strategies);
    /// Appends the fork reports that waited for the turn to end.
    void deliverForkReports();
    /// Records the reminder of background agents that ended and whose answers the model has not
    /// had yet (before each request, so it lands after the cached prefix).
    void deliverAgentReports();
    /// The ToolContext every tool call of this session starts from.
    ToolContext toolContext() const;
    SubagentHost *subagents() const { return m_subagents.get(); }
    /// The recall step; nullptr when recall is off for this session.
    RecallStep *recallStep() const { return m_recall.get(); }
    /// The reminder of memory written since the system prompt was built (tail of the view).
    QList<Message> memoryChangeReminders() const;
    /// Opens the session's stored turn versions for the pipeline and sets up their generation.
    void setUpTurnVersions(QList<Error> *warnings);
    /// Stores the extractive versions of `turn` and asks the model for its own (turn versions
    /// are never on a turn's critical path: this runs as the turn is reported finished).
    void makeTurnVersions(int turn);
    /// Stores the token counts the pipeline made of stored messages (the count cache).
    void storeTokenCounts();
    ContextPipeline &pipeline() { return *m_pipeline; }
    std::shared_ptr<ContextPipeline> sharedPipeline() const { return m_pipeline; }
    SessionStore *store() const { return m_store; }
    ToolRegistry *tools() const { return m_tools; }
    SessionTotals &mutableTotals() { return m_totals; }

    SessionStore *m_store;
    SessionInfo m_info;
    SessionConfig m_config;
    ToolRegistry *m_tools;
    ApprovalPolicy *m_approvals;
    QList<Message> m_record;
    BranchIndex m_branches;
    qsizetype m_leaf = -1;   ///< record index of the active leaf; -1: before the first message
    QList<Message> m_path;   ///< the active path (shares its messages with m_record)
    SessionTotals m_totals;
    std::shared_ptr<ContextPipeline> m_pipeline;
    Message m_systemPrompt;
    std::unique_ptr<SubagentHost> m_subagents;
    std::unique_ptr<BackgroundAgentHost> m_backgroundAgents;
    std::unique_ptr<ResultCapture> m_capture;
    AgentInstructions m_instructions;
    QList<Error> m_startupWarnings;
    bool m_startupWarningsReported = false;
    std::shared_ptr<DetailStoreMemoriesBackend> m_memories;
    QHash<QString, QString> m_memoriesAtOpen;     ///< /memories/ path -> sha256 when the prompt was built
    mutable quint64 m_remindedGeneration = 0;
    mutable QList<Message> m_memoryReminders;
    std::unique_ptr<RecallStep> m_recall;
    std::unique_ptr<AgentLoop> m_loop;
    bool m_compactRequested = false;
    QHash<QString, ApprovalRequest> m_pendingApprovals;
    QHash<QString, SessionEvent> m_pendingInteractions;
    std::unique_ptr<SessionSampler> m_sampler;
    std::shared_ptr<StoredTurnVersions> m_turnVersionSnapshot;
    std::unique_ptr<TurnVersionGenerator> m_turnVersionGenerator;
    QString m_historyStrategy;
    QList<Message> m_pendingReports;
};

} // namespace valis
