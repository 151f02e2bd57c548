#include "testsupport.h"

#include "valis/import/transcriptimporter.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QtTest/QTest>

using namespace valis;

namespace {

const TranscriptImporter *aider(const TranscriptImporters &importers)
{
    return importers.find(QStringLiteral("aider"));
}

// The raw text counted without the importer, from aider/io.py's conventions: "#### <text>  "
// is typed input (adjacent lines are one input), "> " starts Aider's output (lines after one
// without the two trailing spaces continue it until a line that has them), and other lines
// are the model's reply, in which code fences are skipped over until they close or a blank
// line is followed by an input or output line (a reply cut off by ^C).
struct RawCounts
{
    int sessions = 0;
    int userMessages = 0;
    int replies = 0;
    int outputs = 0;
};

RawCounts countRaw(const QString &text)
{
    static const QRegularExpression header(QStringLiteral("^# aider chat started at "));
    static const QRegularExpression user(QStringLiteral("^####(\\s*| .*  )$"));
    static const QRegularExpression output(QStringLiteral("^>( .*|\\s*)$"));
    static const QRegularExpression fenceOpen(
        QStringLiteral("^\\s*(?:(`{3,})[^`]*|(~{3,}).*|<(source|sourcecode|codeblock|code|pre)>[\\w+#.-]*)$"));

    RawCounts counts;
    enum { None, User, Output, Reply } current = None;
    bool continuing = false;
    QString fenceEnd; // a run of ` or ~, or a closing tag
    bool previousBlank = true;
    bool beforeFirstHeader = true;
    bool fragment = false;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QString line = lines.at(i);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (i == 0 && line.startsWith(QLatin1String("-*-")))
            continue;
        if (header.match(line).hasMatch()) {
            ++counts.sessions;
            beforeFirstHeader = false;
            current = None;
            continuing = false;
            fenceEnd.clear();
            previousBlank = true;
            continue;
        }
        const bool blank = line.trimmed().isEmpty();
        const bool isUser = user.match(line).hasMatch();
        const bool isOutput = !isUser && output.match(line).hasMatch();
        const bool afterBlank = previousBlank;
        previousBlank = blank;
        if (beforeFirstHeader && !blank)
            fragment = true;

        if (continuing && !isUser) {
            continuing = !(line.endsWith(QLatin1String("  ")) && !blank);
            continue;
        }
        continuing = false;
        if (!fenceEnd.isEmpty()) {
            if (!((isUser || isOutput) && afterBlank)) {
                const QString trimmed = line.trimmed();
                const bool closes = fenceEnd.startsWith(QLatin1Char('<'))
                    ? trimmed.startsWith(fenceEnd)
                    : trimmed.size() >= fenceEnd.size()
                        && trimmed == QString(trimmed.size(), fenceEnd.at(0));
                if (closes)
                    fenceEnd.clear();
                continue;
            }
            fenceEnd.clear();
        }
        if (isUser) {
            if (current != User || afterBlank)
                ++counts.userMessages;
            current = User;
        } else if (isOutput) {
            if (current != Output)
                ++counts.outputs;
            current = Output;
            continuing = !line.mid(1).trimmed().isEmpty() && !line.endsWith(QLatin1String("  "));
        } else if (blank) {
            if (current == User)
                current = None;
        } else {
            if (current != Reply)
                ++counts.replies;
            current = Reply;
            const QRegularExpressionMatch fence = fenceOpen.match(line);
            if (fence.hasMatch()) {
                fenceEnd = !fence.captured(1).isEmpty() ? fence.captured(1)
                         : !fence.captured(2).isEmpty() ? fence.captured(2)
                                                        : QStringLiteral("</") + fence.captured(3) + QLatin1Char('>');
            }
        }
    }
    if (fragment)
        ++counts.sessions;
    return counts;
}

QString readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

int countRole(const ImportedTranscript &transcript, Role role)
{
    int count = 0;
    for (const ImportedSession &session : transcript.sessions) {
        for (const Message &message : session.messages)
            count += message.role == role ? 1 : 0;
    }
    return count;
}

const Message *messageAtLine(const ImportedTranscript &transcript, int line)
{
    for (const ImportedSession &session : transcript.sessions) {
        for (const Message &message : session.messages) {
            if (message.metadata.value(QStringLiteral("line")).toInt() == line)
                return &message;
        }
    }
    return nullptr;
}

} // namespace

