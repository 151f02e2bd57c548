#include "summarise.h"

#include "costmodel.h"
#include "evict.h"
#include "valis/context/contextarchive.h"
#include "valis/context/spansummary.h"
#include "valis/record/recordjson.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace valis::progressive {

namespace {

const QString PinnedPrefix = QStringLiteral("ctx-pinned-");
const QString SummaryPrefix = QStringLiteral("ctx-summary-");

bool isOwnMessage(const Message &message)
{
    return message.id.startsWith(PinnedPrefix) || message.id.startsWith(SummaryPrefix);
}

QString turnLabel(int turn)
{
    return QStringLiteral("T-") + QString::number(qMax(turn, 0));
}

/// The last message of the span to summarise. The view after it stays verbatim and holds at
/// most keepRecentShare of the usable window; it starts at a user request where one fits, else
/// inside the current turn at an answer (never between a call and its results), so one long turn
/// can be summarised too; the last exchange always stays. -1 when there is nothing to summarise.
int chooseBoundary(WorkingView &view, qint64 usable)
{
    const QList<Message> &messages = view.messages();
    const qint64 keep = qint64(view.settings().keepRecentShare * double(usable));
    int firstRaw = 0;
    while (firstRaw < messages.size() && isOwnMessage(messages.at(firstRaw)))
        ++firstRaw;
    qint64 tail = 0;
    int requestStart = -1; ///< the earliest user request whose tail fits
    int answerStart = -1;  ///< the earliest answer whose tail fits
    for (int i = int(messages.size()) - 1; i > firstRaw; --i) {
        tail += view.budget().countTokens(messages.at(i));
        const Message &message = messages.at(i);
        const bool request = message.startsTurn() && !isOwnMessage(message);
        const bool answer = message.role == Role::Assistant;
        // Whatever its size, the last exchange stays: one cut point is always taken.
        if (tail > keep && (requestStart >= 0 || answerStart >= 0))
            break;
        if (request)
            requestStart = i;
        else if (answer && i + 1 < messages.size())
            answerStart = i;
    }
    // Cutting at a request keeps turns whole; inside a turn only when its own tail is too long.
    const int start = requestStart >= 0 ? requestStart : answerStart;
    return start > firstRaw ? start - 1 : -1;
}

/// The user request of the turn `message` belongs to, when the span ends inside that turn: it
/// goes into the pinned block verbatim, so the request being worked on is never summarised.
QString openRequest(const QList<Message> &span, const QList<Message> &view, int boundary)
{
    if (boundary + 1 >= view.size() || view.at(boundary + 1).startsTurn())
        return {};
    for (qsizetype i = span.size() - 1; i >= 0; --i) {
        if (span.at(i).startsTurn() && !span.at(i).text().trimmed().startsWith(QLatin1String("<system-reminder>")))
            return span.at(i).text();
    }
    return {};
}

/// The record's messages after `afterId` (from the start when it is empty) through `lastId`,
/// System entries left out: what a span stands for.
QList<Message> recordSpan(const QList<Message> &record, const QString &afterId, const QString &lastId)
{
    QList<Message> span;
    bool started = afterId.isEmpty();
    for (const Message &message : record) {
        if (started && message.role != Role::System)
            span.append(message);
        if (message.id == lastId)
            return started ? span : QList<Message>();
        if (!started && message.id == afterId)
            started = true;
    }
    return {};
}

/// The last summary this strategy swapped in, if any.
std::optional<CompactionEvent> lastSummary(const QList<CompactionEvent> &history)
{
    for (qsizetype i = history.size() - 1; i >= 0; --i) {
        if (history.at(i).action == QLatin1String("summarise"))
            return history.at(i);
    }
    return std::nullopt;
}

QString spanEnd(const CompactionEvent &summary)
{
    for (const ViewEdit &edit : summary.edits) {
        if (edit.kind == ViewEdit::Kind::ReplacePrefix)
            return edit.lastMessageId;
    }
    return {};
}

/// The summary text with its headings one level down, to sit under a heading of its own.
QString demoted(const QString &summary)
{
    QString text = summary;
    static const QRegularExpression heading(QStringLiteral("^(#{1,5}) "), QRegularExpression::MultilineOption);
    return text.replace(heading, QStringLiteral("##\\1 "));
}

/// The summary asked for earlier in this epoch, when it arrived.
std::optional<CompactionEvent> preparedSummary(const QList<CompactionEvent> &history, const QString &requestId)
{
    for (qsizetype i = history.size() - 1; i >= 0; --i) {
        const CompactionEvent &event = history.at(i);
        if (event.action == QLatin1String("summary-prepared")
            && event.state.value(QLatin1String("requestId")).toString() == requestId)
            return event;
    }
    return std::nullopt;
}

QString pinnedText(const QList<Message> &span, const QSet<QString> &pinned, const ProgressLedger &ledger,
                   const QString &request)
{
    QString text;
    if (!request.isEmpty())
        text += QStringLiteral("<current-request>\n%1\n</current-request>\n").arg(request.trimmed());
    for (const Message &message : span) {
        if (!pinned.contains(message.id))
            continue;
        text += QStringLiteral("<pinned id=\"%1\" role=\"%2\" turn=\"%3\">\n%4\n</pinned>\n")
                    .arg(message.id, roleName(message.role), turnLabel(message.turn), message.text());
    }
    if (!ledger.isEmpty())
        text += ledger.toText() + QLatin1Char('\n');
    return text.trimmed();
}

/// The cost decision for summarising before any threshold: the figures when replacing the span
/// chooseBoundary() picks by a summary pays for itself (CostModel), nothing otherwise. Only
/// for a view over costFloor(), like early eviction.
std::optional<QJsonObject> summaryPays(WorkingView &view, qint64 usable)
{
    const ProgressiveSettings &settings = view.settings();
    if (!settings.summariseForCost || costFloor(view) <= 0 || view.requestTokens() < costFloor(view))
        return std::nullopt;
    const int boundary = chooseBoundary(view, usable);
    if (boundary < 0)
        return std::nullopt;
    const QList<Message> &messages = view.messages();
    // The previous request ended before the last answer: from there on nothing is cached yet.
    int cachedEnd = int(messages.size());
    for (int i = int(messages.size()) - 1; i >= 0; --i) {
        if (messages.at(i).role == Role::Assistant) {
            cachedEnd = i;
            break;
        }
    }
    qint64 span = 0;
    qint64 keptCached = 0;
    for (int i = 0; i < cachedEnd || i <= boundary; ++i) {
        const qint64 tokens = view.budget().countTokens(messages.at(i));
        if (i <= boundary)
            span += tokens;
        else
            keptCached += tokens;
    }
    // The summary's size: its word budget (about two tokens a word with the artifacts), or half
    // a short span.
    const qint64 summaryTokens = qMin<qint64>(span / 2, qint64(settings.summaryMaxWords) * 2);
    const qint64 removed = span - summaryTokens;
    const CostModel cost = CostModel::estimate(view);
    const qint64 rewritten = keptCached + summaryTokens;
    const double callUsd = cost.summaryCallCost(view.requestTokens(), 300, summaryTokens);
    const double costUsd = cost.removalCost(rewritten, callUsd);
    if (removed <= 0 || cost.saving(removed) <= costUsd || double(removed) < cost.batchTokens(costUsd))
        return std::nullopt;
    QJsonObject decision = cost.decision(removed, rewritten, costUsd);
    decision.insert(QStringLiteral("trigger"), QStringLiteral("cost"));
    decision.insert(QStringLiteral("summaryCallUsd"), callUsd);
    return decision;
}

} // namespace

