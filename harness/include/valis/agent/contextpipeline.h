#pragma once

#include "valis/agent/viewnormaliser.h"
#include "valis/catalog/modelinfo.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/contextstrategy.h"
#include "valis/record/message.h"

#include <QJsonObject>
#include <QList>
#include <QSet>

#include <functional>

namespace valis {

/// One strategy's work on one view, reported as a ContextCompacted event.
struct VALIS_HARNESS_EXPORT CompactionEvent
{
    QString strategy;
    qint64 tokensBefore = -1;
    qint64 tokensAfter = -1;
    QStringList replaced;

    QJsonObject toJson() const;
};

/// The messages one request sends, built from the record.
struct VALIS_HARNESS_EXPORT ContextView
{
    QList<Message> messages;
    /// The last message of the history before the current turn (for cache breakpoints); -1 when
    /// the current turn is all there is.
    int stableHistoryEnd = -1;
    qint64 estimatedTokens = 0;
    qint64 targetTokens = 0;
    NormaliseReport normalised;
    QList<CompactionEvent> compactions;
    /// Strategy failures: the pipeline went on with the view it had.
    QList<Error> warnings;
};

/// Builds each model request's view of the record: the record's messages (never edited),
/// captured tool results shown as their MemoryRef placeholders, normalised so every provider
/// accepts them, and, when they do not fit the budget (the window
/// minus the output reserve and a margin) or compaction is asked for, passed through the
/// session's ContextStrategies in order until they fit. The token counter is the calibrated
/// estimate until exact counting arrives; strategies use the same one, so reports add up.
class VALIS_HARNESS_EXPORT ContextPipeline
{
public:
    ContextPipeline() = default;

    void setModel(const ModelInfo &model, qint64 maxOutputTokens);
    void setStrategies(const QList<ContextStrategy *> &strategies) { m_strategies = strategies; }
    QList<ContextStrategy *> strategies() const { return m_strategies; }
    /// Tools whose latest successful result is re-injected at the end of every view
    /// (ToolSpec::pinLatestResult: the plan).
    void setPinnedTools(const QSet<QString> &toolNames) { m_pinnedTools = toolNames; }
    /// Messages appended at the very end of every view, after the cache breakpoint, and never
    /// stored: what changed during the session in content the cached prefix shows as it was
    /// (memory written since the system prompt was built).
    void setTailReminders(std::function<QList<Message>()> reminders) { m_tailReminders = std::move(reminders); }
    /// Counts one message; default: about four bytes of UTF-8 per token.
    void setTokenCounter(std::function<qint64(const Message &)> counter) { m_counter = std::move(counter); }
    qint64 countTokens(const Message &message) const;

    /// The budget the view must fit.
    qint64 targetTokens() const;

    /// Builds the view of `record` for a request in turn `currentTurn`. `forceCompaction` runs
    /// the strategies even when the view fits (the compact command, a context-overflow error).
    ContextView build(const QList<Message> &record, int currentTurn, bool forceCompaction) const;

private:
    QList<ContextStrategy *> m_strategies;
    QSet<QString> m_pinnedTools;
    std::function<QList<Message>()> m_tailReminders;
    std::function<qint64(const Message &)> m_counter;
    qint64 m_contextWindow = 0;
    qint64 m_outputReserve = 0;
};

/// Replaces the content of every captured tool result (Part::captured) with its placeholder,
/// keeping non-text parts: what requests show of a result stored in the DetailStore.
VALIS_HARNESS_EXPORT void showCapturedResults(QList<Message> &messages);

/// The reminder ContextPipeline appends to a view for the latest successful result of a pinned
/// tool in `record` (a user message, never stored), or nullopt when there is none or the view's
/// last message already holds it.
VALIS_HARNESS_EXPORT std::optional<Message> pinnedResultReminder(const QList<Message> &record,
                                                                const QSet<QString> &pinnedTools);

/// The estimate ContextPipeline uses when no exact counter is set: UTF-8 bytes / 4 for text,
/// arguments and results, plus a small overhead per message and part.
VALIS_HARNESS_EXPORT qint64 estimateTokens(const Message &message);

} // namespace valis
