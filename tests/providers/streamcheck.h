#pragma once

#include "valis/plugins/providerevent.h"
#include "valis/plugins/providerfailure.h"
#include "valis/provider/streamdecoder.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace valis::test {

/// What a decoder made of a whole recorded stream.
struct DecodedStream
{
    QList<ProviderEvent> events;
    StreamDecoder::Status status = StreamDecoder::Status::Continue;
    ProviderFailure failure;
    int sseEvents = 0; ///< SSE events the parser dispatched to the decoder
};

/// Feeds `bytes` through a fresh SseParser into `decoder` in pieces of `chunkSize` bytes (0: all
/// at once), as HttpSseStream does: nothing after Done or Failed, and at the end of the bytes
/// SseParser::finish() and then StreamDecoder::finish() if the stream had not ended.
DecodedStream decodeStream(StreamDecoder &decoder, const QByteArray &bytes, qsizetype chunkSize = 0);

/// The promises every stream that ends well keeps (see ProviderEvent); empty when all hold, else
/// one line per broken promise:
/// - Done, with exactly one Stopped, last;
/// - the TextDeltas joined equal the Stopped parts' top-level Text parts joined; the same for
///   ThinkingDeltas and Thinking parts, RedactedThinking and their redactedData, and
///   ThinkingSignature and the Thinking parts' signatures;
/// - every ToolCallStarted has one ToolCall part of the same id and name; its argument deltas
///   come after it and before its ToolCallFinished; for a finished call they join into valid
///   JSON equal to the part's arguments (empty means {}).
QStringList streamProblems(const DecodedStream &stream);

/// The Stopped event's parts (empty when there is none).
QList<Part> stoppedParts(const QList<ProviderEvent> &events);
/// The Stopped event's stop reason (empty when there is none).
QString stopReason(const QList<ProviderEvent> &events);
/// The `text` of the events of `kind`, joined (or of those with `callId` when given).
QString joinedText(const QList<ProviderEvent> &events, ProviderEvent::Kind kind, const QString &callId = {});
/// The events of `kind`.
QList<ProviderEvent> eventsOf(const QList<ProviderEvent> &events, ProviderEvent::Kind kind);
/// The last UsageReported (all -1 when none).
Usage lastUsage(const QList<ProviderEvent> &events);
/// One line per event, for failure messages.
QString describe(const QList<ProviderEvent> &events);

} // namespace valis::test
