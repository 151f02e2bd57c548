#include "baselinecommon.h"
#include "peerbaselines.h"

namespace valis::bench {

namespace {

const QString Masked = QStringLiteral("<MASKED>");
const QString SummaryPrefix = QStringLiteral("openhands-summary-");

// A stand-in of about the length of the condenser's summarising prompt (the V0 and SDK prompts
// ask for the same sections: user context, task tracking, completed and pending work, current
// state, code state, tests, changes, dependencies, version control), for what the call costs.
const QString SummaryInstruction = QStringLiteral(
    "You are keeping a running summary of what an autonomous coding agent has done, so that it can carry on when the "
    "events below are removed from its context. You get the previous summary, if there is one, and the events that "
    "are being forgotten. Write a new summary that keeps everything still relevant from the previous one and adds "
    "what the events show. If the events track tasks, keep a TASK_TRACKING section with every task id and status "
    "exactly as given.\n\n"
    "Track:\n"
    "USER_CONTEXT: the user's requirements, goals and clarifications, briefly.\n"
    "TASK_TRACKING: active tasks with their ids and statuses.\n"
    "COMPLETED: what is done, with short results.\n"
    "PENDING: what still has to be done.\n"
    "CURRENT_STATE: variables, data structures and other state that matter now.\n"
    "For code: CODE_STATE (file paths, function signatures, data structures), TESTS (failing cases, error messages, "
    "output), CHANGES (edits made), DEPS (dependencies, imports, external calls), VERSION_CONTROL_STATUS (branch, "
    "commits, pull request).\n\n"
    "Adapt the sections to the kind of task, keep the user's requirements, keep completed and pending work apart, "
    "and be concise; leave out what does not matter for the task.\n\n"
    "<PREVIOUS SUMMARY>\n%1\n</PREVIOUS SUMMARY>\n\n%2\nNow summarize the events using the rules above.");

QString eventsText(const QList<Message> &messages)
{
    QString text;
    for (const Message &message : messages) {
        if (message.id.startsWith(SummaryPrefix))
            continue;
        text += QStringLiteral("<EVENT id=%1>\n").arg(message.id);
        for (const Part &part : message.parts) {
            switch (part.kind) {
            case PartKind::Text:
            case PartKind::Thinking:
                text += part.text + QLatin1Char('\n');
                break;
            case PartKind::ToolCall:
                text += part.toolName + QLatin1Char(' ') + part.argumentsJson() + QLatin1Char('\n');
                break;
            case PartKind::ToolResult:
                text += part.resultText() + QLatin1Char('\n');
                break;
            case PartKind::Image:
                break;
            }
        }
        text += QStringLiteral("</EVENT>\n");
    }
    return text;
}

} // namespace

QJsonObject OpenHandsMaskingBaseline::defaultSettings() const
{
    return QJsonObject{{QStringLiteral("attentionWindow"), 100}};
}

Result<StrategyReport> OpenHandsMaskingBaseline::apply(QList<Message> &view, const StrategyBudget &budget,
                                                       const StrategyContext &context)
{
    const int window = qMax(1, context.settings.value(QLatin1String("attentionWindow")).toInt(100));
    int total = 0;
    for (const Message &message : std::as_const(view))
        total += openHandsEvents(message);
    const int limit = total - window;
    StrategyReport report;
    if (limit <= 0)
        return report;

    CompactionEvent event;
    event.action = QStringLiteral("mask");
    int index = 0; // of the event a part is
    for (int i = 0; i < view.size() && index < limit; ++i) {
        if (view.at(i).role != Role::Tool) {
            index += openHandsEvents(view.at(i));
            continue;
        }
        bool anyResult = false;
        for (int p = 0; p < view.at(i).parts.size(); ++p) {
            const Part &part = view.at(i).parts.at(p);
            if (part.kind != PartKind::ToolResult)
                continue;
            anyResult = true;
            const bool outside = index < limit;
            ++index;
            if (!outside || (part.content.size() == 1 && part.content.constFirst().text == Masked))
                continue;
            Part masked = part;
            masked.content = {Part::makeText(Masked)};
            ViewEdit edit;
            edit.kind = ViewEdit::Kind::ReplacePart;
            edit.messageId = view.at(i).id;
            edit.partIndex = p;
            edit.part = masked;
            edit.item = QStringLiteral("tool-result");
            edit.tokensBefore = partTokens(budget, part);
            edit.tokensAfter = partTokens(budget, masked);
            view[i].parts[p] = masked;
            event.edits.append(edit);
            if (!event.replaced.contains(view.at(i).id))
                event.replaced.append(view.at(i).id);
        }
        if (!anyResult)
            ++index;
    }
    if (!event.edits.isEmpty())
        report.events.append(event);
    return finishReport(report);
}

QJsonObject OpenHandsCondenserBaseline::defaultSettings() const
{
    return QJsonObject{{QStringLiteral("maxSize"), 120}, {QStringLiteral("keepFirst"), 4}};
}

Result<StrategyReport> OpenHandsCondenserBaseline::apply(QList<Message> &view, const StrategyBudget &budget,
                                                         const StrategyContext &context)
{
    const int maxSize = qMax(2, context.settings.value(QLatin1String("maxSize")).toInt(120));
    const int keepFirst = qMax(0, context.settings.value(QLatin1String("keepFirst")).toInt(4));
    StrategyReport report;

    // The condenser's view starts with the system prompt event, which a replay keeps outside
    // the messages: event 0. Then one or more events per message.
    QList<int> messageOf{-1};
    for (int i = 0; i < view.size(); ++i) {
        for (int e = 0; e < openHandsEvents(view.at(i)); ++e)
            messageOf.append(i);
    }
    const int events = int(messageOf.size());
    if (events <= maxSize)
        return report;
    const int fromTail = maxSize / 2 - keepFirst - 1;
    if (fromTail <= 0)
        return Error(QStringLiteral("bench.settings"), QStringLiteral("keepFirst must be less than maxSize / 2"));

    // The kept head ends with the message of its last event and the results of its calls; the
    // kept tail starts with a message whose tool results keep their calls (the SDK's view never
    // parts a call from its observation).
    int headEnd = keepFirst > 0 ? messageOf.at(qMin(keepFirst, events) - 1) : -1;
    while (headEnd + 1 < view.size() && headEnd >= 0 && view.at(headEnd + 1).role == Role::Tool)
        ++headEnd;
    int tailStart = messageOf.at(events - fromTail);
    while (tailStart > headEnd + 1 && view.at(tailStart).role == Role::Tool)
        --tailStart;
    if (tailStart <= headEnd + 1)
        return report;

    const QList<Message> forgotten = view.mid(headEnd + 1, tailStart - headEnd - 1);
    QString previous;
    for (const Message &message : forgotten) {
        if (message.id.startsWith(SummaryPrefix))
            previous = message.text();
    }
    QList<Message> summarised;
    for (const Message &message : forgotten)
        summarised.append(message);
    const QString summary = extractiveSummaryOf(summarised);
    const Message &last = forgotten.constLast();
    const Message summaryMessage = syntheticUser(SummaryPrefix + last.id, last.turn, summary);

    QList<Message> replacement = view.mid(0, headEnd + 1);
    replacement.append(summaryMessage);
    ViewEdit edit;
    edit.kind = ViewEdit::Kind::ReplacePrefix;
    edit.lastMessageId = last.id;
    edit.messages = replacement;
    edit.item = QStringLiteral("span");
    edit.tokensBefore = tokensOf(budget, view, headEnd + 1, tailStart);
    edit.tokensAfter = budget.countTokens(summaryMessage);

    CompactionEvent event;
    event.action = QStringLiteral("condense");
    for (const Message &message : forgotten)
        event.replaced.append(message.id);
    event.edits.append(edit);
    // The condenser's own LLM call on a fresh prompt (it turns prompt caching off): nothing read
    // from the cache.
    event.state.insert(QStringLiteral("summaryCall"),
                       summaryCall(textTokens(budget, SummaryInstruction.arg(previous, eventsText(forgotten))), 0,
                                   textTokens(budget, summary)));
    QList<Message> shown = replacement;
    shown.append(view.mid(tailStart));
    view = shown;
    report.events.append(event);
    return finishReport(report);
}

} // namespace valis::bench
