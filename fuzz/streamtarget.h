#pragma once

#include "fuzzsupport.h"
#include "jsonscanner.h"
#include "streamcheck.h"

#include <QStringList>

/// The body of the three stream decoder targets: the input is the response body, so recorded
/// streams are seeds as they are; its last byte also picks the chunk size for the second read. Checked: SseParser gives the same events whether the body comes
/// whole or in chunks; the decoder's fast path (JsonScanner) decodes exactly as its reference
/// (QJsonDocument); a stream that ends Done keeps the promises of ProviderEvent
/// (test::streamProblems).
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
        const QStringList problems = test::streamProblems(whole);
        VALIS_FUZZ_CHECK(problems.isEmpty(), problems.join(QLatin1Char('\n')) + QLatin1Char('\n') + describeStream(whole));
    }
}

} // namespace valis::fuzz
