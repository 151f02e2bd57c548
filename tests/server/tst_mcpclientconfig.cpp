// McpClientConfig: Valis's MCP server entry written into Claude Code's, Codex's and Claude
// Desktop's real configuration files in a temporary folder: the snippets, the change shown
// before writing, every other byte kept, malformed files refused and left alone, the backup,
// atomic replacement keeping permissions, and a file that changed after it was shown.
#include "testsupport.h"

#include "valis/mcp/mcpclientconfig.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace valis;

namespace {

QByteArray readBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

McpServerLaunch launch(McpServerLaunch::Access access = McpServerLaunch::Access::ReadWrite)
{
    return McpServerLaunch::forCli(QStringLiteral("/opt/Valis App/bin/valis-cli"), access);
}

const QByteArray CodexConfig = "# my Codex settings\n"
                               "model = \"gpt-5-codex\"   # keep this comment\n"
                               "approval_policy = 'on-request'\n"
                               "\n"
                               "[mcp_servers.github]\n"
                               "command = \"npx\"\n"
                               "args = [\n"
                               "  \"-y\",\n"
                               "  \"@modelcontextprotocol/server-github\", # trailing comma\n"
                               "]\n"
                               "\n"
                               "[mcp_servers.github.env]\n"
                               "TOKEN = \"\"\"\n"
                               "[not a table]\n"
                               "\"\"\"\n"
                               "\n"
                               "[profiles.fast]\n"
                               "model = \"o4-mini\"";

// Claude Code's file: big numbers JSON readers round, its own per-project mcpServers, a key order
// that is not alphabetical: all must stay as they are.
const QByteArray ClaudeJson = "{\n"
                              "  \"numStartups\": 42,\n"
                              "  \"userID\": 123456789012345678901234,\n"
                              "  \"projects\": {\n"
                              "    \"/home/me/p\": {\n"
                              "      \"mcpServers\": {}\n"
                              "    }\n"
                              "  },\n"
                              "  \"mcpServers\": {\n"
                              "    \"memory\": {\n"
                              "      \"type\": \"stdio\",\n"
                              "      \"command\": \"npx\",\n"
                              "      \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\"]\n"
                              "    }\n"
                              "  },\n"
                              "  \"autoUpdates\": false\n"
                              "}\n";

} // namespace

class TestMcpClientConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void snippetsAreExact();
    void defaultPathsFollowTheEnvironment();
    void codexTableIsAppendedKeepingEveryLine();
    void codexTableIsUpdatedInPlace();
    void codexDottedKeysAreRefused();
    void malformedFilesAreRefusedAndLeftAlone();
    void claudeCodeEntryIsSplicedIn();
    void claudeDesktopFileIsCreated();
    void existingEntryIsReplacedKeepingItsExtras();
    void changedFileIsNotWrittenOver();
    void lineEndingsAndLinksAreKept();
};

void TestMcpClientConfig::snippetsAreExact()
{
    const McpServerLaunch rw = launch();
    const QString program = QDir::toNativeSeparators(QStringLiteral("/opt/Valis App/bin/valis-cli"));
#if !defined(Q_OS_WIN)
    QCOMPARE(McpClientConfig::snippet(McpClientKind::ClaudeCode, rw),
             QStringLiteral("claude mcp add --scope user valis -- '/opt/Valis App/bin/valis-cli' mcp serve"));
    QCOMPARE(McpClientConfig::snippet(McpClientKind::ClaudeCode, launch(McpServerLaunch::Access::ReadOnly)),
             QStringLiteral("claude mcp add --scope user valis -- '/opt/Valis App/bin/valis-cli' mcp serve --read-only"));
#endif
    QCOMPARE(McpClientConfig::snippet(McpClientKind::Codex, rw),
             QStringLiteral("[mcp_servers.valis]\ncommand = \"%1\"\nargs = [\"mcp\", \"serve\"]\n").arg(program));
    QCOMPARE(McpClientConfig::snippet(McpClientKind::ClaudeDesktop, rw),
             QStringLiteral("{\n  \"mcpServers\": {\n    \"valis\": {\n      \"command\": \"%1\",\n"
                            "      \"args\": [\"mcp\", \"serve\"]\n    }\n  }\n}\n")
                 .arg(program));
    // Each snippet is what the file gets: Claude Desktop's parses to the entry written.
    const QJsonObject parsed = QJsonDocument::fromJson(McpClientConfig::snippet(McpClientKind::ClaudeDesktop, rw).toUtf8()).object();
    QCOMPARE(parsed.value(QLatin1String("mcpServers")).toObject().value(QLatin1String("valis")).toObject().value(QLatin1String("args")).toArray(),
             (QJsonArray{QStringLiteral("mcp"), QStringLiteral("serve")}));
}

