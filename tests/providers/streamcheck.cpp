#include "streamcheck.h"

#include "valis/provider/sseparser.h"

#include <QHash>
#include <QJsonDocument>

namespace valis::test {

DecodedStream decodeStream(StreamDecoder &decoder, const QByteArray &bytes, qsizetype chunkSize)
{
    DecodedStream result;
    SseParser parser;
    auto handle = [&](const SseEvent &event) {
        if (result.status != StreamDecoder::Status::Continue)
            return;
        ++result.sseEvents;
        result.status = decoder.decode(event, result.events, &result.failure);
    };
    const qsizetype step = chunkSize > 0 ? chunkSize : qMax<qsizetype>(1, bytes.size());
    for (qsizetype at = 0; at < bytes.size() && result.status == StreamDecoder::Status::Continue; at += step)
        parser.feed(QByteArrayView(bytes.constData() + at, qMin(step, bytes.size() - at)), handle);
    if (result.status == StreamDecoder::Status::Continue)
        parser.finish(handle);
    if (result.status == StreamDecoder::Status::Continue)
        result.status = decoder.finish(result.events, &result.failure);
    return result;
}

QList<Part> stoppedParts(const QList<ProviderEvent> &events)
{
    for (const ProviderEvent &event : events) {
        if (event.kind == ProviderEvent::Kind::Stopped)
            return event.parts;
    }
    return {};
}

QString stopReason(const QList<ProviderEvent> &events)
{
    for (const ProviderEvent &event : events) {
        if (event.kind == ProviderEvent::Kind::Stopped)
            return event.stopReason;
    }
    return {};
}

QString joinedText(const QList<ProviderEvent> &events, ProviderEvent::Kind kind, const QString &callId)
{
    QString text;
    for (const ProviderEvent &event : events) {
        if (event.kind == kind && (callId.isEmpty() || event.callId == callId))
            text += event.text;
    }
    return text;
}

QList<ProviderEvent> eventsOf(const QList<ProviderEvent> &events, ProviderEvent::Kind kind)
{
    QList<ProviderEvent> out;
    for (const ProviderEvent &event : events) {
        if (event.kind == kind)
            out.append(event);
    }
    return out;
}

Usage lastUsage(const QList<ProviderEvent> &events)
{
    Usage usage;
    for (const ProviderEvent &event : events) {
        if (event.kind == ProviderEvent::Kind::UsageReported)
            usage = event.usage;
    }
    return usage;
}

QString describe(const QList<ProviderEvent> &events)
{
    QString out;
    for (const ProviderEvent &event : events) {
        out += ProviderEvent::kindName(event.kind);
        if (!event.callId.isEmpty())
            out += QStringLiteral(" [") + event.callId + QLatin1Char(']');
        if (!event.toolName.isEmpty())
            out += QLatin1Char(' ') + event.toolName;
        if (!event.text.isEmpty())
            out += QStringLiteral(" \"") + event.text.left(60) + QLatin1Char('"');
        if (!event.stopReason.isEmpty())
            out += QLatin1Char(' ') + event.stopReason + QStringLiteral(" parts=") + QString::number(event.parts.size());
        out += QLatin1Char('\n');
    }
    return out;
}

namespace {

void checkToolCalls(const QList<ProviderEvent> &events, const QList<Part> &parts, QStringList &problems)
{
    QHash<QString, int> state; // 1 started, 2 finished
    QStringList order;
    for (const ProviderEvent &event : events) {
        switch (event.kind) {
        case ProviderEvent::Kind::ToolCallStarted:
            if (state.contains(event.callId))
                problems << QStringLiteral("call %1 started twice").arg(event.callId);
            state.insert(event.callId, 1);
            order << event.callId;
            break;
        case ProviderEvent::Kind::ToolCallArgumentsDelta:
            if (state.value(event.callId) != 1)
                problems << QStringLiteral("arguments of call %1 outside its start and finish").arg(event.callId);
            break;
        case ProviderEvent::Kind::ToolCallFinished:
            if (state.value(event.callId) != 1)
                problems << QStringLiteral("call %1 finished without being open").arg(event.callId);
            state.insert(event.callId, 2);
            break;
        default:
            break;
        }
    }
    for (const QString &callId : std::as_const(order)) {
        const Part *part = nullptr;
        int matches = 0;
        for (const Part &candidate : parts) {
            if (candidate.kind == PartKind::ToolCall && candidate.callId == callId) {
                part = &candidate;
                ++matches;
            }
        }
        if (matches != 1) {
            problems << QStringLiteral("call %1 has %2 ToolCall parts").arg(callId).arg(matches);
            continue;
        }
        QString name;
        for (const ProviderEvent &event : events) {
            if (event.kind == ProviderEvent::Kind::ToolCallStarted && event.callId == callId)
                name = event.toolName;
        }
        if (part->toolName != name)
            problems << QStringLiteral("call %1 is %2 in the events, %3 in the parts").arg(callId, name, part->toolName);
        if (state.value(callId) != 2)
            continue;
        QString arguments = joinedText(events, ProviderEvent::Kind::ToolCallArgumentsDelta, callId);
        if (arguments.isEmpty())
            arguments = QStringLiteral("{}");
        QJsonParseError error;
        const QJsonDocument parsed = QJsonDocument::fromJson(arguments.toUtf8(), &error);
        if (error.error != QJsonParseError::NoError || !parsed.isObject())
            problems << QStringLiteral("finished call %1 has arguments that are not a JSON object: %2").arg(callId, arguments);
        else if (QJsonValue(parsed.object()) != part->arguments)
            problems << QStringLiteral("call %1: the argument deltas differ from the part's arguments").arg(callId);
    }
}

} // namespace

QStringList streamProblems(const DecodedStream &stream)
{
    QStringList problems;
    if (stream.status != StreamDecoder::Status::Done)
        problems << QStringLiteral("the stream did not end Done (%1: %2)")
                        .arg(ProviderFailure::kindName(stream.failure.kind), stream.failure.message);
    const QList<ProviderEvent> stops = eventsOf(stream.events, ProviderEvent::Kind::Stopped);
    if (stops.size() != 1)
        problems << QStringLiteral("%1 Stopped events").arg(stops.size());
    if (stream.events.isEmpty() || stream.events.last().kind != ProviderEvent::Kind::Stopped)
        problems << QStringLiteral("the last event is not Stopped");
    if (stops.isEmpty())
        return problems;
    const QList<Part> parts = stops.first().parts;

    QString text;
    QString thinking;
    QString redacted;
    QStringList signatures;
    for (const Part &part : parts) {
        if (part.kind == PartKind::Text)
            text += part.text;
        if (part.kind == PartKind::Thinking) {
            thinking += part.text;
            redacted += part.redactedData;
            if (!part.signature.isEmpty())
                signatures << part.signature;
        }
    }
    if (joinedText(stream.events, ProviderEvent::Kind::TextDelta) != text)
        problems << QStringLiteral("the text deltas differ from the Text parts");
    if (joinedText(stream.events, ProviderEvent::Kind::ThinkingDelta) != thinking)
        problems << QStringLiteral("the thinking deltas differ from the Thinking parts");
    if (joinedText(stream.events, ProviderEvent::Kind::RedactedThinking) != redacted)
        problems << QStringLiteral("the redacted thinking events differ from the parts' redacted data");
    QStringList signatureEvents;
    for (const ProviderEvent &event : eventsOf(stream.events, ProviderEvent::Kind::ThinkingSignature))
        signatureEvents << event.text;
    if (signatureEvents != signatures)
        problems << QStringLiteral("the signature events differ from the Thinking parts' signatures");
    checkToolCalls(stream.events, parts, problems);
    return problems;
}

} // namespace valis::test
