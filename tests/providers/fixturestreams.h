#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace valis::test {

/// The wire formats the provider plugins decode.
enum class WireKind { Anthropic, Chat, Responses };

/// One recorded response stream from ../shared/fixtures.
struct FixtureStream
{
    QString name; ///< the file (and the cassette exchange's place) it came from
    QByteArray body;
};

/// Every recorded 200 text/event-stream body of `kind` in the fixture folder:
/// - Anthropic: claude-trace-traffic/sse/*.sse, anthropic-sdk-python/streaming/*.txt and
///   fable-fallback/*.sse, anthropic-sdk-typescript/lib-fixtures/*.txt, and the fantasy
///   cassettes' exchanges with api.anthropic.com or a Vertex :streamRawPredict URL;
/// - Chat: openai-python-chat-sse/*.sse and the cassettes' .../chat/completions exchanges;
/// - Responses: openai-codex/cli_responses_fixture.sse and the cassettes' .../responses exchanges.
/// A cassette that cannot be read is named in `errors`.
QList<FixtureStream> fixtureStreams(WireKind kind, QStringList *errors);

/// The response body of the first streamed exchange in one cassette (empty when none).
QByteArray cassetteStream(const QString &relativePath, QString *error);

} // namespace valis::test
