// valis-cli's shell completions in the real shells: the scripts `valis-cli completion` prints
// (and the build writes to share/), sourced by bash, autoloaded by zsh's compinit on a
// pseudo-terminal, and loaded by fish; the candidates each offers for command lines, including
// the session ids, MCP servers, plugins and providers the scripts ask valis-cli for.
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

const QString sessionUuid = QStringLiteral("7a1c2b3d-0000-4000-8000-00000000c0de");

QByteArray claudeCodeSession()
{
    return QStringLiteral(
               R"({"type":"user","uuid":"u1","parentUuid":null,"sessionId":"%1","cwd":"/work/p","timestamp":"2026-01-01T10:00:00.000Z","message":{"role":"user","content":"hello"}}
{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"%1","cwd":"/work/p","timestamp":"2026-01-01T10:00:01.000Z","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-opus-4-6","content":[{"type":"text","text":"Hello."}],"stop_reason":"end_turn","usage":{"input_tokens":5,"output_tokens":2}}}
)")
        .arg(sessionUuid)
        .toUtf8();
}

/// The shells run with valis-cli on PATH, in English, with no profile but the one a line names.
QProcessEnvironment shellEnvironment()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("VALIS_HOME"));
    environment.remove(QStringLiteral("LANGUAGE"));
    environment.remove(QStringLiteral("LC_ALL"));
    environment.insert(QStringLiteral("LANG"), QStringLiteral("C"));
    environment.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
    environment.insert(QStringLiteral("PATH"), valis::test::buildDir() + QStringLiteral("/bin:") + environment.value(QStringLiteral("PATH")));
    return environment;
}

Run run(const QString &program, const QStringList &arguments, const QString &workingDir = {},
        const QProcessEnvironment &environment = shellEnvironment())
{
    QProcess process;
    process.setProcessEnvironment(environment);
    if (!workingDir.isEmpty())
        process.setWorkingDirectory(workingDir);
    process.start(program, arguments);
    Run result;
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        result.err = program + QStringLiteral(" did not finish: ") + process.errorString();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

QSet<QString> lines(const QString &text)
{
    QSet<QString> set;
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        set.insert(line);
    return set;
}

/// The candidates fish prints ("candidate<TAB>description"), without their descriptions.
QSet<QString> fishCandidates(const QString &text)
{
    QSet<QString> set;
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        set.insert(line.section(QLatin1Char('\t'), 0, 0));
    return set;
}

} // namespace

class TestCliCompletion : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void buildWroteTheSameScripts();
    void generationRunsNoCommand();
    void bashCommandsOptionsAndSubcommands();
    void bashOffersEveryOptionEachCommandTakes();
    void bashDynamicValues();
    void bashFilesAndChoices();
    void zshScript();
    void fishScript();

private:
    QString cli() const { return valis::test::buildDir() + QStringLiteral("/bin/valis-cli"); }
    /// COMPREPLY after the bash script completes `words` (the last one is under the cursor).
    QSet<QString> bash(const QStringList &words, const QString &workingDir = {});
    QSet<QString> zsh(const QString &line);
    Run fish(const QString &line);

    valis::test::TemporaryHome m_home;
    QTemporaryDir m_scripts;
    QString m_sessionId;
};

void TestCliCompletion::initTestCase()
{
    QVERIFY(m_scripts.isValid());
    // A profile with a session and an MCP server for the scripts to find.
    const QString transcript = valis::test::writeFileIn(m_home.path(), sessionUuid + QStringLiteral(".jsonl"), claudeCodeSession());
    QVERIFY(!transcript.isEmpty());
    const Run imported = run(cli(), {QStringLiteral("--home"), m_home.path(), QStringLiteral("import"), transcript});
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    const Run sessions = run(cli(), {QStringLiteral("--home"), m_home.path(), QStringLiteral("sessions"), QStringLiteral("--json")});
    m_sessionId = QJsonDocument::fromJson(sessions.out.toUtf8()).object().value(QStringLiteral("id")).toString();
    QVERIFY2(!m_sessionId.isEmpty(), qPrintable(sessions.out));
    const Run added = run(cli(), {QStringLiteral("--home"), m_home.path(), QStringLiteral("mcp"), QStringLiteral("add"),
                                  QStringLiteral("everything-server"), QStringLiteral("--"), QStringLiteral("node"), QStringLiteral("server.js")});
    QVERIFY2(added.exitCode == 0, qPrintable(added.err));

    for (const QString &shell : {QStringLiteral("bash"), QStringLiteral("zsh"), QStringLiteral("fish")}) {
        const Run script = run(cli(), {QStringLiteral("completion"), shell});
        QVERIFY2(script.exitCode == 0, qPrintable(script.err));
        QVERIFY(script.err.isEmpty());
        QFile file(m_scripts.filePath(shell == QLatin1String("zsh") ? QStringLiteral("_valis-cli") : shell));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(script.out.toUtf8());
    }
}

