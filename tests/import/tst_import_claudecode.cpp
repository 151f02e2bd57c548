#include "testsupport.h"

#include "valis/import/transcriptimporter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>

using namespace valis;

namespace {

const QString kFolder = QStringLiteral("claude-code-sessions-spotter");

/// What a Claude Code file holds, counted straight from its lines (not through the importer).
struct RawCounts
{
    int messages = 0;        // distinct assistant message.id + distinct kept user uuids + kept system lines
    int assistantBlocks = 0; // content blocks over all assistant lines
    int toolCalls = 0;       // distinct tool_use ids
    int toolResults = 0;     // tool_result blocks in user lines
    int progressLines = 0;
    int compactBoundaries = 0;
};

QList<QJsonObject> rawLines(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<QJsonObject> lines;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (!line.isEmpty())
            lines.append(QJsonDocument::fromJson(line).object());
    }
    return lines;
}

RawCounts countRaw(const QString &path)
{
    RawCounts counts;
    QSet<QString> assistantIds;
    QSet<QString> userUuids;
    QSet<QString> toolUseIds;
    int systemKept = 0;
    for (const QJsonObject &line : rawLines(path)) {
        const QString type = line.value(QLatin1String("type")).toString();
        const QJsonValue content = line.value(QLatin1String("message")).toObject().value(QLatin1String("content"));
        if (type == QLatin1String("assistant")) {
            assistantIds.insert(line.value(QLatin1String("message")).toObject().value(QLatin1String("id")).toString());
            for (const QJsonValue &block : content.toArray()) {
                ++counts.assistantBlocks;
                if (block.toObject().value(QLatin1String("type")).toString() == QLatin1String("tool_use"))
                    toolUseIds.insert(block.toObject().value(QLatin1String("id")).toString());
            }
        } else if (type == QLatin1String("user")) {
            userUuids.insert(line.value(QLatin1String("uuid")).toString());
            for (const QJsonValue &block : content.toArray()) {
                if (block.toObject().value(QLatin1String("type")).toString() == QLatin1String("tool_result"))
                    ++counts.toolResults;
            }
        } else if (type == QLatin1String("system")) {
            const QString subtype = line.value(QLatin1String("subtype")).toString();
            if (subtype == QLatin1String("compact_boundary"))
                ++counts.compactBoundaries;
            if (subtype == QLatin1String("compact_boundary") || subtype == QLatin1String("local_command"))
                ++systemKept;
        } else if (type == QLatin1String("progress")) {
            ++counts.progressLines;
        }
    }
    counts.messages = int(assistantIds.size() + userUuids.size()) + systemKept;
    counts.toolCalls = int(toolUseIds.size());
    return counts;
}

int countKind(const ImportedSession &session, PartKind kind)
{
    int count = 0;
    for (const Message &message : session.messages)
        count += message.countParts(kind);
    return count;
}

/// The checks every imported session must pass, whatever file it came from.
void checkSession(const ImportedSession &session, const RawCounts &raw, const QString &name)
{
    QCOMPARE(session.info.originKind, QStringLiteral("claude-code"));
    QCOMPARE(int(session.messages.size()), raw.messages);
    QCOMPARE(countKind(session, PartKind::ToolCall), raw.toolCalls);
    QCOMPARE(countKind(session, PartKind::ToolResult), raw.toolResults);
    int assistantParts = 0;
    for (const Message &message : session.messages) {
        if (message.role == Role::Assistant)
            assistantParts += int(message.parts.size());
    }
    QCOMPARE(assistantParts, raw.assistantBlocks); // merging loses no block

    QSet<QString> seen;
    QSet<QString> callIds;
    for (const Message &message : session.messages) {
        QVERIFY2(!message.id.isEmpty(), qPrintable(name));
        QVERIFY2(!seen.contains(message.id), qPrintable(name + QStringLiteral(": duplicate id ") + message.id));
        // A parent is an earlier message of the same session.
        QVERIFY2(message.parentId.isEmpty() || seen.contains(message.parentId),
                 qPrintable(name + QStringLiteral(": unresolved parent of ") + message.id));
        seen.insert(message.id);
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolCall)
                callIds.insert(part.callId);
        }
    }
    int compactMarkers = 0;
    for (const Message &message : session.messages) {
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolResult)
                QVERIFY2(callIds.contains(part.callId), qPrintable(name + QStringLiteral(": orphan result ") + part.callId));
        }
        if (message.metadata.value(QLatin1String("marker")).toString() == QLatin1String("compact_boundary")) {
            ++compactMarkers;
            QCOMPARE(message.role, Role::System);
            QVERIFY(message.metadata.contains(QLatin1String("trigger")));
            QVERIFY(message.metadata.value(QLatin1String("preTokens")).toInteger() > 0);
            QVERIFY(message.metadata.contains(QLatin1String("logicalParentId")));
        }
    }
    QCOMPARE(compactMarkers, raw.compactBoundaries);
    QVERIFY(session.info.createdAt.isValid());
    QVERIFY(session.info.updatedAt >= session.info.createdAt);
    QVERIFY2(!session.info.title.isEmpty(), qPrintable(name));
}

