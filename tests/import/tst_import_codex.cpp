#include "testsupport.h"

#include "valis/import/transcriptimporter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

using namespace valis;

class TestImportCodex : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void tuiLogFixtures_data();
    void tuiLogFixtures();
    void tuiLogReimportGivesSameIds();
    void rolloutConversation();
    void rolloutReimportGivesSameIds();
    void legacyRollout();
    void legacyRolloutOfMid2025();
    void smallTuiLog();
    void recognition();
    void malformed_data();
    void malformed();

private:
    const TranscriptImporter *m_codex = nullptr;
    TranscriptImporters m_importers;
};

namespace {

QList<QJsonObject> readLines(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<QJsonObject> lines;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (!line.trimmed().isEmpty())
            lines.append(QJsonDocument::fromJson(line).object());
    }
    return lines;
}

QByteArray head(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.read(64 * 1024) : QByteArray();
}

QByteArray jsonl(const QList<QJsonObject> &lines)
{
    QByteArray out;
    for (const QJsonObject &line : lines)
        out += QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    return out;
}

QJsonObject object(const char *json)
{
    return QJsonDocument::fromJson(QByteArray(json)).object();
}

/// The record's counts for one session list.
struct Counts
{
    int user = 0;
    int assistantTexts = 0;
    int thinking = 0;
    int calls = 0;
    int results = 0;
    int failedResults = 0;
    int withUsage = 0;
    int approvals = 0;
    QStringList prompts;
};

Counts countRecord(const QList<ImportedSession> &sessions)
{
    Counts counts;
    for (const ImportedSession &session : sessions) {
        for (const Message &message : session.messages) {
            if (message.role == Role::User) {
                ++counts.user;
                counts.prompts << message.text();
            }
            if (message.role == Role::Assistant) {
                for (const Part &part : message.parts)
                    counts.assistantTexts += part.kind == PartKind::Text ? 1 : 0;
                counts.withUsage += message.usage.isEmpty() ? 0 : 1;
                counts.approvals += int(message.metadata.value(QLatin1String("approvals")).toArray().size());
            }
            counts.thinking += message.countParts(PartKind::Thinking);
            counts.calls += message.countParts(PartKind::ToolCall);
            for (const Part &part : message.parts) {
                if (part.kind == PartKind::ToolResult) {
                    ++counts.results;
                    counts.failedResults += part.isError ? 1 : 0;
                }
            }
        }
    }
    return counts;
}

/// Every tool result answers a call made before it in the same session.
QString unpairedResult(const ImportedSession &session)
{
    QSet<QString> calls;
    for (const Message &message : session.messages) {
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolCall)
                calls.insert(part.callId);
            if (part.kind == PartKind::ToolResult && !calls.contains(part.callId))
                return part.callId;
        }
    }
    return {};
}

QStringList messageIds(const ImportedTranscript &transcript)
{
    QStringList ids;
    for (const ImportedSession &session : transcript.sessions) {
        ids << session.info.id;
        for (const Message &message : session.messages)
            ids << message.id;
    }
    return ids;
}

