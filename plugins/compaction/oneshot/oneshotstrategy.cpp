#include "oneshotstrategy.h"

#include "valis/context/contextarchive.h"
#include "valis/context/spansummary.h"
#include "valis/memory/memoryref.h"

#include <QJsonArray>

namespace valis {

namespace {

bool isBlock(const Message &message)
{
    return message.id.startsWith(OneShotStrategy::blockIdPrefix());
}

QString turnLabel(int turn)
{
    return QStringLiteral("T-") + QString::number(qMax(turn, 0));
}

/// The view index where the current turn starts: its first message of turn `currentTurn`, or,
/// without a turn number (a replay), the last user request. view.size() when the view holds
/// nothing of it yet (the compact command between turns): then all of it is earlier history.
int currentTurnStart(const QList<Message> &view, int currentTurn)
{
    if (currentTurn >= 0) {
        for (int i = 0; i < view.size(); ++i) {
            if (view.at(i).turn >= currentTurn)
                return i;
        }
        return int(view.size());
    }
    for (int i = int(view.size()) - 1; i >= 0; --i) {
        if (view.at(i).startsTurn() && !isBlock(view.at(i)) && view.at(i).turn >= 0)
            return i;
    }
    return int(view.size());
}

/// The record's non-System messages after `afterId` (from the start when it is empty) through
/// `lastId`: what a span stands for. Empty when `lastId` is not in the record.
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

QString spanEnd(const CompactionEvent &event)
{
    for (const ViewEdit &edit : event.edits) {
        if (edit.kind == ViewEdit::Kind::ReplacePrefix)
            return edit.lastMessageId;
    }
    return {};
}

/// The MemoryRefs that replaced stand-ins (an earlier block, another strategy's summary) still
/// show: the way back to what memory holds goes on into the new block.
QStringList standInRefs(const QList<Message> &replaced)
{
    QStringList lines;
    for (const Message &message : replaced) {
        if (message.turn >= 0)
            continue;
        for (const Part &part : message.parts) {
            for (const MemoryRef &ref : MemoryRef::findAll(part.text)) {
                if (!lines.contains(ref.line()))
                    lines.append(ref.line());
            }
        }
    }
    return lines;
}

} // namespace

QString OneShotStrategy::blockIdPrefix()
{
    return QStringLiteral("ctx-oneshot-");
}

QString OneShotStrategy::systemPromptSection() const
{
    // For the model; English.
    return QStringLiteral(
        "# Context\n"
        "This session uses one-shot history: you see the current task (the latest user request and what you did for "
        "it), the plan, the progress ledger (files read with the hash of what you saw, the current step) and pinned "
        "messages. Earlier turns are not in the context; a block before the task names them and the transcript that "
        "holds them. search_history finds any earlier message verbatim (get_turn returns a whole turn by its id, "
        "T-<n>, where it is offered). Work from the task and the plan; look back only when they are not enough.");
}

Result<StrategyReport> OneShotStrategy::apply(QList<Message> &view, const StrategyBudget &budget,
                                              const StrategyContext &context)
{
    StrategyReport report;
    const int start = currentTurnStart(view, context.currentTurn);
    const int last = start - 1;
    bool onlyBlock = true;
    for (int i = 0; i <= last; ++i)
        onlyBlock = onlyBlock && isBlock(view.at(i));
    if (last < 0 || onlyBlock)
        return report;

    const Message &lastReplaced = view.at(last);
    int through = -1;
    for (int i = 0; i <= last; ++i)
        through = qMax(through, view.at(i).turn);
    // The turns this build takes out of view, since the previous block's end.
    std::optional<CompactionEvent> previous;
    for (qsizetype i = context.history.size() - 1; i >= 0 && !previous; --i) {
        if (context.history.at(i).action == QLatin1String("oneshot"))
            previous = context.history.at(i);
    }
    const QList<Message> span = recordSpan(context.record, previous ? spanEnd(*previous) : QString(), lastReplaced.id);
    QStringList transcripts;
    if (previous) {
        for (const QJsonValue &path : previous->state.value(QLatin1String("transcripts")).toArray())
            transcripts.append(path.toString());
    }
    QString transcript;
    if (context.archive && !span.isEmpty()) {
        const SpanTranscript saved = spanTranscript(span);
        // Without a transcript the turns are still in the record (search_history, get_turn):
        // the way back is their ids.
        const Result<QStringList> stored = context.archive->storeTranscript(saved.name, saved.json, saved.markdown);
        if (stored.ok()) {
            transcript = stored->constLast();
            transcripts.append(transcript);
        }
    }

    // The block: where the earlier turns went, then what is never dropped.
    const QString range = through >= 1 ? QStringLiteral("T-1 through %1").arg(turnLabel(through)) : turnLabel(through);
    QString text = QStringLiteral("<earlier-turns through=\"%1\">\nTurns %2 are not in the context (one-shot history). ")
                       .arg(turnLabel(through), range);
    if (!transcripts.isEmpty())
        text += QStringLiteral("Their messages are saved in %1 (read_file {\"path\": \"...\"}). ").arg(transcripts.join(QStringLiteral(", ")));
    text += QStringLiteral("search_history finds any of them verbatim.\n</earlier-turns>");
    QList<Message> before = context.record;
    while (!before.isEmpty() && before.constLast().turn >= context.currentTurn && context.currentTurn >= 0)
        before.removeLast();
    for (const Message &message : std::as_const(before)) {
        if (!context.pinnedMessages.contains(message.id) || message.role == Role::System)
            continue;
        text += QStringLiteral("\n<pinned id=\"%1\" turn=\"%2\">\n%3\n</pinned>").arg(message.id, turnLabel(message.turn), message.text());
    }
    const ProgressLedger ledger = progressLedger(context.record);
    if (!ledger.isEmpty())
        text += QLatin1Char('\n') + ledger.toText();
    const QStringList refs = standInRefs(view.mid(0, start));
    if (!refs.isEmpty())
        text += QStringLiteral("\n<kept-references>\n%1\n</kept-references>").arg(refs.join(QLatin1Char('\n')));

    Message block;
    block.id = blockIdPrefix() + lastReplaced.id;
    block.role = Role::User;
    // A stand-in for many turns is no turn of the record.
    block.turn = -1;
    block.parts.append(Part::makeText(text));

    ViewEdit edit;
    edit.kind = ViewEdit::Kind::ReplacePrefix;
    edit.lastMessageId = lastReplaced.id;
    edit.messages = {block};
    edit.item = QStringLiteral("span");
    edit.pointer = transcript.isEmpty() ? QStringLiteral("%1..%2").arg(turnLabel(1), turnLabel(through)) : transcript;
    edit.tokensBefore = 0;
    CompactionEvent event;
    event.action = QStringLiteral("oneshot");
    for (int i = 0; i <= last; ++i) {
        edit.tokensBefore += budget.countTokens ? budget.countTokens(view.at(i)) : 0;
        event.replaced.append(view.at(i).id);
    }
    edit.tokensAfter = budget.countTokens ? budget.countTokens(block) : 0;
    event.edits.append(edit);
    if (!transcript.isEmpty())
        event.pointers.append(transcript);
    event.state = QJsonObject{{QStringLiteral("through"), turnLabel(through)},
                              {QStringLiteral("transcript"), transcript},
                              {QStringLiteral("transcripts"), QJsonArray::fromStringList(transcripts)}};

    const qint64 viewBefore = budget.viewTokens >= 0 ? budget.viewTokens : budget.count(view);
    QList<Message> shown{block};
    shown.append(view.mid(start));
    view = shown;
    report.tokensBefore = viewBefore + budget.fixedTokens + budget.correction;
    report.tokensAfter = report.tokensBefore - edit.tokensBefore + edit.tokensAfter;
    report.replaced = event.replaced;
    report.events.append(event);
    return report;
}

} // namespace valis