void TestCliCompletion::buildWroteTheSameScripts()
{
    const QString share = valis::test::buildDir() + QStringLiteral("/share/");
    const QList<QPair<QString, QString>> files = {
        {QStringLiteral("bash"), QStringLiteral("bash-completion/completions/valis-cli")},
        {QStringLiteral("_valis-cli"), QStringLiteral("zsh/vendor-completions/_valis-cli")},
        {QStringLiteral("fish"), QStringLiteral("fish/vendor_completions.d/valis-cli.fish")}};
    for (const auto &[ours, built] : files) {
        QFile expected(m_scripts.filePath(ours));
        QFile actual(share + built);
        QVERIFY(expected.open(QIODevice::ReadOnly));
        QVERIFY2(actual.open(QIODevice::ReadOnly), qPrintable(actual.fileName()));
        QVERIFY2(actual.readAll() == expected.readAll(), qPrintable(built + QStringLiteral(" differs from valis-cli completion's output")));
    }
}

void TestCliCompletion::generationRunsNoCommand()
{
    // Describing the commands runs none of them: an empty profile stays empty.
    valis::test::TemporaryHome home;
    for (const QString &shell : {QStringLiteral("bash"), QStringLiteral("zsh"), QStringLiteral("fish")}) {
        const Run script = run(cli(), {QStringLiteral("--home"), home.path(), QStringLiteral("completion"), shell});
        QCOMPARE(script.exitCode, 0);
    }
    QVERIFY2(QDir(home.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty(),
             qPrintable(QDir(home.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).join(QLatin1Char(' '))));
    const Run none = run(cli(), {QStringLiteral("completion")});
    QCOMPARE(none.exitCode, 2);
    QVERIFY(none.err.contains(QLatin1String("bash, zsh or fish")));
    QCOMPARE(run(cli(), {QStringLiteral("completion"), QStringLiteral("tcsh")}).exitCode, 2);
}

QSet<QString> TestCliCompletion::bash(const QStringList &words, const QString &workingDir)
{
    const QString program = QStringLiteral(
        "source \"$1\" || exit 3\n"
        "shift\n"
        "COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); COMP_LINE=\"$*\"; COMP_POINT=${#COMP_LINE}\n"
        "_valis_cli || exit 4\n"
        "printf '%s\\n' \"${COMPREPLY[@]}\"\n");
    const Run result = run(QStringLiteral("bash"), QStringList{QStringLiteral("-c"), program, QStringLiteral("bash"), m_scripts.filePath(QStringLiteral("bash"))} + words,
                           workingDir);
    if (result.exitCode != 0 || !result.err.isEmpty())
        qWarning("bash completing %s: exit %d, %s", qPrintable(words.join(QLatin1Char(' '))), result.exitCode, qPrintable(result.err));
    return result.exitCode == 0 ? lines(result.out) : QSet<QString>{QStringLiteral("<bash failed>")};
}

void TestCliCompletion::bashCommandsOptionsAndSubcommands()
{
    const Run registered = run(QStringLiteral("bash"), {QStringLiteral("-c"), QStringLiteral("source \"$1\" && complete -p valis-cli"),
                                                         QStringLiteral("bash"), m_scripts.filePath(QStringLiteral("bash"))});
    QCOMPARE(registered.out.trimmed(), QStringLiteral("complete -F _valis_cli valis-cli"));

    const QSet<QString> commands = bash({QStringLiteral("valis-cli"), QString()});
    for (const char *command : {"run", "import", "export", "sessions", "show", "grep", "plugins", "models", "keys", "tools", "tool", "mcp",
                                "memory", "prompts", "tokens", "context", "turns", "replay", "serve", "completion", "usage", "sweep"})
        QVERIFY2(commands.contains(QString::fromLatin1(command)), command);
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("usage"), QStringLiteral("--")}),
             (QSet<QString>{QStringLiteral("--since"), QStringLiteral("--by"), QStringLiteral("--json"), QStringLiteral("--help")}));
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("mc")}), QSet<QString>{QStringLiteral("mcp")});
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("--")}),
             (QSet<QString>{QStringLiteral("--home"), QStringLiteral("--version"), QStringLiteral("--help")}));
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("sessions"), QStringLiteral("--")}),
             (QSet<QString>{QStringLiteral("--origin"), QStringLiteral("--archived"), QStringLiteral("--limit"), QStringLiteral("--json"),
                            QStringLiteral("--ids"), QStringLiteral("--help")}));
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("mcp"), QStringLiteral("te")}), QSet<QString>{QStringLiteral("test")});
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("memory"), QStringLiteral("s")}),
             (QSet<QString>{QStringLiteral("show"), QStringLiteral("search"), QStringLiteral("stats")}));
    // A subcommand's own options, also after valis-cli's --home and its value.
    const QSet<QString> addOptions = bash({QStringLiteral("valis-cli"), QStringLiteral("--home"), m_home.path(), QStringLiteral("mcp"),
                                           QStringLiteral("add"), QStringLiteral("--b")});
    QCOMPARE(addOptions, QSet<QString>{QStringLiteral("--bearer-token-env")});
    // An option's value is not taken for a subcommand or a positional argument.
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("grep"), QStringLiteral("--limit"), QStringLiteral("5"), QStringLiteral("--j")}),
             QSet<QString>{QStringLiteral("--json")});
}

