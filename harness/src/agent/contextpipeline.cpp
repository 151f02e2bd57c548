#include "valis/agent/contextpipeline.h"

#include "valis/context/contextarchive.h"
#include "valis/core/ids.h"
#include "valis/memory/memoryref.h"
#include "valis/tokens/tokencounter.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QMutex>

namespace valis {

namespace {
// Room kept free beside the output reserve: token counts of models without a public tokenizer
// are estimates, and a request that overflows costs a round trip.
constexpr double SafetyMargin = 0.05;
constexpr qint64 PerMessageOverhead = 4;
constexpr qint64 PerPartOverhead = 3;
constexpr qint64 ImageTokens = 1600;

qint64 estimatePart(const Part &part)
{
    qint64 bytes = 0;
    switch (part.kind) {
    case PartKind::Text:
    case PartKind::Thinking:
        bytes = part.text.toUtf8().size() + part.redactedData.size() / 2;
        break;
    case PartKind::ToolCall:
        bytes = part.toolName.size() + part.argumentsJson().toUtf8().size();
        break;
    case PartKind::ToolResult: {
        qint64 tokens = PerPartOverhead;
        for (const Part &inner : part.content)
            tokens += estimatePart(inner);
        return tokens;
    }
    case PartKind::Image:
        return ImageTokens;
    }
    return PerPartOverhead + (bytes + 3) / 4;
}

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ContextPipeline)
};

// What the view shows, not Part::captured: a strategy that replaced the placeholder text
// leaves the key behind in the part while the model no longer sees it.
void collectRefs(const Part &part, QSet<QString> *keys)
{
    if (!part.text.isEmpty() && part.text.contains(QLatin1String("[MemoryRef: "))) {
        for (const MemoryRef &ref : MemoryRef::findAll(part.text))
            keys->insert(ref.key);
    }
    for (const Part &inner : part.content)
        collectRefs(inner, keys);
}

/// The MemoryRef keys each turn of `messages` shows.
QHash<int, QSet<QString>> memoryRefsByTurn(const QList<Message> &messages)
{
    QHash<int, QSet<QString>> refs;
    for (const Message &message : messages) {
        QSet<QString> &keys = refs[message.turn];
        for (const Part &part : message.parts)
            collectRefs(part, &keys);
    }
    return refs;
}

/// The first MemoryRef a strategy dropped from a turn it still shows, or an empty string.
QString droppedMemoryRef(const QHash<int, QSet<QString>> &before, const QList<Message> &after)
{
    const QHash<int, QSet<QString>> now = memoryRefsByTurn(after);
    for (auto it = now.cbegin(); it != now.cend(); ++it) {
        for (const QString &key : before.value(it.key())) {
            if (!it.value().contains(key))
                return key;
        }
    }
    return {};
}

/// Whether two view messages are the same object as far as counting goes: same id and the same
/// (shared) parts. A message any step changed has detached its parts.
bool sameParts(const Message &a, const Message &b)
{
    return a.parts.constData() == b.parts.constData() && a.parts.size() == b.parts.size() && a.id == b.id;
}

/// The index of the first message where `after` stops being `before`'s prefix, or -1 when
/// `after` starts with the whole of `before`.
int firstDifference(const QList<Message> &before, const QList<Message> &after)
{
    const qsizetype common = qMin(before.size(), after.size());
    for (qsizetype i = 0; i < common; ++i) {
        if (!sameParts(before.at(i), after.at(i)) && before.at(i) != after.at(i))
            return int(i);
    }
    return before.size() <= after.size() ? -1 : int(common);
}
} // namespace

void showCapturedResults(QList<Message> &messages)
{
    for (Message &message : messages) {
        bool captured = false;
        for (const Part &part : std::as_const(message.parts))
            captured = captured || (part.kind == PartKind::ToolResult && part.captured.isCaptured());
        if (!captured)
            continue; // untouched, so it keeps sharing its parts with the record
        for (Part &part : message.parts) {
            if (part.kind != PartKind::ToolResult || !part.captured.isCaptured())
                continue;
            QList<Part> shown{Part::makeText(part.captured.placeholder)};
            for (const Part &inner : std::as_const(part.content)) {
                if (inner.kind != PartKind::Text)
                    shown.append(inner);
            }
            part.content = shown;
        }
    }
}