QString line(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

/// A user or assistant line as Claude Code writes it.
QJsonObject entry(const QString &type, const QString &uuid, const QString &parent, const QJsonObject &message)
{
    return QJsonObject{
        {QStringLiteral("type"), type},
        {QStringLiteral("uuid"), uuid},
        {QStringLiteral("parentUuid"), parent.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(parent)},
        {QStringLiteral("sessionId"), QStringLiteral("11111111-2222-3333-4444-555555555555")},
        {QStringLiteral("cwd"), QStringLiteral("/work/project")},
        {QStringLiteral("timestamp"), QStringLiteral("2026-02-10T21:11:56.846Z")},
        {QStringLiteral("message"), message},
    };
}

QJsonObject userEntry(const QString &uuid, const QString &parent, const QString &text)
{
    return entry(QStringLiteral("user"), uuid, parent,
                 QJsonObject{{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), text}});
}

QJsonObject assistantEntry(const QString &uuid, const QString &parent, const QString &apiId, const QJsonObject &block,
                           int outputTokens)
{
    return entry(QStringLiteral("assistant"), uuid, parent,
                 QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                             {QStringLiteral("id"), apiId},
                             {QStringLiteral("model"), QStringLiteral("claude-opus-4-6")},
                             {QStringLiteral("stop_reason"), QJsonValue::Null},
                             {QStringLiteral("usage"), QJsonObject{{QStringLiteral("input_tokens"), 3},
                                                                    {QStringLiteral("output_tokens"), outputTokens}}},
                             {QStringLiteral("content"), QJsonArray{block}}});
}

QJsonObject textBlock(const QString &text)
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), text}};
}

bool writeFile(const QString &path, const QStringList &lines, bool finalNewline = true)
{
    QByteArray data = lines.join(QLatin1Char('\n')).toUtf8();
    if (finalNewline)
        data += '\n';
    return valis::test::writeFile(path, data);
}

} // namespace

class TestImportClaudeCode : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fixtureSessions_data();
    void fixtureSessions();
    void recognisesOnlyClaudeCode();
    void streamedLinesMerge();
    void branchesAreKept();
    void malformedLineFailsTheRead();
    void truncatedLastLineFails();
    void emptyFileFails();
    void badSubagentFileIsNamed();

private:
    TranscriptImporters m_importers;
};

void TestImportClaudeCode::fixtureSessions_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("fa812bfe") << QStringLiteral("fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl");
    QTest::newRow("ae4a77f8") << QStringLiteral("ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl");
    QTest::newRow("short") << QStringLiteral("short.jsonl");
    QTest::newRow("tool_heavy") << QStringLiteral("tool_heavy.jsonl");
    QTest::newRow("subagent") << QStringLiteral("subagent.jsonl");
}

