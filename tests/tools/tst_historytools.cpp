// search_history (the history plugin) on a real SessionStore: search with its filters and its
// scope, reading parts back byte for byte by lines and by bytes, turn listings, the errors, and
// the plugin loaded by a real PluginManager.
#include "historytoolprovider.h"
#include "searchhistorytool.h"
#include "testsupport.h"
#include "toolcallhelpers.h"

#include "valis/agent/toolregistry.h"
#include "valis/agent/toolsettings.h"
#include "valis/store/sessionstore.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <memory>

using namespace valis;
using namespace valis::test;
using valis::tools::HistoryToolProvider;
using valis::tools::history::SearchHistoryTool;

namespace {

const QString SessionA = QStringLiteral("s-history-a");
const QString SessionB = QStringLiteral("s-history-b");

Message textMessage(Role role, const QString &text)
{
    Message message;
    message.role = role;
    message.parts = {Part::makeText(text)};
    return message;
}

Message toolResult(const QString &callId, const QString &toolName, const QString &text)
{
    Message message;
    message.role = Role::Tool;
    Part result = Part::makeToolResultText(callId, text);
    result.toolName = toolName;
    message.parts = {result};
    return message;
}

/// 5000 numbered lines; line 2345 holds the one rare word of the output.
QString bigOutput()
{
    QString text;
    for (int line = 1; line <= 5000; ++line) {
        if (line == 2345)
            text += QStringLiteral("line %1: error: undefined reference to quokka in unit %1\n").arg(line);
        else
            text += QStringLiteral("line %1: compiled unit %1 of the widget [%2]\n").arg(line).arg(line * 7919 % 10007);
    }
    return text;
}

/// One line (compact JSON) far longer than a page, with two-byte characters so page edges can
/// fall inside one.
QString hugeContent()
{
    QString text;
    for (int row = 1; row <= 8000; ++row)
        text += QStringLiteral("r\u00E9sum\u00E9 row %1 of the long file\n").arg(row);
    return text;
}

/// The header line and the body after it.
struct Page
{
    QString header;
    QString body;
};

Page split(const QString &text)
{
    const qsizetype lineBreak = text.indexOf(QLatin1Char('\n'));
    if (lineBreak < 0)
        return {text, QString()};
    return {text.left(lineBreak), text.mid(lineBreak + 1)};
}

/// Lines `first`..`last` (from 1) of `text`, with their line breaks.
QByteArray linesOf(const QString &text, int first, int last)
{
    const QList<QByteArray> lines = text.toUtf8().split('\n');
    QByteArray out;
    for (int line = first; line <= last; ++line)
        out += lines.at(line - 1) + '\n';
    return out;
}

/// The JSON object of the first `search_history {...}` call after `marker` in `text`.
QJsonObject callAfter(const QString &text, const QString &marker)
{
    const qsizetype at = text.indexOf(marker);
    if (at < 0)
        return {};
    static const QRegularExpression call(QStringLiteral("search_history (\\{[^}]*\\})"));
    const QRegularExpressionMatch match = call.match(text, at);
    if (!match.hasMatch())
        return {};
    return QJsonDocument::fromJson(match.captured(1).toUtf8()).object();
}

#define CALL_OK(outcome)                                                                           \
    do {                                                                                           \
        QVERIFY((outcome).finished);                                                               \
        QVERIFY2(!(outcome).result.isError, qPrintable((outcome).text()));                         \
    } while (false)

#define CALL_FAILS(outcome)                                                                        \
    do {                                                                                           \
        QVERIFY((outcome).finished);                                                               \
        QVERIFY2((outcome).result.isError, qPrintable((outcome).text()));                          \
    } while (false)

} // namespace