std::optional<Message> pinnedResultReminder(const QList<Message> &record, const QSet<QString> &pinnedTools)
{
    if (pinnedTools.isEmpty())
        return std::nullopt;
    qsizetype last = record.size() - 1;
    while (last >= 0 && record.at(last).role == Role::System)
        --last;
    for (qsizetype m = last; m >= 0; --m) {
        const Message &message = record.at(m);
        for (qsizetype p = message.parts.size() - 1; p >= 0; --p) {
            const Part &part = message.parts.at(p);
            if (part.kind != PartKind::ToolResult || part.isError || !pinnedTools.contains(part.toolName))
                continue;
            // The model has just read it: repeating it would only cost tokens.
            if (m == last)
                return std::nullopt;
            QString text;
            for (const Part &inner : part.content) {
                if (inner.kind == PartKind::Text)
                    text += inner.text;
            }
            Message reminder;
            reminder.role = Role::User;
            reminder.turn = record.constLast().turn;
            // Appended at the very end, after the cached prefix, so re-injecting it never
            // invalidates the prompt cache.
            reminder.parts.append(Part::makeText(QStringLiteral("<system-reminder>\nThe current plan (your latest %1), "
                                                                "for reference; update it as you go:\n%2\n</system-reminder>")
                                                     .arg(part.toolName, text)));
            return reminder;
        }
    }
    return std::nullopt;
}

int applyViewEdits(QList<Message> &view, const QList<ViewEdit> &edits)
{
    if (edits.isEmpty())
        return -1;
    int first = -1;
    const auto changed = [&first](int index) { first = first < 0 ? index : qMin(first, index); };
    QHash<QString, int> indexOf;
    const auto rebuildIndex = [&] {
        indexOf.clear();
        for (int i = 0; i < view.size(); ++i)
            indexOf.insert(view.at(i).id, i);
    };
    rebuildIndex();
    for (const ViewEdit &edit : edits) {
        if (edit.kind == ViewEdit::Kind::ReplacePart) {
            const int at = indexOf.value(edit.messageId, -1);
            if (at < 0 || edit.partIndex < 0 || edit.partIndex >= view.at(at).parts.size())
                continue;
            const Part &current = view.at(at).parts.at(edit.partIndex);
            // A replacement keeps the call it answers or makes; anything else would orphan it.
            if (current.kind != edit.part.kind || current.callId != edit.part.callId)
                continue;
            view[at].parts[edit.partIndex] = edit.part;
            changed(at);
        } else {
            const int at = indexOf.value(edit.lastMessageId, -1);
            if (at < 0)
                continue;
            QList<Message> replaced = edit.messages;
            replaced.append(view.mid(at + 1));
            view = replaced;
            changed(0);
            rebuildIndex();
        }
    }
    return first;
}

qint64 estimateTokens(const Message &message)
{
    qint64 tokens = PerMessageOverhead;
    for (const Part &part : message.parts)
        tokens += estimatePart(part);
    return tokens;
}

class ContextPipeline::Private
{
public:
    /// What the last build left, so the next one only processes what the record gained.
    struct Cache
    {
        bool valid = false;
        qint64 recordSize = 0;        ///< record messages consumed
        Message lastRecord;           ///< the last one consumed (its parts are shared with the record)
        QList<Message> base;          ///< the view before the tail: edits, placeholders, strategies
        QList<qint64> counts;         ///< tokens of each base message
        qint64 total = 0;
        QHash<QString, QList<CompactionEvent>> history; ///< recorded events per strategy
        QSet<QString> appliedEvents;  ///< ids of events whose edits the base already shows
        QSet<QString> pinned;
    };

    qint64 countOf(const Message &viewMessage, const Message *recordMessage) const
    {
        if (!counter)
            return estimateTokens(viewMessage);
        if (recordMessage && sameParts(viewMessage, *recordMessage))
            return counter->countStoredMessage(*recordMessage);
        return counter->countMessage(viewMessage);
    }

