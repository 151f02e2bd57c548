#pragma once

#include "valis/catalog/modelinfo.h"
#include "valis/context/compactionevent.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>

namespace valis {

class ContextArchive;
class TurnVersionSource;

/// The room a strategy works in, set by the context pipeline for each request.
struct VALIS_HARNESS_EXPORT StrategyBudget
{
    qint64 contextWindow = -1; ///< The model's whole window, in tokens.
    /// What the view should fit in when it must be made smaller: the window minus the output
    /// reserve and a margin. A strategy reads its own thresholds against contextWindow.
    qint64 targetTokens = -1;
    /// Tokens every request carries besides the view: the system prompt and the tool
    /// definitions. They count against the window but no strategy may touch them.
    qint64 fixedTokens = 0;
    /// The answer's room (the request's max output tokens), already left out of targetTokens.
    qint64 outputReserve = 0;
    /// Counts one message the way the pipeline counts (exact or calibrated, cached per part).
    /// Strategies use it rather than their own guess, so reports add up.
    std::function<qint64(const Message &)> countTokens;
    /// count(view) for the view apply() receives, as the pipeline keeps it (cached per message):
    /// a strategy starts from this instead of counting a long view again, and counts only what
    /// it changes.
    qint64 viewTokens = -1;
    /// The pipeline's correction of its own count from what the provider last reported: the
    /// request's tokens are about count(view) + fixedTokens + correction. 0 until a provider
    /// reported usage.
    qint64 correction = 0;

    /// The sum of countTokens over `messages`; -1 when countTokens is not set.
    qint64 count(const QList<Message> &messages) const;
    /// What a request with this view would hold: count(view) + fixedTokens + correction.
    qint64 requestTokens(const QList<Message> &view) const;
};

/// A model request a strategy asks the host to make in the background: a summary written as a
/// continuation of the live prefix. The host sends the view it is about to send (same system
/// prompt and tools) followed by a user message with `instruction`, after the live request's
/// answer arrived (so the prefix is read from the prompt cache), and records the answer as a
/// CompactionEvent of this strategy with action "summary-prepared" and state
/// {"requestId", "text", "usage", "error"}. Without a model (replays, no provider) the host
/// records nothing and the strategy falls back to an extractive summary.
struct VALIS_HARNESS_EXPORT SummaryRequest
{
    QString id;              ///< stable for the span: a repeated request with the same id is ignored
    QString lastMessageId;   ///< the span summarised ends here (inclusive)
    QString instruction;
    qint64 maxOutputTokens = 4096;
};

/// What a strategy may use besides the view, for one build.
struct VALIS_HARNESS_EXPORT StrategyContext
{
    QString sessionId;
    QString agentId;
    int currentTurn = -1;
    ModelInfo model;
    /// This strategy's settings for the session's model (config/context.json, then the
    /// model's overrides, then the session's), e.g. {"evictAt": 0.85}.
    QJsonObject settings;
    /// This strategy's earlier events in the record, oldest first (their edits are already
    /// applied to the view).
    QList<CompactionEvent> history;
    /// The record the view was built from, System messages and events included: what a
    /// summary or a saved transcript reads.
    QList<Message> record;
    /// The first view message this strategy has not seen in an earlier build of this session:
    /// decisions about earlier messages are already in `history`. 0 on a full rebuild.
    int firstNewMessage = 0;
    /// Where moved content goes; nullptr: nothing may be moved out (content can then only be
    /// shortened with a way back through the record, e.g. a turn id for search_history).
    ContextArchive *archive = nullptr;
    /// Tools whose results stay verbatim (ToolSpec::keepResultsInContext: the plan, skills,
    /// memory tools).
    QSet<QString> keepResultsInContext;
    /// Messages the person pinned.
    QSet<QString> pinnedMessages;
    /// Whether SummaryRequests are served (a model is available). When false, a strategy that
    /// must summarise does it extractively, at once.
    bool summariesAvailable = false;
    /// The compact command or a context-overflow error asked for compaction now.
    bool forced = false;
    /// The session's turn versions (S, C, T per turn); nullptr: none are kept, a strategy that
    /// needs them makes the extractive ones itself (extractTurnVersions()).
    const TurnVersionSource *turnVersions = nullptr;
    /// No provider will apply what a server-side strategy asks for (a replay): such a strategy
    /// edits the view itself the way the provider would, and records that as its events (with
    /// the provider's own summary call in state.summaryCall), so the figures show its effect
    /// and cost. False in a live session: the strategy only asks (StrategyReport::providerOptions).
    bool simulateServerSide = false;
};

/// What one apply() did.
struct VALIS_HARNESS_EXPORT StrategyReport
{
    qint64 tokensBefore = -1;
    qint64 tokensAfter = -1;
    /// Ids of the messages the strategy replaced, shortened or removed from the view, in view
    /// order. Empty when it changed nothing.
    QStringList replaced;
    /// The events to record, their edits already applied to the view by the strategy (the
    /// pipeline fills in cache cost and tokens of the whole request when they are left -1).
    QList<CompactionEvent> events;
    /// Background work to start (see SummaryRequest).
    QList<SummaryRequest> summaryRequests;
    /// The view is over the strategy's last threshold and only a summary still being prepared
    /// can bring it down: the host should wait for it, then build again.
    bool waitForSummary = false;
    /// Messages shown after the view's cached prefix for this request only (an announcement
    /// board of turns the model asked back): never stored, never recorded, so they must be a
    /// function of the record (made again by every build). They may change every request
    /// without invalidating the cache.
    QList<Message> board;
    /// Fields the provider request should carry for this strategy (server-side context
    /// editing: {"anthropic": {"context_management": {...}, "betas": [...]}}), keyed by the
    /// provider's wire family; merged into ProviderRequest::options by the host. A function of
    /// settings and record, asked for on every build.
    QJsonObject providerOptions;

    /// Fills `replaced` from the events' replaced ids, each once, in order.
    void collectReplaced();
};

/// One ordered step of the context pipeline: transforms the view, never the record.
///
/// Owned by its StrategyPlugin and shared by every session; keep per-session state in the
/// record (CompactionEvent::state), never in the object. Valid between the plugin's
/// initialize() and shutdown(). apply() may run on a worker thread (one build at a time per
/// session, several sessions at once), so it must not touch QObjects of other threads.
///
/// apply() edits `view` in place and must leave it valid for a provider: every tool call keeps
/// its result, and every replacement carries a way back to the record (a path, a
/// [MemoryRef: ...], a turn id). Each change must be recorded as ViewEdits in the events it
/// returns, so the next build (which starts from the recorded edits) shows the same bytes. On
/// an Error the pipeline discards the view this step produced and continues with the one it had.
class VALIS_HARNESS_EXPORT ContextStrategy
{
public:
    virtual ~ContextStrategy();

    /// A stable id ("progressive", "gradient"), unique across plugins.
    virtual QString id() const = 0;
    /// The settings this strategy reads, with their defaults (shown by `valis-cli context
    /// --settings` and the desktop's settings).
    virtual QJsonObject defaultSettings() const;
    /// Text for the system prompt of every session that uses this strategy: how the model gets
    /// back what the strategy moved out. Asked once when a session opens.
    virtual QString systemPromptSection() const;
    virtual Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &budget,
                                         const StrategyContext &context) = 0;
};

} // namespace valis