void TestMcpClientConfig::defaultPathsFollowTheEnvironment()
{
    const QByteArray codexHome = qgetenv("CODEX_HOME");
    const QByteArray claudeDir = qgetenv("CLAUDE_CONFIG_DIR");
    qunsetenv("CODEX_HOME");
    qunsetenv("CLAUDE_CONFIG_DIR");
    QCOMPARE(McpClientConfig::defaultPath(McpClientKind::ClaudeCode, QStringLiteral("/h")), QStringLiteral("/h/.claude.json"));
    QCOMPARE(McpClientConfig::defaultPath(McpClientKind::Codex, QStringLiteral("/h")), QStringLiteral("/h/.codex/config.toml"));
    qputenv("CODEX_HOME", "/elsewhere");
    QCOMPARE(McpClientConfig::defaultPath(McpClientKind::Codex, QStringLiteral("/h")), QStringLiteral("/elsewhere/config.toml"));
#if defined(Q_OS_LINUX)
    const QByteArray xdg = qgetenv("XDG_CONFIG_HOME");
    qunsetenv("XDG_CONFIG_HOME");
    QCOMPARE(McpClientConfig::defaultPath(McpClientKind::ClaudeDesktop, QStringLiteral("/h")),
             QStringLiteral("/h/.config/Claude/claude_desktop_config.json"));
    qputenv("XDG_CONFIG_HOME", "/cfg");
    QCOMPARE(McpClientConfig::defaultPath(McpClientKind::ClaudeDesktop, QStringLiteral("/h")),
             QStringLiteral("/cfg/Claude/claude_desktop_config.json"));
    qputenv("XDG_CONFIG_HOME", xdg);
#endif
    qputenv("CODEX_HOME", codexHome);
    qputenv("CLAUDE_CONFIG_DIR", claudeDir);
    if (codexHome.isEmpty())
        qunsetenv("CODEX_HOME");
    if (claudeDir.isEmpty())
        qunsetenv("CLAUDE_CONFIG_DIR");
}

void TestMcpClientConfig::codexTableIsAppendedKeepingEveryLine()
{
    test::TemporaryHome home;
    const QString path = test::writeFileIn(home.path(), QStringLiteral("config.toml"), CodexConfig);
    QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
    const Result<McpClientConfigChange> change = McpClientConfig::plan(McpClientKind::Codex, path, launch());
    VALIS_VERIFY_OK(change);
    QVERIFY(change->existed);
    QVERIFY(change->changes());
    QCOMPARE(change->before, CodexConfig);
    const QString program = QDir::toNativeSeparators(QStringLiteral("/opt/Valis App/bin/valis-cli"));
    // The original, its last line ended, a blank line, the table.
    QCOMPARE(QString::fromUtf8(change->after),
             QString::fromUtf8(CodexConfig) + QStringLiteral("\n\n[mcp_servers.valis]\ncommand = \"%1\"\nargs = [\"mcp\", \"serve\"]\n").arg(program));
    const QString diff = change->diff();
    QVERIFY2(diff.contains(QStringLiteral("\n+[mcp_servers.valis]\n")), qPrintable(diff));
    QVERIFY2(diff.contains(QStringLiteral("\n-model = \"o4-mini\"\n\\ No newline at end of file\n+model = \"o4-mini\"\n+\n")),
             qPrintable(diff));
    QVERIFY(diff.startsWith(QStringLiteral("--- ")));
    QVERIFY(!QFile::exists(McpClientConfig::backupPath(path))); // planning writes nothing
    QCOMPARE(readBytes(path), CodexConfig);

    VALIS_VERIFY_OK(McpClientConfig::write(*change));
    QCOMPARE(readBytes(path), change->after);
    QCOMPARE(readBytes(McpClientConfig::backupPath(path)), CodexConfig);
    // The file kept its 0600, and so did the copy (it holds the same).
    const QFileDevice::Permissions others = QFile::ReadGroup | QFile::WriteGroup | QFile::ReadOther | QFile::WriteOther;
    QCOMPARE(QFileInfo(path).permissions() & others, QFileDevice::Permissions());
    QCOMPARE(QFileInfo(McpClientConfig::backupPath(path)).permissions() & others, QFileDevice::Permissions());
    QVERIFY(QFileInfo(path).permissions() & QFile::WriteOwner);
    // Asked again: already there, nothing to change.
    const Result<McpClientConfigChange> again = McpClientConfig::plan(McpClientKind::Codex, path, launch());
    VALIS_VERIFY_OK(again);
    QVERIFY(!again->changes());
    QVERIFY(again->diff().isEmpty());
}