    /// Recounts `cache.base` after a step changed it, reusing the counts of messages it left alone.
    void recount(const QList<Message> &before, const QList<qint64> &beforeCounts)
    {
        QHash<QString, int> old;
        for (int i = 0; i < before.size(); ++i)
            old.insert(before.at(i).id, i);
        cache.counts.clear();
        cache.counts.reserve(cache.base.size());
        cache.total = 0;
        for (const Message &message : std::as_const(cache.base)) {
            const int at = old.value(message.id, -1);
            const qint64 tokens = at >= 0 && sameParts(before.at(at), message) ? beforeCounts.at(at) : countOf(message, nullptr);
            cache.counts.append(tokens);
            cache.total += tokens;
        }
    }

    /// Shows, normalises, counts and appends record messages not yet in the base. Returns false
    /// when they answer calls the base already closed (only a full rebuild gets that right).
    bool flush(QList<Message> &pending, QList<const Message *> &sources, NormaliseReport *report)
    {
        if (pending.isEmpty())
            return true;
        showCapturedResults(pending);
        const NormaliseReport normalised = normaliseView(pending);
        if (!normalised.droppedOrphans.isEmpty() && !cache.base.isEmpty())
            return false;
        report->syntheticResults += normalised.syntheticResults;
        report->droppedOrphans += normalised.droppedOrphans;
        report->droppedIncomplete += normalised.droppedIncomplete;
        report->droppedEmptyMessages += normalised.droppedEmptyMessages;
        QHash<QString, const Message *> byId;
        for (const Message *source : std::as_const(sources))
            byId.insert(source->id, source);
        for (const Message &message : std::as_const(pending)) {
            const qint64 tokens = countOf(message, byId.value(message.id));
            cache.base.append(message);
            cache.counts.append(tokens);
            cache.total += tokens;
        }
        pending.clear();
        sources.clear();
        return true;
    }

    /// Brings the base up to `record`. Returns the index of the first base message strategies
    /// have not seen, or -1 when the record is not an extension of what the cache holds.
    int consume(const QList<Message> &record, NormaliseReport *report, QList<Error> *warnings)
    {
        // The record is append-only: if its last consumed message is still the same object, the
        // cache holds. A caller with another record of the same ids gets a full rebuild.
        const bool extends = cache.valid && cache.recordSize <= record.size()
                             && (cache.recordSize == 0 || sameParts(record.at(cache.recordSize - 1), cache.lastRecord));
        if (!extends)
            return -1;
        const int firstNew = int(cache.base.size());
        QList<Message> pending;
        QList<const Message *> sources;
        for (qsizetype i = cache.recordSize; i < record.size(); ++i) {
            const Message &message = record.at(i);
            if (message.role != Role::System) {
                updatePins(message, &cache.pinned);
                pending.append(message);
                sources.append(&message);
                continue;
            }
            if (const std::optional<Result<CompactionEvent>> event = CompactionEvent::fromMessage(message)) {
                if (event->hasError()) {
                    warnings->append(event->error());
                    continue;
                }
                CompactionEvent e = event->value();
                // Events without an id (written by hand, or by an older build) are named by
                // their record entry, so each one counts once.
                if (e.id.isEmpty())
                    e.id = message.id;
                // An event this pipeline made is in the history and the base already.
                if (cache.appliedEvents.contains(e.id))
                    continue;
                cache.history[e.strategy].append(e);
                if (!flush(pending, sources, report))
                    return -1;
                const QList<Message> before = cache.base;
                const QList<qint64> beforeCounts = cache.counts;
                if (applyViewEdits(cache.base, e.edits) >= 0)
                    recount(before, beforeCounts);
                cache.appliedEvents.insert(e.id);
                continue;
            }
            updatePins(message, &cache.pinned);
        }
        if (!flush(pending, sources, report))
            return -1;
        cache.recordSize = record.size();
        cache.lastRecord = record.isEmpty() ? Message() : record.constLast();
        return qMin(firstNew, int(cache.base.size()));
    }

    void reset()
    {
        cache = Cache();
        cache.valid = true;
    }

