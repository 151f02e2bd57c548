#include "testsupport.h"

#include "valis/import/transcriptimporter.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QtTest/QTest>

using namespace valis;

class TestImportSweAgent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fixtures_data();
    void fixtures();
    void minimalFunctionCalling();
    void detection();
    void malformedJson();
    void wrongShape_data();
    void wrongShape();
    void sameIdsTwice();
    void largeInfoSummarised();
};

namespace {

const TranscriptImporter *sweAgent(const TranscriptImporters &importers)
{
    return importers.find(QStringLiteral("swe-agent"));
}

QByteArray readBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// What a trajectory's history says, counted without the importer: one message per entry; the
/// tool calls of assistant entries; one result per tool entry that names its call.
struct RawCounts
{
    int messages = 0;
    int toolCalls = 0;
    int toolResults = 0;
    QMap<QString, int> roles;
    QStringList arguments; ///< every tool call's argument text, in order
};

RawCounts countRaw(const QJsonArray &history)
{
    RawCounts counts;
    for (const QJsonValue &value : history) {
        const QJsonObject entry = value.toObject();
        const QString role = entry.value(QLatin1String("role")).toString();
        ++counts.messages;
        ++counts.roles[role];
        for (const QJsonValue &call : entry.value(QLatin1String("tool_calls")).toArray()) {
            ++counts.toolCalls;
            counts.arguments << call.toObject().value(QLatin1String("function")).toObject()
                                    .value(QLatin1String("arguments")).toString();
        }
        if (role == QLatin1String("tool") && !entry.value(QLatin1String("tool_call_ids")).toArray().isEmpty())
            ++counts.toolResults;
    }
    return counts;
}

QString roleKey(Role role)
{
    return roleName(role);
}

const QByteArray minimalTrajectory = R"json({
  "trajectory": [{"action": "ls", "observation": "a.py", "response": "", "thought": "", "state": {"working_dir": "/repo"}}],
  "history": [
    {"role": "system", "content": "You are a programmer.", "agent": "main", "message_type": "system_prompt"},
    {"role": "user", "content": "Fix the bug in a.py", "agent": "main", "message_type": "observation"},
    {"role": "assistant", "content": "Let me look.", "thought": "Let me look.", "action": "ls",
     "agent": "main", "message_type": "action",
     "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "bash", "arguments": "{\"command\":\"ls\"}"}},
                    {"id": "call_2", "type": "function", "function": {"name": "open", "arguments": "{\"path\": \"a.py"}}]},
    {"role": "tool", "content": "a.py", "agent": "main", "message_type": "observation", "tool_call_ids": ["call_1"]},
    {"role": "tool", "content": [{"type": "text", "text": "1: print(1)", "cache_control": {"type": "ephemeral"}}],
     "agent": "main", "message_type": "observation", "tool_call_ids": ["call_2"]},
    {"role": "assistant", "content": "Done.", "thought": "Done.", "action": "submit", "agent": "main",
     "message_type": "action", "tool_calls": [{"id": "call_3", "type": "function", "function": {"name": "submit", "arguments": "{}"}}],
     "thinking_blocks": [{"type": "thinking", "thinking": "all good", "signature": "sig"}]},
    {"role": "tool", "content": "diff --git a/a.py", "agent": "main", "message_type": "observation", "tool_call_ids": ["call_3"]}
  ],
  "info": {"exit_status": "submitted", "submission": "diff --git a/a.py", "model_stats": {"api_calls": 2},
           "edited_files30": "LARGE"},
  "replay_config": "{\"problem_statement\": {\"id\": \"demo__demo-1\", \"text\": \"\\nA bug in a.py\\nmore\"}, \"agent\": {\"model\": {\"name\": \"gpt-4o\"}}, \"env\": {\"repo\": {\"repo_name\": \"demo\"}}}",
  "environment": "main"
})json";

} // namespace