void TestCliCompletion::bashOffersEveryOptionEachCommandTakes()
{
    // Every command `valis-cli --help` lists, and every subcommand `valis-cli mcp --help` and
    // `valis-cli memory --help` list: bash offers exactly the options its --help shows.
    static const QRegularExpression listed(QStringLiteral("^  ([a-z][a-z-]*) "));
    static const QRegularExpression option(QStringLiteral("^  (?:-(\\w), )?--([a-z][a-z-]*)"));
    QStringList paths;
    for (const QString &line : run(cli(), {QStringLiteral("--help")}).out.split(QLatin1Char('\n'))) {
        if (const QRegularExpressionMatch match = listed.match(line); match.hasMatch())
            paths.append(match.captured(1));
    }
    QVERIFY2(paths.size() >= 17, qPrintable(paths.join(QLatin1Char(' '))));
    for (const QString &parent : {QStringLiteral("mcp"), QStringLiteral("memory"), QStringLiteral("sandbox"), QStringLiteral("prompts")}) {
        paths.removeAll(parent);
        const Run help = run(cli(), {parent, QStringLiteral("--help")});
        const QString subcommands = help.out.section(QStringLiteral("Subcommands:\n"), 1).section(QStringLiteral("\n\n"), 0, 0);
        for (const QString &line : subcommands.split(QLatin1Char('\n'))) {
            if (const QRegularExpressionMatch match = listed.match(line); match.hasMatch())
                paths.append(parent + QLatin1Char(' ') + match.captured(1));
        }
    }
    QVERIFY(paths.contains(QStringLiteral("mcp logout")));
    QVERIFY(paths.contains(QStringLiteral("mcp serve")));
    QVERIFY(paths.contains(QStringLiteral("mcp audit")));
    QVERIFY(paths.contains(QStringLiteral("memory stats")));
    QVERIFY(paths.contains(QStringLiteral("sandbox cleanup")));
    for (const char *prompts : {"prompts list", "prompts show", "prompts set", "prompts rm"})
        QVERIFY2(paths.contains(QString::fromLatin1(prompts)), prompts);
    for (const QString &path : std::as_const(paths)) {
        const Run help = run(cli(), path.split(QLatin1Char(' ')) + QStringList{QStringLiteral("--help")});
        QVERIFY2(help.exitCode == 0, qPrintable(path));
        QSet<QString> expected;
        for (const QString &line : help.out.split(QLatin1Char('\n'))) {
            if (const QRegularExpressionMatch match = option.match(line); match.hasMatch()) {
                expected.insert(QStringLiteral("--") + match.captured(2));
                if (!match.captured(1).isEmpty())
                    expected.insert(QStringLiteral("-") + match.captured(1));
            }
        }
        QVERIFY2(expected.contains(QStringLiteral("--help")), qPrintable(path + QStringLiteral(": ") + help.out));
        const QSet<QString> offered = bash(QStringList{QStringLiteral("valis-cli")} + path.split(QLatin1Char(' ')) + QStringList{QStringLiteral("-")});
        QVERIFY2(offered == expected, qPrintable(path + QStringLiteral(": offered ") + QStringList(offered.begin(), offered.end()).join(QLatin1Char(' '))
                                                  + QStringLiteral("; --help shows ") + QStringList(expected.begin(), expected.end()).join(QLatin1Char(' '))));
    }
}

