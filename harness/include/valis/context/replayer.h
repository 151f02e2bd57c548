#pragma once

#include "valis/catalog/modelcatalog.h"
#include "valis/context/contextarchive.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"
#include "valis/record/session.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace valis {

class ContextStrategy;

/// The archive of a replay: in memory (nothing is written to a profile), with the session
/// archive's paths for what strategies store through the ContextArchive interface, and files at
/// paths a strategy chooses itself (storeFile), for policies that write elsewhere, such as a
/// peer's `/large_tool_results/<id>`. What the replay resolves pointers against.
class VALIS_HARNESS_EXPORT ReplayArchive : public ContextArchive
{
public:
    ReplayArchive();
    ~ReplayArchive() override;

    Result<QString> storeResult(const QByteArray &content, const QString &suffix, const QJsonObject &metadata) override;
    Result<QStringList> storeTranscript(const QString &name, const QByteArray &json, const QByteArray &markdown) override;
    Result<QByteArray> read(const QString &path) const override;

    /// Writes (or replaces) the file at `path`, an absolute path ("/large_tool_results/x").
    Result<QString> storeFile(const QString &path, const QByteArray &content);
    /// Every path stored so far, in the order first stored.
    QStringList paths() const;
    /// Grows by one with every write: what read() returns for a path may have changed.
    quint64 generation() const;

private:
    class Private;
    std::unique_ptr<Private> d;
};

/// What ReplayReport's old-facts measure counts (see ReplayReport::oldFactsVisible).
struct VALIS_HARNESS_EXPORT ReplayFactOptions
{
    /// Facts come from the early part of the transcript: the messages up to the answer of its
    /// first `earlyShare` of model requests...
    double earlyShare = 0.25;
    /// ...or, when positive, its first `earlyTurns` turns instead.
    int earlyTurns = 0;
    /// A fact counts for a request once this many model requests were answered since its
    /// message: in a chat of one request per turn, it is older than the 20 most recent turns.
    /// Counted in requests because an agent's turn often holds hundreds of them.
    int recentRequests = 20;
    /// At most this many facts, spread evenly over the early part (one long log must not be
    /// all of them), at most `maxPerMessage` from one message, in order of appearance.
    int maxFacts = 200;
    int maxPerMessage = 12;
};

/// How to replay a transcript.
struct VALIS_HARNESS_EXPORT ReplayOptions
{
    /// The window the replay pretends the model has; -1: the model's own.
    qint64 contextWindow = -1;
    /// The model whose prices and tokenizer are used (any name the catalogue understands);
    /// empty: the transcript's assistant model, else the session's, else DefaultModel.
    QString model;
    /// The AGENTS.md text put in the system prompt; nullopt: sampleAgentsMd().
    std::optional<QString> agentsMd;
    /// Settings per strategy id, on top of the strategy's defaultSettings().
    QHash<QString, QJsonObject> strategySettings;
    /// The answer's room the pipeline keeps free (as a Session's maxOutputTokens); -1:
    /// Replayer::DefaultMaxOutputTokens, or the model's output limit when that is lower.
    qint64 maxOutputTokens = -1;
    /// The workspace the system prompt names.
    QString workspace = QStringLiteral("/workspace");
    /// Keep the replay's record (the transcript with the strategy's events, as a Session would
    /// have stored it) in ReplayReport::record.
    bool keepRecord = false;
    /// When set, each request's exact view is written there as JSON, one file per request
    /// ("0001-T12.json": the request's number and turn): the system prompt, the tool
    /// definitions, the messages (recordjson, boards last), the request's tokens, the provider
    /// options and what the build recorded. The folder is made ready (created, checked writable,
    /// views of an earlier replay removed) before the first request, and a failure is the
    /// replay's error.
    QString dumpViewsDir;
    /// What counts as an old fact (ReplayReport::oldFactsVisible).
    ReplayFactOptions facts;
};

/// One model request of a replay: the request built before one recorded assistant message.
struct VALIS_HARNESS_EXPORT ReplayRequest
{
    int recordIndex = -1;       ///< index of the assistant message in the transcript
    QString messageId;          ///< its id
    int turn = -1;
    int viewMessages = 0;
    qint64 requestTokens = 0;   ///< the pipeline's count: view, system prompt, tool definitions
    qint64 outputTokens = 0;    ///< the recorded answer's (recorded usage, or counted when larger)
    double windowShare = 0;     ///< requestTokens / window
    bool overflow = false;      ///< requestTokens + outputTokens > window
    qint64 cacheReadTokens = 0; ///< the prefix byte-identical to the previous request's
    qint64 cacheWriteTokens = 0;
    bool invalidated = false;   ///< the previous request is not a prefix of this one
    int compactions = 0;        ///< events this build recorded ("summary-prepared" not counted)
    QStringList actions;        ///< their actions, in order
    double inputCostUsd = 0;
    double outputCostUsd = 0;
    double summaryCostUsd = 0;  ///< summary calls of this build's events (state.summaryCall)
    qint64 summaryInputTokens = 0;
    qint64 summaryOutputTokens = 0;
    int itemsRemoved = 0;       ///< items first missing from this request's view
    int itemsRecoverable = 0;   ///< of those, reachable from a pointer in this view
    bool agentsMdIntact = true;
    int oldFacts = 0;           ///< facts of the early part old enough to count for this request
    int oldFactsVisible = 0;    ///< of them, verbatim in the view
    int oldFactsReachable = 0;  ///< of them, in a turn a tag of the view names