class TestImportAider : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fixtureCountsMatchTheText();
    void fixtureKnownSession();
    void twoSessions();
    void multiLineInput();
    void hashLinesInsideACodeFence();
    void replyCutOffInsideAFence();
    void outputContinuesUntilItsBreak();
    void fragmentBeforeTheFirstHeader();
    void noHeaderIsAnErrorAtLineOne();
    void unreadableHeaderTimeNamesTheLine();
    void importingTwiceGivesTheSameIds();
    void recognises();
};

void TestImportAider::fixtureCountsMatchTheText()
{
    VALIS_REQUIRE_FIXTURE(path, "aider/chat-history.md");
    const RawCounts raw = countRaw(readText(path));
    QVERIFY(raw.sessions > 1000);

    TranscriptImporters importers;
    Result<const TranscriptImporter *> detected = importers.detect(path);
    QVERIFY(detected.ok());
    QCOMPARE(detected.value()->format(), QStringLiteral("aider"));
    Result<ImportedTranscript> transcript = detected.value()->read(path);
    QVERIFY2(transcript.ok(), qPrintable(transcript.ok() ? QString() : transcript.error().toString()));
    QCOMPARE(transcript->sessions.size(), raw.sessions);
    QCOMPARE(countRole(transcript.value(), Role::User), raw.userMessages);
    QCOMPARE(countRole(transcript.value(), Role::Assistant), raw.replies);
    QCOMPARE(countRole(transcript.value(), Role::System), raw.outputs);

    QSet<QString> sessionIds;
    for (const ImportedSession &session : transcript->sessions) {
        QVERIFY2(!sessionIds.contains(session.info.id), qPrintable(session.info.id));
        sessionIds.insert(session.info.id);
        QVERIFY(session.info.createdAt.isValid());
        QSet<QString> messageIds;
        for (const Message &message : session.messages) {
            QVERIFY2(!messageIds.contains(message.id), qPrintable(message.id));
            messageIds.insert(message.id);
        }
    }
    // The reply's "#### `Coder` Class" heading (no trailing break) stays in the reply.
    const QStringList lines = readText(path).split(QLatin1Char('\n'));
    const qsizetype heading = lines.indexOf(QStringLiteral("#### `Coder` Class"));
    QVERIFY(heading > 0);
    bool inReply = false;
    for (const ImportedSession &session : transcript->sessions) {
        for (const Message &message : session.messages)
            inReply = inReply || (message.role == Role::Assistant && message.text().contains(QLatin1String("#### `Coder` Class")));
    }
    QVERIFY(inReply);
}

void TestImportAider::fixtureKnownSession()
{
    VALIS_REQUIRE_FIXTURE(path, "aider/chat-history.md");
    TranscriptImporters importers;
    Result<ImportedTranscript> transcript = aider(importers)->read(path);
    QVERIFY(transcript.ok());
    const auto found = std::find_if(transcript->sessions.cbegin(), transcript->sessions.cend(),
                                    [](const ImportedSession &s) {
                                        return s.info.createdAt == QDateTime(QDate(2024, 8, 5), QTime(19, 33, 32), Qt::UTC);
                                    });
    QVERIFY(found != transcript->sessions.cend());
    const ImportedSession &session = *found;
    const auto firstUser = std::find_if(session.messages.cbegin(), session.messages.cend(),
                                        [](const Message &m) { return m.role == Role::User; });
    QVERIFY(firstUser != session.messages.cend());
    QCOMPARE(firstUser->text(), QStringLiteral("Use the Spinner instead of the inlined custom spinner"));
    QCOMPARE(session.info.title, QStringLiteral("Use the Spinner instead of the inlined custom spinner"));
    QCOMPARE(session.info.model, QStringLiteral("claude-3-5-sonnet-20240620"));
    QVERIFY(session.info.id.startsWith(QLatin1String("aider-")));
    QCOMPARE(session.info.metadata.value(QStringLiteral("section")).toInt(), 2); // the second header of the file
    // Its reply holds a SEARCH/REPLACE block, and Aider's report after it gave exact counts.
    const auto reply = firstUser + 1;
    QCOMPARE(reply->role, Role::Assistant);
    QVERIFY(reply->text().contains(QLatin1String("<<<<<<< SEARCH")));
    QVERIFY(reply->text().contains(QLatin1String(">>>>>>> REPLACE")));
    QCOMPARE(reply->usage.inputTokens, 5244);
    QCOMPARE(reply->usage.outputTokens, 604);
    QCOMPARE(reply->model, QStringLiteral("claude-3-5-sonnet-20240620"));
    const auto report = reply + 1;
    QCOMPARE(report->role, Role::System);
    QCOMPARE(report->metadata.value(QStringLiteral("aider")).toString(), QStringLiteral("tool_output"));
    QVERIFY(report->text().startsWith(QLatin1String("Tokens: 5,244 sent")));

    // After a reply cut off inside a fence, "/clear" is still typed input.
    const Message *clear = messageAtLine(transcript.value(), 2308);
    QVERIFY(clear);
    QCOMPARE(clear->role, Role::User);
    QCOMPARE(clear->metadata.value(QStringLiteral("command")).toString(), QStringLiteral("/clear"));
}