/// A small rollout in the shape Codex 0.4x writes (field names from codex-rs protocol.rs).
QList<QJsonObject> sampleRollout()
{
    return {
        object(R"({"timestamp":"2025-09-20T10:00:00.000Z","type":"session_meta","payload":{
            "id":"0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b","timestamp":"2025-09-20T10:00:00.000Z",
            "cwd":"/home/ada/proj","originator":"codex_cli_rs","cli_version":"0.41.0","source":"cli",
            "model_provider":"openai","base_instructions":{"text":"You are Codex."},
            "git":{"commit_hash":"abc123","branch":"main"}}})"),
        object(R"({"timestamp":"2025-09-20T10:00:00.100Z","type":"response_item","payload":{
            "type":"message","role":"user","content":[{"type":"input_text",
            "text":"<environment_context>\n  <cwd>/home/ada/proj</cwd>\n</environment_context>"}]}})"),
        object(R"({"timestamp":"2025-09-20T10:00:01.000Z","type":"turn_context","payload":{
            "cwd":"/home/ada/proj","approval_policy":"on-request","sandbox_policy":{"type":"workspace-write"},
            "model":"gpt-5-codex","effort":"medium","summary":"auto"}})"),
        object(R"({"timestamp":"2025-09-20T10:00:01.100Z","type":"response_item","payload":{
            "type":"message","role":"user","content":[{"type":"input_text","text":"Fix the failing test in parser.rs please"}]}})"),
        object(R"({"timestamp":"2025-09-20T10:00:01.100Z","type":"event_msg","payload":{
            "type":"user_message","message":"Fix the failing test in parser.rs please","kind":"plain"}})"),
        object(R"({"timestamp":"2025-09-20T10:00:03.000Z","type":"response_item","payload":{
            "type":"reasoning","summary":[{"type":"summary_text","text":"**Running the tests**"}],
            "content":null,"encrypted_content":"gAAAAABoENCRYPTED"}})"),
        object(R"({"timestamp":"2025-09-20T10:00:03.100Z","type":"event_msg","payload":{
            "type":"agent_reasoning","text":"**Running the tests**"}})"),
        object(R"({"timestamp":"2025-09-20T10:00:03.200Z","type":"response_item","payload":{
            "type":"function_call","name":"shell","arguments":"{\"command\":[\"cargo\",\"test\"],\"workdir\":\"/home/ada/proj\"}",
            "call_id":"call_A1"}})"),
        object(R"({"timestamp":"2025-09-20T10:00:03.300Z","type":"event_msg","payload":{
            "type":"token_count","info":{"total_token_usage":{"input_tokens":1000,"cached_input_tokens":200,
            "output_tokens":50,"reasoning_output_tokens":30,"total_tokens":1050},
            "last_token_usage":{"input_tokens":1000,"cached_input_tokens":200,"output_tokens":50,
            "reasoning_output_tokens":30,"total_tokens":1050},"model_context_window":272000},"rate_limits":null}})"),
        object(R"({"timestamp":"2025-09-20T10:00:09.000Z","type":"response_item","payload":{
            "type":"function_call_output","call_id":"call_A1",
            "output":"{\"output\":\"test parser::tests::empty ... FAILED\\n\",\"metadata\":{\"exit_code\":101,\"duration_seconds\":5.2}}"}})"),
        object(R"({"timestamp":"2025-09-20T10:00:09.100Z","type":"event_msg","payload":{
            "type":"exec_command_end","call_id":"call_A1","stdout":"","stderr":"","aggregated_output":"FAILED",
            "exit_code":101,"duration":{"secs":5,"nanos":200000000},"formatted_output":""}})"),
        object(R"({"timestamp":"2025-09-20T10:00:12.000Z","type":"response_item","payload":{
            "type":"message","role":"assistant","content":[{"type":"output_text","text":"The empty input case panics; patching."}]}})"),
        object(R"({"timestamp":"2025-09-20T10:00:12.100Z","type":"response_item","payload":{
            "type":"custom_tool_call","status":"completed","call_id":"call_B2","name":"apply_patch",
            "input":"*** Begin Patch\n*** Update File: src/parser.rs\n@@\n-    tokens[0]\n+    tokens.first()?\n*** End Patch\n"}})"),
        object(R"({"timestamp":"2025-09-20T10:00:12.200Z","type":"event_msg","payload":{
            "type":"token_count","info":{"last_token_usage":{"input_tokens":1400,"cached_input_tokens":900,
            "output_tokens":80,"reasoning_output_tokens":0,"total_tokens":1480}},"rate_limits":null}})"),
        object(R"({"timestamp":"2025-09-20T10:00:12.500Z","type":"response_item","payload":{
            "type":"custom_tool_call_output","call_id":"call_B2",
            "output":"{\"output\":\"Success. Updated the following files:\\nM src/parser.rs\\n\",\"metadata\":{\"exit_code\":0}}"}})"),
        object(R"({"timestamp":"2025-09-20T10:00:12.600Z","type":"event_msg","payload":{
            "type":"patch_apply_end","call_id":"call_B2","stdout":"Success.","stderr":"","success":true}})"),
        object(R"({"timestamp":"2025-09-20T10:00:15.000Z","type":"response_item","payload":{
            "type":"message","role":"assistant","content":[{"type":"output_text","text":"Fixed: parser.rs now returns None on empty input."}]}})"),
        object(R"({"timestamp":"2025-09-20T10:00:15.100Z","type":"event_msg","payload":{
            "type":"agent_message","message":"Fixed: parser.rs now returns None on empty input."}})"),
        object(R"({"timestamp":"2025-09-20T10:00:15.200Z","type":"event_msg","payload":{
            "type":"token_count","info":{"last_token_usage":{"input_tokens":1600,"cached_input_tokens":1400,
            "output_tokens":20,"reasoning_output_tokens":0,"total_tokens":1620}},"rate_limits":null}})"),
        object(R"({"timestamp":"2025-09-20T10:05:00.000Z","type":"compacted","payload":{
            "message":"Summary: fixed the empty-input panic in parser.rs; tests pass.",
            "replacement_history":[{"type":"message","role":"user","content":[{"type":"input_text","text":"Fix the failing test"}]}]}})"),
        object(R"({"timestamp":"2025-09-20T10:06:00.000Z","type":"response_item","payload":{
            "type":"message","role":"user","content":[{"type":"input_text","text":"Thanks! Commit it."}]}})"),
        object(R"({"timestamp":"2025-09-20T10:06:02.000Z","type":"event_msg","payload":{
            "type":"turn_aborted","reason":"interrupted"}})"),
    };
}

} // namespace


void TestImportCodex::initTestCase()
{
    m_codex = m_importers.find(QStringLiteral("codex"));
    QVERIFY(m_codex);
    QCOMPARE(m_codex->format(), QStringLiteral("codex"));
}

void TestImportCodex::tuiLogFixtures_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QStringList>("prompts"); // read off the key events by eye
    QTest::newRow("binary-size-log") << QStringLiteral("openai-codex/tui-session-log.binary-size-log.jsonl")
                                     << QStringList{QStringLiteral("complete the merge"),
                                                    QStringLiteral("Why are the binaries produced by this project so large?")};
    QTest::newRow("oss-story") << QStringLiteral("openai-codex/tui-session-log.oss-story.jsonl")
                               << QStringList{QStringLiteral("hello"), QStringLiteral("hello again"),
                                              QStringLiteral("write me a long story")};
}

