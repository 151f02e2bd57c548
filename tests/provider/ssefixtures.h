#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace valis::test {

/// One recorded event stream from the shared fixtures.
struct FixtureStream
{
    QString name; ///< the file (and, for cassettes, the exchange's line)
    QByteArray bytes;
};

/// Every recorded text/event-stream body in the shared fixtures: the .sse and .txt stream files
/// (claude-trace, the Anthropic SDKs, openai-python, Codex) and the streaming bodies of the
/// go-vcr cassettes. `problem` receives the first file that could not be read.
QList<FixtureStream> fixtureSseStreams(QString *problem);

} // namespace valis::test