void TestImportSweAgent::fixtures_data()
{
    QTest::addColumn<QString>("name");
    for (const char *name : {"function_calling_simple.traj", "marshmallow-1867.function_calling_replace_from_source.traj",
                             "gpt4.pydicom-1458.traj", "ctf.web.i_got_id_demo.traj"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestImportSweAgent::fixtures()
{
    QFETCH(QString, name);
    VALIS_REQUIRE_FIXTURE(dir, "swe-agent");
    const QString path = dir + QLatin1Char('/') + name;
    const QByteArray bytes = readBytes(path);
    QVERIFY2(!bytes.isEmpty(), qPrintable(path));
    const QJsonObject root = QJsonDocument::fromJson(bytes).object();
    const QJsonArray history = root.value(QLatin1String("history")).toArray();
    const RawCounts raw = countRaw(history);

    TranscriptImporters importers;
    const Result<ImportedTranscript> imported = sweAgent(importers)->read(path);
    VALIS_VERIFY_OK(imported);
    QCOMPARE(imported->format, QStringLiteral("swe-agent"));
    QCOMPARE(imported->sessions.size(), 1);
    const ImportedSession &session = imported->sessions.first();

    const QString hash = QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex().left(12));
    QCOMPARE(session.info.id, QStringLiteral("swe-") + hash);
    QCOMPARE(session.info.originKind, QStringLiteral("swe-agent"));
    QCOMPARE(session.info.originPath, QFileInfo(path).absoluteFilePath());
    QVERIFY(!session.info.title.isEmpty());

    int toolCalls = 0;
    int toolResults = 0;
    QMap<QString, int> roles;
    QSet<QString> callIds;
    QStringList arguments;
    QSet<QString> messageIds;
    for (const Message &message : session.messages) {
        ++roles[roleKey(message.role)];
        toolCalls += message.countParts(PartKind::ToolCall);
        toolResults += message.countParts(PartKind::ToolResult);
        messageIds.insert(message.id);
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolCall) {
                callIds.insert(part.callId);
                arguments << part.argumentsText.value_or(QStringLiteral("<none>"));
            }
        }
    }
    qInfo("%s: %lld messages, %d tool calls, %d tool results", qPrintable(name),
          qint64(session.messages.size()), toolCalls, toolResults);
    QCOMPARE(int(session.messages.size()), raw.messages);
    QCOMPARE(toolCalls, raw.toolCalls);
    QCOMPARE(toolResults, raw.toolResults);
    QCOMPARE(roles, raw.roles);
    QCOMPARE(arguments, raw.arguments);
    QCOMPARE(int(messageIds.size()), raw.messages);

    for (qsizetype i = 0; i < session.messages.size(); ++i) {
        const Message &message = session.messages.at(i);
        const QJsonObject entry = history.at(i).toObject();
        // Every result answers a call of this session: the first of the entry's call ids.
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolResult) {
                QVERIFY2(callIds.contains(part.callId), qPrintable(part.callId));
                QCOMPARE(part.callId, entry.value(QLatin1String("tool_call_ids")).toArray().first().toString());
                QCOMPARE(part.content.first().text, entry.value(QLatin1String("content")).toString());
            }
        }
        // Text is kept as it was (older trajectories: thought and action in one text).
        if (message.role != Role::Tool)
            QCOMPARE(message.text(), entry.value(QLatin1String("content")).toString());
        // These histories are plain chat shapes: nothing needed keeping as wire extras.
        QVERIFY2(message.wire.isEmpty(), QJsonDocument(message.wire).toJson().constData());
        // SWE-agent's own keys are in the metadata.
        for (const char *key : {"agent", "thought", "action", "message_type", "is_demo"}) {
            const QString keyName = QString::fromLatin1(key);
            QCOMPARE(message.metadata.value(keyName), entry.value(keyName));
        }
    }

    // The session facts that are in the file.
    const QJsonObject info = root.value(QLatin1String("info")).toObject();
    if (info.contains(QLatin1String("exit_status")))
        QCOMPARE(session.info.metadata.value(QLatin1String("exit_status")), info.value(QLatin1String("exit_status")));
    if (info.contains(QLatin1String("model_stats")))
        QCOMPARE(session.info.metadata.value(QLatin1String("model_stats")), info.value(QLatin1String("model_stats")));
    if (info.value(QLatin1String("submission")).isString())
        QCOMPARE(session.info.metadata.value(QLatin1String("submission")), info.value(QLatin1String("submission")));
    const QJsonObject replay = root.value(QLatin1String("replay_config")).toObject();
    const QString instance = replay.value(QLatin1String("problem_statement")).toObject().value(QLatin1String("id")).toString();
    if (!instance.isEmpty()) {
        QVERIFY2(session.info.title.startsWith(instance), qPrintable(session.info.title));
        const QString repo = replay.value(QLatin1String("env")).toObject().value(QLatin1String("repo")).toObject()
                                 .value(QLatin1String("repo_name")).toString();
        QCOMPARE(session.info.workspace, QLatin1Char('/') + repo);
        QCOMPARE(session.info.model, replay.value(QLatin1String("agent")).toObject().value(QLatin1String("model"))
                                         .toObject().value(QLatin1String("name")).toString());
    }
}