SummaryOutcome summariseOldest(WorkingView &view, bool forced, bool evictionFellShort, bool mayPayForItself, QList<Error> *warnings)
{
    SummaryOutcome outcome;
    const qint64 usable = usableWindow(view);
    if (usable <= 0)
        return outcome;
    const ProgressiveSettings &settings = view.settings();
    const StrategyContext &context = view.context();
    // The summary's room: its setting, but never more than a twelfth of a small window (it would
    // otherwise push the swap below the eviction threshold).
    const qint64 reserve = qMin<qint64>(settings.summaryReserveTokens, usable / 12);
    const qint64 swapAt = qint64(settings.summariseAt * double(usable - reserve));
    // Prepared once eviction can no longer keep the request under evictTo; swapped in at swapAt,
    // or as soon as it is there (holding a nearly full view costs every request that reads it).
    const bool overSwap = view.requestTokens() > swapAt || (forced && evictionFellShort);
    // Before any threshold, only when it pays for itself.
    std::optional<QJsonObject> costDecision;
    if (!overSwap && !evictionFellShort) {
        if (mayPayForItself)
            costDecision = summaryPays(view, usable);
        if (!costDecision)
            return outcome;
    }
    const bool due = evictionFellShort || costDecision.has_value();

    // One summary per epoch (the time since the last swap): asking again every build would
    // start a new request each turn.
    QString epoch = QStringLiteral("start");
    for (const CompactionEvent &event : context.history) {
        if (event.action == QLatin1String("summarise"))
            epoch = event.id;
    }
    const QString requestId = QStringLiteral("progressive-") + epoch;
    const std::optional<CompactionEvent> prepared = preparedSummary(context.history, requestId);
    const bool preparedOk = prepared && prepared->state.value(QLatin1String("error")).toString().isEmpty()
                            && !prepared->state.value(QLatin1String("text")).toString().isEmpty();
    // A summary to hand (the model's, or an extractive one when no model makes them) is swapped in
    // once eviction falls short; a model summary still being written is waited for only at swapAt.
    const bool mustSwap = overSwap || (settings.swapWhenReady && due && (preparedOk || !context.summariesAvailable));

    QList<Message> &messages = view.messages();
    int boundary = -1;
    if (preparedOk) {
        const QString last = prepared->state.value(QLatin1String("lastMessageId")).toString();
        for (int i = 0; i < messages.size(); ++i) {
            if (messages.at(i).id == last)
                boundary = i;
        }
    }
    const bool usePrepared = boundary >= 0;
    if (!usePrepared)
        boundary = chooseBoundary(view, usable);
    if (boundary < 0)
        return outcome;

    if (!usePrepared && context.summariesAvailable && !prepared) {
        SummaryRequest request;
        request.id = requestId;
        request.lastMessageId = messages.at(boundary).id;
        request.instruction = summaryInstruction(turnLabel(messages.at(boundary).turn), settings.summaryMaxWords)
                              + QStringLiteral("\n\nSummarise only the conversation through turn %1; everything after it "
                                               "stays in the context as it is.")
                                    .arg(turnLabel(messages.at(boundary).turn));
        request.maxOutputTokens = qMax<qint64>(1024, settings.summaryReserveTokens);
        outcome.request = request;
        if (mustSwap) {
            outcome.wait = true;
            return outcome;
        }
    }
    if (!mustSwap)
        return outcome;

    // A summary covers what the previous one did not: the span since its end, with the previous
    // summary carried into the new one (a model's continuation sees it in the view; the
    // extractive one adds it). Saving and scanning the whole history again at every summary
    // would grow without bound in a session of weeks.
    const std::optional<CompactionEvent> previous = lastSummary(context.history);
    const QString previousEnd = previous ? spanEnd(*previous) : QString();
    const QList<Message> history = recordSpan(context.record, {}, messages.at(boundary).id);
    QList<Message> span = recordSpan(context.record, previousEnd, messages.at(boundary).id);
    if (span.isEmpty())
        span = history;
    if (span.isEmpty())
        return outcome;
    const SpanArtifacts artifacts = extractArtifacts(span);
    const SpanTranscript transcript = spanTranscript(span);
    QString transcriptPath;
    if (context.archive) {
        const Result<QStringList> saved = context.archive->storeTranscript(transcript.name, transcript.json, transcript.markdown);
        if (saved.ok())
            transcriptPath = saved->constLast();
        else
            warnings->append(saved.error());
    }
    if (transcriptPath.isEmpty()) {
        // Without its transcript the summary would be a one-way door: keep the view as it is.
        warnings->append(Error(QStringLiteral("context.no-transcript"),
                               QStringLiteral("the oldest turns were not summarised: their transcript could not be saved")));
        return outcome;
    }
    QStringList transcripts;
    if (previous) {
        for (const QJsonValue &path : previous->state.value(QLatin1String("transcripts")).toArray())
            transcripts.append(path.toString());
        if (transcripts.isEmpty() && previous->state.contains(QLatin1String("transcript")))
            transcripts.append(previous->state.value(QLatin1String("transcript")).toString());
    }
    transcripts.append(transcriptPath);

    const QString through = turnLabel(messages.at(boundary).turn);
    QString summaryText;
    QJsonObject state{{QStringLiteral("through"), through},
                      {QStringLiteral("transcript"), transcriptPath},
                      {QStringLiteral("transcripts"), QJsonArray::fromStringList(transcripts)},
                      {QStringLiteral("requestId"), requestId}};
    const qint64 requestBefore = view.requestTokens();
    const qsizetype budget = qsizetype(settings.summaryMaxWords) * 8;
    if (usePrepared) {
        summaryText = completeSummary(prepared->state.value(QLatin1String("text")).toString(), artifacts);
        state.insert(QStringLiteral("source"), QStringLiteral("model"));
    } else {
        const QString before = previous ? previous->state.value(QLatin1String("text")).toString() : QString();
        summaryText = extractiveSummary(span, artifacts, before.isEmpty() ? budget : budget * 2 / 3);
        if (!before.isEmpty()) {
            QString earlier = demoted(before);
            if (earlier.size() > budget / 3)
                earlier = earlier.left(budget / 3) + QStringLiteral("\n… [cut; the earlier transcripts have it all]");
            summaryText += QStringLiteral("\n\n## Before that (the previous summary)\n") + earlier;
        }
        state.insert(QStringLiteral("source"), QStringLiteral("extractive"));
    }
    state.insert(QStringLiteral("text"), summaryText);

    const QString markdownPath = transcriptPath;
    QList<Message> replacement;
    const ProgressLedger ledger = progressLedger(history, context.record);
    const QString pinned = pinnedText(history, context.pinnedMessages, ledger, openRequest(span, messages, boundary));
    const Message &last = messages.at(boundary);
    if (!pinned.isEmpty()) {
        Message block;
        block.id = PinnedPrefix + last.id;
        block.role = Role::User;
        // A stand-in for many turns is no turn of the record (their MemoryRefs went with them).
        block.turn = -1;
        block.parts.append(Part::makeText(QStringLiteral("<pinned-context>\n%1\n</pinned-context>").arg(pinned)));
        replacement.append(block);
    }
    Message summary;
    summary.id = SummaryPrefix + last.id;
    summary.role = Role::User;
    summary.turn = -1;
    const QString earlierTranscripts = transcripts.size() > 1
        ? QStringLiteral(" The turns before it are in %1.").arg(transcripts.mid(0, transcripts.size() - 1).join(QStringLiteral(", ")))
        : QString();
    summary.parts.append(Part::makeText(
        QStringLiteral("<context-summary through=\"%1\" transcript=\"%2\">\nThe conversation through %1 was summarised to make "
                       "room. Every message of its latest part is saved in %2 (read_file {\"path\": \"%2\"}; the same span as "
                       "re-importable JSON lines beside it).%4 search_history finds any earlier message verbatim.\n\n%3\n"
                       "</context-summary>")
            .arg(through, markdownPath, summaryText, earlierTranscripts)));
    replacement.append(summary);

    CompactionEvent event;
    event.action = QStringLiteral("summarise");
    for (int i = 0; i <= boundary; ++i)
        event.replaced.append(messages.at(i).id);
    event.edits.append(view.replacePrefix(boundary, replacement, markdownPath));
    event.pointers.append(markdownPath);
    if (!usePrepared) {
        // What the summary would have cost as a model call continuing the live prefix, for
        // replays that bill strategies the same way.
        const qint64 instruction = view.budget().countTokens ? view.partTokens(Part::makeText(summaryInstruction(through))) : 0;
        state.insert(QStringLiteral("summaryCall"),
                     QJsonObject{{QStringLiteral("inputTokens"), requestBefore + instruction},
                                 {QStringLiteral("cachedInputTokens"), requestBefore},
                                 {QStringLiteral("outputTokens"), view.partTokens(Part::makeText(summaryText))}});
    } else {
        state.insert(QStringLiteral("usage"), prepared->state.value(QLatin1String("usage")));
    }
    if (costDecision)
        state.insert(QStringLiteral("decision"), *costDecision);
    event.state = state;
    outcome.event = event;
    return outcome;
}

} // namespace valis::progressive