void TestImportCodex::tuiLogFixtures()
{
    QFETCH(QString, fixture);
    QFETCH(QStringList, prompts);
    const QString path = test::fixturePath(fixture);
    if (path.isEmpty())
        QSKIP(qPrintable(QStringLiteral("fixture %1 not found under %2").arg(fixture, test::fixturesDir())));

    // What the raw lines say, walked independently of the importer.
    Counts expected;
    QStringList sessionIds;
    QString cwd;
    int reasoningFinals = 0;
    int reasoningRunsWithoutFinal = 0;
    bool inReasoningRun = false;
    for (const QJsonObject &line : readLines(path)) {
        if (line.value(QLatin1String("kind")).toString() == QLatin1String("session_start"))
            cwd = line.value(QLatin1String("cwd")).toString();
        if (line.value(QLatin1String("kind")).toString() != QLatin1String("codex_event"))
            continue;
        const QJsonObject msg = line.value(QLatin1String("payload")).toObject().value(QLatin1String("msg")).toObject();
        const QString type = msg.value(QLatin1String("type")).toString();
        if (type == QLatin1String("agent_reasoning_delta") || type == QLatin1String("agent_reasoning_raw_content_delta")) {
            inReasoningRun = true;
            continue;
        }
        if (type == QLatin1String("agent_reasoning") || type == QLatin1String("agent_reasoning_raw_content")) {
            ++reasoningFinals;
            inReasoningRun = false;
            continue;
        }
        if (type == QLatin1String("agent_reasoning_section_break"))
            continue;
        if (inReasoningRun)
            ++reasoningRunsWithoutFinal;
        inReasoningRun = false;
        if (type == QLatin1String("session_configured"))
            sessionIds << QStringLiteral("codex-tui-") + msg.value(QLatin1String("session_id")).toString();
        expected.user += type == QLatin1String("task_started") ? 1 : 0;
        expected.assistantTexts += type == QLatin1String("agent_message") ? 1 : 0;
        expected.calls += (type == QLatin1String("exec_command_begin") || type == QLatin1String("patch_apply_begin")) ? 1 : 0;
        expected.results += (type == QLatin1String("exec_command_end") || type == QLatin1String("patch_apply_end")) ? 1 : 0;
        if ((type == QLatin1String("exec_command_end") && msg.value(QLatin1String("exit_code")).toInt() != 0)
            || (type == QLatin1String("patch_apply_end") && !msg.value(QLatin1String("success")).toBool()))
            ++expected.failedResults;
        expected.withUsage += type == QLatin1String("token_count") ? 1 : 0;
        expected.approvals += type == QLatin1String("exec_approval_request") ? 1 : 0;
    }
    expected.thinking = reasoningFinals + reasoningRunsWithoutFinal;

    QVERIFY(m_codex->recognises(path, head(path)));
    const Result<const TranscriptImporter *> detected = m_importers.detect(path);
    QVERIFY(detected.ok());
    QCOMPARE(detected.value()->format(), QStringLiteral("codex"));

    const Result<ImportedTranscript> read = m_codex->read(path);
    QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
    const ImportedTranscript &transcript = read.value();
    const Counts actual = countRecord(transcript.sessions);
    qInfo("%s: %d sessions, %d user messages, %d agent texts, %d thinking parts, %d tool calls, "
          "%d tool results (%d failed), %d messages with usage, %d approvals",
          qPrintable(fixture), int(transcript.sessions.size()), actual.user, actual.assistantTexts,
          actual.thinking, actual.calls, actual.results, actual.failedResults, actual.withUsage, actual.approvals);

    QCOMPARE(transcript.format, QStringLiteral("codex"));
    QStringList importedIds;
    for (const ImportedSession &session : transcript.sessions)
        importedIds << session.info.id;
    QCOMPARE(importedIds, sessionIds);
    QCOMPARE(actual.user, expected.user);
    QCOMPARE(actual.assistantTexts, expected.assistantTexts);
    QCOMPARE(actual.thinking, expected.thinking);
    QCOMPARE(actual.calls, expected.calls);
    QCOMPARE(actual.results, expected.results);
    QCOMPARE(actual.failedResults, expected.failedResults);
    QCOMPARE(actual.withUsage, expected.withUsage);
    QCOMPARE(actual.approvals, expected.approvals);
    QCOMPARE(actual.prompts, prompts);

    for (const ImportedSession &session : transcript.sessions) {
        QVERIFY2(unpairedResult(session).isEmpty(), qPrintable(unpairedResult(session)));
        QCOMPARE(session.info.originKind, QStringLiteral("codex"));
        QCOMPARE(session.info.originPath, path);
        QCOMPARE(session.info.workspace, cwd);
        QVERIFY(!session.info.model.isEmpty());
        QVERIFY(session.info.createdAt.isValid());
        QVERIFY(session.info.updatedAt >= session.info.createdAt);
        QVERIFY(session.messages.first().startsTurn());
        QCOMPARE(session.info.title, session.messages.first().text().left(80));
        QSet<QString> ids;
        for (const Message &message : session.messages) {
            QVERIFY(!message.parts.isEmpty());
            QVERIFY(message.createdAt.isValid());
            ids.insert(message.id);
        }
        QCOMPARE(ids.size(), session.messages.size());
    }
    QVERIFY(transcript.notes.join(QLatin1Char('\n')).contains(QLatin1String("key_event")));
    QVERIFY(transcript.notes.join(QLatin1Char('\n')).contains(QLatin1String("app_event")));
}


