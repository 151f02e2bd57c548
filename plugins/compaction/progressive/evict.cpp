#include "evict.h"

#include "costmodel.h"
#include "offload.h"
#include "pointertext.h"
#include "valis/context/contextarchive.h"
#include "valis/memory/memoryref.h"

#include <QJsonDocument>

namespace valis::progressive {

namespace {

struct Candidate
{
    int message = 0;
    int part = 0;
    bool input = false; ///< a write call's input rather than a result
};

/// What an earlier edit of this strategy left at a part: an offload preview can still shrink
/// to a one-line pointer; an evicted pointer is as small as it gets.
struct Earlier
{
    QString action;
    QString pointer;
    qint64 tokens = -1; ///< of what the earlier edit replaced
};

QHash<QString, Earlier> earlierEdits(const QList<CompactionEvent> &history)
{
    QHash<QString, Earlier> edits;
    for (const CompactionEvent &event : history) {
        for (const ViewEdit &edit : event.edits) {
            if (edit.kind == ViewEdit::Kind::ReplacePart)
                edits.insert(edit.messageId + QLatin1Char('#') + QString::number(edit.partIndex), {event.action, edit.pointer, edit.tokensBefore});
        }
    }
    return edits;
}

/// About what a pointer left in an item's place costs.
constexpr qint64 PointerTokens = 60;

/// Whether an eviction since the last summary already found it could not reach evictTo.
bool fellShortThisEpoch(const QList<CompactionEvent> &history)
{
    for (qsizetype i = history.size() - 1; i >= 0; --i) {
        const CompactionEvent &event = history.at(i);
        if (event.action == QLatin1String("summarise"))
            return false;
        if (event.action == QLatin1String("evict") && event.state.value(QLatin1String("fellShort")).toBool())
            return true;
    }
    return false;
}

QString memoryRefLine(const QString &placeholder)
{
    for (const QString &line : placeholder.split(QLatin1Char('\n'))) {
        if (line.contains(QLatin1String("[MemoryRef: ")))
            return line.trimmed();
    }
    return placeholder.section(QLatin1Char('\n'), 0, 0);
}

} // namespace

qint64 usableWindow(const WorkingView &view)
{
    const qint64 window = view.window();
    if (window <= 0)
        return 0;
    return qMax<qint64>(window / 4, window - qMax<qint64>(0, view.budget().outputReserve));
}

qint64 costFloor(const WorkingView &view)
{
    const qint64 setting = view.settings().evictEarlyTokens;
    if (setting <= 0)
        return -1;
    // In a small window the setting may lie past the thresholds: the decision would never run.
    return qMin<qint64>(setting, qint64(0.4 * double(usableWindow(view))));
}

std::optional<CompactionEvent> evictOldItems(WorkingView &view, bool forced, bool *fellShort, QList<Error> *warnings)
{
    *fellShort = false;
    const qint64 usable = usableWindow(view);
    if (usable <= 0)
        return std::nullopt;
    const ProgressiveSettings &settings = view.settings();
    const bool atThreshold = view.requestTokens() > qint64(settings.evictAt * double(usable));
    const bool earlyCandidate = costFloor(view) > 0 && view.requestTokens() >= costFloor(view);
    if (!forced && !atThreshold && !earlyCandidate)
        return std::nullopt;
    const qint64 lowWater = qint64(settings.evictTo * double(usable));
    if (view.requestTokens() <= lowWater && !earlyCandidate)
        return std::nullopt;

    const StrategyContext &context = view.context();
    QList<Message> &messages = view.messages();
    const QHash<QString, QString> callTools = toolNamesByCall(messages);
    const QHash<QString, Earlier> earlier = earlierEdits(context.history);

    QList<Candidate> results;
    QList<Candidate> inputs;
    for (int i = 0; i < messages.size(); ++i) {
        const Message &message = messages.at(i);
        if (context.pinnedMessages.contains(message.id))
            continue;
        for (int p = 0; p < message.parts.size(); ++p) {
            const Part &part = message.parts.at(p);
            const Earlier before = earlier.value(message.id + QLatin1Char('#') + QString::number(p));
            if (before.action == QLatin1String("evict"))
                continue;
            if (part.kind == PartKind::ToolResult) {
                const QString tool = part.toolName.isEmpty() ? callTools.value(part.callId) : part.toolName;
                if (!view.keepsResults(tool))
                    results.append({i, p, false});
            } else if (part.kind == PartKind::ToolCall && settings.writeTools.contains(part.toolName)
                       && part.arguments.isObject() && view.partTokens(part) > settings.evictInputTokens) {
                inputs.append({i, p, true});
            }
        }
    }
    // The most recent few of each kind stay verbatim: the model is working with them.
    results.resize(qMax<qsizetype>(0, results.size() - settings.keepRecentResults));
    inputs.resize(qMax<qsizetype>(0, inputs.size() - settings.keepRecentResults));
    QList<Candidate> candidates = results + inputs;
    std::sort(candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) {
        return a.message != b.message ? a.message < b.message : a.part < b.part;
    });

