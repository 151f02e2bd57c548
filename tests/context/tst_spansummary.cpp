// What a summarised span keeps: its artifacts verbatim, the progress ledger, the six sections of
// the extractive summary, a model summary completed with what it left out, and the saved
// transcript that reads back as the same messages.
#include "testsupport.h"
#include "valis/context/spansummary.h"
#include "valis/import/transcriptimporter.h"
#include "valis/record/recordjson.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace valis;

namespace {

Message message(Role role, const QList<Part> &parts, int turn = 1)
{
    Message m;
    m.id = newMessageId();
    m.role = role;
    m.parts = parts;
    m.turn = turn;
    return m;
}

Message says(Role role, const QString &text, int turn = 1)
{
    return message(role, {Part::makeText(text)}, turn);
}

Part result(const QString &callId, const QString &text)
{
    return Part::makeToolResultText(callId, text);
}

const QStringList SectionHeadings{QStringLiteral("## Session intent"),    QStringLiteral("## Progress and artifacts"),
                                  QStringLiteral("## Decisions"),         QStringLiteral("## Current state"),
                                  QStringLiteral("## Next steps"),        QStringLiteral("## Key details")};

void verifySections(const QString &summary)
{
    qsizetype at = -1;
    for (const QString &heading : SectionHeadings) {
        const qsizetype next = summary.indexOf(heading);
        QVERIFY2(next > at, qPrintable(heading + QStringLiteral(" missing or out of order")));
        at = next;
    }
}

} // namespace

