#include "agent/streamassembler.h"

#include <QJsonArray>

namespace valis {

namespace {
void mergeUsage(Usage &into, const Usage &from)
{
    auto take = [](qint64 &field, qint64 value) {
        if (value >= 0)
            field = value;
    };
    take(into.inputTokens, from.inputTokens);
    take(into.outputTokens, from.outputTokens);
    take(into.cacheWriteTokens, from.cacheWriteTokens);
    take(into.cacheReadTokens, from.cacheReadTokens);
}
} // namespace

Part &StreamAssembler::openPart(PartKind kind)
{
    if (m_open < 0 || m_parts.at(m_open).kind != kind) {
        m_parts.append(kind == PartKind::Thinking ? Part::makeThinking(QString()) : Part::makeText(QString()));
        m_open = m_parts.size() - 1;
    }
    return m_parts[m_open];
}

void StreamAssembler::add(const ProviderEvent &event)
{
    using Kind = ProviderEvent::Kind;
    switch (event.kind) {
    case Kind::TextDelta:
        m_hasContent = true;
        openPart(PartKind::Text).text += event.text;
        break;
    case Kind::ThinkingDelta:
        m_hasContent = true;
        openPart(PartKind::Thinking).text += event.text;
        break;
    case Kind::ThinkingSignature:
        openPart(PartKind::Thinking).signature = event.text;
        m_open = -1; // a signature closes its block: the next thinking is a new part
        break;
    case Kind::RedactedThinking: {
        m_hasContent = true;
        Part part = Part::makeThinking(QString());
        part.redactedData = event.text;
        m_parts.append(part);
        m_open = -1;
        break;
    }
    case Kind::ToolCallStarted:
        m_hasContent = true;
        m_callIndex.insert(event.callId, m_parts.size());
        m_parts.append(Part::makeToolCallFromText(event.callId, event.toolName, QString()));
        m_open = -1;
        break;
    case Kind::ToolCallArgumentsDelta: {
        const auto it = m_callIndex.constFind(event.callId);
        if (it == m_callIndex.constEnd())
            break;
        Part &call = m_parts[*it];
        call.argumentsText = call.argumentsText.value_or(QString()) + event.text;
        break;
    }
    case Kind::ToolCallFinished: {
        m_finishedCalls.insert(event.callId);
        const auto it = m_callIndex.constFind(event.callId);
        if (it != m_callIndex.constEnd()) {
            Part &call = m_parts[*it];
            // Parse once, when whole: an empty argument text is an empty object.
            const QString text = call.argumentsText.value_or(QString());
            call = Part::makeToolCallFromText(call.callId, call.toolName,
                                              text.trimmed().isEmpty() ? QStringLiteral("{}") : text);
            if (text.trimmed().isEmpty())
                call.argumentsText.reset();
        }
        break;
    }
    case Kind::UsageReported:
        mergeUsage(m_usage, event.usage);
        break;
    case Kind::Stopped:
        m_stopped = true;
        m_stopReason = event.stopReason;
        m_finalParts = event.parts;
        break;
    case Kind::ContextEdited:
        m_contextEdits.append(event.details);
        break;
    }
}

QString StreamAssembler::text() const
{
    QString text;
    for (const Part &part : m_parts) {
        if (part.kind == PartKind::Text)
            text += part.text;
    }
    return text;
}

Message StreamAssembler::message(bool interrupted) const
{
    Message message;
    message.role = Role::Assistant;
    message.parts = answerParts();
    // Parts the deltas opened but that stayed empty say nothing.
    message.parts.removeIf([](const Part &part) {
        // A server block kept verbatim (Anthropic's compaction) has no text but must go back.
        return (part.kind == PartKind::Text && part.text.isEmpty() && part.wire.isEmpty())
            || (part.kind == PartKind::Thinking && part.text.isEmpty() && part.signature.isEmpty()
                && part.redactedData.isEmpty() && part.wire.isEmpty());
    });
    message.stopReason = interrupted ? QStringLiteral("interrupted") : m_stopReason;
    message.usage = m_usage;
    const QStringList incomplete = incompleteCallIds();
    if (!incomplete.isEmpty())
        message.metadata.insert(QStringLiteral("incompleteCalls"), QJsonArray::fromStringList(incomplete));
    if (interrupted)
        message.metadata.insert(QStringLiteral("interrupted"), true);
    return message;
}

QList<Part> StreamAssembler::completeCalls() const
{
    QList<Part> calls;
    for (const Part &part : answerParts()) {
        if (part.kind == PartKind::ToolCall && m_finishedCalls.contains(part.callId))
            calls.append(part);
    }
    return calls;
}

QStringList StreamAssembler::incompleteCallIds() const
{
    QStringList ids;
    for (const Part &part : answerParts()) {
        if (part.kind == PartKind::ToolCall && !m_finishedCalls.contains(part.callId))
            ids.append(part.callId);
    }
    return ids;
}

} // namespace valis
