#include "ssefixtures.h"

#include "cassette.h"
#include "testsupport.h"

#include <QDirIterator>
#include <QFile>

#include <algorithm>

namespace valis::test {

QList<FixtureStream> fixtureSseStreams(QString *problem)
{
    QList<FixtureStream> streams;
    struct Source
    {
        const char *folder;
        QStringList patterns;
    };
    const Source files[] = {
        {"claude-trace-traffic/sse", {QStringLiteral("*.sse")}},
        {"anthropic-sdk-python/streaming", {QStringLiteral("*.txt")}},
        {"anthropic-sdk-python/fable-fallback", {QStringLiteral("*.sse")}},
        {"anthropic-sdk-typescript/lib-fixtures", {QStringLiteral("*.txt")}},
        {"openai-python-chat-sse", {QStringLiteral("*.sse")}},
        {"openai-codex", {QStringLiteral("*.sse")}},
    };
    for (const Source &source : files) {
        const QString folder = fixturePath(QString::fromLatin1(source.folder));
        if (folder.isEmpty())
            continue;
        QDirIterator it(folder, source.patterns, QDir::Files);
        QStringList paths;
        while (it.hasNext())
            paths << it.next();
        std::sort(paths.begin(), paths.end());
        for (const QString &path : std::as_const(paths)) {
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly)) {
                if (problem && problem->isEmpty())
                    *problem = path + QStringLiteral(": ") + file.errorString();
                continue;
            }
            streams.append({path, file.readAll()});
        }
    }
    const QString cassettes = fixturePath(QStringLiteral("fantasy-provider-cassettes/testdata"));
    if (!cassettes.isEmpty()) {
        QDirIterator it(cassettes, {QStringLiteral("*.yaml")}, QDir::Files, QDirIterator::Subdirectories);
        QStringList paths;
        while (it.hasNext())
            paths << it.next();
        std::sort(paths.begin(), paths.end());
        for (const QString &path : std::as_const(paths)) {
            const auto exchanges = readCassette(path);
            if (!exchanges.ok()) {
                if (problem && problem->isEmpty())
                    *problem = exchanges.error().toString();
                continue;
            }
            for (const RecordedExchange &exchange : *exchanges) {
                if (exchange.isEventStream())
                    streams.append({exchange.location, exchange.responseBody});
            }
        }
    }
    return streams;
}

} // namespace valis::test