    /// oldFactsVisible / oldFacts; nullopt without old facts.
    std::optional<double> oldFactsVisibleShare() const;
    std::optional<double> oldFactsReachableShare() const;
    QJsonObject toJson() const;
};

/// What replaying one transcript through one strategy gave: per request and in total.
///
/// Costs are in USD at the catalogue's prices per million tokens: cache reads at `cacheRead`,
/// the rest of each request at `cacheWrite` (the input price for providers without a write
/// premium), answers at `output`; a price the catalogue does not know is taken as the input
/// price and said so in `notes`.
struct VALIS_HARNESS_EXPORT ReplayReport
{
    QString sessionId;
    QString title;
    QString format;             ///< the transcript's format ("claude-code", ...)
    QString strategy;           ///< the strategy id, "none" without one
    QString model;              ///< the catalogue model used for prices and the tokenizer
    QString tokenizer;          ///< the TokenCounter family ("o200k_base", "estimate")
    qint64 contextWindow = 0;
    qint64 outputReserve = 0;
    qint64 fixedTokens = 0;     ///< system prompt (with AGENTS.md) and tool definitions
    int toolDefinitions = 0;
    qint64 agentsMdBytes = 0;

    QList<ReplayRequest> requests;

    qint64 inputTokens = 0;     ///< sum of request tokens
    qint64 cacheReadTokens = 0;
    qint64 cacheWriteTokens = 0;
    qint64 outputTokens = 0;
    qint64 peakTokens = 0;
    double peakShare = 0;       ///< of the window
    int overflows = 0;
    int invalidations = 0;
    int compactions = 0;
    QHash<QString, int> actions;
    int summaryCalls = 0;
    qint64 summaryInputTokens = 0;
    qint64 summaryOutputTokens = 0;
    double inputCostUsd = 0;
    double outputCostUsd = 0;
    double summaryCostUsd = 0;

    /// Recoverability. An item is a tool result, a tool call's input or a message's text part.
    /// It is removed when its exact text is no longer in a view; it is recoverable when a
    /// pointer in the view (a /context/... path, another path the strategy's archive holds, a
    /// [MemoryRef: ...]) leads, directly or through the files it names, to content holding its
    /// bytes, both when it was removed and in the last view. Items inside a ReplacePrefix span
    /// when they were removed count as summarised.
    int itemsTracked = 0;
    int itemsRemoved = 0;
    int itemsRecoverable = 0;
    int itemsRemovedOutsideSummaries = 0;
    int itemsRecoverableOutsideSummaries = 0;

    /// Fidelity: the facts of the transcript's early part (paths, URLs, ids, hashes, error codes,
    /// numbers of 3+ digits, names with an underscore or a camelCase hump; found by a fixed
    /// pattern in texts, tool arguments and results, capped: ReplayFactOptions), followed through
    /// the views. At each request the facts old enough (ReplayFactOptions::recentRequests) are
    /// looked for verbatim in the view (the system prompt excluded: it holds no history), and
    /// counted reachable when a tag in the view names their turn (`<T-183-C>`, or a range
    /// `<T-50-through-100-T>`): one get_turn brings them back. Means over the requests that had
    /// old facts, and the last request's shares; nullopt when no request had any.
    int factsTracked = 0;
    int factsRecentRequests = 0; ///< ReplayFactOptions::recentRequests of the replay
    int factsMeasuredRequests = 0;
    std::optional<double> oldFactsVisible;
    std::optional<double> oldFactsVisibleAtLast;
    std::optional<double> oldFactsReachable;
    std::optional<double> oldFactsReachableAtLast;
    QString viewsDir;           ///< where the views were written (ReplayOptions::dumpViewsDir)

    int agentsMdMissing = 0;    ///< requests whose system prompt lacks AGENTS.md verbatim
    qint64 wallMs = 0;          ///< the replay's own time
    QStringList notes;          ///< model fallbacks, unknown prices, pipeline warnings
    QList<Message> record;      ///< with ReplayOptions::keepRecord