void TestMcpClientConfig::codexTableIsUpdatedInPlace()
{
    test::TemporaryHome home;
    const QByteArray original = "[mcp_servers.valis]   # Valis\n"
                                "startup_timeout_sec = 20\n"
                                "command = \"/old/valis-cli\"\n"
                                "args = [\n"
                                "  \"mcp\",\n"
                                "  \"serve\",\n"
                                "]\n"
                                "[mcp_servers.valis.env]\n"
                                "A = \"b\"\n"
                                "[other]\n"
                                "command = \"not ours\"\n";
    const QString path = test::writeFileIn(home.path(), QStringLiteral("config.toml"), original);
    const Result<McpClientConfigChange> change = McpClientConfig::plan(McpClientKind::Codex, path,
                                                                       launch(McpServerLaunch::Access::ReadOnly));
    VALIS_VERIFY_OK(change);
    const QString program = QDir::toNativeSeparators(QStringLiteral("/opt/Valis App/bin/valis-cli"));
    QCOMPARE(QString::fromUtf8(change->after),
             QStringLiteral("[mcp_servers.valis]   # Valis\n"
                            "startup_timeout_sec = 20\n"
                            "command = \"%1\"\n"
                            "args = [\"mcp\", \"serve\", \"--read-only\"]\n"
                            "[mcp_servers.valis.env]\n"
                            "A = \"b\"\n"
                            "[other]\n"
                            "command = \"not ours\"\n")
                 .arg(program));
    VALIS_VERIFY_OK(McpClientConfig::write(*change));
    QCOMPARE(readBytes(path), change->after);

    // A table with neither key gets both below its header.
    const QString bare = test::writeFileIn(home.path(), QStringLiteral("bare.toml"), "[mcp_servers.valis]\nenabled = true\n");
    const Result<McpClientConfigChange> added = McpClientConfig::plan(McpClientKind::Codex, bare, launch());
    VALIS_VERIFY_OK(added);
    QCOMPARE(QString::fromUtf8(added->after),
             QStringLiteral("[mcp_servers.valis]\ncommand = \"%1\"\nargs = [\"mcp\", \"serve\"]\nenabled = true\n").arg(program));
}

void TestMcpClientConfig::codexDottedKeysAreRefused()
{
    test::TemporaryHome home;
    for (const QByteArray &text : {QByteArray("mcp_servers.valis.command = \"x\"\n"),
                                   QByteArray("[mcp_servers]\nvalis = { command = \"x\" }\n"),
                                   QByteArray("mcp_servers = { other = { command = \"y\" } }\n")}) {
        const QString path = test::writeFileIn(home.path(), QStringLiteral("config.toml"), text);
        const Result<McpClientConfigChange> change = McpClientConfig::plan(McpClientKind::Codex, path, launch());
        QVERIFY2(change.hasError(), text.constData());
        QCOMPARE(change.error().code, QStringLiteral("mcp-client.malformed"));
        QVERIFY2(change.error().message.contains(QLatin1String("by hand")), qPrintable(change.error().message));
        QCOMPARE(readBytes(path), text);
    }
}

void TestMcpClientConfig::malformedFilesAreRefusedAndLeftAlone()
{
    test::TemporaryHome home;
    struct Case
    {
        McpClientKind kind;
        QByteArray text;
    };
    const QList<Case> cases{{McpClientKind::ClaudeCode, "{\"numStartups\": 3,,}"},
                            {McpClientKind::ClaudeCode, "[1, 2]"},
                            {McpClientKind::ClaudeCode, "{\"mcpServers\": [\"x\"]}"},
                            {McpClientKind::ClaudeDesktop, "{\"mcpServers\": {\"a\": "},
                            {McpClientKind::Codex, "model = \"unterminated\n[mcp_servers.x]\n"}};
    for (const Case &item : cases) {
        const QString path = test::writeFileIn(home.path(), QStringLiteral("file"), item.text);
        const Result<McpClientConfigChange> change = McpClientConfig::plan(item.kind, path, launch());
        QVERIFY2(change.hasError(), item.text.constData());
        QCOMPARE(change.error().code, QStringLiteral("mcp-client.malformed"));
        QVERIFY2(change.error().location.startsWith(path), qPrintable(change.error().location));
        QVERIFY2(change.error().message.contains(QLatin1String("nothing was written"))
                     || change.error().message.contains(QLatin1String("by hand")),
                 qPrintable(change.error().message));
        QCOMPARE(readBytes(path), item.text);
        QVERIFY(!QFile::exists(McpClientConfig::backupPath(path)));
    }
    // The error names the line JSON broke on.
    const QString path = test::writeFileIn(home.path(), QStringLiteral("claude.json"), "{\n  \"a\": 1,\n  \"b\": \n}\n");
    const Result<McpClientConfigChange> change = McpClientConfig::plan(McpClientKind::ClaudeCode, path, launch());
    QVERIFY(change.hasError());
    QVERIFY2(change.error().message.contains(QLatin1String("line 4")), qPrintable(change.error().message));
}