void TestImportClaudeCode::fixtureSessions()
{
    QFETCH(QString, file);
    VALIS_REQUIRE_FIXTURE(folder, "claude-code-sessions-spotter");
    const QString path = QDir(folder).filePath(file);
    QVERIFY(QFileInfo::exists(path));

    Result<const TranscriptImporter *> detected = m_importers.detect(path);
    QVERIFY2(detected.ok(), qPrintable(detected.ok() ? QString() : detected.error().toString()));
    QCOMPARE(detected.value()->format(), QStringLiteral("claude-code"));
    const Result<ImportedTranscript> transcript = detected.value()->read(path);
    QVERIFY2(transcript.ok(), qPrintable(transcript.ok() ? QString() : transcript.error().toString()));

    // The main session, then one child per subagent file.
    const QDir subagents(QDir(folder).filePath(QFileInfo(file).completeBaseName() + QStringLiteral("/subagents")));
    const QStringList agentFiles = subagents.entryList({QStringLiteral("agent-*.jsonl")}, QDir::Files, QDir::Name);
    QCOMPARE(transcript->sessions.size(), agentFiles.size() + 1);

    const ImportedSession &main = transcript->sessions.first();
    const RawCounts raw = countRaw(path);
    checkSession(main, raw, file);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(main.info.id, QStringLiteral("cc-") + rawLines(path).last().value(QLatin1String("sessionId")).toString());
    QVERIFY(!main.info.workspace.isEmpty());
    QVERIFY(!main.info.model.isEmpty());
    QVERIFY(main.info.parentSessionId.isEmpty());
    if (raw.progressLines > 0) {
        const QString note = QStringLiteral("left out %1 progress lines").arg(raw.progressLines);
        QVERIFY2(transcript->notes.contains(note), qPrintable(transcript->notes.join(QLatin1Char('\n'))));
    }
    qInfo("%s: %d messages, %d tool calls, %d tool results, %d compact boundaries, %d progress lines left out",
          qPrintable(file), raw.messages, raw.toolCalls, raw.toolResults, raw.compactBoundaries, raw.progressLines);

    qInfo("  title \"%s\"; notes: %s", qPrintable(main.info.title), qPrintable(transcript->notes.join(QStringLiteral("; "))));

    QSet<QString> taskCalls;
    for (const Message &message : main.messages) {
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolCall && part.toolName == QLatin1String("Task"))
                taskCalls.insert(part.callId);
        }
    }
    for (qsizetype i = 0; i < agentFiles.size(); ++i) {
        const ImportedSession &child = transcript->sessions.at(i + 1);
        const QString agentPath = subagents.filePath(agentFiles.at(i));
        const RawCounts childRaw = countRaw(agentPath);
        checkSession(child, childRaw, agentFiles.at(i));
        if (QTest::currentTestFailed())
            return;
        const QString agentId = agentFiles.at(i).mid(6).chopped(6); // agent-<id>.jsonl
        QCOMPARE(child.info.id, main.info.id + QStringLiteral("-agent-") + agentId);
        QCOMPARE(child.info.parentSessionId, main.info.id);
        qInfo("  %s: %d messages, %d tool calls, %d tool results", qPrintable(agentFiles.at(i)),
              childRaw.messages, childRaw.toolCalls, childRaw.toolResults);
        if (agentId.startsWith(QLatin1String("acompact"))) {
            QVERIFY(child.info.metadata.value(QLatin1String("compactionHelper")).toBool());
            // It starts inside the parent, at the message the compaction summarised up to.
            const bool inParent = std::any_of(main.messages.cbegin(), main.messages.cend(), [&child](const Message &m) {
                return m.id == child.info.parentMessageId;
            });
            QVERIFY2(inParent, qPrintable(agentFiles.at(i) + QStringLiteral(" starts at ") + child.info.parentMessageId));
            continue;
        }
        QVERIFY2(taskCalls.contains(child.info.parentToolCallId),
                 qPrintable(agentFiles.at(i) + QStringLiteral(" links to ") + child.info.parentToolCallId));
        bool parentHoldsCall = false;
        for (const Message &message : main.messages) {
            if (message.id == child.info.parentMessageId) {
                for (const Part &part : message.parts)
                    parentHoldsCall = parentHoldsCall || part.callId == child.info.parentToolCallId;
            }
        }
        QVERIFY(parentHoldsCall);
    }
}

