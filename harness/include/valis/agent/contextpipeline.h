#pragma once

#include "valis/agent/viewnormaliser.h"
#include "valis/catalog/modelinfo.h"
#include "valis/context/compactionevent.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/contextstrategy.h"
#include "valis/record/message.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QSet>

#include <memory>

namespace valis {

class ContextArchive;
class TokenCounter;
class TurnVersionSource;

/// The messages one request sends, built from the record, and what building them did.
struct VALIS_HARNESS_EXPORT ContextView
{
    QList<Message> messages;
    /// The last message of the history before the current turn (for cache breakpoints); -1 when
    /// the current turn is all there is.
    int stableHistoryEnd = -1;
    /// Tokens of `messages` as the pipeline counts them (exact or calibrated).
    qint64 estimatedTokens = 0;
    /// Tokens of the whole request: messages, the system prompt and tool definitions (the
    /// fixed tokens), and the correction from the provider's last reported usage.
    qint64 requestTokens = 0;
    qint64 targetTokens = 0;
    qint64 contextWindow = 0;
    NormaliseReport normalised;
    /// What the strategies did in this build, in order: the caller records each event
    /// (CompactionEvent::toMessage()) so later builds start from it.
    QList<CompactionEvent> compactions;
    /// Background summaries the strategies asked for, with the id of the strategy that asked.
    QList<QPair<QString, SummaryRequest>> summaryRequests;
    /// A strategy needs a summary that is still being prepared before this view can be sent.
    bool waitForSummary = false;
    /// How many of `messages`, at their end, are the strategies' boards (StrategyReport::board),
    /// placed after the history and the pinned reminder, before the caller's tail.
    int boardMessages = 0;
    /// What the strategies ask the provider request to carry (StrategyReport::providerOptions,
    /// merged in strategy order).
    QJsonObject providerOptions;
    /// The same per strategy id (strategies that asked for none are left out): who asked for
    /// what, so what the provider reports it did is recorded as that strategy's events.
    QHash<QString, QJsonObject> strategyProviderOptions;
    /// Strategy failures (the pipeline went on with the view it had) and records it could not
    /// read.
    QList<Error> warnings;
};

/// Builds each model request's view of the record: the record's messages (never edited), with
/// the recorded edits of earlier compactions applied, captured tool results shown as their
/// MemoryRef placeholders, normalised so every provider accepts them, then passed through the
/// session's ContextStrategies in order (each decides by its own thresholds; offloading a huge
/// result happens whatever the budget).
///
/// Building is incremental: the pipeline keeps the view it built last, and when the record has
/// only grown since, processes just the new messages and lets strategies look at just those
/// (StrategyContext::firstNewMessage). The result is the same as a full rebuild from the
/// record, which is what a reopened session does.
///
/// Tokens are counted with the session's TokenCounter (exact for public tokenizers, else the
/// calibrated estimate, cached per part), corrected by the usage the provider last reported.
///
/// build() may run on a worker thread; the setters are for the owner's thread between builds.
class VALIS_HARNESS_EXPORT ContextPipeline
{
public:
    ContextPipeline();
    ~ContextPipeline();
    ContextPipeline(const ContextPipeline &) = delete;
    ContextPipeline &operator=(const ContextPipeline &) = delete;

    void setModel(const ModelInfo &model, qint64 maxOutputTokens);
    ModelInfo model() const;
    void setStrategies(const QList<ContextStrategy *> &strategies);
    QList<ContextStrategy *> strategies() const;
    /// Settings per strategy id (see ContextStrategy::defaultSettings()).
    void setStrategySettings(const QHash<QString, QJsonObject> &settings);
    /// Who the view is for (ids for the archive and events).
    void setSession(const QString &sessionId, const QString &agentId);
    /// Where strategies move content; nullptr: nowhere.
    void setArchive(std::shared_ptr<ContextArchive> archive);
    /// Tools whose results no strategy may move (ToolSpec::keepResultsInContext).
    void setKeepResultsInContext(const QSet<QString> &toolNames);
    /// Tools whose latest successful result is re-injected at the end of every view
    /// (ToolSpec::pinLatestResult: the plan).
    void setPinnedTools(const QSet<QString> &toolNames);
    QSet<QString> pinnedTools() const;
    /// Whether SummaryRequests are served.
    void setSummariesAvailable(bool available);
    /// Whether server-side strategies simulate the provider (StrategyContext::simulateServerSide):
    /// true for replays, false (the default) for live sessions.
    void setSimulateServerSide(bool simulate);
    /// The session's turn versions (StrategyContext::turnVersions); nullptr: none.
    void setTurnVersions(std::shared_ptr<const TurnVersionSource> versions);
    /// The counter for the session's model; default: TokenCounter::forModel(model).
    void setTokenCounter(std::shared_ptr<TokenCounter> counter);
    std::shared_ptr<TokenCounter> tokenCounter() const;
    /// Tokens every request carries besides the view (system prompt, tool definitions).
    void setFixedTokens(qint64 tokens);
    qint64 fixedTokens() const;
    /// What the provider reported for the request built from the last view: its prompt tokens
    /// (input + cache reads + cache writes). The next count is corrected by the difference.
    void reportUsage(const Usage &usage);
    /// Forgets the view kept for incremental builds (the next build starts from the record).
    void invalidate();

    /// Counts one message the way build() does (cached per part).
    qint64 countTokens(const Message &message) const;
    /// The budget the view must fit when it must be made smaller.
    qint64 targetTokens() const;

    /// Builds the view of `record` for a request in turn `currentTurn`, and appends `tail`
    /// (reminders placed after the cached prefix, never stored). `forceCompaction` tells the
    /// strategies to compact now (the compact command, a context-overflow error).
    ///
    /// A session passes its active path (Session::activePath()), not the whole record: messages
    /// and compaction events of other branches then never reach the view. A path is an
    /// extension of the one built last exactly when it continues that branch (its message at
    /// the last consumed position is the same one), so the incremental build holds within a
    /// branch and a branch switch rebuilds from the path.
    ContextView build(const QList<Message> &record, int currentTurn, bool forceCompaction,
                      const QList<Message> &tail = {});

private:
    class Private;
    std::unique_ptr<Private> d;
};

/// Replaces the content of every captured tool result (Part::captured) with its placeholder,
/// keeping non-text parts: what requests show of a result stored in the DetailStore.
VALIS_HARNESS_EXPORT void showCapturedResults(QList<Message> &messages);

/// The reminder appended to a view for the latest successful result of a pinned tool in
/// `record` (a user message, never stored), or nullopt when there is none or the record's last
/// message already holds it.
VALIS_HARNESS_EXPORT std::optional<Message> pinnedResultReminder(const QList<Message> &record,
                                                                const QSet<QString> &pinnedTools);

/// Applies recorded edits to a view (ReplacePart on the part it names, ReplacePrefix on the
/// view's start); edits whose target is no longer in the view are skipped. Returns the index
/// of the first view message that changed, or -1.
VALIS_HARNESS_EXPORT int applyViewEdits(QList<Message> &view, const QList<ViewEdit> &edits);

/// A rough estimate for when no counter is available: UTF-8 bytes / 4 for text, arguments and
/// results, plus a small overhead per message and part.
VALIS_HARNESS_EXPORT qint64 estimateTokens(const Message &message);

} // namespace valis