void TestImportAider::twoSessions()
{
    QTemporaryDir dir;
    const QString path = valis::test::writeFileIn(dir.path(), QStringLiteral(".aider.chat.history.md"),
        "\n# aider chat started at 2024-09-01 10:00:00\n"
        "\n"
        "> aider --model gpt-4o  \n"
        "> Model: gpt-4o with diff edit format  \n"
        "\n"
        "#### /add hello.py  \n"
        "> Added hello.py to the chat  \n"
        "\n"
        "#### make it print hello  \n"
        "\n"
        "Here is the change:\n"
        "\n"
        "hello.py\n"
        "```python\n"
        "<<<<<<< SEARCH\n"
        "=======\n"
        "print(\"hello\")\n"
        ">>>>>>> REPLACE\n"
        "```\n"
        "\n"
        "> Tokens: 1.2k sent, 45 received.  \n"
        "> Applied edit to hello.py  \n"
        "\n"
        "# aider chat started at 2024-09-02 11:30:15\n"
        "\n"
        "#### !ls  \n"
        "> hello.py  \n"
        "\n"
        "#### <blank>  \n");
    TranscriptImporters importers;
    Result<ImportedTranscript> transcript = aider(importers)->read(path);
    QVERIFY2(transcript.ok(), qPrintable(transcript.ok() ? QString() : transcript.error().toString()));
    QCOMPARE(transcript->sessions.size(), 2);

    const ImportedSession &first = transcript->sessions.at(0);
    QVERIFY(first.info.id.startsWith(QLatin1String("aider-")));
    QCOMPARE(first.info.id.size(), QStringLiteral("aider-123456789012").size());
    QVERIFY(transcript->sessions.at(1).info.id != first.info.id);
    QCOMPARE(first.info.createdAt, QDateTime(QDate(2024, 9, 1), QTime(10, 0), Qt::UTC));
    QCOMPARE(first.info.originKind, QStringLiteral("aider"));
    QCOMPARE(first.info.title, QStringLiteral("make it print hello"));
    QCOMPARE(first.info.model, QStringLiteral("gpt-4o"));

    const QList<Message> &messages = first.messages;
    QCOMPARE(messages.size(), 6);
    QCOMPARE(messages.at(0).role, Role::System);
    QCOMPARE(messages.at(0).text(), QStringLiteral("aider --model gpt-4o\nModel: gpt-4o with diff edit format"));
    QCOMPARE(messages.at(0).metadata.value(QStringLiteral("aider")).toString(), QStringLiteral("tool_output"));
    QCOMPARE(messages.at(1).role, Role::User);
    QCOMPARE(messages.at(1).text(), QStringLiteral("/add hello.py"));
    QCOMPARE(messages.at(1).metadata.value(QStringLiteral("command")).toString(), QStringLiteral("/add"));
    QCOMPARE(messages.at(2).role, Role::System);
    QCOMPARE(messages.at(3).role, Role::User);
    QCOMPARE(messages.at(3).text(), QStringLiteral("make it print hello"));
    QVERIFY(!messages.at(3).metadata.contains(QStringLiteral("command")));
    QCOMPARE(messages.at(4).role, Role::Assistant);
    QVERIFY(messages.at(4).text().startsWith(QLatin1String("Here is the change:\n\nhello.py\n```python")));
    QVERIFY(messages.at(4).text().endsWith(QLatin1String(">>>>>>> REPLACE\n```")));
    QCOMPARE(messages.at(4).model, QStringLiteral("gpt-4o"));
    QCOMPARE(messages.at(4).usage.inputTokens, -1); // "1.2k" is rounded
    QCOMPARE(messages.at(4).usage.outputTokens, 45);
    QCOMPARE(messages.at(5).text(), QStringLiteral("Tokens: 1.2k sent, 45 received.\nApplied edit to hello.py"));

    const QList<Message> &second = transcript->sessions.at(1).messages;
    QCOMPARE(second.size(), 3);
    QCOMPARE(second.at(0).metadata.value(QStringLiteral("command")).toString(), QStringLiteral("!"));
    QCOMPARE(second.at(2).role, Role::User);
    QCOMPARE(second.at(2).text(), QString());
    QCOMPARE(second.at(2).metadata.value(QStringLiteral("aider")).toString(), QStringLiteral("blank_input"));
    QCOMPARE(transcript->sessions.at(1).info.title, QStringLiteral("!ls"));
}