    double totalCostUsd() const { return inputCostUsd + outputCostUsd + summaryCostUsd; }
    /// cacheReadTokens / inputTokens (0 without requests).
    double cacheReadShare() const;
    /// itemsRecoverable / itemsRemoved; nullopt when nothing was removed.
    std::optional<double> recoverability() const;
    std::optional<double> recoverabilityOutsideSummaries() const;

    /// Everything above; the per-request rows when `perRequest`.
    QJsonObject toJson(bool perRequest = true) const;
    /// A readable summary (translated), with one row per request when `perRequest`.
    QString toTable(bool perRequest = false) const;
};

/// Replays a recorded transcript through a context strategy, request by request, the way a
/// Session would have run it, and measures what the strategy would have sent and cost.
///
/// The record: the transcript's messages, without Valis's own context-control entries
/// (CompactionEvents and pins of an earlier run). The System messages it starts with become part
/// of the system prompt (later ones, such as a terminal's output in Aider's history, are never
/// sent: views hold no System messages), which is the default system prompt, those messages, the strategy's
/// systemPromptSection() and AGENTS.md (in the Session's order). The tools offered are
/// synthesised: one definition per tool name the transcript calls, with the argument keys it
/// used as string properties, so the fixed part of every request is realistic and the same for
/// every strategy.
///
/// A ContextPipeline is set up like a Session's (the model and window, the strategy and its
/// settings, a ReplayArchive, the fixed tokens, extractive turn versions kept across builds (no
/// model is called), no summaries available: strategies summarise
/// extractively). Every assistant message of the transcript is one model request: the view of
/// the record so far is built (the messages before it and the events the strategy recorded so
/// far), the events this build recorded are appended to the record (as CompactionEvent
/// messages, as the Session does), then the recorded assistant message, and on to the next.
///
/// Per request it measures the request's tokens and share of the window, an overflow (the
/// request and its recorded answer do not fit), the prompt cache (the system prompt, tools and
/// view messages are serialised canonically; the longest run of whole messages identical to the
/// previous request's is read from the cache, the rest written; a previous request that is not a
/// prefix of this one is an invalidation; a strategy's boards, placed after the cached prefix,
/// are always written and never invalidate it), the compactions, the summary calls the strategy's
/// events describe (state.summaryCall: {"inputTokens", "cachedInputTokens", "outputTokens"}),
/// recoverability, how many old facts the view still shows or tags (ReplayReport::oldFactsVisible)
/// and whether AGENTS.md is in the system prompt verbatim.
class VALIS_HARNESS_EXPORT Replayer
{
public:
    /// The model used when the transcript names none the catalogue knows.
    static constexpr const char *DefaultModel = "claude-sonnet-4-5";
    /// The answer's room of a replay that names none: a typical max_tokens. (A Session asks for
    /// the model's whole output limit, but a replay shrinks the window and the recorded answers
    /// stay as long as they were.)
    static constexpr qint64 DefaultMaxOutputTokens = 8192;

    explicit Replayer(ModelCatalog catalog = ModelCatalog::builtIn());

    /// Replays `messages` (one session, in order) with `strategy` (nullptr: no management).
    /// `info` names the session and its model. Fails only when nothing can be replayed.
    Result<ReplayReport> replay(const SessionInfo &info, const QList<Message> &messages, ContextStrategy *strategy,
                                const ReplayOptions &options = {}) const;

    /// Makes `dir` ready for ReplayOptions::dumpViewsDir: creates it, checks that a file can be
    /// written into it, and removes the view files of an earlier replay (only names such as
    /// "0001-T12.json"). Callers may run it before the replay to fail early.
    static Result<void> prepareViewDump(const QString &dir);
    /// A realistic AGENTS.md (about 1.5 KB) for replays that are given none.
    static QString sampleAgentsMd();
    /// The tool definitions a replay offers for `messages`: {"name", "description", "input_schema"}.
    static QJsonArray toolDefinitions(const QList<Message> &messages);

private:
    ModelCatalog m_catalog;
};

/// One session of a transcript file, as stored (ids, seq and turns assigned).
struct VALIS_HARNESS_EXPORT ReplaySession
{
    SessionInfo info;
    QList<Message> messages;
};

/// The sessions of a transcript file (any format `valis-cli import` reads), imported into a
/// session store in `scratchDir` (never a profile's), children (subagents) after their parent.
/// `notes` receives what the importer left out.
VALIS_HARNESS_EXPORT Result<QList<ReplaySession>> importForReplay(const QString &path, const QString &scratchDir,
                                                                 QStringList *notes = nullptr);

} // namespace valis
