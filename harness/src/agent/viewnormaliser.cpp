#include "valis/agent/viewnormaliser.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

namespace valis {

namespace {
// The synthetic results and notes are read by the model; the view and the prompt cache must not
// depend on the person's UI language: English, not tr()'d.
QSet<QString> incompleteCalls(const Message &message)
{
    QSet<QString> ids;
    for (const QJsonValue &id : message.metadata.value(QLatin1String("incompleteCalls")).toArray())
        ids.insert(id.toString());
    return ids;
}

Part interruptedResult(const Part &call)
{
    Part result = Part::makeToolResultText(
        call.callId,
        QStringLiteral("[interrupted: this call did not finish, so it has no result. Run it again if it is still needed.]"),
        true);
    result.toolName = call.toolName;
    return result;
}
} // namespace

bool NormaliseReport::isEmpty() const
{
    return syntheticResults.isEmpty() && droppedOrphans.isEmpty() && droppedIncomplete.isEmpty()
        && droppedEmptyMessages == 0;
}

bool toolCallIsComplete(const Message &message, const Part &call)
{
    if (call.kind != PartKind::ToolCall)
        return false;
    return !incompleteCalls(message).contains(call.callId);
}

NormaliseReport normaliseView(QList<Message> &view)
{
    NormaliseReport report;

    // Pass 1: replace incomplete calls by a note, and collect which calls remain.
    // Messages are reassigned only when something changes: a message left alone keeps sharing
    // its parts with the record, which is how the pipeline knows its cached count still holds.
    QSet<QString> calls;
    for (Message &message : view) {
        if (message.role != Role::Assistant)
            continue;
        bool anyIncomplete = false;
        for (const Part &part : std::as_const(message.parts)) {
            if (part.kind == PartKind::ToolCall && !toolCallIsComplete(message, part))
                anyIncomplete = true;
            else if (part.kind == PartKind::ToolCall)
                calls.insert(part.callId);
        }
        if (!anyIncomplete)
            continue;
        QList<Part> parts;
        parts.reserve(message.parts.size());
        for (const Part &part : std::as_const(message.parts)) {
            if (part.kind == PartKind::ToolCall && !toolCallIsComplete(message, part)) {
                report.droppedIncomplete.append(part.callId);
                parts.append(Part::makeText(
                    QStringLiteral("[a call of %1 was cut off before its arguments were complete; it was not run]").arg(part.toolName)));
                continue;
            }
            if (part.kind == PartKind::ToolCall)
                calls.insert(part.callId);
            parts.append(part);
        }
        message.parts = parts;
    }

    // Where each call's last result stands, so finding the calls without one later on is one
    // lookup per call, not a scan of the rest of the view (sessions run to thousands of turns).
    QHash<QString, qsizetype> lastResultAt;
    for (qsizetype i = 0; i < view.size(); ++i) {
        for (const Part &part : view.at(i).parts) {
            if (part.kind == PartKind::ToolResult)
                lastResultAt.insert(part.callId, i);
        }
    }

    // Pass 2: drop results that answer no call, and give every call a result right after its
    // message (providers require the answer in the next message).
    QList<Message> out;
    out.reserve(view.size());
    QSet<QString> answered;
    for (qsizetype i = 0; i < view.size(); ++i) {
        Message message = view.at(i);
        QList<Part> kept;
        bool dropped = false;
        for (const Part &part : std::as_const(message.parts)) {
            if (part.kind == PartKind::ToolResult && (!calls.contains(part.callId) || answered.contains(part.callId))) {
                report.droppedOrphans.append(part.callId);
                dropped = true;
                continue;
            }
            if (part.kind == PartKind::ToolResult)
                answered.insert(part.callId);
            kept.append(part);
        }
        if (dropped)
            message.parts = kept;
        if (message.parts.isEmpty() && message.role != Role::System) {
            ++report.droppedEmptyMessages;
            continue;
        }
        out.append(message);

        if (message.role != Role::Assistant)
            continue;
        QList<Part> pendingCalls;
        for (const Part &part : std::as_const(message.parts)) {
            if (part.kind == PartKind::ToolCall)
                pendingCalls.append(part);
        }
        if (pendingCalls.isEmpty())
            continue;
        QList<Part> synthetic;
        for (const Part &call : std::as_const(pendingCalls)) {
            if (lastResultAt.value(call.callId, -1) <= i) { // no result in the messages that follow
                synthetic.append(interruptedResult(call));
                report.syntheticResults.append(call.callId);
            }
        }
        if (!synthetic.isEmpty()) {
            const bool nextIsResults = i + 1 < view.size() && view.at(i + 1).role == Role::Tool;
            if (nextIsResults) {
                // Merged into the next tool message, so the calls' answers stay in one place.
                view[i + 1].parts = synthetic + view.at(i + 1).parts;
                for (const Part &part : std::as_const(synthetic))
                    calls.insert(part.callId);
            } else {
                Message results;
                results.id = message.id + QStringLiteral("-results");
                results.role = Role::Tool;
                results.parts = synthetic;
                results.turn = message.turn;
                results.metadata.insert(QStringLiteral("synthetic"), true);
                out.append(results);
                for (const Part &part : std::as_const(synthetic))
                    answered.insert(part.callId);
            }
        }
    }
    view = out;
    return report;
}

} // namespace valis
