#pragma once

#include "fuzzsupport.h"
#include "jsonscanner.h"
#include "streamcheck.h"

#include <QStringList>

#include <algorithm>

/// The body of the three stream decoder targets: the input is the response body, so recorded
/// streams are seeds as they are; its last byte also picks the chunk size for the second read. Checked: SseParser gives the same events whether the body comes
/// whole or in chunks; the decoder's fast path (JsonScanner) decodes exactly as its reference
/// (QJsonDocument); a stream that ends Done has exactly one Stopped, last. (The content promises
/// test::streamProblems checks on recorded streams, such as deltas adding up to the final
/// parts, hold for honest servers only: a hostile body can send a final output that differs from
/// its deltas, or arguments that are not JSON, and the decoder rightly records what it got.)
namespace valis::fuzz {

inline QString describeStream(const test::DecodedStream &stream)
{
    return QStringLiteral("status %1, failure %2 %3\n").arg(int(stream.status)).arg(int(stream.failure.kind)).arg(stream.failure.message)
        + test::describe(stream.events);
}

inline bool sameStream(const test::DecodedStream &a, const test::DecodedStream &b)
{
    return a.events == b.events && a.status == b.status && a.failure.kind == b.failure.kind
        && a.failure.message == b.failure.message && a.failure.errorType == b.failure.errorType;
}

template<typename Decoder>
void fuzzStream(const uint8_t *data, size_t size)
{
    if (size == 0)
        return;
    const qsizetype chunk = 1 + data[size - 1] % 64;
    const QByteArray body = bytes(data, size);

    Decoder wholeDecoder(providers::FastPath::On);
    const test::DecodedStream whole = test::decodeStream(wholeDecoder, body);
    Decoder chunkedDecoder(providers::FastPath::On);
    const test::DecodedStream chunked = test::decodeStream(chunkedDecoder, body, chunk);
    VALIS_FUZZ_CHECK(sameStream(whole, chunked),
                     QStringLiteral("chunks of %1 bytes decode differently\n").arg(chunk) + describeStream(whole)
                         + QStringLiteral("---\n") + describeStream(chunked));
    Decoder referenceDecoder(providers::FastPath::Off);
    const test::DecodedStream reference = test::decodeStream(referenceDecoder, body);
    VALIS_FUZZ_CHECK(sameStream(whole, reference),
                     QStringLiteral("the fast path and QJsonDocument disagree\n") + describeStream(whole)
                         + QStringLiteral("---\n") + describeStream(reference));
    if (whole.status == StreamDecoder::Status::Done) {
        const qsizetype stops = std::count_if(whole.events.cbegin(), whole.events.cend(), [](const ProviderEvent &event) {
            return event.kind == ProviderEvent::Kind::Stopped;
        });
        VALIS_FUZZ_CHECK(stops == 1 && whole.events.constLast().kind == ProviderEvent::Kind::Stopped,
                         QStringLiteral("Done without exactly one Stopped, last\n") + describeStream(whole));
    }
}

} // namespace valis::fuzz