    mutable QMutex mutex;
    ModelInfo model;
    qint64 contextWindow = 0;
    qint64 outputReserve = 0;
    QList<ContextStrategy *> strategies;
    QHash<QString, QJsonObject> settings;
    QString sessionId;
    QString agentId;
    std::shared_ptr<ContextArchive> archive;
    QSet<QString> keepResults;
    QSet<QString> pinnedTools;
    bool summariesAvailable = false;
    bool simulateServerSide = false;
    std::shared_ptr<const TurnVersionSource> turnVersions;
    std::shared_ptr<TokenCounter> counter;
    qint64 fixedTokens = 0;
    qint64 correction = 0;
    qint64 lastEstimate = -1; ///< the last view's request tokens before correction
    Cache cache;
};

ContextPipeline::ContextPipeline() : d(std::make_unique<Private>()) {}
ContextPipeline::~ContextPipeline() = default;

void ContextPipeline::setModel(const ModelInfo &model, qint64 maxOutputTokens)
{
    QMutexLocker lock(&d->mutex);
    d->model = model;
    d->contextWindow = model.contextWindow;
    d->outputReserve = maxOutputTokens > 0 ? maxOutputTokens : model.maxOutputTokens;
    d->cache.valid = false;
}

ModelInfo ContextPipeline::model() const
{
    QMutexLocker lock(&d->mutex);
    return d->model;
}

void ContextPipeline::setStrategies(const QList<ContextStrategy *> &strategies)
{
    QMutexLocker lock(&d->mutex);
    d->strategies = strategies;
    d->cache.valid = false;
}

QList<ContextStrategy *> ContextPipeline::strategies() const
{
    QMutexLocker lock(&d->mutex);
    return d->strategies;
}

void ContextPipeline::setStrategySettings(const QHash<QString, QJsonObject> &settings)
{
    QMutexLocker lock(&d->mutex);
    d->settings = settings;
}

void ContextPipeline::setSession(const QString &sessionId, const QString &agentId)
{
    QMutexLocker lock(&d->mutex);
    d->sessionId = sessionId;
    d->agentId = agentId;
}

void ContextPipeline::setArchive(std::shared_ptr<ContextArchive> archive)
{
    QMutexLocker lock(&d->mutex);
    d->archive = std::move(archive);
}

void ContextPipeline::setKeepResultsInContext(const QSet<QString> &toolNames)
{
    QMutexLocker lock(&d->mutex);
    d->keepResults = toolNames;
}

void ContextPipeline::setPinnedTools(const QSet<QString> &toolNames)
{
    QMutexLocker lock(&d->mutex);
    d->pinnedTools = toolNames;
}

QSet<QString> ContextPipeline::pinnedTools() const
{
    QMutexLocker lock(&d->mutex);
    return d->pinnedTools;
}

void ContextPipeline::setSummariesAvailable(bool available)
{
    QMutexLocker lock(&d->mutex);
    d->summariesAvailable = available;
}

void ContextPipeline::setSimulateServerSide(bool simulate)
{
    QMutexLocker lock(&d->mutex);
    d->simulateServerSide = simulate;
}

void ContextPipeline::setTurnVersions(std::shared_ptr<const TurnVersionSource> versions)
{
    QMutexLocker lock(&d->mutex);
    d->turnVersions = std::move(versions);
}

void ContextPipeline::setTokenCounter(std::shared_ptr<TokenCounter> counter)
{
    QMutexLocker lock(&d->mutex);
    d->counter = std::move(counter);
    d->cache.valid = false;
}

std::shared_ptr<TokenCounter> ContextPipeline::tokenCounter() const
{
    QMutexLocker lock(&d->mutex);
    return d->counter;
}

void ContextPipeline::setFixedTokens(qint64 tokens)
{
    QMutexLocker lock(&d->mutex);
    d->fixedTokens = tokens;
}

qint64 ContextPipeline::fixedTokens() const
{
    QMutexLocker lock(&d->mutex);
    return d->fixedTokens;
}