void TestCliCompletion::bashDynamicValues()
{
    const QString home = m_home.path();
    const QStringList withHome{QStringLiteral("valis-cli"), QStringLiteral("--home"), home};
    // Session ids, from the profile the line names, for a positional argument and an option.
    QCOMPARE(bash(withHome + QStringList{QStringLiteral("show"), QString()}), QSet<QString>{m_sessionId});
    QCOMPARE(bash(withHome + QStringList{QStringLiteral("export"), m_sessionId, m_sessionId.left(3)}), QSet<QString>{m_sessionId});
    QCOMPARE(bash(withHome + QStringList{QStringLiteral("grep"), QStringLiteral("--session"), QString()}), QSet<QString>{m_sessionId});
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("--home"), QStringLiteral("="), home, QStringLiteral("show"), QString()}),
             QSet<QString>{m_sessionId});
    // Another profile has none.
    valis::test::TemporaryHome empty;
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("--home"), empty.path(), QStringLiteral("show"), QString()}), QSet<QString>{});
    // MCP servers, for the subcommands that take one; none for the name of a new one.
    QCOMPARE(bash(withHome + QStringList{QStringLiteral("mcp"), QStringLiteral("test"), QString()}), QSet<QString>{QStringLiteral("everything-server")});
    QCOMPARE(bash(withHome + QStringList{QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("ev")}),
             QSet<QString>{QStringLiteral("everything-server")});
    QCOMPARE(bash(withHome + QStringList{QStringLiteral("mcp"), QStringLiteral("add"), QString()}), QSet<QString>{});
    // Plugin ids and provider names, from the plugins this build has.
    const QSet<QString> plugins = bash(withHome + QStringList{QStringLiteral("plugins"), QStringLiteral("--disable"), QString()});
    for (const char *plugin : {"anthropic", "openai", "openai-compatible", "filesystem", "exec", "mcp"})
        QVERIFY2(plugins.contains(QString::fromLatin1(plugin)), plugin);
    const QSet<QString> providers = bash(withHome + QStringList{QStringLiteral("run"), QStringLiteral("--provider"), QString()});
    QCOMPARE(providers, (QSet<QString>{QStringLiteral("anthropic"), QStringLiteral("openai"), QStringLiteral("openai-responses"),
                                       QStringLiteral("openai-compatible")}));
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("keys"), QStringLiteral("set"), QStringLiteral("openai-c")}),
             QSet<QString>{QStringLiteral("openai-compatible")});
}

void TestCliCompletion::bashFilesAndChoices()
{
    QTemporaryDir folder;
    QVERIFY(!valis::test::writeFileIn(folder.path(), QStringLiteral("claude-session.jsonl"), "{}\n").isEmpty());
    QVERIFY(QDir(folder.path()).mkdir(QStringLiteral("codex-sessions")));
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("import"), QStringLiteral("c")}, folder.path()),
             (QSet<QString>{QStringLiteral("claude-session.jsonl"), QStringLiteral("codex-sessions")}));
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("run"), QStringLiteral("--workspace"), QStringLiteral("c")}, folder.path()),
             QSet<QString>{QStringLiteral("codex-sessions")});
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("run"), QStringLiteral("--network"), QString()}),
             (QSet<QString>{QStringLiteral("on"), QStringLiteral("off")}));
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("="), QStringLiteral("m")}),
             QSet<QString>{QStringLiteral("markdown")});
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("keys"), QString()}),
             (QSet<QString>{QStringLiteral("set"), QStringLiteral("remove"), QStringLiteral("status")}));
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("completion"), QString()}),
             (QSet<QString>{QStringLiteral("bash"), QStringLiteral("zsh"), QStringLiteral("fish")}));
    // Free text (a prompt, search words) is not completed.
    QCOMPARE(bash({QStringLiteral("valis-cli"), QStringLiteral("grep"), QStringLiteral("c")}, folder.path()), QSet<QString>{});
}

QSet<QString> TestCliCompletion::zsh(const QString &line)
{
    const Run result = run(QStringLiteral("zsh"), {QStringLiteral("-f"), valis::test::sourceDir() + QStringLiteral("/tests/cli/completion/zsh-complete.zsh"),
                                                   m_scripts.filePath(QStringLiteral("_valis-cli")), line});
    if (result.exitCode != 0)
        return {QStringLiteral("<zsh failed: %1>").arg(result.err)};
    return lines(result.out);
}

