#include "testsupport.h"

#include "valis/export/jsonlexport.h"
#include "valis/store/sessionstore.h"

#include <QBuffer>
#include <QFile>
#include <QJsonDocument>

using namespace valis;

class TestExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void jsonlRoundTripIsLossless();
    void jsonlImportRejectsDamage_data();
    void jsonlImportRejectsDamage();
    void markdownIsReadableAndFenceSafe();

private:
    QByteArray exportJsonl(SessionStore &store, const QStringList &ids);
    std::unique_ptr<test::TemporaryHome> m_home;
    std::unique_ptr<SessionStore> m_store;
    QString m_parent;
    QString m_child;
};

void TestExport::init()
{
    m_home = std::make_unique<test::TemporaryHome>();
    auto store = SessionStore::open(m_home->filePath(QStringLiteral("a/sessions.db")));
    VALIS_VERIFY_OK(store);
    m_store = std::move(store).value();
    SessionInfo parent;
    parent.title = QStringLiteral("Fix the build");
    parent.workspace = QStringLiteral("/home/u/project");
    parent.model = QStringLiteral("claude-opus-4-6");
    parent.metadata.insert(QStringLiteral("gitBranch"), QStringLiteral("main"));
    m_parent = m_store->createSession(parent)->id;
    SessionInfo child;
    child.title = QStringLiteral("subagent");
    child.parentSessionId = m_parent;
    child.parentToolCallId = QStringLiteral("toolu_task");
    m_child = m_store->createSession(child)->id;

    Message user;
    user.role = Role::User;
    user.parts = {Part::makeText(QStringLiteral("Why does ```make``` fail? 🎉")),
                  Part::makeImage({QStringLiteral("image/png"), QString(), QByteArray("\x89PNG-not-really", 15)})};
    Message assistant;
    assistant.role = Role::Assistant;
    assistant.model = QStringLiteral("claude-opus-4-6");
    assistant.stopReason = QStringLiteral("tool_use");
    assistant.usage.inputTokens = 3;
    assistant.usage.outputTokens = 40;
    assistant.usage.cacheWriteTokens = 13835;
    assistant.usage.cacheReadTokens = 11515;
    assistant.wire.insert(QStringLiteral("anthropic"), QJsonObject{{QStringLiteral("id"), QStringLiteral("msg_01")}});
    Part thinking = Part::makeThinking(QStringLiteral("The linker flags are wrong."), QStringLiteral("c2lnbmF0dXJl"));
    assistant.parts = {thinking, Part::makeText(QStringLiteral("Let me look.")),
                       Part::makeToolCall(QStringLiteral("toolu_1"), QStringLiteral("Bash"),
                                          QJsonObject{{QStringLiteral("command"), QStringLiteral("make 2>&1")}}),
                       Part::makeToolCallFromText(QStringLiteral("call_2"), QStringLiteral("read"), QStringLiteral("{\"path\": \"Makefile\""))};
    Message tool;
    tool.role = Role::Tool;
    tool.metadata.insert(QStringLiteral("isSidechain"), false);
    tool.parts = {Part::makeToolResultText(QStringLiteral("toolu_1"), QStringLiteral("```\nld: cannot find -lfoo\n````"), true),
                  Part::makeToolResult(QStringLiteral("call_2"), {})};
    Message marker;
    marker.role = Role::System;
    marker.metadata.insert(QStringLiteral("marker"), QStringLiteral("compact_boundary"));
    marker.parts = {Part::makeText(QStringLiteral("Conversation compacted"))};
    VALIS_VERIFY_OK(m_store->appendMessages(m_parent, {user, assistant, tool, marker}));
    Message childMessage;
    childMessage.role = Role::User;
    childMessage.parts = {Part::makeText(QStringLiteral("search the docs"))};
    VALIS_VERIFY_OK(m_store->appendMessage(m_child, childMessage));
}

void TestExport::cleanup()
{
    m_store.reset();
    m_home.reset();
}

QByteArray TestExport::exportJsonl(SessionStore &store, const QStringList &ids)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    const auto written = JsonlExport::write(store, ids, buffer);
    if (!written.ok())
        qWarning() << written.error().toString();
    return written.ok() ? buffer.data() : QByteArray();
}