void ContextPipeline::reportUsage(const Usage &usage)
{
    QMutexLocker lock(&d->mutex);
    if (usage.inputTokens < 0 || d->lastEstimate < 0)
        return;
    const qint64 reported = usage.inputTokens + qMax<qint64>(0, usage.cacheReadTokens) + qMax<qint64>(0, usage.cacheWriteTokens);
    // A provider (or a proxy in front of it) that reports far from what was sent is not
    // believed: a wrong correction could hide a nearly full window.
    const qint64 difference = reported - d->lastEstimate;
    if (difference < -d->lastEstimate / 4 || difference > d->lastEstimate / 2)
        return;
    d->correction = difference;
}

void ContextPipeline::invalidate()
{
    QMutexLocker lock(&d->mutex);
    d->cache.valid = false;
}

qint64 ContextPipeline::countTokens(const Message &message) const
{
    QMutexLocker lock(&d->mutex);
    return d->counter ? d->counter->countMessage(message) : estimateTokens(message);
}

qint64 ContextPipeline::targetTokens() const
{
    QMutexLocker lock(&d->mutex);
    if (d->contextWindow <= 0)
        return -1;
    const qint64 reserve = qMin(d->outputReserve, d->contextWindow / 2);
    return qMax<qint64>(0, qint64(double(d->contextWindow - reserve) * (1.0 - SafetyMargin)));
}

