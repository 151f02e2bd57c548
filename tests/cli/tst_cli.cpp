// Runs the real valis-cli binary against a temporary profile, the way a script would.
#include "testsupport.h"

#include "valis/core/datalocations.h"
#include "valis/record/message.h"
#include "valis/store/sessionstore.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

/// A small Claude Code session written by the test: a prompt, a Bash call and its output.
QByteArray claudeCodeSession(const QString &sessionId, const QString &outputWord)
{
    const QString lines = QStringLiteral(
        R"({"type":"user","uuid":"u1","parentUuid":null,"sessionId":"%1","cwd":"/work/p","timestamp":"2026-01-01T10:00:00.000Z","message":{"role":"user","content":"please build the project"}}
{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"%1","cwd":"/work/p","timestamp":"2026-01-01T10:00:01.000Z","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-opus-4-6","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"make all"}}],"stop_reason":"tool_use","usage":{"input_tokens":5,"output_tokens":7}}}
{"type":"user","uuid":"u2","parentUuid":"a1","sessionId":"%1","cwd":"/work/p","timestamp":"2026-01-01T10:00:02.000Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"cc -o app main.c\nerror: %2 is undefined\n","is_error":true}]}}
{"type":"assistant","uuid":"a2","parentUuid":"u2","sessionId":"%1","cwd":"/work/p","timestamp":"2026-01-01T10:00:03.000Z","message":{"id":"msg_2","type":"message","role":"assistant","model":"claude-opus-4-6","content":[{"type":"text","text":"The build fails: a symbol is missing."}],"stop_reason":"end_turn","usage":{"input_tokens":9,"output_tokens":11}}}
)")
                              .arg(sessionId, outputWord);
    return lines.toUtf8();
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void helpAndUsage();
    void importGrepShowExport();
    void malformedImportChangesNothing();
    void showAndMarkdownFollowTheShownBranch();
    void grepErrorsAndFilters();
    void modelsLookup();
    void pluginsListing();
    void importsEveryFixtureKind();

private:
    Run cli(const QStringList &arguments, const QString &home = {});
    std::unique_ptr<valis::test::TemporaryHome> m_home;
};

void TestCli::init()
{
    m_home = std::make_unique<valis::test::TemporaryHome>();
}

Run TestCli::cli(const QStringList &arguments, const QString &home)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("VALIS_HOME"));
    environment.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
    process.setProcessEnvironment(environment);
    process.start(valis::test::buildDir() + QStringLiteral("/bin/valis-cli"),
                  QStringList{QStringLiteral("--home"), home.isEmpty() ? m_home->path() : home} + arguments);
    Run run;
    if (!process.waitForFinished(120000)) {
        run.err = QStringLiteral("valis-cli did not finish: ") + process.errorString();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

void TestCli::helpAndUsage()
{
    const Run bare = cli({});
    QCOMPARE(bare.exitCode, 2);
    QVERIFY(bare.err.contains(QLatin1String("Usage: valis-cli")));
    const Run help = cli({QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    for (const char *command : {"import", "export", "sessions", "show", "grep", "plugins", "models"}) {
        const QString name = QString::fromLatin1(command);
        QVERIFY2(help.out.contains(QStringLiteral("  ") + name + QLatin1Char(' ')), qPrintable(name));
        const Run commandHelp = cli({name, QStringLiteral("--help")});
        QCOMPARE(commandHelp.exitCode, 0);
        QVERIFY2(commandHelp.out.contains(QStringLiteral("Usage: valis-cli ") + name), qPrintable(commandHelp.out));
        QVERIFY(commandHelp.err.isEmpty());
    }
    const Run unknown = cli({QStringLiteral("frobnicate")});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY(unknown.err.contains(QLatin1String("unknown command \"frobnicate\"")));
    const Run badOption = cli({QStringLiteral("grep"), QStringLiteral("--no-such-option"), QStringLiteral("x")});
    QCOMPARE(badOption.exitCode, 2);
    QVERIFY(badOption.err.contains(QLatin1String("no-such-option")));
    QVERIFY(badOption.err.contains(QLatin1String("valis-cli grep --help")));
    QVERIFY(badOption.out.isEmpty());
    const Run version = cli({QStringLiteral("--version")});
    QCOMPARE(version.exitCode, 0);
    QVERIFY(version.out.startsWith(QLatin1String("valis-cli ")));
}

void TestCli::importGrepShowExport()
{
    const QString file = m_home->filePath(QStringLiteral("5f0c2a8e-0000-4000-8000-000000000001.jsonl"));
    QVERIFY(valis::test::writeFile(file, claudeCodeSession(QStringLiteral("5f0c2a8e-0000-4000-8000-000000000001"), QStringLiteral("quuxbarify_init"))));
    const Run imported = cli({QStringLiteral("import"), file});
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    QVERIFY(imported.out.contains(QLatin1String("(claude-code): 1 sessions, 4 new messages")));
    const Run again = cli({QStringLiteral("import"), file});
    QCOMPARE(again.exitCode, 0);
    QVERIFY2(again.out.contains(QLatin1String("0 new messages, 4 already present")), qPrintable(again.out));

    const Run sessions = cli({QStringLiteral("sessions"), QStringLiteral("--json")});
    QCOMPARE(sessions.exitCode, 0);
    const QJsonObject session = QJsonDocument::fromJson(sessions.out.toUtf8()).object();
    const QString id = session.value(QStringLiteral("id")).toString();
    QVERIFY2(!id.isEmpty(), qPrintable(sessions.out));
    QCOMPARE(session.value(QStringLiteral("message_count")).toInt(), 4);

    // The word only occurs inside the tool's output.
    const Run grep = cli({QStringLiteral("grep"), QStringLiteral("quuxbarify_init"), QStringLiteral("--json")});
    QVERIFY2(grep.exitCode == 0, qPrintable(grep.err));
    const QJsonObject hit = QJsonDocument::fromJson(grep.out.toUtf8().split('\n').first()).object();
    QCOMPARE(hit.value(QStringLiteral("session_id")).toString(), id);
    QCOMPARE(hit.value(QStringLiteral("role")).toString(), QStringLiteral("tool"));
    QCOMPARE(hit.value(QStringLiteral("tool")).toString(), QStringLiteral("Bash"));
    QVERIFY(hit.value(QStringLiteral("snippet")).toString().contains(QLatin1String("quuxbarify_init is undefined")));
    const Run plainGrep = cli({QStringLiteral("grep"), QStringLiteral("quuxbarify_init")});
    QCOMPARE(plainGrep.exitCode, 0);
    QVERIFY2(plainGrep.out.startsWith(id + QStringLiteral(" #2 tool/Bash: ")), qPrintable(plainGrep.out));

    const Run show = cli({QStringLiteral("show"), id});
    QCOMPARE(show.exitCode, 0);
    QVERIFY(show.out.contains(QLatin1String("-> Bash [toolu_1] {\"command\":\"make all\"}")));
    QVERIFY(show.out.contains(QLatin1String("The build fails")));

    const QString exported = m_home->filePath(QStringLiteral("out.jsonl"));
    const Run exportRun = cli({QStringLiteral("export"), id, QStringLiteral("-o"), exported});
    QVERIFY2(exportRun.exitCode == 0, qPrintable(exportRun.err));
    valis::test::TemporaryHome other;
    const Run reimport = cli({QStringLiteral("import"), exported}, other.path());
    QVERIFY2(reimport.exitCode == 0, qPrintable(reimport.err));
    QVERIFY(reimport.out.contains(QLatin1String("(valis-jsonl): 1 sessions, 4 new messages")));
    const Run showCopy = cli({QStringLiteral("show"), id, QStringLiteral("--json")}, other.path());
    const Run showOriginal = cli({QStringLiteral("show"), id, QStringLiteral("--json")});
    QCOMPARE(showCopy.out, showOriginal.out);

    const Run markdown = cli({QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("markdown"), id});
    QCOMPARE(markdown.exitCode, 0);
    QVERIFY(markdown.out.startsWith(QLatin1String("# please build the project")));
    QVERIFY(markdown.out.contains(QLatin1String("**Tool call** `Bash`")));

    const Run missing = cli({QStringLiteral("show"), QStringLiteral("no-such-session")});
    QCOMPARE(missing.exitCode, 1);
    QVERIFY(missing.err.contains(QLatin1String("there is no session \"no-such-session\"")));
    QVERIFY(missing.out.isEmpty());
}

void TestCli::showAndMarkdownFollowTheShownBranch()
{
    // A question answered, then edited and answered again: two branches in one record.
    QString id;
    QString oldAnswer;
    {
        const valis::DataLocations locations = valis::DataLocations::underHome(m_home->path());
        auto store = valis::SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
        VALIS_VERIFY_OK(store);
        auto created = store.value()->createSession({});
        VALIS_VERIFY_OK(created);
        id = created->id;
        const auto message = [](valis::Role role, const QString &text, const QString &parent = {}) {
            valis::Message m;
            m.role = role;
            m.parentId = parent;
            m.parts = {valis::Part::makeText(text)};
            return m;
        };
        auto appended = store.value()->appendMessages(
            id, {message(valis::Role::User, QStringLiteral("the first question")), message(valis::Role::Assistant, QStringLiteral("the old answer")),
                 message(valis::Role::User, QStringLiteral("the edited question"), QString(valis::NoParentId)),
                 message(valis::Role::Assistant, QStringLiteral("the new answer"))});
        VALIS_VERIFY_OK(appended);
        oldAnswer = appended->at(1).id;
    }
    const Run shown = cli({QStringLiteral("show"), id});
    QVERIFY2(shown.exitCode == 0, qPrintable(shown.err));
    QVERIFY(shown.out.contains(QLatin1String("the new answer")));
    QVERIFY(!shown.out.contains(QLatin1String("the old answer")));
    const Run all = cli({QStringLiteral("show"), id, QStringLiteral("--all-branches")});
    QVERIFY(all.out.contains(QLatin1String("the old answer")) && all.out.contains(QLatin1String("the new answer")));
    const Run markdown = cli({QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("markdown"), id});
    QVERIFY2(markdown.exitCode == 0, qPrintable(markdown.err));
    QVERIFY(markdown.out.contains(QLatin1String("the edited question")));
    QVERIFY(!markdown.out.contains(QLatin1String("the first question")));
    // The session switched back to the first version: both follow.
    {
        const valis::DataLocations locations = valis::DataLocations::underHome(m_home->path());
        auto store = valis::SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
        VALIS_VERIFY_OK(store);
        VALIS_VERIFY_OK(store.value()->setActiveLeaf(id, oldAnswer));
    }
    const Run back = cli({QStringLiteral("show"), id, QStringLiteral("--json")});
    QVERIFY(back.out.contains(QLatin1String("the old answer")));
    QVERIFY(!back.out.contains(QLatin1String("the new answer")));
    QCOMPARE(back.out.count(QLatin1Char('\n')), 2);
    const Run backMarkdown = cli({QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("markdown"), id});
    QVERIFY(backMarkdown.out.contains(QLatin1String("the first question")));
    QVERIFY(!backMarkdown.out.contains(QLatin1String("the edited question")));
}

void TestCli::malformedImportChangesNothing()
{
    QByteArray content = claudeCodeSession(QStringLiteral("5f0c2a8e-0000-4000-8000-000000000002"), QStringLiteral("zed"));
    QList<QByteArray> lines = content.split('\n');
    lines[2] = lines[2].left(lines[2].size() / 2); // line 3 cut in half
    const QString file = m_home->filePath(QStringLiteral("5f0c2a8e-0000-4000-8000-000000000002.jsonl"));
    QVERIFY(valis::test::writeFile(file, lines.join('\n')));
    const Run imported = cli({QStringLiteral("import"), file});
    QCOMPARE(imported.exitCode, 1);
    QVERIFY2(imported.err.contains(file + QStringLiteral(":3")), qPrintable(imported.err));
    const Run sessions = cli({QStringLiteral("sessions"), QStringLiteral("--json")});
    QCOMPARE(sessions.exitCode, 0);
    QVERIFY2(sessions.out.trimmed().isEmpty(), qPrintable(sessions.out)); // nothing half-imported

    const QString unknown = m_home->filePath(QStringLiteral("notes.txt"));
    QVERIFY(valis::test::writeFile(unknown, "just some notes\n"));
    const Run notTranscript = cli({QStringLiteral("import"), unknown});
    QCOMPARE(notTranscript.exitCode, 1);
    QVERIFY(notTranscript.err.contains(QLatin1String("not a transcript format Valis knows")));
}

void TestCli::grepErrorsAndFilters()
{
    const QString file = m_home->filePath(QStringLiteral("5f0c2a8e-0000-4000-8000-000000000003.jsonl"));
    QVERIFY(valis::test::writeFile(file, claudeCodeSession(QStringLiteral("5f0c2a8e-0000-4000-8000-000000000003"), QStringLiteral("wombat"))));
    QCOMPARE(cli({QStringLiteral("import"), file}).exitCode, 0);
    QCOMPARE(cli({QStringLiteral("grep"), QStringLiteral("wombat"), QStringLiteral("--role"), QStringLiteral("tool")}).exitCode, 0);
    QCOMPARE(cli({QStringLiteral("grep"), QStringLiteral("wombat"), QStringLiteral("--role"), QStringLiteral("user")}).exitCode, 1);
    QCOMPARE(cli({QStringLiteral("grep"), QStringLiteral("wombat"), QStringLiteral("--tool"), QStringLiteral("Read")}).exitCode, 1);
    const Run regex = cli({QStringLiteral("grep"), QStringLiteral("build"), QStringLiteral("--regex"), QStringLiteral("fails:")});
    QCOMPARE(regex.exitCode, 0);
    QCOMPARE(regex.out.count(QLatin1Char('\n')), 1);
    const Run badRegex = cli({QStringLiteral("grep"), QStringLiteral("build"), QStringLiteral("--regex"), QStringLiteral("(")});
    QCOMPARE(badRegex.exitCode, 1);
    QVERIFY(badRegex.err.contains(QLatin1String("regular expression is not valid")));
    const Run badRole = cli({QStringLiteral("grep"), QStringLiteral("x"), QStringLiteral("--role"), QStringLiteral("robot")});
    QCOMPARE(badRole.exitCode, 2);
    const Run badFts = cli({QStringLiteral("grep"), QStringLiteral("--fts"), QStringLiteral("wombat AND (")});
    QCOMPARE(badFts.exitCode, 1);
    QVERIFY(badFts.err.contains(QLatin1String("FTS5 query is not valid")));
    const Run noWords = cli({QStringLiteral("grep")});
    QCOMPARE(noWords.exitCode, 2);
}

void TestCli::modelsLookup()
{
    const Run list = cli({QStringLiteral("models")});
    QCOMPARE(list.exitCode, 0);
    QVERIFY(list.out.count(QLatin1Char('\n')) > 20);
    const Run known = cli({QStringLiteral("models"), QStringLiteral("--json"), QStringLiteral("claude-sonnet-4-5-20250929")});
    QCOMPARE(known.exitCode, 0);
    const QJsonObject model = QJsonDocument::fromJson(known.out.toUtf8()).object();
    QVERIFY(model.value(QStringLiteral("id")).toString().startsWith(QLatin1String("claude-sonnet-4-5")));
    QVERIFY(model.value(QStringLiteral("context_window")).toInteger() >= 200000);
    const Run unknown = cli({QStringLiteral("models"), QStringLiteral("totally-made-up-model-9000")});
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY2(unknown.out.contains(QLatin1String("32,768")), qPrintable(unknown.out));

    // A malformed override is reported with its line, and the built-ins still work.
    QDir().mkpath(m_home->filePath(QStringLiteral("config")));
    QVERIFY(valis::test::writeFile(m_home->filePath(QStringLiteral("config/models.json")), "{\n  \"version\": 1,\n  \"models\": [ oops ]\n}\n"));
    const Run broken = cli({QStringLiteral("models"), QStringLiteral("gpt-4o")});
    QCOMPARE(broken.exitCode, 0);
    QVERIFY2(broken.err.contains(m_home->filePath(QStringLiteral("config/models.json")) + QStringLiteral(":3")), qPrintable(broken.err));
}

void TestCli::pluginsListing()
{
    const Run safe = cli({QStringLiteral("plugins"), QStringLiteral("--safe-mode"), QStringLiteral("--json")});
    QCOMPARE(safe.exitCode, 0);
    for (const QByteArray &line : safe.out.toUtf8().split('\n')) {
        if (line.isEmpty())
            continue;
        const QJsonObject plugin = QJsonDocument::fromJson(line).object();
        QVERIFY(plugin.value(QStringLiteral("state")).toString() != QLatin1String("running"));
    }
    const Run enableUnknown = cli({QStringLiteral("plugins"), QStringLiteral("--enable"), QStringLiteral("no-such-plugin")});
    QCOMPARE(enableUnknown.exitCode, 1);
    QVERIFY(enableUnknown.err.contains(QLatin1String("no-such-plugin")));
}

void TestCli::importsEveryFixtureKind()
{
    VALIS_REQUIRE_FIXTURE(claude, "claude-code-sessions-spotter");
    VALIS_REQUIRE_FIXTURE(codex, "openai-codex/tui-session-log.oss-story.jsonl");
    VALIS_REQUIRE_FIXTURE(swe, "swe-agent");
    VALIS_REQUIRE_FIXTURE(openhands, "openhands");
    VALIS_REQUIRE_FIXTURE(aider, "aider/chat-history.md");
    const QStringList formats = {QStringLiteral("claude-code"), QStringLiteral("codex"), QStringLiteral("swe-agent"),
                                 QStringLiteral("openhands"), QStringLiteral("aider")};
    const Run imported = cli({QStringLiteral("import"), claude, codex, swe, openhands, aider});
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    for (const QString &format : formats)
        QVERIFY2(imported.out.contains(QStringLiteral("(") + format + QStringLiteral("): ")), qPrintable(format));

    // Find a word that occurs in a Claude Code tool output and nowhere in that session's other
    // messages' text, straight from the raw file, and look for it with grep.
    QFile raw(claude + QStringLiteral("/tool_heavy.jsonl"));
    QVERIFY(raw.open(QIODevice::ReadOnly));
    QString toolOutput;
    while (!raw.atEnd()) {
        const QJsonObject line = QJsonDocument::fromJson(raw.readLine()).object();
        const QJsonArray content = line.value(QStringLiteral("message")).toObject().value(QStringLiteral("content")).toArray();
        for (const QJsonValue &block : content) {
            const QString text = block.toObject().value(QStringLiteral("content")).toString();
            if (block.toObject().value(QStringLiteral("type")).toString() == QLatin1String("tool_result") && text.size() > toolOutput.size())
                toolOutput = text;
        }
    }
    static const QRegularExpression longWord(QStringLiteral("\\b[A-Za-z]{8,}\\b"));
    const QString word = longWord.match(toolOutput).captured();
    QVERIFY2(!word.isEmpty(), qPrintable(toolOutput.left(200)));
    const Run grep = cli({QStringLiteral("grep"), word, QStringLiteral("--role"), QStringLiteral("tool"), QStringLiteral("--json")});
    QVERIFY2(grep.exitCode == 0, qPrintable(word + QStringLiteral(": ") + grep.err));
    QVERIFY(grep.out.contains(QLatin1String("\"role\":\"tool\"")));
}

VALIS_TEST_MAIN(TestCli)
#include "tst_cli.moc"
