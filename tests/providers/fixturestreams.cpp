#include "fixturestreams.h"

#include "cassette.h"
#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QUrl>

namespace valis::test {

namespace {

void addFiles(QList<FixtureStream> &out, const QString &folder, const QStringList &patterns)
{
    const QString path = fixturePath(folder);
    if (path.isEmpty())
        return;
    const QStringList names = QDir(path).entryList(patterns, QDir::Files, QDir::Name);
    for (const QString &name : names) {
        QFile file(QDir(path).filePath(name));
        if (file.open(QIODevice::ReadOnly))
            out.append({folder + QLatin1Char('/') + name, file.readAll()});
    }
}

bool urlIsKind(const QString &text, WireKind kind)
{
    const QUrl url(text);
    const QString path = url.path();
    switch (kind) {
    case WireKind::Anthropic:
        return url.host() == QLatin1String("api.anthropic.com") || path.endsWith(QLatin1String(":streamRawPredict"));
    case WireKind::Chat:
        return path.endsWith(QLatin1String("/chat/completions"));
    case WireKind::Responses:
        return path.endsWith(QLatin1String("/responses"));
    }
    return false;
}

} // namespace

QList<FixtureStream> fixtureStreams(WireKind kind, QStringList *errors)
{
    QList<FixtureStream> out;
    switch (kind) {
    case WireKind::Anthropic:
        addFiles(out, QStringLiteral("claude-trace-traffic/sse"), {QStringLiteral("*.sse")});
        addFiles(out, QStringLiteral("anthropic-sdk-python/streaming"), {QStringLiteral("*.txt")});
        addFiles(out, QStringLiteral("anthropic-sdk-python/fable-fallback"), {QStringLiteral("*.sse")});
        addFiles(out, QStringLiteral("anthropic-sdk-typescript/lib-fixtures"), {QStringLiteral("*.txt")});
        break;
    case WireKind::Chat:
        addFiles(out, QStringLiteral("openai-python-chat-sse"), {QStringLiteral("*.sse")});
        break;
    case WireKind::Responses:
        addFiles(out, QStringLiteral("openai-codex"), {QStringLiteral("cli_responses_fixture.sse")});
        break;
    }
    const QString cassettes = fixturePath(QStringLiteral("fantasy-provider-cassettes/testdata"));
    if (cassettes.isEmpty())
        return out;
    QStringList files;
    QDirIterator it(cassettes, {QStringLiteral("*.yaml")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    for (const QString &file : std::as_const(files)) {
        const auto exchanges = readCassette(file);
        if (!exchanges.ok()) {
            errors->append(exchanges.error().toString());
            continue;
        }
        const QString name = QDir(cassettes).relativeFilePath(file);
        for (qsizetype i = 0; i < exchanges->size(); ++i) {
            const RecordedExchange &exchange = exchanges->at(i);
            if (exchange.status == 200 && exchange.isEventStream() && urlIsKind(exchange.url, kind))
                out.append({name + QLatin1Char('#') + QString::number(i), exchange.responseBody});
        }
    }
    return out;
}

QByteArray cassetteStream(const QString &relativePath, QString *error)
{
    const QString path = fixturePath(relativePath);
    if (path.isEmpty()) {
        *error = QStringLiteral("missing fixture ") + relativePath;
        return {};
    }
    const auto exchanges = readCassette(path);
    if (!exchanges.ok()) {
        *error = exchanges.error().toString();
        return {};
    }
    for (const RecordedExchange &exchange : exchanges.value()) {
        if (exchange.status == 200 && exchange.isEventStream())
            return exchange.responseBody;
    }
    *error = QStringLiteral("no streamed exchange in ") + relativePath;
    return {};
}

} // namespace valis::test