void TestMcpClientConfig::claudeCodeEntryIsSplicedIn()
{
    test::TemporaryHome home;
    const QString path = test::writeFileIn(home.path(), QStringLiteral(".claude.json"), ClaudeJson);
    const Result<McpClientConfigChange> change = McpClientConfig::plan(McpClientKind::ClaudeCode, path, launch());
    VALIS_VERIFY_OK(change);
    QByteArray expected = ClaudeJson;
    const QByteArray program = QDir::toNativeSeparators(QStringLiteral("/opt/Valis App/bin/valis-cli")).toUtf8().replace('\\', "\\\\");
    expected.replace(QByteArray("server-memory\"]\n    }\n"),
                     QByteArray("server-memory\"]\n    },\n    \"valis\": {\n      \"type\": \"stdio\",\n      \"command\": \"" + program
                         + "\",\n      \"args\": [\"mcp\", \"serve\"]\n    }\n"));
    QCOMPARE(QString::fromUtf8(change->after), QString::fromUtf8(expected));
    QVERIFY(change->after.contains("123456789012345678901234")); // not rounded by a rewrite
    VALIS_VERIFY_OK(McpClientConfig::write(*change));
    QCOMPARE(readBytes(path), expected);
    QCOMPARE(readBytes(McpClientConfig::backupPath(path)), ClaudeJson);

    // No mcpServers at all: added as the last member.
    const QString fresh = test::writeFileIn(home.path(), QStringLiteral("fresh.json"), "{\n  \"numStartups\": 1\n}\n");
    const Result<McpClientConfigChange> added = McpClientConfig::plan(McpClientKind::ClaudeCode, fresh, launch());
    VALIS_VERIFY_OK(added);
    QCOMPARE(QString::fromUtf8(added->after),
             QStringLiteral("{\n  \"numStartups\": 1,\n  \"mcpServers\": {\n    \"valis\": {\n      \"type\": \"stdio\",\n"
                            "      \"command\": \"%1\",\n      \"args\": [\"mcp\", \"serve\"]\n    }\n  }\n}\n")
                 .arg(QString::fromUtf8(program)));
}

void TestMcpClientConfig::claudeDesktopFileIsCreated()
{
    test::TemporaryHome home;
    const QString path = home.filePath(QStringLiteral("config/Claude/claude_desktop_config.json"));
    const Result<McpClientConfigChange> change = McpClientConfig::plan(McpClientKind::ClaudeDesktop, path, launch());
    VALIS_VERIFY_OK(change);
    QVERIFY(!change->existed);
    QCOMPARE(QString::fromUtf8(change->after), McpClientConfig::snippet(McpClientKind::ClaudeDesktop, launch()));
    QVERIFY(change->diff().startsWith(QStringLiteral("--- /dev/null\n")));
    VALIS_VERIFY_OK(McpClientConfig::write(*change));
    QCOMPARE(readBytes(path), change->after);
    QVERIFY(!QFile::exists(McpClientConfig::backupPath(path))); // nothing to keep

    // An empty object on one line: a block of its own.
    const QString compact = test::writeFileIn(home.path(), QStringLiteral("c.json"), "{\"mcpServers\": {}, \"x\": 1}");
    const Result<McpClientConfigChange> inserted = McpClientConfig::plan(McpClientKind::ClaudeDesktop, compact, launch());
    VALIS_VERIFY_OK(inserted);
    const QJsonObject parsed = QJsonDocument::fromJson(inserted->after).object();
    QCOMPARE(parsed.value(QLatin1String("x")).toInt(), 1);
    QCOMPARE(parsed.value(QLatin1String("mcpServers")).toObject().value(QLatin1String("valis")).toObject().value(QLatin1String("command")).toString(),
             launch().program);
    QVERIFY(inserted->after.endsWith(", \"x\": 1}"));
}