void TestImportClaudeCode::recognisesOnlyClaudeCode()
{
    const TranscriptImporter *importer = m_importers.find(QStringLiteral("claude-code"));
    QVERIFY(importer);
    auto head = [](const QString &path) {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.read(64 * 1024) : QByteArray();
    };
    const QByteArray ccLine = line(userEntry(QStringLiteral("u1"), QString(), QStringLiteral("hi"))).toUtf8();
    const QByteArray snapshot = R"({"type":"file-history-snapshot","messageId":"x","snapshot":{},"isSnapshotUpdate":false})";
    const QByteArray both = QByteArray(snapshot + '\n' + ccLine + '\n');
    QVERIFY(importer->recognises(QStringLiteral("/p/s.jsonl"), both));
    QVERIFY(!importer->recognises(QStringLiteral("/p/s.json"), both));
    QVERIFY(!importer->recognises(QStringLiteral("/p/s.jsonl"), snapshot));
    QVERIFY(!importer->recognises(QStringLiteral("/p/s.jsonl"), QByteArray(QByteArray("not json\n") + ccLine)));

    const QString fixtures = test::fixturesDir();
    const QStringList others = {
        QStringLiteral("openai-codex/tui-session-log.oss-story.jsonl"),
        QStringLiteral("openai-codex/tui-session-log.binary-size-log.jsonl"),
        QStringLiteral("mcp-stdio-transcripts/server-memory.2026.8.31.jsonl"),
        QStringLiteral("claude-trace-traffic/test-traffic.redacted.jsonl"),
    };
    for (const QString &other : others) {
        const QString path = QDir(fixtures).filePath(other);
        if (QFileInfo::exists(path))
            QVERIFY2(!importer->recognises(path, head(path)), qPrintable(other));
    }
    const QString short_ = QDir(fixtures).filePath(kFolder + QStringLiteral("/short.jsonl"));
    if (QFileInfo::exists(short_))
        QVERIFY(importer->recognises(short_, head(short_)));
}

void TestImportClaudeCode::streamedLinesMerge()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.jsonl"));
    QJsonObject progress{{QStringLiteral("type"), QStringLiteral("progress")},
                         {QStringLiteral("uuid"), QStringLiteral("p1")},
                         {QStringLiteral("parentUuid"), QStringLiteral("a3")},
                         {QStringLiteral("sessionId"), QStringLiteral("11111111-2222-3333-4444-555555555555")},
                         {QStringLiteral("data"), QJsonObject{{QStringLiteral("type"), QStringLiteral("hook_progress")}}}};
    const QJsonObject thinking{{QStringLiteral("type"), QStringLiteral("thinking")},
                               {QStringLiteral("thinking"), QStringLiteral("hmm")},
                               {QStringLiteral("signature"), QStringLiteral("sig")}};
    const QJsonObject toolUse{{QStringLiteral("type"), QStringLiteral("tool_use")},
                              {QStringLiteral("id"), QStringLiteral("toolu_1")},
                              {QStringLiteral("name"), QStringLiteral("Bash")},
                              {QStringLiteral("input"), QJsonObject{{QStringLiteral("command"), QStringLiteral("ls")}}}};
    QJsonObject result = userEntry(QStringLiteral("u2"), QStringLiteral("p1"), QString());
    result.insert(QStringLiteral("message"),
                  QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                              {QStringLiteral("content"), QJsonArray{QJsonObject{
                                   {QStringLiteral("type"), QStringLiteral("tool_result")},
                                   {QStringLiteral("tool_use_id"), QStringLiteral("toolu_1")},
                                   {QStringLiteral("content"), QStringLiteral("a.txt")}}}}});
    result.insert(QStringLiteral("toolUseResult"), QJsonObject{{QStringLiteral("stdout"), QStringLiteral("a.txt")},
                                                               {QStringLiteral("interrupted"), false}});
    QVERIFY(writeFile(path, {
        line(userEntry(QStringLiteral("u1"), QString(), QStringLiteral("  list the files  "))),
        line(assistantEntry(QStringLiteral("a1"), QStringLiteral("u1"), QStringLiteral("msg_1"), thinking, 1)),
        line(assistantEntry(QStringLiteral("a2"), QStringLiteral("a1"), QStringLiteral("msg_1"), textBlock(QStringLiteral("Listing.")), 5)),
        line(assistantEntry(QStringLiteral("a3"), QStringLiteral("a2"), QStringLiteral("msg_1"), toolUse, 9)),
        line(progress),
        line(result),
    }));
    const Result<ImportedTranscript> transcript = m_importers.find(QStringLiteral("claude-code"))->read(path);
    QVERIFY2(transcript.ok(), qPrintable(transcript.ok() ? QString() : transcript.error().toString()));
    QCOMPARE(transcript->sessions.size(), 1);
    const ImportedSession &session = transcript->sessions.first();
    QCOMPARE(session.info.id, QStringLiteral("cc-11111111-2222-3333-4444-555555555555"));
    QCOMPARE(session.info.title, QStringLiteral("list the files"));
    QCOMPARE(session.info.workspace, QStringLiteral("/work/project"));
    QCOMPARE(session.messages.size(), 3);
    const Message &assistant = session.messages.at(1);
    QCOMPARE(assistant.id, QStringLiteral("a1"));
    QCOMPARE(assistant.role, Role::Assistant);
    QCOMPARE(assistant.parts.size(), 3);
    QCOMPARE(assistant.parts[0].kind, PartKind::Thinking);
    QCOMPARE(assistant.parts[1].text, QStringLiteral("Listing."));
    QCOMPARE(assistant.parts[2].kind, PartKind::ToolCall);
    QCOMPARE(assistant.usage.outputTokens, 9); // the last line's count
    QCOMPARE(assistant.model, QStringLiteral("claude-opus-4-6"));
    QCOMPARE(assistant.parentId, QStringLiteral("u1"));
    const Message &tool = session.messages.at(2);
    QCOMPARE(tool.role, Role::Tool);
    QCOMPARE(tool.parentId, QStringLiteral("a1")); // through the progress line and the merge
    QCOMPARE(tool.metadata.value(QLatin1String("toolUseResult")).toObject().value(QLatin1String("stdout")).toString(),
             QStringLiteral("a.txt"));
    QVERIFY(transcript->notes.contains(QStringLiteral("left out 1 progress line")));
}