ContextView ContextPipeline::build(const QList<Message> &record, int currentTurn, bool forceCompaction,
                                   const QList<Message> &tail)
{
    const qint64 target = targetTokens();
    QMutexLocker lock(&d->mutex);
    ContextView view;
    view.targetTokens = target;
    view.contextWindow = d->contextWindow;

    int firstNew = d->consume(record, &view.normalised, &view.warnings);
    if (firstNew < 0) {
        d->reset();
        view.normalised = NormaliseReport();
        firstNew = d->consume(record, &view.normalised, &view.warnings);
        firstNew = qMax(0, firstNew);
    }
    Private::Cache &cache = d->cache;

    StrategyBudget budget;
    budget.contextWindow = d->contextWindow;
    budget.targetTokens = target;
    budget.fixedTokens = d->fixedTokens;
    budget.outputReserve = qMin(d->outputReserve, d->contextWindow > 0 ? d->contextWindow / 2 : d->outputReserve);
    budget.correction = d->correction;
    budget.countTokens = [this](const Message &message) {
        return d->counter ? d->counter->countMessage(message) : estimateTokens(message);
    };

    QList<Message> board;
    for (ContextStrategy *strategy : std::as_const(d->strategies)) {
        StrategyContext context;
        context.sessionId = d->sessionId;
        context.agentId = d->agentId;
        context.currentTurn = currentTurn;
        context.model = d->model;
        context.settings = d->settings.value(strategy->id());
        context.history = cache.history.value(strategy->id());
        context.record = record;
        context.firstNewMessage = firstNew;
        context.archive = d->archive.get();
        context.keepResultsInContext = d->keepResults;
        context.pinnedMessages = cache.pinned;
        context.summariesAvailable = d->summariesAvailable;
        context.forced = forceCompaction;
        context.turnVersions = d->turnVersions.get();
        context.simulateServerSide = d->simulateServerSide;

        QList<Message> attempt = cache.base;
        budget.viewTokens = cache.total;
        const qint64 requestBefore = cache.total + d->fixedTokens + d->correction;
        Result<StrategyReport> report = strategy->apply(attempt, budget, context);
        if (report.hasError()) {
            view.warnings.append(report.error());
            continue;
        }
        for (const auto &request : std::as_const(report->summaryRequests))
            view.summaryRequests.append({strategy->id(), request});
        // Boards and request fields are made again by every build: they are not part of the base.
        board += report->board;
        for (auto it = report->providerOptions.constBegin(); it != report->providerOptions.constEnd(); ++it)
            view.providerOptions.insert(it.key(), it.value());
        if (!report->providerOptions.isEmpty())
            view.strategyProviderOptions.insert(strategy->id(), report->providerOptions);
        view.waitForSummary = view.waitForSummary || report->waitForSummary;
        const int changedAt = firstDifference(cache.base, attempt);
        if (changedAt < 0 && attempt.size() == cache.base.size())
            continue;
        if (report->events.isEmpty()) {
            // A change no event records would be lost at the next full rebuild, and the cached
            // prefix would change under the provider with it.
            view.warnings.append(Error(QStringLiteral("context.unrecorded-change"),
                                       Text::tr("the context strategy \"%1\" changed the view without recording how; its "
                                                "result was not used")
                                           .arg(strategy->id())));
            continue;
        }
        // A strategy may not break the view...
        QList<Message> check = attempt;
        if (!normaliseView(check).isEmpty()) {
            view.warnings.append(Error(QStringLiteral("context.strategy-broke-view"),
                                       Text::tr("the context strategy \"%1\" left a tool call without its result (or a "
                                                "result without its call); its result was not used")
                                           .arg(strategy->id())));
            continue;
        }
        // ...nor drop the way back to what memory holds: a turn it still shows keeps its
        // MemoryRefs (a turn it drops whole takes them along).
        const QString dropped = droppedMemoryRef(memoryRefsByTurn(cache.base), attempt);
        if (!dropped.isEmpty()) {
            view.warnings.append(Error(QStringLiteral("context.memoryref-dropped"),
                                       Text::tr("the context strategy \"%1\" removed the placeholder of %2 from a "
                                                "turn it still shows; its result was not used")
                                           .arg(strategy->id(), dropped)));
            continue;
        }

        // What the provider had cached of the previous request after the first change must be
        // written again.
        qint64 invalidated = 0;
        for (int i = qMax(0, changedAt); i < cache.counts.size(); ++i)
            invalidated += cache.counts.at(i);
        const QList<Message> before = cache.base;
        const QList<qint64> beforeCounts = cache.counts;
        cache.base = attempt;
        d->recount(before, beforeCounts);
        const qint64 requestAfter = cache.total + d->fixedTokens + d->correction;
        std::optional<double> perToken;
        if (d->model.prices.cacheWrite && d->model.prices.cacheRead)
            perToken = (*d->model.prices.cacheWrite - *d->model.prices.cacheRead) / 1e6;
        for (int e = 0; e < report->events.size(); ++e) {
            CompactionEvent event = report->events.at(e);
            if (event.id.isEmpty())
                event.id = newTimeOrderedId(u"c");
            if (event.strategy.isEmpty())
                event.strategy = strategy->id();
            if (event.turn < 0)
                event.turn = currentTurn;
            if (event.tokensBefore < 0)
                event.tokensBefore = requestBefore;
            if (event.tokensAfter < 0)
                event.tokensAfter = requestAfter;
            // The cache cost belongs to the build, once: the first event carries it.
            if (e == 0) {
                event.cacheInvalidatedTokens = invalidated;
                if (perToken)
                    event.cacheCostUsd = double(invalidated) * *perToken;
            }
            cache.history[event.strategy].append(event);
            cache.appliedEvents.insert(event.id);
            view.compactions.append(event);
        }
    }

    view.messages = cache.base;
    view.estimatedTokens = cache.total;
    if (std::optional<Message> reminder = pinnedResultReminder(record, d->pinnedTools)) {
        view.estimatedTokens += d->counter ? d->counter->countMessage(*reminder) : estimateTokens(*reminder);
        view.messages.append(*reminder);
    }
    for (Message shown : std::as_const(board)) {
        if (shown.turn < 0)
            shown.turn = currentTurn;
        view.estimatedTokens += d->counter ? d->counter->countMessage(shown) : estimateTokens(shown);
        view.messages.append(shown);
        ++view.boardMessages;
    }
    for (Message reminder : tail) {
        if (reminder.turn < 0 && !record.isEmpty())
            reminder.turn = record.constLast().turn;
        view.estimatedTokens += d->counter ? d->counter->countMessage(reminder) : estimateTokens(reminder);
        view.messages.append(reminder);
    }
    d->lastEstimate = view.estimatedTokens + d->fixedTokens;
    view.requestTokens = qMax<qint64>(0, d->lastEstimate + d->correction);

    // The history before this turn's user message does not change while the turn runs.
    for (qsizetype i = view.messages.size() - 1; i >= 0; --i) {
        const Message &message = view.messages.at(i);
        if (message.turn >= 0 && message.turn < currentTurn) {
            view.stableHistoryEnd = int(i);
            break;
        }
    }
    return view;
}

} // namespace valis
