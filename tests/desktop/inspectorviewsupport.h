#pragma once

// What tst_inspectorview builds its sessions with: a small Claude Code file imported through the
// importers and the store, and a compacted session made through the real valis-cli and plugins
// against the scripted provider server.
#include "clirunner.h"
#include "providerserver.h"
#include "scriptedanthropic.h"
#include "testsupport.h"

#include "valis/core/datalocations.h"
#include "valis/import/transcriptimporter.h"
#include "valis/store/sessionstore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace valis::test {

struct Prompt
{
    qint64 input = 0;
    qint64 cacheWrite = 0;
    qint64 cacheRead = 0;
    qint64 total() const { return input + cacheWrite + cacheRead; }
};

/// A small Claude Code session file: a user line, then per prompt an assistant answer (with
/// its usage when `withUsage`) and the next user line.
inline QByteArray claudeCodeSession(const QString &sessionId, const QList<Prompt> &prompts, bool withUsage)
{
    QByteArray out;
    QString parent;
    const auto line = [&](QJsonObject object, const QString &uuid) {
        object.insert(QStringLiteral("uuid"), uuid);
        object.insert(QStringLiteral("parentUuid"), parent.isEmpty() ? QJsonValue() : QJsonValue(parent));
        object.insert(QStringLiteral("sessionId"), sessionId);
        object.insert(QStringLiteral("cwd"), QStringLiteral("/tmp/project"));
        object.insert(QStringLiteral("isSidechain"), false);
        object.insert(QStringLiteral("userType"), QStringLiteral("external"));
        object.insert(QStringLiteral("version"), QStringLiteral("2.1.38"));
        object.insert(QStringLiteral("timestamp"), QStringLiteral("2026-02-10T21:1%1:00.000Z").arg(uuid.size() % 10));
        out += QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
        parent = uuid;
    };
    for (int i = 0; i < prompts.size(); ++i) {
        line({{QStringLiteral("type"), QStringLiteral("user")},
              {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                                      {QStringLiteral("content"), QStringLiteral("Question %1 about the parser").arg(i + 1)}}}},
             QStringLiteral("00000000-0000-4000-8000-00000000000%1").arg(2 * i));
        QJsonObject message{{QStringLiteral("id"), QStringLiteral("msg_%1").arg(i + 1)},
                            {QStringLiteral("type"), QStringLiteral("message")},
                            {QStringLiteral("role"), QStringLiteral("assistant")},
                            {QStringLiteral("model"), QStringLiteral("claude-sonnet-4-5")},
                            {QStringLiteral("content"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                               {QStringLiteral("text"), QStringLiteral("Answer %1.").arg(i + 1)}}}},
                            {QStringLiteral("stop_reason"), QStringLiteral("end_turn")}};
        if (withUsage) {
            message.insert(QStringLiteral("usage"), QJsonObject{{QStringLiteral("input_tokens"), prompts.at(i).input},
                                                                {QStringLiteral("cache_creation_input_tokens"), prompts.at(i).cacheWrite},
                                                                {QStringLiteral("cache_read_input_tokens"), prompts.at(i).cacheRead},
                                                                {QStringLiteral("output_tokens"), 40}});
        }
        line({{QStringLiteral("type"), QStringLiteral("assistant")},
              {QStringLiteral("requestId"), QStringLiteral("req_%1").arg(i + 1)},
              {QStringLiteral("message"), message}},
             QStringLiteral("00000000-0000-4000-8000-00000000000%1").arg(2 * i + 1));
    }
    return out;
}

/// Imports `file` through the importers and the store, as the window's import does; the id of
/// the main session.
inline QString importInto(const DataLocations &locations, const QString &file)
{
    const TranscriptImporters importers;
    Result<ImportedTranscript> transcript = importers.read(file);
    if (!transcript.ok())
        return QStringLiteral("read failed: ") + transcript.error().toString();
    auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
    if (!store.ok())
        return QStringLiteral("open failed: ") + store.error().toString();
    const Result<ImportReport> report = store.value()->importTranscript(transcript.value());
    if (!report.ok())
        return QStringLiteral("import failed: ") + report.error().toString();
    return transcript->sessions.first().info.id;
}

/// The last prompt a Claude Code file records, read from the file itself (not through Valis).
inline qint64 lastRecordedPrompt(const QString &file)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return -1;
    qint64 last = -1;
    while (!in.atEnd()) {
        const QJsonObject line = QJsonDocument::fromJson(in.readLine()).object();
        const QJsonObject usage = line.value(QLatin1String("message")).toObject().value(QLatin1String("usage")).toObject();
        if (line.value(QLatin1String("type")).toString() != QLatin1String("assistant") || usage.isEmpty())
            continue;
        last = usage.value(QLatin1String("input_tokens")).toInteger() + usage.value(QLatin1String("cache_creation_input_tokens")).toInteger()
               + usage.value(QLatin1String("cache_read_input_tokens")).toInteger();
    }
    return last;
}