void TestImportClaudeCode::branchesAreKept()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("b.jsonl"));
    QVERIFY(writeFile(path, {
        line(userEntry(QStringLiteral("u1"), QString(), QStringLiteral("question"))),
        line(assistantEntry(QStringLiteral("a1"), QStringLiteral("u1"), QStringLiteral("msg_1"), textBlock(QStringLiteral("answer")), 1)),
        line(userEntry(QStringLiteral("u2"), QStringLiteral("a1"), QStringLiteral("first follow-up"))),
        line(userEntry(QStringLiteral("u3"), QStringLiteral("a1"), QStringLiteral("edited follow-up"))),
        line(assistantEntry(QStringLiteral("a2"), QStringLiteral("u3"), QStringLiteral("msg_2"), textBlock(QStringLiteral("ok")), 1)),
    }));
    const Result<ImportedTranscript> transcript = m_importers.find(QStringLiteral("claude-code"))->read(path);
    QVERIFY(transcript.ok());
    const QList<Message> &messages = transcript->sessions.first().messages;
    QCOMPARE(messages.size(), 5);
    QCOMPARE(messages[2].id, QStringLiteral("u2"));
    QCOMPARE(messages[2].parentId, QStringLiteral("a1"));
    QCOMPARE(messages[3].id, QStringLiteral("u3"));
    QCOMPARE(messages[3].parentId, QStringLiteral("a1"));
    QCOMPARE(messages[4].parentId, QStringLiteral("u3"));
}