void TestImportAider::multiLineInput()
{
    QTemporaryDir dir;
    const QString path = valis::test::writeFileIn(dir.path(), QStringLiteral("multi.md"),
        "# aider chat started at 2024-09-01 10:00:00\n"
        "\n"
        "#### first line  \n"
        "####   \n"
        "#### third line with `code`  \n"
        "\n"
        "#### a separate input  \n"
        "\n"
        "Sure.\n");
    TranscriptImporters importers;
    Result<ImportedTranscript> transcript = aider(importers)->read(path);
    QVERIFY(transcript.ok());
    const QList<Message> &messages = transcript->sessions.first().messages;
    QCOMPARE(messages.size(), 3);
    QCOMPARE(messages.at(0).text(), QStringLiteral("first line\n\nthird line with `code`"));
    QCOMPARE(messages.at(1).text(), QStringLiteral("a separate input"));
    QCOMPARE(messages.at(2).text(), QStringLiteral("Sure."));
    QCOMPARE(countRaw(readText(path)).userMessages, 2);
}

void TestImportAider::hashLinesInsideACodeFence()
{
    // A reply that writes Markdown: its "#### " lines are code, not typed input, even one that
    // happens to end with two spaces (the fence is still open and no blank line precedes it).
    QTemporaryDir dir;
    const QString path = valis::test::writeFileIn(dir.path(), QStringLiteral("fence.md"),
        "# aider chat started at 2024-09-01 10:00:00\n"
        "\n"
        "#### add a usage section to README.md  \n"
        "\n"
        "README.md\n"
        "````markdown\n"
        "<<<<<<< SEARCH\n"
        "=======\n"
        "#### Usage  \n"
        "#### /add file.py  \n"
        "> a quote in the file\n"
        "```\n"
        "inner block\n"
        "```\n"
        ">>>>>>> REPLACE\n"
        "````\n"
        "\n"
        "#### Notes\n"
        "A heading outside the fence without Aider's break is the reply's too.\n"
        "\n"
        "#### thanks  \n");
    TranscriptImporters importers;
    Result<ImportedTranscript> transcript = aider(importers)->read(path);
    QVERIFY(transcript.ok());
    const QList<Message> &messages = transcript->sessions.first().messages;
    QCOMPARE(messages.size(), 3);
    QCOMPARE(messages.at(0).role, Role::User);
    QCOMPARE(messages.at(1).role, Role::Assistant);
    QVERIFY(messages.at(1).text().contains(QLatin1String("#### Usage  \n#### /add file.py  \n> a quote")));
    QVERIFY(messages.at(1).text().contains(QLatin1String("#### Notes\nA heading")));
    QCOMPARE(messages.at(2).role, Role::User);
    QCOMPARE(messages.at(2).text(), QStringLiteral("thanks"));
    const RawCounts raw = countRaw(readText(path));
    QCOMPARE(raw.userMessages, 2);
    QCOMPARE(raw.replies, 1);
}