void TestImportCodex::tuiLogReimportGivesSameIds()
{
    VALIS_REQUIRE_FIXTURE(path, "openai-codex/tui-session-log.oss-story.jsonl");
    const Result<ImportedTranscript> first = m_codex->read(path);
    const Result<ImportedTranscript> second = m_codex->read(path);
    QVERIFY(first.ok() && second.ok());
    QVERIFY(!messageIds(first.value()).isEmpty());
    QCOMPARE(messageIds(first.value()), messageIds(second.value()));
    QCOMPARE(first->sessions.first().messages, second->sessions.first().messages);
}

void TestImportCodex::rolloutConversation()
{
    test::TemporaryHome home;
    const QString path = home.filePath(
        QStringLiteral("rollout-2025-09-20T10-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl"));
    const QList<QJsonObject> lines = sampleRollout();
    QVERIFY(valis::test::writeFile(path, jsonl(lines)));
    QVERIFY(m_codex->recognises(path, head(path)));
    QCOMPARE(m_importers.detect(path).value()->format(), QStringLiteral("codex"));

    const Result<ImportedTranscript> read = m_codex->read(path);
    QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
    QCOMPARE(read->sessions.size(), 1);
    const ImportedSession &session = read->sessions.first();
    QCOMPARE(session.info.id, QStringLiteral("codex-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"));
    QCOMPARE(session.info.workspace, QStringLiteral("/home/ada/proj"));
    QCOMPARE(session.info.model, QStringLiteral("gpt-5-codex"));
    QCOMPARE(session.info.title, QStringLiteral("Fix the failing test in parser.rs please"));
    QCOMPARE(session.info.createdAt, QDateTime(QDate(2025, 9, 20), QTime(10, 0), Qt::UTC));
    QCOMPARE(session.info.updatedAt, QDateTime(QDate(2025, 9, 20), QTime(10, 6, 2), Qt::UTC));
    QCOMPARE(session.info.metadata.value(QLatin1String("cli_version")).toString(), QStringLiteral("0.41.0"));

    // system prompt, environment context, prompt, assistant (reasoning + call), tool output,
    // assistant (text + patch call), tool output, assistant (answer), compaction summary, prompt
    QList<Role> roles;
    for (const Message &message : session.messages)
        roles << message.role;
    const QList<Role> expectedRoles = {Role::System, Role::User, Role::User, Role::Assistant, Role::Tool,
                                       Role::Assistant, Role::Tool, Role::Assistant, Role::User, Role::User};
    QCOMPARE(roles, expectedRoles);
    const QList<Message> &messages = session.messages;
    QCOMPARE(messages.at(0).text(), QStringLiteral("You are Codex."));
    QVERIFY(messages.at(1).metadata.value(QLatin1String("injected")).toBool());
    QVERIFY(!messages.at(2).metadata.contains(QLatin1String("injected")));

    const Message &firstResponse = messages.at(3);
    QCOMPARE(firstResponse.parts.size(), 2);
    QCOMPARE(firstResponse.parts.at(0).kind, PartKind::Thinking);
    QCOMPARE(firstResponse.parts.at(0).text, QStringLiteral("**Running the tests**"));
    QCOMPARE(firstResponse.parts.at(0).redactedData, QStringLiteral("gAAAAABoENCRYPTED"));
    QCOMPARE(firstResponse.parts.at(1).toolName, QStringLiteral("shell"));
    QCOMPARE(firstResponse.parts.at(1).arguments.toObject().value(QLatin1String("command")).toArray().size(), 2);
    QCOMPARE(firstResponse.model, QStringLiteral("gpt-5-codex"));
    QCOMPARE(firstResponse.usage.inputTokens, 800);
    QCOMPARE(firstResponse.usage.cacheReadTokens, 200);
    QCOMPARE(firstResponse.usage.outputTokens, 50);
    QCOMPARE(firstResponse.createdAt, QDateTime(QDate(2025, 9, 20), QTime(10, 0, 3), Qt::UTC));

    QCOMPARE(messages.at(4).parts.first().callId, QStringLiteral("call_A1"));
    QCOMPARE(messages.at(5).parts.size(), 2);
    QCOMPARE(messages.at(5).parts.at(1).toolName, QStringLiteral("apply_patch"));
    QVERIFY(messages.at(5).parts.at(1).argumentsJson().startsWith(QLatin1String("*** Begin Patch")));
    QCOMPARE(messages.at(5).usage.inputTokens, 500);
    QCOMPARE(messages.at(6).parts.first().callId, QStringLiteral("call_B2"));
    QCOMPARE(messages.at(7).text(), QStringLiteral("Fixed: parser.rs now returns None on empty input."));
    QCOMPARE(messages.at(7).usage.outputTokens, 20);
    QVERIFY(messages.at(8).metadata.value(QLatin1String("compactSummary")).toBool());
    QCOMPARE(messages.at(8).metadata.value(QLatin1String("replacementHistoryItems")).toInt(), 1);
    QVERIFY(messages.at(8).text().startsWith(QLatin1String("Summary:")));
    QCOMPARE(messages.at(9).text(), QStringLiteral("Thanks! Commit it."));
    QVERIFY(unpairedResult(session).isEmpty());

    // Independent counts from the raw lines.
    int calls = 0;
    int outputs = 0;
    for (const QJsonObject &line : lines) {
        const QString type = line.value(QLatin1String("payload")).toObject().value(QLatin1String("type")).toString();
        if (line.value(QLatin1String("type")).toString() != QLatin1String("response_item"))
            continue;
        calls += type.endsWith(QLatin1String("_call")) ? 1 : 0;
        outputs += type.endsWith(QLatin1String("_call_output")) ? 1 : 0;
    }
    const Counts counts = countRecord(read->sessions);
    QCOMPARE(counts.calls, calls);
    QCOMPARE(counts.results, outputs);

    const QString notes = read->notes.join(QLatin1Char('\n'));
    QVERIFY(notes.contains(QLatin1String("agent_message")));
    QVERIFY(notes.contains(QLatin1String("turn_aborted")));
    QVERIFY(notes.contains(QLatin1String("turn_context")));
}

