#include "getturntool.h"

#include "historyrecord.h"
#include "historytext.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "valis/agent/contextpipeline.h"
#include "valis/context/compactionevent.h"
#include "valis/context/turnversions.h"
#include "valis/store/sessionstore.h"

namespace valis::tools::history {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

namespace {

QString cut(const QString &text, const QString &messageId, int part)
{
    const QByteArray utf8 = text.toUtf8();
    if (utf8.size() <= GetTurnTool::MaxPartBytes)
        return text;
    const qsizetype head = GetTurnTool::MaxPartBytes * 2 / 3;
    const qsizetype tail = GetTurnTool::MaxPartBytes / 3;
    return text.left(head) + QStringLiteral("\n…[%1 of %2 characters left out; search_history {\"message\":\"%3\",\"part\":%4} "
                                            "reads it whole]…\n")
                                 .arg(text.size() - head - tail)
                                 .arg(text.size())
                                 .arg(messageId)
                                 .arg(part)
           + text.right(tail);
}

/// The record of one turn as text: who said what, the calls and their results.
QString rawTurn(const QList<Message> &messages)
{
    QStringList lines;
    for (const Message &message : messages) {
        const QList<FlatPart> flat = flattenParts(message);
        for (const FlatPart &part : flat) {
            if (part.parent >= 0)
                continue; // a result's content is shown with the result
            switch (part.kind) {
            case PartKind::Text:
                lines.append(QStringLiteral("[%1] ").arg(roleName(message.role)) + cut(part.text, message.id, part.index));
                break;
            case PartKind::Thinking:
                break;
            case PartKind::ToolCall:
                lines.append(QStringLiteral("[call %1] ").arg(part.toolName) + cut(part.text, message.id, part.index));
                break;
            case PartKind::ToolResult:
                lines.append(QStringLiteral("[result of %1%2] ").arg(part.toolName, part.isError ? QStringLiteral(", error") : QString())
                             + cut(part.text, message.id, part.index));
                break;
            case PartKind::Image:
                lines.append(QStringLiteral("[image %1]").arg(part.imageUri));
                break;
            }
        }
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

ToolSpec GetTurnTool::spec() const
{
    ToolSpec spec;
    spec.name = name();
    spec.description = QStringLiteral(
        "Bring an earlier turn of this session back at a higher fidelity than your context shows it. Turns are tagged in "
        "the context with their id and level (<T-12-C>, <T-1-through-40-T>); ask for a turn (or a range with `through`, at "
        "most %1 turns) at level R (the record itself: every message, call and result, long parts cut with the "
        "search_history call that reads them), S (smoothed) or C (compressed). The answer is shown on the announcement "
        "board at the end of your context for a few turns, then leaves; ask again if you need it later.")
                           .arg(MaxTurns);
    spec.inputSchema = ToolSchema()
                           .integer(QStringLiteral("turn"), QStringLiteral("The turn's number: 12 for <T-12-C>."), 0, 100000000)
                           .integer(QStringLiteral("through"),
                                    QStringLiteral("The last turn of a range (at most %1 turns from `turn`).").arg(MaxTurns), 0,
                                    100000000)
                           .enumeration(QStringLiteral("level"),
                                        QStringLiteral("R (the record, default), S (smoothed) or C (compressed)."),
                                        {QStringLiteral("R"), QStringLiteral("S"), QStringLiteral("C")}, QStringLiteral("R"))
                           .required({QStringLiteral("turn")})
                           .build();
    spec.readOnly = true;
    // What the model asked for: a pointer instead would defeat the call.
    spec.captureResults = false;
    return spec;
}

ToolOutcome GetTurnTool::run(const ToolCall &call) const
{
    ToolArguments arguments(name(), call.arguments);
    const std::optional<qint64> first = arguments.optionalInteger(QStringLiteral("turn"), 0, 100000000);
    const std::optional<qint64> through = arguments.optionalInteger(QStringLiteral("through"), 0, 100000000);
    const QString letter = arguments.choice(QStringLiteral("level"), {QStringLiteral("R"), QStringLiteral("S"), QStringLiteral("C")},
                                            QStringLiteral("R"));
    if (!first)
        arguments.fail(QStringLiteral("give `turn`, the number of the turn to bring back (12 for <T-12-C>)"));
    const int from = int(first.value_or(0));
    const int to = int(through.value_or(from));
    if (first && to < from)
        arguments.fail(QStringLiteral("`through` (%1) must not be before `turn` (%2)").arg(to).arg(from));
    if (first && to - from + 1 > MaxTurns)
        arguments.fail(QStringLiteral("at most %1 turns per call; ask for %2 through %3 first").arg(MaxTurns).arg(from).arg(from + MaxTurns - 1));
    if (!arguments.ok())
        return ToolOutcome::error(arguments.errorMessage());
    const TurnLevel level = turnLevelFromString(letter).value_or(TurnLevel::Raw);

    if (call.context.sessionStorePath.isEmpty() || call.context.sessionId.isEmpty())
        return ToolOutcome::error(QStringLiteral("get_turn cannot run: there is no session record (a single tool call from the "
                                                 "command line has none)."));
    const Result<SessionStore *> opened = storeOnThisThread(call.context.sessionStorePath);
    if (opened.hasError())
        return ToolOutcome::error(QStringLiteral("get_turn cannot open the session's record: %1").arg(opened.error().message));
    SessionStore &store = **opened;
    const Result<QList<TurnInfo>> turns = store.turns(call.context.sessionId);
    if (turns.hasError())
        return ToolOutcome::error(QStringLiteral("get_turn failed: %1").arg(turns.error().message));
    const Result<QSet<qint64>> shown = store.shownBranch(call.context.sessionId);
    if (shown.hasError())
        return ToolOutcome::error(QStringLiteral("get_turn failed: %1").arg(shown.error().message));

    QStringList answer;
    qsizetype bytes = 0;
    int found = 0;
    for (const TurnInfo &info : turns.value()) {
        if (info.index < from || info.index > to)
            continue;
        if (call.isCancelled())
            return ToolOutcome::error(QStringLiteral("cancelled"));
        const Result<QList<Message>> read = store.messages(call.context.sessionId, info.firstSeq, info.lastSeq - info.firstSeq + 1);
        if (read.hasError())
            return ToolOutcome::error(QStringLiteral("get_turn failed: %1").arg(read.error().message));
        QList<Message> messages;
        for (const Message &message : read.value()) {
            if (message.role != Role::System && !isContextControlMessage(message) && shown->contains(message.seq))
                messages.append(message);
        }
        if (messages.isEmpty())
            continue;
        ++found;
        const QString tag = QStringLiteral("T-%1-%2").arg(info.index).arg(turnLevelLetter(level));
        // What the context shows of captured results: their placeholder, not the whole output.
        showCapturedResults(messages);
        const QString body = level == TurnLevel::Raw ? rawTurn(messages) : extractTurnVersions(messages, info.index).at(level).text;
        QString element = QStringLiteral("<%1>\n%2\n</%1>").arg(tag, body);
        if (bytes + element.toUtf8().size() > MaxAnswerBytes) {
            answer.append(QStringLiteral("[The answer is full at %1 bytes: ask for T-%2 onwards in another call, or at level "
                                         "S or C.]")
                              .arg(MaxAnswerBytes)
                              .arg(info.index));
            break;
        }
        bytes += element.toUtf8().size();
        answer.append(element);
    }
    if (found == 0) {
        const QList<TurnInfo> &all = turns.value();
        const QString range = all.isEmpty() ? QStringLiteral("This session has no turns yet.")
                                            : QStringLiteral("This session's turns are T-%1 to T-%2.")
                                                  .arg(all.constFirst().index)
                                                  .arg(all.constLast().index);
        return ToolOutcome::error(QStringLiteral("get_turn: there is no turn %1 on this branch. %2")
                                      .arg(from == to ? QString::number(from) : QStringLiteral("%1 to %2").arg(from).arg(to), range));
    }
    return ToolOutcome::text(answer.join(QStringLiteral("\n\n")));
}

} // namespace valis::tools::history
