#pragma once

#include "agent/requestrecorder.h"
#include "agent/streamassembler.h"
#include "agent/summaryrunner.h"
#include "agent/viewbuilder.h"
#include "valis/agent/failureclassifier.h"
#include "valis/agent/orchestratedtoolcaller.h"
#include "valis/agent/recallitems.h"
#include "valis/agent/sessionevent.h"
#include "valis/agent/toolorchestrator.h"
#include "valis/plugins/providerstream.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QStringList>
#include <QTimer>

#include <memory>

namespace valis {

class Session;
class ToolSelector;

/// Runs the turns of one Session: view -> provider stream -> tool calls -> record -> repeat,
/// until the model answers, a limit is reached, the user interrupts, or a failure ends it.
/// Retries of provider requests (classifyProviderFailure() decides which) and context
/// overflow recovery happen here; tool approval and retry happen in the ToolOrchestrator.
class AgentLoop : public QObject
{
    Q_OBJECT

public:
    explicit AgentLoop(Session *session);
    ~AgentLoop() override;

    bool isRunning() const { return m_state != State::Idle; }
    void startTurn(int turn, const QString &userText);
    void interrupt();
    /// Builds the view with compaction forced, records and reports what the strategies did,
    /// waiting for a summary they need, without sending a request (the compact command).
    void compactNow(int turn);
    ToolOrchestrator *orchestrator() { return &m_orchestrator; }
    /// Runs the nested calls of this session's tools (run_script's children).
    OrchestratedToolCaller *toolCaller() { return &m_toolCaller; }
    /// The last request sent, with the length of the active path then and its turn: what a
    /// background request continues to read the prompt cache (turn versions).
    struct SentRequest
    {
        ProviderRequest request;
        qsizetype pathSize = 0;
        int turn = -1;
    };
    const std::optional<SentRequest> &lastRequest() const { return m_lastRequest; }
    FailureContext failureContext() const;
    /// A summary is queued, running, or waiting to be recorded.
    bool summariesPending() const { return m_summaries->isBusy() || !m_preparedSummaries.isEmpty(); }

private:
    enum class State { Idle, Recalling, Selecting, Building, WaitingForSummary, Streaming, RetryWait, Tools, Capturing };

    /// The recall step answered (within its budget): records what it found, then goes on.
    void onRecalled(const RecallOutcome &outcome);
    /// The rest of startTurn(): tool deferral and selection, then the first request.
    void continueTurn(const QString &userText);
    void nextStep();
    /// Forwards what the ToolOrchestrator reports as SessionEvents (agentlooptools.cpp).
    void connectOrchestrator();
    /// Forwards what nested calls do as SessionEvents and stops children whose parent ended
    /// (agentloopnested.cpp).
    void connectToolCaller();
    /// The context of a batch's calls (their ToolCaller included); readies the ToolCaller.
    ToolContext batchContext();
    /// What an InteractionRequested event carries in its details.
    static QJsonObject interactionDetails(const ToolInteraction &interaction);
    /// Builds the view for the next request on a worker thread; onViewBuilt() sends it.
    void sendRequest();
    void onViewBuilt(const ContextView &view);
    void send(const ContextView &view);
    ProviderRequest requestFor(const ContextView &view);
    /// The registry's tools offered this turn, then the driver's (SessionConfig::clientTools).
    QJsonArray offeredTools() const;
    /// Records summaries that arrived while the record could not take them (tools running).
    void recordPreparedSummaries();
    void onSummaryPrepared(const CompactionEvent &event, const Usage &usage);
    void onStreamEvent(const ProviderEvent &event);
    void onStreamFinished();
    void onStreamFailed(const ProviderFailure &failure);
    void onBatchFinished(const QList<Part> &results);
    /// Appends the batch's results (captured ones carry their MemoryRef) and goes on.
    void recordResults(const QList<Part> &results);
    void recordAnswer(bool interrupted, const Error &error);
    /// Records what the provider reported it edited on its side as CompactionEvents.
    void recordServerEdits(const Usage &usage);
    void answerUnrun(const QList<Part> &calls, const QString &text);
    /// When `calls` name tools the driver runs (SessionConfig::clientTools): runs the others
    /// (the session's own) and ends the turn ("client-tools") once their results are recorded,
    /// so the driver's results join them; returns true. False: the loop runs them all.
    bool endsForClientTools(const QList<Part> &calls);
    void finishTurn(const QString &reason);
    static constexpr int CurrentStep = -2;
    /// Emits a Warning or an Error event that carries only `error` (at the current step unless
    /// `step` says otherwise; -1: before any request).
    void report(SessionEvent::Kind kind, const Error &error, int step = CurrentStep);
    void dropStream();
    QList<Message> withImageData(QList<Message> messages);

    Session *m_session;
    ToolOrchestrator m_orchestrator;
    OrchestratedToolCaller m_toolCaller;
    std::unique_ptr<ToolSelector> m_selector;
    QPointer<ProviderStream> m_stream;
    std::unique_ptr<ViewBuilder> m_builder;
    std::unique_ptr<SummaryRunner> m_summaries;
    QList<CompactionEvent> m_preparedSummaries;
    /// Summary request id -> the active leaf when it was queued: the branch whose messages the
    /// summary continues, and so the branch it is recorded on.
    QHash<QString, QString> m_summaryBranches;
    bool m_compactOnly = false;
    int m_compactionEvents = 0; ///< recorded by the compact command so far
    bool m_buildForced = false;
    std::unique_ptr<StreamAssembler> m_assembler;
    QTimer m_retryTimer;
    State m_state = State::Idle;
    int m_turn = -1;
    int m_step = 0;
    int m_attempt = 0;
    double m_turnCost = 0;
    bool m_forceCompaction = false;
    bool m_overflowRetried = false;
    bool m_interruptRequested = false;
    bool m_endAfterBatch = false; ///< the batch's answer also called client tools
    QStringList m_offeredTools;
    QString m_recallText; ///< the user's text while the recall step runs
    QList<Part> m_batchCalls;
    QSet<QString> m_reportedMissingImages;
    /// The wire families whose server-side strategies the provider cannot apply, said once.
    QSet<QString> m_reportedServerStrategies;
    /// Who asked the request being streamed for what (ContextView::strategyProviderOptions).
    QHash<QString, QJsonObject> m_strategyOptions;
    qint64 m_contextWindow = 0;
    std::optional<SentRequest> m_lastRequest;
    RequestRecorder m_requestRecorder; ///< the manifest each answer carries (see RequestManifest)
};

} // namespace valis