void TestImportCodex::rolloutReimportGivesSameIds()
{
    test::TemporaryHome home;
    const QString path = home.filePath(QStringLiteral("rollout-2025-09-20T10-00-00-x.jsonl"));
    QVERIFY(valis::test::writeFile(path, jsonl(sampleRollout())));
    const Result<ImportedTranscript> first = m_codex->read(path);
    const Result<ImportedTranscript> second = m_codex->read(path);
    QVERIFY(first.ok() && second.ok());
    QCOMPARE(messageIds(first.value()), messageIds(second.value()));
    QCOMPARE(first->sessions.first().messages, second->sessions.first().messages);
    QCOMPARE(first->sessions.first().info, second->sessions.first().info);

    // A file that grows keeps the ids it had.
    QVERIFY(valis::test::writeFile(path, jsonl(sampleRollout() + QList<QJsonObject>{object(R"({"timestamp":"2025-09-20T10:07:00.000Z",
        "type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Committed."}]}})")})));
    const Result<ImportedTranscript> grown = m_codex->read(path);
    QVERIFY(grown.ok());
    const QStringList before = messageIds(first.value());
    QCOMPARE(messageIds(grown.value()).mid(0, before.size()), before);
    QCOMPARE(messageIds(grown.value()).size(), before.size() + 1);
}

void TestImportCodex::legacyRollout()
{
    test::TemporaryHome home;
    const QString path = home.filePath(QStringLiteral("rollout-2025-05-07T17-24-21-5973b6c0-94b8-487b-a530-2aeb6098ae0e.jsonl"));
    QVERIFY(valis::test::writeFile(path, jsonl({
        object(R"({"id":"5973b6c0-94b8-487b-a530-2aeb6098ae0e","timestamp":"2025-05-07T17:24:21.123Z","instructions":null})"),
        object(R"({"record_type":"state"})"),
        object(R"({"type":"message","role":"user","content":[{"type":"input_text","text":"list files"}]})"),
        object(R"({"type":"local_shell_call","id":"lsh_1","call_id":"call_1","status":"completed","action":{"type":"exec","command":["ls"]}})"),
        object(R"({"type":"function_call_output","call_id":"call_1","output":"README.md"})"),
        object(R"({"record_type":"state"})"),
    })));
    QVERIFY(m_codex->recognises(path, head(path)));
    const Result<ImportedTranscript> read = m_codex->read(path);
    QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
    const ImportedSession &session = read->sessions.first();
    QCOMPARE(session.info.id, QStringLiteral("codex-5973b6c0-94b8-487b-a530-2aeb6098ae0e"));
    QCOMPARE(session.info.title, QStringLiteral("list files"));
    QCOMPARE(session.messages.size(), 3);
    QCOMPARE(session.messages.at(1).parts.first().toolName, QStringLiteral("local_shell"));
    QCOMPARE(session.messages.at(2).parts.first().content.first().text, QStringLiteral("README.md"));

    // The same bare header under another name is not claimed.
    const QString other = home.filePath(QStringLiteral("notes.jsonl"));
    QVERIFY(valis::test::writeFile(other, head(path)));
    QVERIFY(!m_codex->recognises(other, head(other)));
}

