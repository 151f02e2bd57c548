#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace valis {

/// One change a context strategy made to the view. Edits are recorded (inside a
/// CompactionEvent) so every later view, and the view of a reopened session, shows exactly the
/// same bytes: the prefix stays cache-stable and the view stays a function of the record.
///
/// Every edit that removes something carries a way back (`pointer`): a `/context/...` path
/// read_file opens, a `[MemoryRef: ...]` key, or a transcript file.
struct VALIS_HARNESS_EXPORT ViewEdit
{
    enum class Kind {
        /// The view shows `part` in place of `messageId`'s top-level part `partIndex` (a tool
        /// result as a pointer, a write_file input as a pointer to the file).
        ReplacePart,
        /// The view shows `messages` in place of everything from its start through the message
        /// `lastMessageId` (a summary of the oldest part of the conversation).
        ReplacePrefix,
    };

    Kind kind = Kind::ReplacePart;
    QString messageId;        ///< ReplacePart: the message whose part is replaced
    int partIndex = -1;       ///< ReplacePart: index in Message::parts
    Part part;                ///< ReplacePart: what the view shows instead
    QString lastMessageId;    ///< ReplacePrefix: the last message replaced (inclusive)
    QList<Message> messages;  ///< ReplacePrefix: what the view shows instead
    /// What moved: "tool-result", "tool-input", "span".
    QString item;
    /// Where it went: "/context/results/r-3f9a2c.txt", "m-3f9a2c", "/context/transcripts/T-1-through-40.md".
    QString pointer;
    qint64 tokensBefore = -1; ///< of what was replaced
    qint64 tokensAfter = -1;  ///< of what replaced it

    QJsonObject toJson() const;
    static Result<ViewEdit> fromJson(const QJsonObject &json);
    bool operator==(const ViewEdit &other) const;
};

/// What one context strategy did to one request's view, kept in the record: tokens before and
/// after, what moved where, the pointers it created, and what it cost in prompt cache (the
/// cached tokens after the first change must be written to the cache again).
///
/// Events are stored as System messages of the record (see toMessage()); the context pipeline
/// applies their edits when it builds a view, and never sends them to the model.
struct VALIS_HARNESS_EXPORT CompactionEvent
{
    QString id;               ///< "c-" + random; unique in the session
    QString strategy;         ///< the ContextStrategy id ("progressive")
    /// "offload", "evict", "summarise", "summary-prepared", ... (the strategy's word).
    QString action;
    int turn = -1;            ///< the turn whose request it was built for
    qint64 tokensBefore = -1; ///< of the whole request (system prompt and tools included)
    qint64 tokensAfter = -1;
    QStringList replaced;     ///< ids of the messages it changed or removed, in view order
    QList<ViewEdit> edits;
    QStringList pointers;     ///< paths and keys created
    /// Tokens of the previous request's prefix that this change invalidated (they are billed
    /// as a cache write instead of a cache read), and that difference in USD when the model's
    /// prices are known.
    qint64 cacheInvalidatedTokens = 0;
    std::optional<double> cacheCostUsd;
    /// What the strategy needs to remember that edits do not say (a prepared summary, band
    /// edges); the strategy reads it back from StrategyContext::history. "routine": true marks
    /// bookkeeping done every turn (tagging a new turn): recorded, but not announced to
    /// listeners as a compaction.
    QJsonObject state;

    QJsonObject toJson() const;
    static Result<CompactionEvent> fromJson(const QJsonObject &json);
    bool operator==(const CompactionEvent &other) const;

    /// The record message that holds this event (Role::System, metadata.valis.compaction).
    Message toMessage() const;
    /// The event a record message holds, or nullopt when it holds none. A message whose event
    /// cannot be read is reported as an Error (a damaged or future record).
    static std::optional<Result<CompactionEvent>> fromMessage(const Message &message);
};

/// True when `message` is a record entry the model never sees as a message: a CompactionEvent,
/// a pin (see pinMessage()) or a history-strategy choice (see historyStrategyMessage()).
VALIS_HARNESS_EXPORT bool isContextControlMessage(const Message &message);

/// The record entry that pins (or unpins) the message `messageId`: pinned messages are never
/// evicted or summarised, and are carried verbatim into the context after every summary.
VALIS_HARNESS_EXPORT Message pinMessage(const QString &messageId, bool pinned);
/// The ids of the messages pinned in `record` (pins and unpins applied in order, plus messages
/// whose metadata says "pinned": true).
VALIS_HARNESS_EXPORT QSet<QString> pinnedMessageIds(const QList<Message> &record);
/// Applies what `message` says about pins to `pinned` (a pin entry, or "pinned": true metadata).
VALIS_HARNESS_EXPORT void updatePins(const Message &message, QSet<QString> *pinned);

/// The record entry that switches the session's history strategy ("regular", "gradient",
/// "oneshot"; see HistoryStrategies) from the next request on. A reopened session uses the last
/// one its record holds.
VALIS_HARNESS_EXPORT Message historyStrategyMessage(const QString &name);
/// The history strategy `message` chooses; empty when it is no such entry.
VALIS_HARNESS_EXPORT QString historyStrategyOf(const Message &message);
/// The last history strategy chosen in `record`; empty when none was.
VALIS_HARNESS_EXPORT QString recordedHistoryStrategy(const QList<Message> &record);

/// Per-session figures over the CompactionEvents of a record.
struct VALIS_HARNESS_EXPORT CompactionStats
{
    int events = 0;
    QHash<QString, int> actions;     ///< action -> count
    qint64 tokensSaved = 0;          ///< sum of tokensBefore - tokensAfter
    qint64 itemsMoved = 0;           ///< edits
    qint64 pointersCreated = 0;
    qint64 cacheInvalidatedTokens = 0;
    double cacheCostUsd = 0;
    bool cacheCostKnown = true;
    QList<Error> unreadable;         ///< events that could not be read

    static CompactionStats of(const QList<Message> &record);
    QJsonObject toJson() const;
};

} // namespace valis