void TestImportSweAgent::minimalFunctionCalling()
{
    test::TemporaryHome home;
    const QString path = valis::test::writeFileIn(home.path(), QStringLiteral("demo.traj"), minimalTrajectory);
    QVERIFY(!path.isEmpty());
    TranscriptImporters importers;
    const Result<ImportedTranscript> imported = sweAgent(importers)->read(path);
    VALIS_VERIFY_OK(imported);
    const ImportedSession &session = imported->sessions.first();
    QCOMPARE(session.info.title, QStringLiteral("demo__demo-1: A bug in a.py"));
    QCOMPARE(session.info.originId, QStringLiteral("demo__demo-1"));
    QCOMPARE(session.info.model, QStringLiteral("gpt-4o"));
    QCOMPARE(session.info.workspace, QStringLiteral("/demo"));
    QCOMPARE(session.info.metadata.value(QLatin1String("submission")).toString(), QStringLiteral("diff --git a/a.py"));
    QCOMPARE(session.info.metadata.value(QLatin1String("omittedInfo")).toArray(), QJsonArray()); // small enough
    QCOMPARE(session.info.metadata.value(QLatin1String("edited_files30")).toString(), QStringLiteral("LARGE"));
    QVERIFY(session.info.createdAt.isValid());

    const QList<Message> &m = session.messages;
    QCOMPARE(m.size(), 7);
    QCOMPARE(m[0].role, Role::System);
    QCOMPARE(m[1].role, Role::User);
    QVERIFY(m[1].startsTurn());
    QCOMPARE(m[2].role, Role::Assistant);
    QCOMPARE(m[2].text(), QStringLiteral("Let me look."));
    QCOMPARE(m[2].model, QStringLiteral("gpt-4o"));
    QCOMPARE(m[2].countParts(PartKind::ToolCall), 2);
    const Part &truncated = m[2].parts.at(2);
    QCOMPARE(truncated.callId, QStringLiteral("call_2"));
    QCOMPARE(truncated.argumentsText.value_or(QString()), QStringLiteral("{\"path\": \"a.py"));
    QVERIFY(truncated.arguments.isUndefined());
    QCOMPARE(m[2].metadata.value(QLatin1String("action")).toString(), QStringLiteral("ls"));
    QVERIFY(!m[2].metadata.contains(QLatin1String("tool_calls")));
    QCOMPARE(m[3].role, Role::Tool);
    QCOMPARE(m[3].parts.first().callId, QStringLiteral("call_1"));
    QVERIFY(!m[3].metadata.contains(QLatin1String("tool_call_ids")));
    QCOMPARE(m[4].parts.first().callId, QStringLiteral("call_2"));
    QCOMPARE(m[4].parts.first().content.first().text, QStringLiteral("1: print(1)"));
    QCOMPARE(m[5].parts.first().kind, PartKind::Thinking);
    QCOMPARE(m[5].parts.first().signature, QStringLiteral("sig"));
    QVERIFY(!m[5].metadata.contains(QLatin1String("thinking_blocks")));
    QCOMPARE(m[6].parts.first().callId, QStringLiteral("call_3"));
}

void TestImportSweAgent::detection()
{
    test::TemporaryHome home;
    TranscriptImporters importers;
    const QString traj = valis::test::writeFileIn(home.path(), QStringLiteral("run.traj"), minimalTrajectory);
    const QString json = valis::test::writeFileIn(home.path(), QStringLiteral("run.json"), minimalTrajectory);
    const QString other = valis::test::writeFileIn(home.path(), QStringLiteral("other.json"), R"({"history": [], "x": 1})");
    Result<const TranscriptImporter *> found = importers.detect(traj);
    VALIS_VERIFY_OK(found);
    QCOMPARE(found.value()->format(), QStringLiteral("swe-agent"));
    found = importers.detect(json);
    VALIS_VERIFY_OK(found);
    QCOMPARE(found.value()->format(), QStringLiteral("swe-agent"));
    QVERIFY(!sweAgent(importers)->recognises(other, readBytes(other)));
}

void TestImportSweAgent::malformedJson()
{
    test::TemporaryHome home;
    const QString path = valis::test::writeFileIn(home.path(), QStringLiteral("broken.traj"),
                                   "{\n  \"history\": [\n    {\"role\": \"user\", \"content\": \"hi\",}\n  ]\n}\n");
    TranscriptImporters importers;
    const Result<ImportedTranscript> imported = sweAgent(importers)->read(path);
    QVERIFY(!imported.ok());
    QCOMPARE(imported.error().code, QStringLiteral("import.malformed"));
    QCOMPARE(imported.error().location, path + QStringLiteral(":3"));
}