void TestImportCodex::legacyRolloutOfMid2025()
{
    // What Codex CLI's Rust rollout writer of mid-2025 left in ~/.codex/sessions/YYYY/MM/DD: a
    // bare header in its field order (instructions longer than the detector's head, git info),
    // state lines, and bare response items, with no session_meta anywhere.
    test::TemporaryHome home;
    const QString folder = home.filePath(QStringLiteral(".codex/sessions"));
    const QString path = folder + QStringLiteral("/2025/07/01/rollout-2025-07-01T12-00-00-0197c1d2-e3f4-7a5b-8c6d-7e8f9a0b1c2d.jsonl");
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    const QByteArray instructions = "Always run the tests. " + QByteArray(70 * 1024, 'x');
    QByteArray content = R"({"id":"0197c1d2-e3f4-7a5b-8c6d-7e8f9a0b1c2d","timestamp":"2025-07-01T12:00:00.123Z","instructions":")"
        + instructions + R"(","git":{"commit_hash":"abc123","branch":"main"}})" "\n";
    content += jsonl({
        object(R"({"record_type":"state"})"),
        object(R"({"type":"message","id":null,"role":"user","content":[{"type":"input_text","text":"<user_instructions>\nAlways run the tests.\n</user_instructions>"}]})"),
        object(R"({"type":"message","id":null,"role":"user","content":[{"type":"input_text","text":"<environment_context>\n  <cwd>/w</cwd>\n</environment_context>"}]})"),
        object(R"({"record_type":"state"})"),
        object(R"({"type":"message","id":null,"role":"user","content":[{"type":"input_text","text":"fix the failing test"}]})"),
        object(R"({"type":"reasoning","id":"rs_1","summary":[{"type":"summary_text","text":"**Looking at the tests**"}],"content":null,"encrypted_content":"gAAAAB"})"),
        object(R"({"type":"function_call","id":"fc_1","name":"shell","arguments":"{\"command\":[\"bash\",\"-lc\",\"make test\"]}","call_id":"call_1"})"),
        object(R"({"type":"function_call_output","call_id":"call_1","output":"{\"output\":\"1 failed\",\"metadata\":{\"exit_code\":1,\"duration_seconds\":0.4}}"})"),
        object(R"({"type":"message","id":"msg_1","role":"assistant","content":[{"type":"output_text","text":"The test fails on an off-by-one."}]})"),
        object(R"({"record_type":"state"})"),
    });
    QVERIFY(valis::test::writeFile(path, content));

    // Detection: the importer's sniffing of a first line longer than the head, the registry,
    // and the scan of ~/.codex/sessions that the welcome view's import runs.
    QVERIFY(head(path).indexOf('\n') < 0);
    QVERIFY(m_codex->recognises(path, head(path)));
    const Result<const TranscriptImporter *> detected = m_importers.detect(path);
    QVERIFY2(detected.ok(), qPrintable(detected.ok() ? QString() : detected.error().toString()));
    QCOMPARE(detected.value()->format(), QStringLiteral("codex"));
    QCOMPARE(m_importers.scan(folder), QStringList{path});
    // The same start in a file of another name is not claimed.
    const QString other = home.filePath(QStringLiteral("notes.jsonl"));
    QVERIFY(valis::test::writeFile(other, content));
    QVERIFY(!m_codex->recognises(other, head(other)));

    const Result<ImportedTranscript> read = m_importers.read(path);
    QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
    QCOMPARE(read->format, QStringLiteral("codex"));
    const ImportedSession &session = read->sessions.first();
    QCOMPARE(session.info.id, QStringLiteral("codex-0197c1d2-e3f4-7a5b-8c6d-7e8f9a0b1c2d"));
    QCOMPARE(session.info.createdAt, QDateTime(QDate(2025, 7, 1), QTime(12, 0, 0, 123), Qt::UTC));
    QCOMPARE(session.info.title, QStringLiteral("fix the failing test"));
    QCOMPARE(session.info.metadata.value(QLatin1String("git")).toObject().value(QLatin1String("branch")).toString(),
             QStringLiteral("main"));
    // The instructions the model was given open the record.
    const Message &system = session.messages.first();
    QCOMPARE(system.role, Role::System);
    QCOMPARE(system.text(), QString::fromUtf8(instructions));
    QCOMPARE(system.metadata.value(QLatin1String("codex")).toString(), QStringLiteral("instructions"));
    const Counts counts = countRecord(read->sessions);
    QCOMPARE(counts.prompts.size(), 3);
    QCOMPARE(counts.prompts.constLast(), QStringLiteral("fix the failing test"));
    QCOMPARE(counts.thinking, 1);
    QCOMPARE(counts.calls, 1);
    QCOMPARE(counts.results, 1);
    QCOMPARE(counts.assistantTexts, 1);
    // Reasoning, call and answer of one response share one assistant message.
    const Message &assistant = session.messages.at(4);
    QCOMPARE(assistant.role, Role::Assistant);
    QCOMPARE(assistant.parts.first().kind, PartKind::Thinking);
    QCOMPARE(assistant.parts.at(1).toolName, QStringLiteral("shell"));
    QVERIFY(read->notes.join(QLatin1Char('\n')).contains(QLatin1String("record_type state lines")));
}