void TestMcpClientConfig::existingEntryIsReplacedKeepingItsExtras()
{
    test::TemporaryHome home;
    const QByteArray original = "{\n    \"mcpServers\": {\n        \"valis\": {\"command\": \"/old\", \"env\": {\"VALIS_HOME\": \"/p\"}},\n"
                                "        \"other\": {\"command\": \"x\"}\n    }\n}\n";
    const QString path = test::writeFileIn(home.path(), QStringLiteral("claude_desktop_config.json"), original);
    const Result<McpClientConfigChange> change = McpClientConfig::plan(McpClientKind::ClaudeDesktop, path, launch());
    VALIS_VERIFY_OK(change);
    const QJsonObject servers = QJsonDocument::fromJson(change->after).object().value(QLatin1String("mcpServers")).toObject();
    const QJsonObject valis = servers.value(QLatin1String("valis")).toObject();
    QCOMPARE(valis.value(QLatin1String("command")).toString(), launch().program);
    QCOMPARE(valis.value(QLatin1String("env")).toObject().value(QLatin1String("VALIS_HOME")).toString(), QStringLiteral("/p"));
    // The other entry's line and the file's four-space indent are untouched.
    QVERIFY(change->after.contains("\n        \"other\": {\"command\": \"x\"}\n    }\n}\n"));
    QVERIFY2(change->after.contains("\n        \"valis\": {\n            \"command\": "), change->after.constData());
}

void TestMcpClientConfig::changedFileIsNotWrittenOver()
{
    test::TemporaryHome home;
    const QString path = test::writeFileIn(home.path(), QStringLiteral(".claude.json"), ClaudeJson);
    const Result<McpClientConfigChange> change = McpClientConfig::plan(McpClientKind::ClaudeCode, path, launch());
    VALIS_VERIFY_OK(change);
    // Claude Code rewrote its file in the meantime.
    const QByteArray rewritten = "{\"numStartups\": 43}";
    QVERIFY(test::writeFile(path, rewritten));
    const Result<void> written = McpClientConfig::write(*change);
    QVERIFY(written.hasError());
    QCOMPARE(written.error().code, QStringLiteral("mcp-client.changed"));
    QCOMPARE(readBytes(path), rewritten);
    QVERIFY(!QFile::exists(McpClientConfig::backupPath(path)));
    // A file that appeared after an absent one was planned: the same.
    const QString created = home.filePath(QStringLiteral("later.toml"));
    const Result<McpClientConfigChange> absent = McpClientConfig::plan(McpClientKind::Codex, created, launch());
    VALIS_VERIFY_OK(absent);
    QVERIFY(test::writeFile(created, "x = 1\n"));
    QCOMPARE(McpClientConfig::write(*absent).error().code, QStringLiteral("mcp-client.changed"));
    QCOMPARE(readBytes(created), QByteArray("x = 1\n"));
}

void TestMcpClientConfig::lineEndingsAndLinksAreKept()
{
    test::TemporaryHome home;
    const QByteArray crlf = "model = \"m\"\r\n[a]\r\nb = 1\r\n";
    const QString path = test::writeFileIn(home.path(), QStringLiteral("config.toml"), crlf);
    const Result<McpClientConfigChange> change = McpClientConfig::plan(McpClientKind::Codex, path, launch());
    VALIS_VERIFY_OK(change);
    QVERIFY(change->after.startsWith(QByteArray(crlf + "\r\n[mcp_servers.valis]\r\ncommand = ")));
    QCOMPARE(change->after.count("\r\n"), change->after.count('\n')); // every line ends in CRLF
#if defined(Q_OS_UNIX)
    // A dotfile kept elsewhere and linked: the link stays a link, its target gets the change.
    const QString target = test::writeFileIn(home.path(), QStringLiteral("dotfiles-claude.json"), ClaudeJson);
    const QString link = home.filePath(QStringLiteral(".claude.json"));
    QVERIFY(QFile::link(target, link));
    const Result<McpClientConfigChange> linked = McpClientConfig::plan(McpClientKind::ClaudeCode, link, launch());
    VALIS_VERIFY_OK(linked);
    VALIS_VERIFY_OK(McpClientConfig::write(*linked));
    QVERIFY(QFileInfo(link).isSymLink());
    QCOMPARE(readBytes(target), linked->after);
    QCOMPARE(readBytes(target + QStringLiteral(".valis-backup")), ClaudeJson);
#endif
}

VALIS_TEST_MAIN(TestMcpClientConfig)
#include "tst_mcpclientconfig.moc"