void TestImportAider::replyCutOffInsideAFence()
{
    QTemporaryDir dir;
    const QString path = valis::test::writeFileIn(dir.path(), QStringLiteral("cut.md"),
        "# aider chat started at 2024-09-01 10:00:00\n"
        "\n"
        "#### rename foo  \n"
        "\n"
        "app.py\n"
        "```python\n"
        "<<<<<<< SEARCH\n"
        "def foo():\n"
        "\n"
        "\n"
        "> ^C KeyboardInterrupt  \n"
        "\n"
        "#### /clear  \n");
    TranscriptImporters importers;
    Result<ImportedTranscript> transcript = aider(importers)->read(path);
    QVERIFY(transcript.ok());
    const QList<Message> &messages = transcript->sessions.first().messages;
    QCOMPARE(messages.size(), 4);
    QCOMPARE(messages.at(1).role, Role::Assistant);
    QVERIFY(messages.at(1).text().endsWith(QLatin1String("def foo():")));
    QCOMPARE(messages.at(2).role, Role::System);
    QCOMPARE(messages.at(2).text(), QStringLiteral("^C KeyboardInterrupt"));
    QCOMPARE(messages.at(3).metadata.value(QStringLiteral("command")).toString(), QStringLiteral("/clear"));
    QVERIFY(transcript->notes.join(QLatin1Char('\n')).contains(QLatin1String("fence")));
}

void TestImportAider::outputContinuesUntilItsBreak()
{
    // "/run" output: the first line is quoted, the rest are not; the message ends with the line
    // Aider gave its two-space break, even across blank lines.
    QTemporaryDir dir;
    const QString path = valis::test::writeFileIn(dir.path(), QStringLiteral("run.md"),
        "# aider chat started at 2024-09-01 10:00:00\n"
        "\n"
        "#### /run pytest  \n"
        "> ============ test session starts ============\n"
        "collected 1 item\n"
        "\n"
        ">       assert 1 == 2\n"
        "E       assert 1 == 2\n"
        "    \n"
        "```text\n"
        "FAILED test_x.py  \n"
        "> Add the output to the chat? y  \n"
        "\n"
        "The test fails because 1 is not 2.\n");
    TranscriptImporters importers;
    Result<ImportedTranscript> transcript = aider(importers)->read(path);
    QVERIFY(transcript.ok());
    const QList<Message> &messages = transcript->sessions.first().messages;
    QCOMPARE(messages.size(), 3);
    QCOMPARE(messages.at(1).role, Role::System);
    QCOMPARE(messages.at(1).text(),
             QStringLiteral("============ test session starts ============\ncollected 1 item\n\n"
                            ">       assert 1 == 2\nE       assert 1 == 2\n\n```text\nFAILED test_x.py\n"
                            "Add the output to the chat? y"));
    QCOMPARE(messages.at(2).role, Role::Assistant);
    QCOMPARE(messages.at(2).text(), QStringLiteral("The test fails because 1 is not 2."));
    const RawCounts raw = countRaw(readText(path));
    QCOMPARE(raw.outputs, 1);
    QCOMPARE(raw.replies, 1);
}

void TestImportAider::fragmentBeforeTheFirstHeader()
{
    QTemporaryDir dir;
    const QString path = valis::test::writeFileIn(dir.path(), QStringLiteral("cut-head.md"),
        "-*- mode: fundamental -*-\n"
        "> Applied edit to a.py  \n"
        "\n"
        "#### and now b.py  \n"
        "\n"
        "# aider chat started at 2024-09-01 10:00:00\n"
        "\n"
        "#### hello  \n");
    TranscriptImporters importers;
    QVERIFY(aider(importers)->recognises(path, readText(path).toUtf8()));
    Result<ImportedTranscript> transcript = aider(importers)->read(path);
    QVERIFY(transcript.ok());
    QCOMPARE(transcript->sessions.size(), 2);
    const ImportedSession &fragment = transcript->sessions.at(0);
    QCOMPARE(fragment.info.metadata.value(QStringLiteral("section")).toInt(), 0);
    QVERIFY(fragment.info.metadata.value(QStringLiteral("fragment")).toBool());
    QCOMPARE(fragment.info.createdAt, QDateTime(QDate(2024, 9, 1), QTime(10, 0), Qt::UTC));
    QCOMPARE(fragment.messages.size(), 2);
    QCOMPARE(fragment.messages.at(1).text(), QStringLiteral("and now b.py"));
    QCOMPARE(transcript->sessions.at(1).info.metadata.value(QStringLiteral("section")).toInt(), 1);
    QVERIFY(transcript->sessions.at(1).info.id != fragment.info.id);
    QCOMPARE(countRaw(readText(path)).sessions, 2);
}