void TestImportCodex::smallTuiLog()
{
    test::TemporaryHome home;
    const QString path = home.filePath(QStringLiteral("session-20250901T120000Z.jsonl"));
    const auto key = [](const char *code, const char *modifiers = "0x0") {
        return QJsonObject{{QStringLiteral("ts"), QStringLiteral("2025-09-01T12:00:01.000Z")},
                           {QStringLiteral("dir"), QStringLiteral("to_tui")},
                           {QStringLiteral("kind"), QStringLiteral("key_event")},
                           {QStringLiteral("event"), QStringLiteral("KeyEvent { code: %1, modifiers: KeyModifiers(%2), "
                                                                    "kind: Press, state: KeyEventState(0x0) }")
                                                         .arg(QLatin1String(code), QLatin1String(modifiers))}};
    };
    const auto event = [](const char *msg) {
        return QJsonObject{{QStringLiteral("ts"), QStringLiteral("2025-09-01T12:00:02.000Z")},
                           {QStringLiteral("dir"), QStringLiteral("to_tui")},
                           {QStringLiteral("kind"), QStringLiteral("codex_event")},
                           {QStringLiteral("payload"), QJsonObject{{QStringLiteral("id"), QStringLiteral("1")},
                                                                   {QStringLiteral("msg"), object(msg)}}}};
    };
    const QList<QJsonObject> lines = {
        object(R"({"ts":"2025-09-01T12:00:00.000Z","dir":"meta","kind":"session_start","cwd":"/w","model":"gpt-5"})"),
        event(R"({"type":"session_configured","session_id":"11111111-2222-3333-4444-555555555555","model":"gpt-5"})"),
        key("Char('r')"), key("Char('m')"), key("Left"), key("Char('u')"), key("Right"), key("Char(' ')"),
        key("Char('x')"), key("Backspace"), key("Char('\\'')"), key("Char('A')", "SHIFT"), key("Enter"),
        event(R"({"type":"task_started"})"),
        event(R"({"type":"exec_approval_request","call_id":"c1","command":["rm","-rf","build"],"cwd":"/w","reason":"cleanup"})"),
        key("Char('y')"), key("Enter"), // answers the dialog, not the composer
        object(R"({"ts":"2025-09-01T12:00:03.000Z","dir":"from_tui","kind":"op","payload":{"type":"exec_approval","id":"1","decision":"denied"}})"),
        event(R"({"type":"exec_command_begin","call_id":"c2","command":["false"],"cwd":"/w","parsed_cmd":[]})"),
        event(R"({"type":"exec_command_end","call_id":"c2","stdout":"","stderr":"boom","aggregated_output":"boom\n","exit_code":1,"duration":"1ms"})"),
        event(R"({"type":"token_count","info":{"last_token_usage":{"input_tokens":10,"cached_input_tokens":0,"output_tokens":5}}})"),
        event(R"({"type":"agent_message","message":"It failed."})"),
        event(R"({"type":"task_complete","last_agent_message":"It failed."})"),
        object(R"({"ts":"2025-09-01T12:00:05.000Z","dir":"from_tui","kind":"op","payload":{"type":"user_input","items":[{"type":"text","text":"try again"}]}})"),
        event(R"({"type":"task_started"})"),
        event(R"({"type":"task_started"})"),
    };
    QVERIFY(valis::test::writeFile(path, jsonl(lines)));
    const Result<ImportedTranscript> read = m_codex->read(path);
    QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
    const ImportedSession &session = read->sessions.first();
    QCOMPARE(session.info.id, QStringLiteral("codex-tui-11111111-2222-3333-4444-555555555555"));
    const Counts counts = countRecord(read->sessions);
    QCOMPARE(counts.prompts, (QStringList{QStringLiteral("rum 'A"), QStringLiteral("try again"), QString()}));
    QCOMPARE(counts.failedResults, 1);
    QCOMPARE(counts.withUsage, 1);
    QCOMPARE(session.messages.last().metadata.value(QLatin1String("promptUnavailable")).toBool(), true);
    const Message &assistant = session.messages.at(1);
    QCOMPARE(assistant.role, Role::Assistant);
    const QJsonArray approvals = assistant.metadata.value(QLatin1String("approvals")).toArray();
    QCOMPARE(approvals.size(), 1); // denied: its call never started, so it stays with the turn
    QCOMPARE(approvals.first().toObject().value(QLatin1String("decision")).toString(), QStringLiteral("denied"));
    QCOMPARE(session.messages.at(2).parts.first().content.first().text, QStringLiteral("boom\n"));
    QCOMPARE(session.messages.at(2).metadata.value(QLatin1String("exitCode")).toInt(), 1);
}