    // What each candidate frees, and where the request's tokens sit: removing from candidate j
    // on rewrites what the provider cached from j's message to the end (cost), and stops
    // carrying every candidate from j on (saving).
    const qsizetype count = candidates.size();
    QList<qint64> frees(count);
    qint64 savings = 0;
    for (qsizetype c = 0; c < count; ++c) {
        frees[c] = qMax<qint64>(0, view.partTokens(messages.at(candidates.at(c).message).parts.at(candidates.at(c).part)) - PointerTokens);
        savings += frees.at(c);
    }
    // The previous request ended before the last answer: from there on nothing is cached yet.
    int cachedEnd = int(messages.size());
    for (int i = int(messages.size()) - 1; i >= 0; --i) {
        if (messages.at(i).role == Role::Assistant) {
            cachedEnd = i;
            break;
        }
    }
    const int firstCandidateMessage = count > 0 ? candidates.constFirst().message : int(messages.size());
    QList<qint64> cachedFrom(messages.size() + 1, 0); ///< cached tokens from message i on
    for (int i = qMin(cachedEnd, int(messages.size())) - 1; i >= firstCandidateMessage; --i)
        cachedFrom[i] = cachedFrom.at(i + 1) + view.budget().countTokens(messages.at(i));
    const CostModel cost = CostModel::estimate(view);
    const qint64 request = view.requestTokens();
    struct Choice
    {
        qsizetype first = -1;
        qint64 removed = 0;
        qint64 rewritten = 0;
        double costUsd = 0;
        double net = 0;
    };
    const bool mustGo = atThreshold || forced;
    std::optional<Choice> best;
    {
        qint64 suffix = 0;       // frees of candidates [c, count)
        qint64 cachedSuffix = 0; // of those in what the provider cached
        for (qsizetype c = count - 1; c >= 0; --c) {
            suffix += frees.at(c);
            if (candidates.at(c).message < cachedEnd)
                cachedSuffix += frees.at(c);
            // Starting in the middle of a message's parts rewrites the same as its first part.
            if (c > 0 && candidates.at(c - 1).message == candidates.at(c).message)
                continue;
            Choice choice;
            choice.first = c;
            choice.removed = suffix;
            choice.rewritten = qMax<qint64>(0, cachedFrom.at(candidates.at(c).message) - cachedSuffix);
            choice.costUsd = cost.removalCost(choice.rewritten);
            choice.net = cost.saving(choice.removed) - choice.costUsd;
            if (mustGo) {
                // The hard trigger: the batch must reach the low-water mark; among those that do,
                // the cheapest over the remaining requests.
                if (request - choice.removed > lowWater)
                    continue;
            } else if (choice.net <= 0 || double(choice.removed) < cost.batchTokens(choice.costUsd)) {
                continue;
            }
            if (!best || choice.net > best->net)
                best = choice;
        }
    }
    if (!mustGo && !best)
        return std::nullopt;
    if (mustGo && !best && count > 0) {
        // Nothing reaches the mark: everything that may go goes (and a summary follows).
        best = Choice{0, savings, qMax<qint64>(0, cachedFrom.at(candidates.constFirst().message)), 0, 0};
        best->costUsd = cost.removalCost(best->rewritten);
        best->net = cost.saving(best->removed) - best->costUsd;
    }
    // Eviction falls short (only a summary will do) when even everything that may go leaves the
    // request past halfway from the low-water mark to the threshold. Not at evictTo itself: the
    // few most recent results alone can hold more than that of a small window, and they become
    // evictable soon; a summary for them would cost its call and a rewrite for nothing. The
    // first time in an epoch (since the last summary) falling short is still worth buying room
    // with; after that each small batch would cost the cached prefix for little, so the view is
    // left to grow to the summary's threshold instead.
    const qint64 target = qint64((settings.evictTo + settings.evictAt) / 2 * double(usable));
    const bool shortOfTarget = mustGo && request - savings > target;
    if (shortOfTarget && !forced && fellShortThisEpoch(context.history)) {
        *fellShort = true;
        return std::nullopt;
    }
    if (best)
        candidates = candidates.mid(best->first);