void TestExport::jsonlRoundTripIsLossless()
{
    const QByteArray exported = exportJsonl(*m_store, {m_parent, m_child});
    QVERIFY(!exported.isEmpty());
    const QString file = m_home->filePath(QStringLiteral("export.jsonl"));
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(exported);
    }
    TranscriptImporters importers;
    auto importer = importers.detect(file);
    VALIS_VERIFY_OK(importer);
    QCOMPARE(importer.value()->format(), QStringLiteral("valis-jsonl"));
    auto transcript = importer.value()->read(file);
    VALIS_VERIFY_OK(transcript);
    QCOMPARE(transcript->sessions.size(), 2);

    auto other = SessionStore::open(m_home->filePath(QStringLiteral("b/sessions.db")));
    VALIS_VERIFY_OK(other);
    auto report = other.value()->importTranscript(transcript.value());
    VALIS_VERIFY_OK(report);
    QCOMPARE(report->messagesAdded(), 5);

    for (const QString &id : {m_parent, m_child}) {
        auto before = m_store->session(id);
        auto after = other.value()->session(id);
        VALIS_VERIFY_OK(after);
        QCOMPARE(after.value(), before.value());
        auto beforeMessages = m_store->messages(id);
        auto afterMessages = other.value()->messages(id);
        VALIS_VERIFY_OK(afterMessages);
        QCOMPARE(afterMessages->size(), beforeMessages->size());
        for (qsizetype i = 0; i < afterMessages->size(); ++i) {
            QCOMPARE(afterMessages->at(i), beforeMessages->at(i));
            QCOMPARE(afterMessages->at(i).seq, beforeMessages->at(i).seq);
            QCOMPARE(afterMessages->at(i).turn, beforeMessages->at(i).turn);
        }
    }
    // The image travelled with the export.
    const QString uri = m_store->messages(m_parent)->first().parts.at(1).image.uri;
    QCOMPARE(other.value()->readBlob(uri).value(), QByteArray("\x89PNG-not-really", 15));
    // Exporting the imported copy gives the same lines (the header's timestamp aside).
    const QByteArray again = exportJsonl(*other.value(), {m_parent, m_child});
    QCOMPARE(again.mid(again.indexOf('\n')), exported.mid(exported.indexOf('\n')));
}

void TestExport::jsonlImportRejectsDamage_data()
{
    QTest::addColumn<int>("line");
    QTest::addColumn<QByteArray>("replacement");
    QTest::addColumn<QString>("expected");
    QTest::newRow("truncated json") << 3 << QByteArray("{\"type\":\"message\",\"session_") << QStringLiteral(":3");
    QTest::newRow("unknown session") << 3 << QByteArray(R"({"type":"message","session_id":"ghost","message":{"id":"x","role":"user","parts":[]}})") << QStringLiteral("unknown session");
    QTest::newRow("bad role") << 3 << QByteArray(R"({"type":"message","session_id":"SESSION","message":{"id":"x","role":"robot","parts":[]}})") << QStringLiteral("robot");
    QTest::newRow("unknown line") << 2 << QByteArray(R"({"type":"surprise"})") << QStringLiteral("surprise");
    QTest::newRow("future version") << 1 << QByteArray(R"({"type":"valis-export","version":99})") << QStringLiteral("99");
}

void TestExport::jsonlImportRejectsDamage()
{
    QFETCH(int, line);
    QFETCH(QByteArray, replacement);
    QFETCH(QString, expected);
    QList<QByteArray> lines = exportJsonl(*m_store, {m_parent}).split('\n');
    lines[line - 1] = replacement.replace("SESSION", m_parent.toUtf8());
    const QString file = m_home->filePath(QStringLiteral("damaged.jsonl"));
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(lines.join('\n'));
    }
    TranscriptImporters importers;
    const TranscriptImporter *importer = importers.find(QStringLiteral("valis-jsonl"));
    QVERIFY(importer);
    auto transcript = importer->read(file);
    QVERIFY(transcript.hasError());
    QCOMPARE(transcript.error().code, QStringLiteral("import.malformed"));
    QVERIFY2(transcript.error().toString().contains(expected), qPrintable(transcript.error().toString()));
    QVERIFY(transcript.error().location.startsWith(file));
}

void TestExport::markdownIsReadableAndFenceSafe()
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    VALIS_VERIFY_OK(MarkdownExport::write(*m_store, m_parent, buffer));
    const QString markdown = QString::fromUtf8(buffer.data());
    QVERIFY(markdown.startsWith(QLatin1String("# Fix the build\n")));
    QVERIFY(markdown.contains(QLatin1String("## Turn 1")));
    QVERIFY(markdown.contains(QLatin1String("### Assistant (claude-opus-4-6)")));
    QVERIFY(markdown.contains(QLatin1String("<summary>Thinking</summary>")));
    QVERIFY(markdown.contains(QLatin1String("**Tool call** `Bash` (toolu_1)")));
    QVERIFY(markdown.contains(QLatin1String("\"command\": \"make 2>&1\"")));
    QVERIFY(markdown.contains(QLatin1String("**Tool result** (toolu_1, error)")));
    QVERIFY(markdown.contains(QLatin1String("marker: compact_boundary")));
    // The tool output holds a run of four backticks, so its fence must be five long.
    QVERIFY2(markdown.contains(QLatin1String("`````\n```\nld: cannot find -lfoo\n````\n`````\n")), qPrintable(markdown));
    auto missing = MarkdownExport::write(*m_store, QStringLiteral("nope"), buffer);
    QVERIFY(missing.hasError());
    QCOMPARE(missing.error().code, QStringLiteral("store.no-session"));
}

VALIS_TEST_MAIN(TestExport)
#include "tst_export.moc"