class TestHistoryTools : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<SessionStore> m_store;
    QString m_output;
    QString m_writeArguments;
    QString m_unicode;
    QString m_longLines;   // three lines, the second longer than a page
    // Message ids, by turn.
    QString m_build;       // T-1 user
    QString m_execCall;    // T-1 assistant: text + exec call
    QString m_execResult;  // T-1 tool: the 5000 lines
    QString m_answer;      // T-1 assistant
    QString m_unicodeId;   // T-2 user
    QString m_writeCall;   // T-2 assistant: write_file call, arguments as received
    QString m_writeResult; // T-2 tool
    QString m_hugeCall;    // T-3 assistant: one huge line of arguments
    QString m_longResult;  // T-3 tool: m_longLines

    ToolContext context(const QString &sessionId = SessionA) const
    {
        ToolContext c;
        c.sessionId = sessionId;
        c.callId = QStringLiteral("call-1");
        c.agentId = QStringLiteral("default");
        c.sessionStorePath = m_store->path();
        return c;
    }

    ToolCallOutcome call(ToolProvider *provider, const QJsonObject &arguments, const ToolContext &c)
    {
        return callTool(provider, SearchHistoryTool::name(), arguments, c, 30000);
    }
    ToolCallOutcome call(const QJsonObject &arguments)
    {
        HistoryToolProvider provider;
        return call(&provider, arguments, context());
    }

    Message stored(const QString &id) const
    {
        const Result<QList<Message>> all = m_store->messages(SessionA);
        for (const Message &message : all.value()) {
            if (message.id == id)
                return message;
        }
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        auto store = SessionStore::open(m_dir.filePath(QStringLiteral("record.db")));
        VALIS_VERIFY_OK(store);
        m_store = std::move(store).value();
        SessionInfo a;
        a.id = SessionA;
        a.title = QStringLiteral("Build the frobnicator");
        VALIS_VERIFY_OK(m_store->createSession(a));
        SessionInfo b;
        b.id = SessionB;
        VALIS_VERIFY_OK(m_store->createSession(b));

        m_output = bigOutput();
        m_unicode = QStringLiteral("Merci ! \u00DCn\u00EFc\u00F6d\u00E9 \u65E5\u672C\u8A9E\u306E\u30C6\u30AD\u30B9\u30C8 \u2014 "
                                   "party \U0001F389 and the word zyxomma.\r\nSecond line\twith a tab.");
        m_longLines = QStringLiteral("Wrote long.txt\n") + QString(70000, QLatin1Char('x')) + QStringLiteral("\nDone.\n");
        m_writeArguments = QStringLiteral("{\"path\": \"notes/\u00E9t\u00E9.md\",  \"content\": \"a\\nb\\n\"}");

        Message execCall;
        execCall.role = Role::Assistant;
        execCall.parts = {Part::makeText(QStringLiteral("I will run the build.")),
                          Part::makeToolCall(QStringLiteral("c1"), QStringLiteral("exec"),
                                             QJsonObject{{QStringLiteral("command"), QStringLiteral("cmake --build . --target frobnicator")},
                                                         {QStringLiteral("timeout"), 600}})};
        Message writeCall;
        writeCall.role = Role::Assistant;
        writeCall.parts = {Part::makeToolCallFromText(QStringLiteral("c2"), QStringLiteral("write_file"), m_writeArguments)};
        Message hugeCall;
        hugeCall.role = Role::Assistant;
        hugeCall.parts = {Part::makeToolCall(QStringLiteral("c3"), QStringLiteral("write_file"),
                                             QJsonObject{{QStringLiteral("path"), QStringLiteral("long.txt")},
                                                         {QStringLiteral("content"), hugeContent()}})};

        const Result<QList<Message>> first = m_store->appendMessages(
            SessionA, {textMessage(Role::User, QStringLiteral("Please build the frobnicator and tell me what fails.")), execCall,
                       toolResult(QStringLiteral("c1"), QStringLiteral("exec"), m_output),
                       textMessage(Role::Assistant, QStringLiteral("The linker cannot find quokka: a library is missing."))});
        VALIS_VERIFY_OK(first);
        const Result<QList<Message>> second = m_store->appendMessages(
            SessionA, {textMessage(Role::User, m_unicode), writeCall,
                       toolResult(QStringLiteral("c2"), QStringLiteral("write_file"), QStringLiteral("Wrote 2 lines to notes/\u00E9t\u00E9.md")),
                       textMessage(Role::Assistant, QStringLiteral("Done."))});
        VALIS_VERIFY_OK(second);
        const Result<QList<Message>> third = m_store->appendMessages(
            SessionA, {textMessage(Role::User, QStringLiteral("Write the long file.")), hugeCall,
                       toolResult(QStringLiteral("c3"), QStringLiteral("write_file"), m_longLines)});
        VALIS_VERIFY_OK(third);
        // The other session: its words must never show up in session A's searches.
        VALIS_VERIFY_OK(m_store->appendMessages(
            SessionB, {textMessage(Role::User, QStringLiteral("The wombatxyz lives only in the other session, with a quokka.")),
                       textMessage(Role::Assistant, QStringLiteral("Noted the wombatxyz."))}));

        m_build = first->at(0).id;
        m_execCall = first->at(1).id;
        m_execResult = first->at(2).id;
        m_answer = first->at(3).id;
        m_unicodeId = second->at(0).id;
        m_writeCall = second->at(1).id;
        m_writeResult = second->at(2).id;
        m_hugeCall = third->at(1).id;
        m_longResult = third->at(2).id;
        QCOMPARE(first->at(2).turn, 1);
        QCOMPARE(second->at(0).turn, 2);
    }

    void specIsReadOnlyAndDescribesEveryProperty()
    {
        HistoryToolProvider provider;
        QCOMPARE(provider.id(), QStringLiteral("history"));
        const QList<ToolSpec> specs = provider.tools();
        // search_history, and get_turn for the compression gradient's tags.
        QCOMPARE(specs.size(), 2);
        const ToolSpec spec = specs.constFirst();
        QCOMPARE(spec.name, QStringLiteral("search_history"));
        const ToolSpec getTurn = specs.at(1);
        QCOMPARE(getTurn.name, QStringLiteral("get_turn"));
        QVERIFY(getTurn.readOnly);
        QVERIFY(!getTurn.captureResults);
        QStringList turnProperties = getTurn.inputSchema.value(QStringLiteral("properties")).toObject().keys();
        turnProperties.sort();
        QCOMPARE(turnProperties, (QStringList{QStringLiteral("level"), QStringLiteral("through"), QStringLiteral("turn")}));
        QVERIFY(spec.readOnly);
        QVERIFY(!spec.keepResultsInContext);
        QVERIFY(!spec.pinLatestResult);
        const QJsonObject properties = spec.inputSchema.value(QStringLiteral("properties")).toObject();
        const QStringList names = properties.keys();
        for (const char *name : {"query", "role", "tool", "limit", "message", "part", "offset", "unit"})
            QVERIFY2(names.contains(QLatin1String(name)), name);
        for (const QString &name : names)
            QVERIFY2(!properties.value(name).toObject().value(QStringLiteral("description")).toString().isEmpty(), qPrintable(name));
        QCOMPARE(spec.inputSchema.value(QStringLiteral("additionalProperties")).toBool(true), false);
    }

    void searchFindsARareWordWithItsMessageAndTurn()
    {
        HistoryToolProvider provider;
        const ToolCallOutcome out = call(&provider, QJsonObject{{QStringLiteral("query"), QStringLiteral("quokka")}}, context());
        CALL_OK(out);
        const QString text = out.text();
        QVERIFY2(text.startsWith(QStringLiteral("2 hits for `quokka`")), qPrintable(text));
        // The tool output's passage: its message, turn, role, tool, part and line.
        QVERIFY2(text.contains(QStringLiteral("message %1 (T-1, tool), part 1: text of part 0 (result of exec), line 2345 of 5000")
                                   .arg(m_execResult)),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("undefined reference to \u00ABquokka\u00BB in unit 2345")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("message %1 (T-1, assistant), part 0: assistant text").arg(m_answer)), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("wombatxyz")));

        // The hit's read call works as given and starts a few lines before the match.
        const QJsonObject follow = callAfter(text, QStringLiteral("line 2345 of 5000"));
        QCOMPARE(follow.value(QStringLiteral("message")).toString(), m_execResult);
        QCOMPARE(follow.value(QStringLiteral("part")).toInt(-1), 1);
        QCOMPARE(follow.value(QStringLiteral("offset")).toInt(), 2335);
        const ToolCallOutcome page = call(&provider, follow, context());
        CALL_OK(page);
        const Page p = split(page.text());
        QVERIFY2(p.header.contains(QStringLiteral("lines 2335-2534 of 5000")), qPrintable(p.header));
        QCOMPARE(p.body.toUtf8(), linesOf(m_output, 2335, 2534));

        // The assistant's short answer is read whole by its call.
        const QJsonObject answerCall = callAfter(text, QStringLiteral("(T-1, assistant), part 0"));
        QCOMPARE(answerCall, (QJsonObject{{QStringLiteral("message"), m_answer}, {QStringLiteral("part"), 0}}));
        const ToolCallOutcome answer = call(&provider, answerCall, context());
        CALL_OK(answer);
        QCOMPARE(split(answer.text()).body, QStringLiteral("The linker cannot find quokka: a library is missing."));
    }

    void rolesAndToolsFilterTheSearch()
    {
        // "frobnicator" is in the person's message and in the exec call's arguments.
        const ToolCallOutcome all = call(QJsonObject{{QStringLiteral("query"), QStringLiteral("frobnicator")}});
        CALL_OK(all);
        QVERIFY2(all.text().startsWith(QStringLiteral("2 hits for `frobnicator` in this session's record, best first.")),
                 qPrintable(all.text()));
        QVERIFY(all.text().contains(m_build));
        QVERIFY(all.text().contains(m_execCall));

        const ToolCallOutcome user = call(QJsonObject{{QStringLiteral("query"), QStringLiteral("frobnicator")},
                                                      {QStringLiteral("role"), QStringLiteral("user")}});
        CALL_OK(user);
        QVERIFY2(user.text().startsWith(QStringLiteral("1 hit for `frobnicator` in this session's record (role user)")),
                 qPrintable(user.text()));
        QVERIFY(user.text().contains(QStringLiteral("message %1 (T-1, user), part 0: user text").arg(m_build)));
        QVERIFY(!user.text().contains(m_execCall));

        const ToolCallOutcome assistant = call(QJsonObject{{QStringLiteral("query"), QStringLiteral("frobnicator")},
                                                           {QStringLiteral("role"), QStringLiteral("assistant")}});
        CALL_OK(assistant);
        QVERIFY2(assistant.text().startsWith(QStringLiteral("1 hit for")), qPrintable(assistant.text()));
        QVERIFY2(assistant.text().contains(QStringLiteral("message %1 (T-1, assistant), part 1: tool call exec").arg(m_execCall)),
                 qPrintable(assistant.text()));
        QVERIFY(!assistant.text().contains(m_build));

        // The tool filter keeps a tool's calls and outputs, never the person's words.
        const ToolCallOutcome exec = call(QJsonObject{{QStringLiteral("query"), QStringLiteral("frobnicator")},
                                                      {QStringLiteral("tool"), QStringLiteral("exec")}});
        CALL_OK(exec);
        QVERIFY2(exec.text().startsWith(QStringLiteral("1 hit for")), qPrintable(exec.text()));
        QVERIFY(exec.text().contains(m_execCall));
        QVERIFY(!exec.text().contains(m_build));
        const ToolCallOutcome output = call(QJsonObject{{QStringLiteral("query"), QStringLiteral("\"unit 4321\"")},
                                                        {QStringLiteral("tool"), QStringLiteral("exec")}, {QStringLiteral("role"), QStringLiteral("tool")}});
        CALL_OK(output);
        QVERIFY2(output.text().contains(QStringLiteral("message %1 (T-1, tool), part 1: text of part 0 (result of exec), line 4321 of 5000")
                                            .arg(m_execResult)),
                 qPrintable(output.text()));
        const ToolCallOutcome other = call(QJsonObject{{QStringLiteral("query"), QStringLiteral("frobnicator")},
                                                       {QStringLiteral("tool"), QStringLiteral("write_file")}});
        CALL_OK(other);
        QVERIFY2(other.text().startsWith(QStringLiteral("No message of this session matches `frobnicator` (tool write_file)")),
                 qPrintable(other.text()));

        // A limit caps the hits and says more may match.
        const ToolCallOutcome few = call(QJsonObject{{QStringLiteral("query"), QStringLiteral("compiled")}, {QStringLiteral("limit"), 3}});
        CALL_OK(few);
        QVERIFY2(few.text().startsWith(QStringLiteral("3 hits for `compiled`")), qPrintable(few.text()));
        QVERIFY(few.text().contains(QStringLiteral("More passages may match")));
    }

    void searchIsScopedToTheSession()
    {
        HistoryToolProvider provider;
        const QJsonObject wombat{{QStringLiteral("query"), QStringLiteral("wombatxyz")}};
        const ToolCallOutcome out = call(&provider, wombat, context());
        CALL_OK(out);
        QVERIFY2(out.text().startsWith(QStringLiteral("No message of this session matches `wombatxyz`")), qPrintable(out.text()));
        // The word is in the record, in session B: searched from there, it is found.
        const ToolCallOutcome fromB = call(&provider, wombat, context(SessionB));
        CALL_OK(fromB);
        QVERIFY2(fromB.text().startsWith(QStringLiteral("2 hits for `wombatxyz`")), qPrintable(fromB.text()));
        // And session B's ids cannot be read from session A.
        const QString idInB = m_store->messages(SessionB)->constFirst().id;
        const ToolCallOutcome read = call(&provider, QJsonObject{{QStringLiteral("message"), idInB}}, context());
        CALL_FAILS(read);
        QVERIFY(read.text().startsWith(QStringLiteral("No message of this session has the id")));
    }

    void readReturnsTheRecordedLinesByteForByte()
    {
        HistoryToolProvider provider;
        const QString recorded = stored(m_execResult).parts.constFirst().content.constFirst().text;
        QCOMPARE(recorded, m_output);

        const ToolCallOutcome out = call(&provider,
                                         QJsonObject{{QStringLiteral("message"), m_execResult}, {QStringLiteral("part"), 1},
                                                     {QStringLiteral("offset"), 2000}, {QStringLiteral("limit"), 101}},
                                         context());
        CALL_OK(out);
        const Page page = split(out.text());
        QCOMPARE(page.body.toUtf8(), linesOf(recorded, 2000, 2100));
        QVERIFY2(page.header.startsWith(QStringLiteral("[%1, part 1 of T-1: text of part 0 (result of exec); lines 2000-2100 of 5000. "
                                                       "Next page: search_history {\"message\":\"%1\",\"part\":1,\"offset\":2101,\"limit\":101}]")
                                            .arg(m_execResult)),
                 qPrintable(page.header));

        // The last page says it is the end; the result part itself reads the same text.
        const ToolCallOutcome last = call(&provider,
                                          QJsonObject{{QStringLiteral("message"), m_execResult}, {QStringLiteral("part"), 0},
                                                      {QStringLiteral("offset"), 4990}},
                                          context());
        CALL_OK(last);
        const Page end = split(last.text());
        QVERIFY2(end.header.endsWith(QStringLiteral("tool result of exec; lines 4990-5000 of 5000, the end.]")), qPrintable(end.header));
        QCOMPARE(end.body.toUtf8(), linesOf(recorded, 4990, 5000));

        // Paging through the whole output with the calls the headers give rebuilds it exactly.
        QByteArray rebuilt;
        QJsonObject next{{QStringLiteral("message"), m_execResult}, {QStringLiteral("part"), 1}, {QStringLiteral("limit"), 2000}};
        for (int pages = 0; !next.isEmpty() && pages < 10; ++pages) {
            const ToolCallOutcome step = call(&provider, next, context());
            CALL_OK(step);
            const Page p = split(step.text());
            rebuilt += p.body.toUtf8();
            next = callAfter(p.header, QStringLiteral("Next page"));
        }
        QCOMPARE(rebuilt, recorded.toUtf8());

        // Past the end: an error that says how long the part is.
        const ToolCallOutcome past = call(&provider,
                                          QJsonObject{{QStringLiteral("message"), m_execResult}, {QStringLiteral("part"), 1},
                                                      {QStringLiteral("offset"), 5001}},
                                          context());
        CALL_FAILS(past);
        QVERIFY2(past.text().contains(QStringLiteral("which has 5000 lines")), qPrintable(past.text()));
    }

    void toolCallArgumentsAndUnicodeComeBackExactly()
    {
        HistoryToolProvider provider;
        // Arguments received as text keep their spacing; the only part of the message is read
        // without naming it.
        const ToolCallOutcome write = call(&provider, QJsonObject{{QStringLiteral("message"), m_writeCall}}, context());
        CALL_OK(write);
        const Page writePage = split(write.text());
        QCOMPARE(writePage.body, m_writeArguments);
        QCOMPARE(writePage.body, stored(m_writeCall).parts.constFirst().argumentsJson());
        QVERIFY2(writePage.header.contains(QStringLiteral("part 0 of T-2: tool call write_file; line 1 of 1, the end.]")),
                 qPrintable(writePage.header));

        const ToolCallOutcome exec = call(&provider, QJsonObject{{QStringLiteral("message"), m_execCall}, {QStringLiteral("part"), 1}},
                                          context());
        CALL_OK(exec);
        QCOMPARE(split(exec.text()).body, stored(m_execCall).parts.at(1).argumentsJson());
        QCOMPARE(split(exec.text()).body, QStringLiteral("{\"command\":\"cmake --build . --target frobnicator\",\"timeout\":600}"));

        // Non-ASCII text, a CR LF and a tab, as recorded.
        const ToolCallOutcome unicode = call(&provider, QJsonObject{{QStringLiteral("message"), m_unicodeId}}, context());
        CALL_OK(unicode);
        QCOMPARE(split(unicode.text()).body.toUtf8(), m_unicode.toUtf8());
        const ToolCallOutcome secondLine = call(&provider,
                                                QJsonObject{{QStringLiteral("message"), m_unicodeId}, {QStringLiteral("offset"), 2}},
                                                context());
        CALL_OK(secondLine);
        QCOMPARE(split(secondLine.text()).body, QStringLiteral("Second line\twith a tab."));

        // A message of several parts without `part`: its parts are listed.
        const ToolCallOutcome several = call(&provider, QJsonObject{{QStringLiteral("message"), m_execCall}}, context());
        CALL_OK(several);
        QVERIFY2(several.text().contains(QStringLiteral("part 1: tool call exec, 1 line")), qPrintable(several.text()));
    }

    void aLineLongerThanAPageIsReadByBytes()
    {
        HistoryToolProvider provider;
        const QString recorded = stored(m_hugeCall).parts.constFirst().argumentsJson();
        QVERIFY(recorded.toUtf8().size() > 3 * SearchHistoryTool::MaxPageBytes);
        QVERIFY(!recorded.contains(QLatin1Char('\n')));

        const ToolCallOutcome first = call(&provider, QJsonObject{{QStringLiteral("message"), m_hugeCall}}, context());
        CALL_OK(first);
        Page page = split(first.text());
        QVERIFY2(page.header.contains(QStringLiteral("line 1 of 1 is %1 KB long, more than a page holds: its first 65536 bytes follow")
                                          .arg(double(recorded.toUtf8().size()) / 1024.0, 0, 'f', 1)),
                 qPrintable(page.header));
        QByteArray rebuilt = page.body.toUtf8();
        QVERIFY(rebuilt.size() <= SearchHistoryTool::MaxPageBytes);
        QJsonObject next = callAfter(page.header, QStringLiteral("Next page"));
        QCOMPARE(next.value(QStringLiteral("unit")).toString(), QStringLiteral("bytes"));
        int pages = 1;
        for (; !next.isEmpty() && pages < 20; ++pages) {
            const ToolCallOutcome step = call(&provider, next, context());
            CALL_OK(step);
            page = split(step.text());
            QVERIFY(page.body.toUtf8().size() <= SearchHistoryTool::MaxPageBytes);
            // Pages end on whole characters, so each decodes to exactly its bytes.
            QVERIFY(!page.body.contains(QChar(0xFFFD)));
            rebuilt += page.body.toUtf8();
            next = callAfter(page.header, QStringLiteral("Next page"));
        }
        // Once on bytes, pages are as large as they may be.
        QCOMPARE(pages, int((recorded.toUtf8().size() + SearchHistoryTool::MaxPageBytes - 1) / SearchHistoryTool::MaxPageBytes));
        QVERIFY2(page.header.endsWith(QStringLiteral(", the end.]")), qPrintable(page.header));
        QCOMPARE(rebuilt, recorded.toUtf8());

        // A long line among short ones: the page before it stops at its start, it is read by
        // bytes, and the pages add up to the text.
        QJsonObject step{{QStringLiteral("message"), m_longResult}, {QStringLiteral("part"), 1}};
        QByteArray lines;
        QStringList headers;
        for (int i = 0; !step.isEmpty() && i < 10; ++i) {
            const ToolCallOutcome out = call(&provider, step, context());
            CALL_OK(out);
            const Page p = split(out.text());
            headers.append(p.header);
            lines += p.body.toUtf8();
            step = callAfter(p.header, QStringLiteral("Next page"));
        }
        QCOMPARE(lines, m_longLines.toUtf8());
        QCOMPARE(headers.size(), 3);
        QVERIFY2(headers.at(0).contains(QStringLiteral("line 1 of 3 (cut after 1 line to stay under 65536 bytes)")), qPrintable(headers.at(0)));
        QVERIFY2(headers.at(1).contains(QStringLiteral("line 2 of 3 is 68.4 KB long")), qPrintable(headers.at(1)));
        QVERIFY2(headers.at(2).contains(QStringLiteral("bytes 65551-70021 of 70022, the end.]")), qPrintable(headers.at(2)));

        // A byte offset inside a character starts at that character.
        const qsizetype e = recorded.toUtf8().indexOf("\xC3\xA9");
        const ToolCallOutcome inside = call(&provider,
                                            QJsonObject{{QStringLiteral("message"), m_hugeCall}, {QStringLiteral("unit"), QStringLiteral("bytes")},
                                                        {QStringLiteral("offset"), double(e + 1)}, {QStringLiteral("limit"), 10}},
                                            context());
        CALL_OK(inside);
        const Page p = split(inside.text());
        QCOMPARE(p.body.toUtf8(), recorded.toUtf8().mid(e, 10));
        QVERIFY2(p.header.contains(QStringLiteral("bytes %1-%2 of").arg(e).arg(e + 9)), qPrintable(p.header));
    }

    void aTurnIdListsTheTurn()
    {
        HistoryToolProvider provider;
        const ToolCallOutcome out = call(&provider, QJsonObject{{QStringLiteral("message"), QStringLiteral("T-1")}}, context());
        CALL_OK(out);
        const QString text = out.text();
        QVERIFY2(text.startsWith(QStringLiteral("[T-1: 4 messages.")), qPrintable(text));
        const qsizetype build = text.indexOf(QStringLiteral("- %1 (user, T-1)").arg(m_build));
        const qsizetype execCall = text.indexOf(QStringLiteral("- %1 (assistant, T-1)").arg(m_execCall));
        const qsizetype result = text.indexOf(QStringLiteral("- %1 (tool, T-1)").arg(m_execResult));
        const qsizetype answer = text.indexOf(QStringLiteral("- %1 (assistant, T-1)").arg(m_answer));
        QVERIFY2(build >= 0 && build < execCall && execCall < result && result < answer, qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("part 1: tool call exec, 1 line, 64 bytes: \"{\"command\":\"cmake --build")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("part 0: tool result of exec, 5000 lines")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("part 1: text of part 0 (result of exec), 5000 lines")), qPrintable(text));
        // No message of another turn.
        QVERIFY(!text.contains(m_unicodeId));
        QVERIFY(!text.contains(m_hugeCall));

        // Lower case and without the dash work too.
        const ToolCallOutcome second = call(&provider, QJsonObject{{QStringLiteral("message"), QStringLiteral("t2")}}, context());
        CALL_OK(second);
        QVERIFY2(second.text().startsWith(QStringLiteral("[T-2: 4 messages.")), qPrintable(second.text()));
        QVERIFY(second.text().contains(m_writeResult));
    }

    void unknownIdsNameCloseMatches()
    {
        HistoryToolProvider provider;
        // A mistyped id: the real one is named first.
        // One character changed inside the random part of the id (its last characters count up
        // from one message to the next, so changing one of those could name a neighbour).
        QString typo = m_execResult;
        typo[14] = typo.at(14) == QLatin1Char('a') ? QLatin1Char('b') : QLatin1Char('a');
        for (const Message &message : m_store->messages(SessionA).value())
            QVERIFY(message.id != typo);
        const ToolCallOutcome out = call(&provider, QJsonObject{{QStringLiteral("message"), typo}, {QStringLiteral("part"), 1}}, context());
        CALL_FAILS(out);
        QVERIFY2(out.text().startsWith(QStringLiteral("No message of this session has the id \"%1\". The ids most like it:\n- %2 (tool, T-1)")
                                           .arg(typo, m_execResult)),
                 qPrintable(out.text()));
        QVERIFY2(out.text().contains(QStringLiteral("This session's turns are T-1 to T-3.")), qPrintable(out.text()));

        const ToolCallOutcome turn = call(&provider, QJsonObject{{QStringLiteral("message"), QStringLiteral("T-99")}}, context());
        CALL_FAILS(turn);
        QVERIFY2(turn.text().startsWith(QStringLiteral("This session has no turn T-99. This session's turns are T-1 to T-3. "
                                                       "The nearest: search_history {\"message\":\"T-3\"}.")),
                 qPrintable(turn.text()));

        const ToolCallOutcome part = call(&provider, QJsonObject{{QStringLiteral("message"), m_answer}, {QStringLiteral("part"), 4}}, context());
        CALL_FAILS(part);
        QVERIFY2(part.text().startsWith(QStringLiteral("%1 has no part 4; its parts are:\n- %1 (assistant, T-1)\n    part 0: assistant text")
                                            .arg(m_answer)),
                 qPrintable(part.text()));

        const ToolCallOutcome turnPart = call(&provider, QJsonObject{{QStringLiteral("message"), QStringLiteral("T-2")}, {QStringLiteral("part"), 0}},
                                              context());
        CALL_FAILS(turnPart);
        QVERIFY2(turnPart.text().startsWith(QStringLiteral("`part` needs a message id")), qPrintable(turnPart.text()));
        QVERIFY(turnPart.text().contains(m_writeCall));
    }

    void messagesAppendedLaterAreFound()
    {
        HistoryToolProvider provider;
        // Every id is known once an unknown one was looked up...
        const ToolCallOutcome nothing = call(&provider, QJsonObject{{QStringLiteral("message"), QStringLiteral("m-nothing")}}, context());
        CALL_FAILS(nothing);
        QVERIFY2(nothing.text().startsWith(QStringLiteral("No message of this session has the id \"m-nothing\". No id of this session "
                                                           "looks like it. This session's turns are T-1 to T-3.")),
                 qPrintable(nothing.text()));
        // ... and a message appended afterwards still reads.
        const Result<Message> added = m_store->appendMessage(SessionA, textMessage(Role::User, QStringLiteral("A late capybara question.")));
        VALIS_VERIFY_OK(added);
        const ToolCallOutcome out = call(&provider, QJsonObject{{QStringLiteral("message"), added->id}}, context());
        CALL_OK(out);
        QCOMPARE(split(out.text()).body, QStringLiteral("A late capybara question."));
        const ToolCallOutcome found = call(&provider, QJsonObject{{QStringLiteral("query"), QStringLiteral("capybara")}}, context());
        CALL_OK(found);
        QVERIFY2(found.text().contains(QStringLiteral("message %1 (T-4, user)").arg(added->id)), qPrintable(found.text()));
    }

    void withoutARecordTheToolSaysSo()
    {
        HistoryToolProvider provider;
        ToolContext c = context();
        c.sessionStorePath.clear();
        const ToolCallOutcome out = call(&provider, QJsonObject{{QStringLiteral("query"), QStringLiteral("quokka")}}, c);
        CALL_FAILS(out);
        QVERIFY2(out.text().startsWith(QStringLiteral("search_history cannot run: there is no record to search")), qPrintable(out.text()));

        // A path where there is no store: the same, and no store is created there.
        c.sessionStorePath = m_dir.filePath(QStringLiteral("missing/record.db"));
        const ToolCallOutcome missing = call(&provider, QJsonObject{{QStringLiteral("message"), QStringLiteral("T-1")}}, c);
        CALL_FAILS(missing);
        QVERIFY2(missing.text().startsWith(QStringLiteral("search_history cannot run: there is no record to search")), qPrintable(missing.text()));
        QVERIFY(!QFileInfo::exists(c.sessionStorePath));
    }

    void badArgumentsAreExplained()
    {
        HistoryToolProvider provider;
        const ToolCallOutcome both = call(&provider, QJsonObject{{QStringLiteral("query"), QStringLiteral("x")}, {QStringLiteral("message"), QStringLiteral("T-1")}},
                                          context());
        CALL_FAILS(both);
        QVERIFY2(both.text().contains(QStringLiteral("give either `query` (to search) or `message` (to read), not both")), qPrintable(both.text()));
        const ToolCallOutcome neither = call(&provider, QJsonObject{}, context());
        CALL_FAILS(neither);
        QVERIFY2(neither.text().contains(QStringLiteral("give `query` to search")), qPrintable(neither.text()));
        const ToolCallOutcome mixed = call(&provider, QJsonObject{{QStringLiteral("query"), QStringLiteral("x")}, {QStringLiteral("offset"), 3},
                                                                  {QStringLiteral("limit"), 51}, {QStringLiteral("role"), QStringLiteral("system")}},
                                           context());
        CALL_FAILS(mixed);
        QVERIFY2(mixed.text().contains(QStringLiteral("`part`, `offset` and `unit` are for reading")), qPrintable(mixed.text()));
        QVERIFY2(mixed.text().contains(QStringLiteral("`limit` must be at most 50 when searching")), qPrintable(mixed.text()));
        QVERIFY2(mixed.text().contains(QStringLiteral("`role` must be one of user, assistant, tool")), qPrintable(mixed.text()));
        const ToolCallOutcome punctuation = call(&provider, QJsonObject{{QStringLiteral("query"), QStringLiteral("\"\"")}}, context());
        CALL_FAILS(punctuation);
        QVERIFY2(punctuation.text().startsWith(QStringLiteral("`query` has no words to look for")), qPrintable(punctuation.text()));
    }

    void everyBuiltInPackOffersIt()
    {
        // Compaction points the model at search_history whatever the pack.
        const QList<ToolPack> packs = ToolSettings::builtInPacks();
        QCOMPARE(packs.size(), 4);
        for (const ToolPack &pack : packs)
            QVERIFY2(pack.includes(QStringLiteral("search_history")), qPrintable(pack.name));
    }

    void thePluginLoadsThroughThePluginManager()
    {
        LoadedToolPlugin plugin{QStringLiteral(VALIS_TEST_HISTORY_PLUGIN)};
        QVERIFY2(plugin.problem().isEmpty(), qPrintable(plugin.problem()));
        QCOMPARE(plugin.manager()->specs().constFirst()->id(), QStringLiteral("history"));
        ToolProvider *provider = plugin.toolProvider(QStringLiteral("history"));
        QVERIFY(provider);
        QCOMPARE(provider->tools().size(), 2);
        QCOMPARE(provider->tools().constFirst().name, QStringLiteral("search_history"));
        QCOMPARE(provider->tools().at(1).name, QStringLiteral("get_turn"));
        QVERIFY(provider->tools().constFirst().readOnly);
        const ToolCallOutcome out = call(provider, QJsonObject{{QStringLiteral("query"), QStringLiteral("zyxomma")}}, context());
        CALL_OK(out);
        QVERIFY2(out.text().contains(QStringLiteral("message %1 (T-2, user), part 0: user text").arg(m_unicodeId)), qPrintable(out.text()));
        QVERIFY(!out.finishedInsideInvoke);
        QCOMPARE(out.result.toolName, QStringLiteral("search_history"));
        QCOMPARE(out.result.callId, QStringLiteral("call-1"));
    }
};

VALIS_TEST_MAIN(TestHistoryTools)
#include "tst_historytools.moc"