void TestCliCompletion::zshScript()
{
    const Run syntax = run(QStringLiteral("zsh"), {QStringLiteral("-n"), m_scripts.filePath(QStringLiteral("_valis-cli"))});
    QVERIFY2(syntax.exitCode == 0, qPrintable(syntax.err));
    QVERIFY(zsh(QStringLiteral("valis-cli ")).contains(QStringLiteral("completion")));
    QCOMPARE(zsh(QStringLiteral("valis-cli mc")), QSet<QString>{QStringLiteral("mcp")});
    QCOMPARE(zsh(QStringLiteral("valis-cli sessions --")),
             (QSet<QString>{QStringLiteral("--origin"), QStringLiteral("--archived"), QStringLiteral("--limit"), QStringLiteral("--json"),
                            QStringLiteral("--ids"), QStringLiteral("--help")}));
    QCOMPARE(zsh(QStringLiteral("valis-cli mcp lo")), (QSet<QString>{QStringLiteral("login"), QStringLiteral("logout")}));
    QCOMPARE(zsh(QStringLiteral("valis-cli --home %1 show ").arg(m_home.path())), QSet<QString>{m_sessionId});
    QCOMPARE(zsh(QStringLiteral("valis-cli --home=%1 grep --session=").arg(m_home.path())), QSet<QString>{m_sessionId});
    QCOMPARE(zsh(QStringLiteral("valis-cli --home %1 mcp tools ").arg(m_home.path())), QSet<QString>{QStringLiteral("everything-server")});
    QCOMPARE(zsh(QStringLiteral("valis-cli run --network ")), (QSet<QString>{QStringLiteral("on"), QStringLiteral("off")}));
    QCOMPARE(zsh(QStringLiteral("valis-cli keys remove openai-r")), QSet<QString>{QStringLiteral("openai-responses")});
}

Run TestCliCompletion::fish(const QString &line)
{
    return run(QStringLiteral("fish"), {QStringLiteral("--no-config"), QStringLiteral("-c"), QStringLiteral("source $argv[1]; and complete -C $argv[2]"),
                                        m_scripts.filePath(QStringLiteral("fish")), line});
}

void TestCliCompletion::fishScript()
{
    const Run syntax = run(QStringLiteral("fish"), {QStringLiteral("--no-config"), QStringLiteral("-n"), m_scripts.filePath(QStringLiteral("fish"))});
    QVERIFY2(syntax.exitCode == 0, qPrintable(syntax.err));
    const Run mcp = fish(QStringLiteral("valis-cli mc"));
    QVERIFY2(mcp.err.isEmpty(), qPrintable(mcp.err));
    // Each candidate with its description.
    QVERIFY2(mcp.out.startsWith(QLatin1String("mcp\tMCP servers")), qPrintable(mcp.out));
    QCOMPARE(fishCandidates(mcp.out), QSet<QString>{QStringLiteral("mcp")});
    QCOMPARE(fishCandidates(fish(QStringLiteral("valis-cli sessions --")).out),
             (QSet<QString>{QStringLiteral("--origin"), QStringLiteral("--archived"), QStringLiteral("--limit"), QStringLiteral("--json"),
                            QStringLiteral("--ids"), QStringLiteral("--help")}));
    QCOMPARE(fishCandidates(fish(QStringLiteral("valis-cli memory ex")).out), QSet<QString>{QStringLiteral("export")});
    QCOMPARE(fishCandidates(fish(QStringLiteral("valis-cli --home %1 show ").arg(m_home.path())).out), QSet<QString>{m_sessionId});
    QCOMPARE(fishCandidates(fish(QStringLiteral("valis-cli --home %1 grep --session=").arg(m_home.path())).out),
             QSet<QString>{QStringLiteral("--session=") + m_sessionId});
    QCOMPARE(fishCandidates(fish(QStringLiteral("valis-cli --home %1 mcp read ").arg(m_home.path())).out),
             QSet<QString>{QStringLiteral("everything-server")});
    QCOMPARE(fishCandidates(fish(QStringLiteral("valis-cli run --provider openai-")).out),
             (QSet<QString>{QStringLiteral("openai-responses"), QStringLiteral("openai-compatible")}));
    QCOMPARE(fishCandidates(fish(QStringLiteral("valis-cli completion ")).out),
             (QSet<QString>{QStringLiteral("bash"), QStringLiteral("zsh"), QStringLiteral("fish")}));
}

VALIS_TEST_MAIN(TestCliCompletion)
#include "tst_clicompletion.moc"