    CompactionEvent event;
    event.action = QStringLiteral("evict");
    if (shortOfTarget)
        event.state.insert(QStringLiteral("fellShort"), true);
    if (best) {
        QJsonObject decision = cost.decision(best->removed, best->rewritten, best->costUsd);
        decision.insert(QStringLiteral("trigger"), forced ? QStringLiteral("forced")
                                                   : atThreshold ? QStringLiteral("threshold") : QStringLiteral("cost"));
        event.state.insert(QStringLiteral("decision"), decision);
    }
    // The whole batch goes at once: stopping early would leave tokens to carry and a second
    // rewrite to pay for them later.
    for (const Candidate &candidate : std::as_const(candidates)) {
        const Message &message = messages.at(candidate.message);
        const Part &part = message.parts.at(candidate.part);
        const Earlier before = earlier.value(message.id + QLatin1Char('#') + QString::number(candidate.part));
        Part replacement = part;
        QString pointer;
        if (candidate.input) {
            const Result<QString> path = context.archive
                ? context.archive->storeResult(part.argumentsJson().toUtf8(), QStringLiteral("json"),
                                               {{QStringLiteral("item"), QStringLiteral("tool-input")},
                                                {QStringLiteral("tool"), part.toolName},
                                                {QStringLiteral("callId"), part.callId},
                                                {QStringLiteral("messageId"), message.id},
                                                {QStringLiteral("turn"), message.turn},
                                                {QStringLiteral("description"), QStringLiteral("%1 input").arg(part.toolName)}})
                : Result<QString>(Error(QStringLiteral("context.no-archive"), QStringLiteral("no archive")));
            if (path.hasError()) {
                warnings->append(path.error());
                continue;
            }
            pointer = path.value();
            replacement.arguments = evictedInput(part.arguments.toObject(), settings.writeTools.value(part.toolName),
                                                 settings.pathKeys, pointer, message.turn);
            replacement.argumentsText.reset();
            event.edits.append(view.replacePart(candidate.message, candidate.part, replacement, QStringLiteral("tool-input"), pointer));
        } else {
            const QString tool = part.toolName.isEmpty() ? callTools.value(part.callId) : part.toolName;
            QString text;
            if (part.captured.isCaptured()) {
                pointer = part.captured.key;
                text = evictedCapturedResult(tool, memoryRefLine(part.captured.placeholder), part.captured.key);
            } else {
                if (!before.pointer.isEmpty()) {
                    // An offload preview: the content is archived already.
                    pointer = before.pointer;
                    text = evictedResult(tool, before.tokens, -1, pointer);
                } else {
                    const qint64 tokens = view.partTokens(part);
                    const QString original = part.resultText();
                    const Result<QString> path = context.archive
                        ? context.archive->storeResult(original.toUtf8(), QStringLiteral("txt"),
                                                       {{QStringLiteral("item"), QStringLiteral("tool-result")},
                                                        {QStringLiteral("tool"), tool},
                                                        {QStringLiteral("callId"), part.callId},
                                                        {QStringLiteral("messageId"), message.id},
                                                        {QStringLiteral("turn"), message.turn},
                                                        {QStringLiteral("description"), QStringLiteral("%1 result").arg(tool.isEmpty() ? QStringLiteral("tool") : tool)}})
                        : Result<QString>(Error(QStringLiteral("context.no-archive"), QStringLiteral("no archive")));
                    if (path.hasError()) {
                        warnings->append(path.error());
                        continue;
                    }
                    pointer = path.value();
                    text = evictedResult(tool, tokens, lineCount(original), pointer);
                }
            }
            replacement.content = {Part::makeText(text)};
            event.edits.append(view.replacePart(candidate.message, candidate.part, replacement, QStringLiteral("tool-result"), pointer));
        }
        if (!event.pointers.contains(pointer))
            event.pointers.append(pointer);
        if (event.replaced.isEmpty() || event.replaced.constLast() != message.id)
            event.replaced.append(message.id);
    }
    *fellShort = (atThreshold || forced) && view.requestTokens() > target;
    if (event.edits.isEmpty())
        return std::nullopt;
    return event;
}

} // namespace valis::progressive