/// The last user message's text blocks of an Anthropic request.
inline QString lastUserText(const QJsonObject &request)
{
    QString text;
    const QJsonArray messages = request.value(QLatin1String("messages")).toArray();
    for (const QJsonValue &block : messages.last().toObject().value(QLatin1String("content")).toArray()) {
        if (block.toObject().value(QLatin1String("type")).toString() == QLatin1String("text"))
            text += block.toObject().value(QLatin1String("text")).toString();
    }
    return text;
}

/// Builds a session through the real valis-cli and plugins against the scripted server: each
/// turn reads a long notes file in a small window, so the progressive strategy evicts old results
/// (and may summarise). Returns its id, or an empty string after a failed QVERIFY.
struct CompactedSession
{
    TemporaryHome home;
    QTemporaryDir workspace;
    ProviderTestServer server;
    QString id;

    CliRun cli(const QStringList &arguments) const
    {
        return runCli(QStringList{QStringLiteral("--home"), home.path()} + arguments, anthropicCliEnvironment());
    }
};

inline void buildCompactedSession(CompactedSession &built, int turns)
{
    QVERIFY(built.server.listen());
    QVERIFY(QDir().mkpath(built.home.path() + QStringLiteral("/config")));
    // A window of 12k tokens: a few turns of long notes fill it.
    const QJsonObject models{{QStringLiteral("formatVersion"), 1},
                             {QStringLiteral("models"),
                              QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("tiny-sonnet")},
                                                     {QStringLiteral("provider"), QStringLiteral("anthropic")},
                                                     {QStringLiteral("contextWindow"), 12000},
                                                     {QStringLiteral("maxOutputTokens"), 1000},
                                                     {QStringLiteral("prices"), QJsonObject{{QStringLiteral("input"), 3},
                                                                                            {QStringLiteral("output"), 15},
                                                                                            {QStringLiteral("cacheWrite"), 3.75},
                                                                                            {QStringLiteral("cacheRead"), 0.3}}},
                                                     {QStringLiteral("tokenizer"), QStringLiteral("estimate")}}}}};
    QVERIFY(writeFile(built.home.path() + QStringLiteral("/config/models.json"), QJsonDocument(models).toJson()));
    QVERIFY(QDir(built.workspace.path()).mkpath(QStringLiteral("notes")));
    const QString filler = QStringLiteral("The parser keeps a table of productions and a queue of pending items. ");
    ProviderTestServer *server = &built.server;
    built.server.setBeforeAnswer([server, filler](int, const CapturedRequest &request) {
        const QJsonObject body = request.json();
        const qint64 tokens = request.body.size() / 4;
        if (lastUserText(body).contains(QStringLiteral("Summarise only the conversation through"))) {
            server->enqueue(ScriptedResponse::sse(scriptedAnswer(
                QStringLiteral("## Session intent\nStudy the parser notes.\n## Progress and artifacts\nRead the notes.\n"
                               "## Decisions\nNone.\n## Current state\nReading.\n## Next steps\nKeep reading.\n## Key details\nNone."),
                tokens)));
        } else if (lastIsToolResult(body)) {
            server->enqueue(ScriptedResponse::sse(scriptedAnswer(QString(filler).repeated(8), tokens)));
        } else {
            static const QRegularExpression turn(QStringLiteral("turn (\\d+):"));
            const QString n = turn.match(lastUserText(body)).captured(1);
            server->enqueue(ScriptedResponse::sse(scriptedCall(
                QStringLiteral("toolu_t") + n, QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("notes/turn%1.md").arg(n)}},
                tokens)));
        }
    });
    for (int t = 1; t <= turns; ++t) {
        QStringList lines;
        for (int l = 1; l <= 60; ++l)
            lines << QStringLiteral("turn %1 note %2: %3").arg(t).arg(l).arg(filler);
        QVERIFY(writeFile(built.workspace.filePath(QStringLiteral("notes/turn%1.md").arg(t)), lines.join(QLatin1Char('\n')).toUtf8()));
        QStringList arguments{QStringLiteral("run"), QStringLiteral("--provider"), QStringLiteral("anthropic"),
                              QStringLiteral("--base-url"), built.server.baseUrl().toString(), QStringLiteral("--workspace"),
                              built.workspace.path(), QStringLiteral("--approve"), QStringLiteral("all"),
                              QStringLiteral("--no-keychain"), QStringLiteral("--model"), QStringLiteral("tiny-sonnet"),
                              // The file tools only: the definitions of every built plugin's tools would fill the window alone.
                              QStringLiteral("--tools"), QStringLiteral("file-ops")};
        if (!built.id.isEmpty())
            arguments << QStringLiteral("--session") << built.id;
        arguments << QStringLiteral("turn %1: read the notes for this turn.").arg(t);
        const CliRun result = built.cli(arguments);
        QVERIFY2(result.exitCode == 0, result.err.constData());
        if (built.id.isEmpty()) {
            static const QRegularExpression id(QStringLiteral("session (s-[0-9a-z]+)"));
            built.id = id.match(QString::fromUtf8(result.err)).captured(1);
            QVERIFY2(!built.id.isEmpty(), result.err.constData());
        }
    }
    QCOMPARE(built.server.unexpectedRequests(), 0);
}

} // namespace valis::test