void TestImportSweAgent::wrongShape_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("word");
    QTest::newRow("not an object") << QByteArray("[1, 2]") << QStringLiteral("history");
    QTest::newRow("history not array") << QByteArray(R"({"trajectory": [], "history": {"role": "user"}})") << QStringLiteral("history");
    QTest::newRow("entry without role")
        << QByteArray(R"({"history": [{"role": "system", "content": "a"}, {"role": "user", "content": "b"}, {"content": "c", "agent": "main"}]})")
        << QStringLiteral("history[2]");
    QTest::newRow("entry not an object") << QByteArray(R"({"history": [{"role": "user", "content": "b"}, 7]})") << QStringLiteral("history[1]");
    QTest::newRow("tool without call id")
        << QByteArray(R"({"history": [{"role": "user", "content": "b"}, {"role": "tool", "content": "x", "tool_call_ids": []}]})")
        << QStringLiteral("history[1]");
    QTest::newRow("tool_calls not an array")
        << QByteArray(R"({"history": [{"role": "assistant", "content": "b", "tool_calls": "ls"}]})")
        << QStringLiteral("history[0]");
}

void TestImportSweAgent::wrongShape()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, word);
    test::TemporaryHome home;
    const QString path = valis::test::writeFileIn(home.path(), QStringLiteral("shape.traj"), json);
    TranscriptImporters importers;
    const Result<ImportedTranscript> imported = sweAgent(importers)->read(path);
    QVERIFY(!imported.ok());
    QCOMPARE(imported.error().code, QStringLiteral("import.malformed"));
    QVERIFY2(imported.error().message.contains(word), qPrintable(imported.error().toString()));
    QVERIFY(imported.error().location.startsWith(path));
}

void TestImportSweAgent::sameIdsTwice()
{
    test::TemporaryHome home;
    const QString path = valis::test::writeFileIn(home.path(), QStringLiteral("again.traj"), minimalTrajectory);
    TranscriptImporters importers;
    const Result<ImportedTranscript> first = sweAgent(importers)->read(path);
    const Result<ImportedTranscript> second = sweAgent(importers)->read(path);
    VALIS_VERIFY_OK(first);
    VALIS_VERIFY_OK(second);
    QCOMPARE(first->sessions.first().info.id, second->sessions.first().info.id);
    QCOMPARE(first->sessions.first().messages, second->sessions.first().messages);
    // A different file (one byte more) is a different session.
    QByteArray changed = minimalTrajectory;
    changed.append('\n');
    const QString otherPath = valis::test::writeFileIn(home.path(), QStringLiteral("changed.traj"), changed);
    const Result<ImportedTranscript> other = sweAgent(importers)->read(otherPath);
    VALIS_VERIFY_OK(other);
    QVERIFY(other->sessions.first().info.id != first->sessions.first().info.id);
    QCOMPARE(other->sessions.first().messages.size(), first->sessions.first().messages.size());
}

void TestImportSweAgent::largeInfoSummarised()
{
    QJsonObject root = QJsonDocument::fromJson(minimalTrajectory).object();
    QJsonObject info = root.value(QLatin1String("info")).toObject();
    const QString patch = QString(30 * 1024, QLatin1Char('+'));
    info.insert(QStringLiteral("submission"), patch);
    info.insert(QStringLiteral("edited_files50"), QString(10 * 1024, QLatin1Char('x')));
    root.insert(QStringLiteral("info"), info);
    test::TemporaryHome home;
    const QString path = valis::test::writeFileIn(home.path(), QStringLiteral("large.traj"), QJsonDocument(root).toJson());
    TranscriptImporters importers;
    const Result<ImportedTranscript> imported = sweAgent(importers)->read(path);
    VALIS_VERIFY_OK(imported);
    const QJsonObject metadata = imported->sessions.first().info.metadata;
    QVERIFY(!metadata.contains(QLatin1String("submission")));
    QCOMPARE(metadata.value(QLatin1String("submissionLength")).toInteger(), patch.size());
    QVERIFY(!metadata.contains(QLatin1String("edited_files50")));
    QCOMPARE(metadata.value(QLatin1String("omittedInfo")).toArray(), QJsonArray{QStringLiteral("edited_files50")});
    QCOMPARE(metadata.value(QLatin1String("exit_status")).toString(), QStringLiteral("submitted"));
}

VALIS_TEST_MAIN(TestImportSweAgent)
#include "tst_import_sweagent.moc"