void TestImportClaudeCode::malformedLineFailsTheRead()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("m.jsonl"));
    QJsonObject noMessage = userEntry(QStringLiteral("u2"), QStringLiteral("u1"), QString());
    noMessage.remove(QStringLiteral("message"));
    QVERIFY(writeFile(path, {
        line(userEntry(QStringLiteral("u1"), QString(), QStringLiteral("question"))),
        QString(),
        line(noMessage),
    }));
    const Result<ImportedTranscript> transcript = m_importers.find(QStringLiteral("claude-code"))->read(path);
    QVERIFY(!transcript.ok());
    QCOMPARE(transcript.error().code, QStringLiteral("import.malformed"));
    QVERIFY2(transcript.error().location.endsWith(QLatin1String("m.jsonl:3")), qPrintable(transcript.error().location));
    QVERIFY2(transcript.error().message.contains(QLatin1String("message")), qPrintable(transcript.error().message));

    // Content the wire converter rejects names the line too.
    QJsonObject badContent = userEntry(QStringLiteral("u2"), QStringLiteral("u1"), QString());
    badContent.insert(QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                                             {QStringLiteral("content"), 5}});
    QVERIFY(writeFile(path, {line(userEntry(QStringLiteral("u1"), QString(), QStringLiteral("q"))), line(badContent)}));
    const Result<ImportedTranscript> second = m_importers.find(QStringLiteral("claude-code"))->read(path);
    QVERIFY(!second.ok());
    QVERIFY(second.error().location.endsWith(QLatin1String(":2")));
}

void TestImportClaudeCode::truncatedLastLineFails()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("t.jsonl"));
    const QString last = line(userEntry(QStringLiteral("u2"), QStringLiteral("u1"), QStringLiteral("cut off")));
    QVERIFY(writeFile(path, {line(userEntry(QStringLiteral("u1"), QString(), QStringLiteral("question"))), last.left(last.size() / 2)},
                      false));
    const Result<ImportedTranscript> transcript = m_importers.find(QStringLiteral("claude-code"))->read(path);
    QVERIFY(!transcript.ok());
    QCOMPARE(transcript.error().code, QStringLiteral("import.malformed"));
    QVERIFY(transcript.error().location.endsWith(QLatin1String(":2")));
}

void TestImportClaudeCode::emptyFileFails()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("e.jsonl"));
    QVERIFY(writeFile(path, {}, false));
    const Result<ImportedTranscript> transcript = m_importers.find(QStringLiteral("claude-code"))->read(path);
    QVERIFY(!transcript.ok());
    QCOMPARE(transcript.error().code, QStringLiteral("import.malformed"));
    QVERIFY2(transcript.error().message.contains(QLatin1String("empty")), qPrintable(transcript.error().message));
}

void TestImportClaudeCode::badSubagentFileIsNamed()
{
    QTemporaryDir dir;
    const QString uuid = QStringLiteral("11111111-2222-3333-4444-555555555555");
    const QString path = dir.filePath(uuid + QStringLiteral(".jsonl"));
    QVERIFY(writeFile(path, {line(userEntry(QStringLiteral("u1"), QString(), QStringLiteral("question")))}));
    const QString agent = dir.filePath(uuid + QStringLiteral("/subagents/agent-abc1234.jsonl"));
    QVERIFY(writeFile(agent, {line(userEntry(QStringLiteral("s1"), QString(), QStringLiteral("task"))), QStringLiteral("{oops")}));
    const TranscriptImporter *importer = m_importers.find(QStringLiteral("claude-code"));
    const Result<ImportedTranscript> transcript = importer->read(path);
    QVERIFY(!transcript.ok());
    QVERIFY2(transcript.error().location.endsWith(QLatin1String("agent-abc1234.jsonl:2")), qPrintable(transcript.error().location));

    // Fixed, the agent becomes a child session; with no Task call naming it, a note says so.
    QVERIFY(writeFile(agent, {line(userEntry(QStringLiteral("s1"), QString(), QStringLiteral("task")))}));
    const Result<ImportedTranscript> fixed = importer->read(path);
    QVERIFY(fixed.ok());
    QCOMPARE(fixed->sessions.size(), 2);
    QCOMPARE(fixed->sessions[1].info.id, QStringLiteral("cc-") + uuid + QStringLiteral("-agent-abc1234"));
    QCOMPARE(fixed->sessions[1].info.parentSessionId, QStringLiteral("cc-") + uuid);
    QVERIFY(fixed->notes.join(QLatin1Char('\n')).contains(QLatin1String("abc1234")));
    // Scanning the folder finds the main file only: the subagent is imported through it.
    QCOMPARE(m_importers.scan(dir.path()), QStringList{path});
}

VALIS_TEST_MAIN(TestImportClaudeCode)
#include "tst_import_claudecode.moc"