void TestImportAider::noHeaderIsAnErrorAtLineOne()
{
    QTemporaryDir dir;
    const QString path = valis::test::writeFileIn(dir.path(), QStringLiteral("notes.md"),
                                   "# My notes\n\n#### not aider  \n\nSome text.\n");
    TranscriptImporters importers;
    Result<ImportedTranscript> transcript = aider(importers)->read(path);
    QVERIFY(!transcript.ok());
    QCOMPARE(transcript.error().code, QStringLiteral("import.malformed"));
    QCOMPARE(transcript.error().location, path + QStringLiteral(":1"));
    QVERIFY(transcript.error().message.contains(QLatin1String("# aider chat started at")));
}

void TestImportAider::unreadableHeaderTimeNamesTheLine()
{
    QTemporaryDir dir;
    const QString path = valis::test::writeFileIn(dir.path(), QStringLiteral("badtime.md"),
                                   "# aider chat started at 2024-09-01 10:00:00\n\n#### hi  \n\n"
                                   "# aider chat started at yesterday\n");
    TranscriptImporters importers;
    Result<ImportedTranscript> transcript = aider(importers)->read(path);
    QVERIFY(!transcript.ok());
    QCOMPARE(transcript.error().code, QStringLiteral("import.malformed"));
    QCOMPARE(transcript.error().location, path + QStringLiteral(":5"));
    QVERIFY(transcript.error().message.contains(QLatin1String("yesterday")));
}

void TestImportAider::importingTwiceGivesTheSameIds()
{
    QTemporaryDir dir;
    const QByteArray text = "# aider chat started at 2024-09-01 10:00:00\n\n#### hi  \n\nHello!\n";
    const QString path = valis::test::writeFileIn(dir.path(), QStringLiteral("a.md"), text);
    TranscriptImporters importers;
    Result<ImportedTranscript> first = aider(importers)->read(path);
    Result<ImportedTranscript> second = aider(importers)->read(path);
    QVERIFY(first.ok() && second.ok());
    QCOMPARE(first->sessions.first().info.id, second->sessions.first().info.id);
    QCOMPARE(first->sessions.first().messages, second->sessions.first().messages);

    // Aider appends every new chat to the same file: the sessions and messages already there
    // keep their ids, so importing the grown file again only adds what is new.
    const QByteArray grown = text + "\n#### and now?  \n\nDone.\n\n# aider chat started at 2024-09-02 08:00:00\n\n#### next  \n";
    Result<ImportedTranscript> later = aider(importers)->read(valis::test::writeFileIn(dir.path(), QStringLiteral("a.md"), grown));
    QVERIFY(later.ok());
    QCOMPARE(later->sessions.size(), 2);
    QCOMPARE(later->sessions.first().info.id, first->sessions.first().info.id);
    for (int i = 0; i < first->sessions.first().messages.size(); ++i)
        QCOMPARE(later->sessions.first().messages.at(i).id, first->sessions.first().messages.at(i).id);
    QCOMPARE(later->sessions.first().messages.size(), first->sessions.first().messages.size() + 2);
    // The same file with its head trimmed away still names the remaining session the same.
    Result<ImportedTranscript> trimmed = aider(importers)->read(
        valis::test::writeFileIn(dir.path(), QStringLiteral("c.md"), grown.mid(grown.indexOf("# aider chat started at 2024-09-02"))));
    QVERIFY(trimmed.ok());
    QCOMPARE(trimmed->sessions.last().info.id, later->sessions.last().info.id);
    QCOMPARE(trimmed->sessions.last().messages.first().id, later->sessions.last().messages.first().id);
}

void TestImportAider::recognises()
{
    TranscriptImporters importers;
    const TranscriptImporter *importer = aider(importers);
    QVERIFY(importer);
    QVERIFY(importer->recognises(QStringLiteral("h.md"), QByteArray("\n# aider chat started at 2024-09-01 10:00:00\n")));
    QVERIFY(!importer->recognises(QStringLiteral("h.txt"), QByteArray("# aider chat started at 2024-09-01 10:00:00\n")));
    QVERIFY(!importer->recognises(QStringLiteral("README.md"), QByteArray("# Project\n\n# aider chat started at x\n")));
    QVERIFY(!importer->recognises(QStringLiteral("h.md"), QByteArray("> quoted\n\nno header here\n")));
}

VALIS_TEST_MAIN(TestImportAider)
#include "tst_import_aider.moc"