void TestImportCodex::recognition()
{
    test::TemporaryHome home;
    const auto recognised = [this, &home](const char *name, const QByteArray &content) {
        const QString path = home.filePath(QLatin1String(name));
        return valis::test::writeFile(path, content) && m_codex->recognises(path, head(path));
    };
    QVERIFY(!recognised("cc.jsonl", R"({"type":"user","uuid":"u1","sessionId":"s1","message":{"role":"user","content":"hi"},"timestamp":"2025-01-01T00:00:00Z"})" "\n"));
    QVERIFY(!recognised("cc-summary.jsonl", R"({"type":"summary","summary":"x","leafUuid":"u1"})" "\n"));
    QVERIFY(!recognised("cc-progress.jsonl", R"({"type":"progress","uuid":"u2","sessionId":"s1","data":{}})" "\n"));
    QVERIFY(!recognised("rollout-x.jsonl", R"({"type":"response_item","payload":{}})" "\n"));
    QVERIFY(!recognised("plain.jsonl", "hello\n"));
    QVERIFY(!recognised("rollout.json", R"({"timestamp":"t","type":"session_meta","payload":{"id":"x"}})" "\n"));
    QVERIFY(recognised("rollout-y.jsonl", R"({"timestamp":"t","type":"session_meta","payload":{"id":"x"}})" "\n"));
    QVERIFY(recognised("tui.jsonl", R"({"ts":"t","dir":"meta","kind":"session_start"})"));

    // A first line longer than the head the detector reads (long base instructions).
    const QByteArray longMeta = R"({"timestamp":"2025-09-20T10:00:00.000Z","type":"session_meta","payload":{"id":"x","base_instructions":{"text":")"
        + QByteArray(70 * 1024, 'a') + R"("}}})" "\n";
    const QString longPath = home.filePath(QStringLiteral("rollout-long.jsonl"));
    QVERIFY(valis::test::writeFile(longPath, longMeta));
    QVERIFY(m_codex->recognises(longPath, head(longPath)));
    QCOMPARE(m_importers.detect(longPath).value()->format(), QStringLiteral("codex"));
    const Result<ImportedTranscript> longRead = m_codex->read(longPath);
    QVERIFY(longRead.ok());
    QCOMPARE(longRead->sessions.first().messages.first().text().size(), 70 * 1024);
}

void TestImportCodex::malformed_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("line");
    const QByteArray meta = R"({"timestamp":"2025-09-20T10:00:00Z","type":"session_meta","payload":{"id":"abc","cwd":"/w"}})" "\n";
    const QByteArray user = R"({"timestamp":"2025-09-20T10:00:01Z","type":"response_item","payload":{"type":"message","role":"user","content":"hi"}})" "\n";
    QTest::newRow("bad JSON") << (meta + user + "{\"timestamp\": oops\n" + user) << 3;
    QTest::newRow("call without call_id")
        << (meta + user + R"({"type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}"}})" "\n") << 3;
    QTest::newRow("item without type or role")
        << (meta + "\n" + user + R"({"type":"response_item","payload":{"content":"x"}})" "\n") << 4;
    QTest::newRow("line without type") << (meta + R"({"timestamp":"x","payload":{}})" "\n") << 2;
    QTest::newRow("event without type") << (meta + user + R"({"type":"event_msg","payload":{"message":"x"}})" "\n") << 3;
    QTest::newRow("token_count wrong shape")
        << (meta + R"({"type":"event_msg","payload":{"type":"token_count","info":{"last_token_usage":{"input_tokens":"many"}}}})" "\n") << 2;
    QTest::newRow("compacted without message") << (meta + user + R"({"type":"compacted","payload":{}})" "\n") << 3;
    QTest::newRow("session_meta without id") << QByteArray(R"({"type":"session_meta","payload":{"cwd":"/w"}})" "\n") << 1;
    const QByteArray tuiStart = R"({"ts":"2025-09-01T12:00:00Z","dir":"meta","kind":"session_start","cwd":"/w"})" "\n";
    QTest::newRow("tui exec without command")
        << (tuiStart + R"({"ts":"2025-09-01T12:00:01Z","dir":"to_tui","kind":"codex_event","payload":{"id":"1","msg":{"type":"exec_command_begin","call_id":"c"}}})" "\n") << 2;
    QTest::newRow("tui exec end without exit code")
        << (tuiStart + R"({"ts":"t","dir":"to_tui","kind":"codex_event","payload":{"id":"1","msg":{"type":"exec_command_end","call_id":"c","stdout":""}}})" "\n") << 2;
    QTest::newRow("tui agent_message without text")
        << (tuiStart + "\n\n" + R"({"ts":"t","dir":"to_tui","kind":"codex_event","payload":{"msg":{"type":"agent_message"}}})" "\n") << 4;
    QTest::newRow("tui line without kind") << (tuiStart + R"({"ts":"t","dir":"to_tui"})" "\n") << 2;
    QTest::newRow("tui bad JSON") << (tuiStart + "[1,2]\n") << 2;
}

void TestImportCodex::malformed()
{
    QFETCH(QByteArray, content);
    QFETCH(int, line);
    test::TemporaryHome home;
    const QString path = home.filePath(QStringLiteral("rollout-bad.jsonl"));
    QVERIFY(valis::test::writeFile(path, content));
    const Result<ImportedTranscript> read = m_codex->read(path);
    QVERIFY(read.hasError());
    QCOMPARE(read.error().code, QStringLiteral("import.malformed"));
    QCOMPARE(read.error().location, path + QLatin1Char(':') + QString::number(line));
    QVERIFY(!read.error().message.isEmpty());
}

VALIS_TEST_MAIN(TestImportCodex)
#include "tst_import_codex.moc"