class TestSpanSummary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void artifactsOfEveryKind()
    {
        const QList<Message> span{
            says(Role::User, QStringLiteral("Fix #123 and PROJ-42; see https://github.com/acme/app/issues/123). Version 1.2.3 is out.")),
            message(Role::Assistant, {Part::makeToolCall(QStringLiteral("c1"), QStringLiteral("read_file"), QJsonObject{{QStringLiteral("path"), QStringLiteral("src/app/main.cpp")}}),
                                      Part::makeToolCall(QStringLiteral("c2"), QStringLiteral("exec"), QJsonObject{{QStringLiteral("command"), QStringLiteral("make -j2 && ./run_tests.sh\necho done")}})}),
            message(Role::Tool, {result(QStringLiteral("c1"), QStringLiteral("#include <stdio.h>\nint main() {}")),
                                 result(QStringLiteral("c2"), QStringLiteral("src/parser/lexer.rs:12:5: error[E0425]: cannot find value\n"
                                                                             "npm ERR! code ERR_MODULE_NOT_FOUND\nopen /etc/hosts: ENOENT\n"
                                                                             "Segmentation fault (SIGSEGV); exit code 2; HTTP 404 from the server\n"
                                                                             "error TS2345: bad argument\nKeyError: 'name'"))}),
            says(Role::Assistant, QStringLiteral("The cause is in ./build.sh and README.md; UTF-8 and SHA-256 are fine.")),
        };
        const SpanArtifacts artifacts = extractArtifacts(span);
        for (const QString &file : {QStringLiteral("src/app/main.cpp"), QStringLiteral("src/parser/lexer.rs"), QStringLiteral("/etc/hosts"),
                                    QStringLiteral("./build.sh"), QStringLiteral("README.md"), QStringLiteral("./run_tests.sh")})
            QVERIFY2(artifacts.files.contains(file), qPrintable(file + QStringLiteral(" not in ") + artifacts.files.join(QLatin1Char(' '))));
        // Not paths: a version, a header name inside an include, the URL's own path.
        QVERIFY(!artifacts.files.contains(QStringLiteral("1.2.3")));
        QVERIFY(!artifacts.files.contains(QStringLiteral("stdio.h>")));
        for (const QString &file : artifacts.files)
            QVERIFY2(!file.contains(QLatin1String("github.com")), qPrintable(file));
        QCOMPARE(artifacts.urls, QStringList{QStringLiteral("https://github.com/acme/app/issues/123")});
        QVERIFY(artifacts.issues.contains(QStringLiteral("#123")));
        QVERIFY(artifacts.issues.contains(QStringLiteral("PROJ-42")));
        QVERIFY(!artifacts.issues.contains(QStringLiteral("UTF-8")));
        QVERIFY(!artifacts.issues.contains(QStringLiteral("SHA-256")));
        QVERIFY2(!artifacts.issues.join(QLatin1Char(' ')).contains(QLatin1String("include")), qPrintable(artifacts.issues.join(QLatin1Char(' '))));
        for (const QString &code : {QStringLiteral("E0425"), QStringLiteral("ERR_MODULE_NOT_FOUND"), QStringLiteral("ENOENT"),
                                    QStringLiteral("SIGSEGV"), QStringLiteral("exit code 2"), QStringLiteral("HTTP 404"),
                                    QStringLiteral("TS2345"), QStringLiteral("KeyError")})
            QVERIFY2(artifacts.errorCodes.contains(code), qPrintable(code + QStringLiteral(" not in ") + artifacts.errorCodes.join(QLatin1Char(' '))));
        QCOMPARE(artifacts.commands, QStringList{QStringLiteral("make -j2 && ./run_tests.sh")});
        const QString markdown = artifacts.toMarkdown();
        QVERIFY(markdown.contains(QStringLiteral("- Files: src/app/main.cpp")));
    }

    void argumentSpellingsOfOtherAgents()
    {
        const QList<Message> span{message(
            Role::Assistant,
            {Part::makeToolCall(QStringLiteral("a"), QStringLiteral("Read"), QJsonObject{{QStringLiteral("file_path"), QStringLiteral("/repo/lib/util.py")}}),
             Part::makeToolCall(QStringLiteral("b"), QStringLiteral("str_replace_editor"),
                                QJsonObject{{QStringLiteral("command"), QStringLiteral("view")}, {QStringLiteral("path"), QStringLiteral("/testbed/setup.cfg")}}),
             Part::makeToolCall(QStringLiteral("c"), QStringLiteral("shell"),
                                QJsonObject{{QStringLiteral("command"), QJsonArray{QStringLiteral("bash"), QStringLiteral("-lc"), QStringLiteral("cargo test --all")}}}),
             Part::makeToolCall(QStringLiteral("d"), QStringLiteral("apply_patch"),
                                QJsonObject{{QStringLiteral("input"), QStringLiteral("*** Begin Patch\n*** Update File: src/lib.rs\n@@\n-a\n+b\n*** End Patch")}}),
             Part::makeToolCall(QStringLiteral("e"), QStringLiteral("Bash"), QJsonObject{{QStringLiteral("command"), QStringLiteral("git status")}})})};
        const SpanArtifacts artifacts = extractArtifacts(span);
        for (const QString &file : {QStringLiteral("/repo/lib/util.py"), QStringLiteral("/testbed/setup.cfg"), QStringLiteral("src/lib.rs")})
            QVERIFY2(artifacts.files.contains(file), qPrintable(file));
        QCOMPARE(artifacts.commands, (QStringList{QStringLiteral("cargo test --all"), QStringLiteral("git status")}));
    }

    void ledgerKeepsTheLastReadAndTheStep()
    {
        const QString first = QStringLiteral("int a = 1;\n");
        const QString second = QStringLiteral("int a = 2;\n");
        const QList<Message> record{
            says(Role::User, QStringLiteral("Make a two.\nThen test.")),
            message(Role::Assistant, {Part::makeToolCall(QStringLiteral("r1"), QStringLiteral("read_file"), QJsonObject{{QStringLiteral("path"), QStringLiteral("a.cpp")}}),
                                      Part::makeToolCall(QStringLiteral("r2"), QStringLiteral("Read"), QJsonObject{{QStringLiteral("file_path"), QStringLiteral("b.cpp")}})}),
            message(Role::Tool, {result(QStringLiteral("r1"), first), result(QStringLiteral("r2"), QStringLiteral("b"))}),
            message(Role::Assistant, {Part::makeToolCall(QStringLiteral("p"), QStringLiteral("TodoWrite"),
                                                         QJsonObject{{QStringLiteral("todos"), QJsonArray{QJsonObject{{QStringLiteral("content"), QStringLiteral("edit a.cpp")}, {QStringLiteral("status"), QStringLiteral("completed")}},
                                                                                                           QJsonObject{{QStringLiteral("content"), QStringLiteral("run the tests")}, {QStringLiteral("status"), QStringLiteral("in_progress")}}}}}),
                                      Part::makeToolCall(QStringLiteral("r3"), QStringLiteral("read_file"), QJsonObject{{QStringLiteral("path"), QStringLiteral("a.cpp")}})}),
            message(Role::Tool, {result(QStringLiteral("p"), QStringLiteral("ok")), result(QStringLiteral("r3"), second)}, 2),
        };
        const ProgressLedger ledger = progressLedger(record);
        QCOMPARE(ledger.filesRead.size(), 2);
        QCOMPARE(ledger.filesRead.at(0).path, QStringLiteral("a.cpp"));
        QCOMPARE(ledger.filesRead.at(0).sha256, QString::fromLatin1(QCryptographicHash::hash(second.toUtf8(), QCryptographicHash::Sha256).toHex().left(12)));
        QCOMPARE(ledger.filesRead.at(0).turn, 2);
        QCOMPARE(ledger.filesRead.at(1).path, QStringLiteral("b.cpp"));
        QCOMPARE(ledger.currentStep, QStringLiteral("run the tests"));
        QVERIFY(ledger.toText().contains(QStringLiteral("a.cpp sha256:") + ledger.filesRead.at(0).sha256));
        // Without a plan: the latest request, its first line.
        const ProgressLedger noPlan = progressLedger(record.mid(0, 3));
        QCOMPARE(noPlan.currentStep, QStringLiteral("Make a two."));
        // Codex's update_plan spelling.
        const QList<Message> codex{message(Role::Assistant, {Part::makeToolCall(QStringLiteral("u"), QStringLiteral("update_plan"),
                                                                                QJsonObject{{QStringLiteral("plan"), QJsonArray{QJsonObject{{QStringLiteral("step"), QStringLiteral("write the parser")}, {QStringLiteral("status"), QStringLiteral("pending")}}}}})})};
        QCOMPARE(progressLedger(codex).currentStep, QStringLiteral("write the parser"));
    }

    void extractiveSummaryHasTheSectionsAndFits()
    {
        QList<Message> span;
        for (int t = 1; t <= 60; ++t) {
            span << says(Role::User, QStringLiteral("Turn %1: look at src/module%1/file%1.cpp please").arg(t), t);
            span << says(Role::Assistant, QStringLiteral("I decided to change src/module%1/file%1.cpp because the test failed. Next I will run it.").arg(t), t);
        }
        const SpanArtifacts artifacts = extractArtifacts(span);
        QCOMPARE(artifacts.files.size(), 60);
        const QString summary = extractiveSummary(span, artifacts, 12000);
        verifySections(summary);
        QVERIFY2(summary.size() <= 12000, qPrintable(QString::number(summary.size())));
        for (const QString &file : artifacts.files)
            QVERIFY2(summary.contains(file), qPrintable(file));
        QVERIFY(summary.contains(QStringLiteral("Turn 1: look at")));
        QVERIFY(summary.contains(QStringLiteral("I decided to change")));
        QCOMPARE(extractiveSummary(span, artifacts, 12000), summary); // deterministic
        // A tight budget still keeps the sections, cuts with a note, stays under it.
        const QString small = extractiveSummary(span, artifacts, 2500);
        verifySections(small);
        QVERIFY2(small.size() <= 2500, qPrintable(QString::number(small.size())));
        QVERIFY(small.contains(QStringLiteral("saved transcript")));
    }

    void modelSummaryIsCompletedWithWhatItMissed()
    {
        SpanArtifacts artifacts;
        artifacts.files = {QStringLiteral("a.cpp"), QStringLiteral("b.cpp")};
        artifacts.errorCodes = {QStringLiteral("E0425")};
        const QString complete = completeSummary(QStringLiteral("## Session intent\nFixed a.cpp after E0425."), artifacts);
        QVERIFY(complete.contains(QStringLiteral("## Artifacts not named above")));
        const QString added = complete.section(QStringLiteral("## Artifacts not named above"), 1);
        QVERIFY(added.contains(QStringLiteral("b.cpp")));
        QVERIFY(!added.contains(QStringLiteral("a.cpp")));
        QVERIFY(!added.contains(QStringLiteral("E0425")));
        QCOMPARE(completeSummary(QStringLiteral("a.cpp b.cpp E0425"), artifacts), QStringLiteral("a.cpp b.cpp E0425"));
    }

    void transcriptReadsBackAsTheSameMessages()
    {
        QList<Message> span{says(Role::User, QStringLiteral("héllo\nworld"), 3),
                            message(Role::Assistant, {Part::makeToolCall(QStringLiteral("c"), QStringLiteral("grep"), QJsonObject{{QStringLiteral("pattern"), QStringLiteral("x")}})}, 3),
                            message(Role::Tool, {result(QStringLiteral("c"), QStringLiteral("x:1"))}, 3),
                            says(Role::Assistant, QStringLiteral("done"), 5)};
        const SpanTranscript transcript = spanTranscript(span);
        QVERIFY2(transcript.name.startsWith(QLatin1String("T-3-through-5-")), qPrintable(transcript.name));
        QCOMPARE(transcript.name.size(), QStringLiteral("T-3-through-5-").size() + 6);
        // Another span of the same turns gets another name.
        QVERIFY(spanTranscript(span.mid(0, 2)).name != transcript.name);
        QList<Message> back;
        for (const QByteArray &line : transcript.json.split('\n')) {
            const QJsonObject entry = QJsonDocument::fromJson(line).object();
            if (entry.value(QLatin1String("type")).toString() == QLatin1String("message"))
                back.append(recordjson::messageFromJson(entry.value(QLatin1String("message")).toObject()).value());
        }
        QCOMPARE(back, span);
        QVERIFY(transcript.json.startsWith("{\"type\":\"valis-export\""));
        QVERIFY(transcript.markdown.contains("héllo"));
        QVERIFY(transcript.markdown.contains("x:1"));
        // And the importer reads it as a session.
        const TranscriptImporters importers;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("span.jsonl"));
        QVERIFY(test::writeFile(path, transcript.json));
        const Result<const TranscriptImporter *> importer = importers.detect(path);
        VALIS_VERIFY_OK(importer);
        const Result<ImportedTranscript> imported = importer.value()->read(path);
        VALIS_VERIFY_OK(imported);
        QCOMPARE(imported->sessions.first().messages.size(), span.size());
    }

    void realSessionSummaryKeepsItsFiles()
    {
        VALIS_REQUIRE_FIXTURE(path, "claude-code-sessions-spotter/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl");
        const TranscriptImporters importers;
        const Result<ImportedTranscript> imported = importers.detect(path).value()->read(path);
        VALIS_VERIFY_OK(imported);
        const QList<Message> span = imported->sessions.first().messages;
        QElapsedTimer timer;
        timer.start();
        const SpanArtifacts artifacts = extractArtifacts(span);
        const QString summary = extractiveSummary(span, artifacts, 12000);
        const ProgressLedger ledger = progressLedger(span);
        QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
        verifySections(summary);
        QVERIFY(summary.size() <= 12000);
        QVERIFY(!ledger.filesRead.isEmpty());
        // Every file a Read, Write or Edit call named is in the summary: they come first.
        QStringList named;
        for (const Message &m : span) {
            for (const Part &p : m.parts) {
                if (p.kind == PartKind::ToolCall && QStringList{QStringLiteral("Read"), QStringLiteral("Write"), QStringLiteral("Edit")}.contains(p.toolName))
                    named << p.arguments.toObject().value(QLatin1String("file_path")).toString();
            }
        }
        QVERIFY(!named.isEmpty());
        int missing = 0;
        for (const QString &file : named)
            missing += summary.contains(file) ? 0 : 1;
        QVERIFY2(missing == 0, qPrintable(QStringLiteral("%1 of %2 files missing").arg(missing).arg(named.size())));
    }
};

VALIS_TEST_MAIN(TestSpanSummary)
#include "tst_spansummary.moc"
