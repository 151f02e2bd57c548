// Settings > Share memory with other agents, offscreen: the snippets naming the real valis-cli,
// Copy, "Add to Codex" writing ~/.codex/config.toml of a temporary home only after the
// confirmation, a malformed ~/.claude.json reported and left alone, the audit log of other
// agents' calls (written with McpAuditLog::append), and the OpenAI-compatible API switch
// running a real child process: a small shell script that speaks valis-cli serve's first line
// (the contract of part C), or fails with an error on stderr. The token comes from a private
// Secret Service (tests/support/with-keyring.sh).
#include "providerserver.h"
#include "streambuilders.h"
#include "testsupport.h"

#include "apiservercontroller.h"
#include "mcpauditview.h"
#include "sessionlistmodel.h"
#include "settingsdialog.h"
#include "sharingpage.h"

#include "valis/keychain/keychaincredentialstore.h"
#include "valis/mcp/mcpauditlog.h"
#include "valis/mcp/mcpclientconfig.h"
#include "valis/store/sessionstore.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTreeWidget>

#include <optional>

#if defined(Q_OS_UNIX)
#include <signal.h>
#endif

using namespace valis;

namespace {

QByteArray readBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

QString cli()
{
    return QStringLiteral(VALIS_CLI_BINARY);
}

/// A profile and a home folder for the other agents' files, both thrown away.
struct Fixture
{
    test::TemporaryHome profile;
    test::TemporaryHome home;
    DataLocations locations = DataLocations::underHome(profile.path());

    SharingPage::Setup setup(ApiServerController *server = nullptr) const
    {
        return SharingPage::Setup{cli(), home.path(), server};
    }
};

QDialog *confirmation(QWidget *page)
{
    for (QDialog *dialog : page->findChildren<QDialog *>(QStringLiteral("shareConfirm"))) {
        if (dialog->isVisible())
            return dialog;
    }
    return nullptr;
}

void screenshot(QWidget *widget, const QString &name)
{
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        widget->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

/// An environment variable set for the scope of a test (a child process inherits it).
class ScopedEnvironment
{
public:
    ScopedEnvironment(const QString &name, const QString &value)
        : m_name(name.toLocal8Bit()), m_had(qEnvironmentVariableIsSet(m_name.constData())), m_old(qgetenv(m_name.constData()))
    {
        qputenv(m_name.constData(), value.toLocal8Bit());
    }
    ~ScopedEnvironment()
    {
        if (m_had)
            qputenv(m_name.constData(), m_old);
        else
            qunsetenv(m_name.constData());
    }
    ScopedEnvironment(const ScopedEnvironment &) = delete;
    ScopedEnvironment &operator=(const ScopedEnvironment &) = delete;

private:
    QByteArray m_name;
    bool m_had = false;
    QByteArray m_old;
};

#if defined(Q_OS_UNIX)
/// An executable shell script in `folder`: a stand-in for `valis-cli serve` that only speaks
/// its process contract (arguments, the first stdout line, stderr, exit status).
QString script(const QString &folder, const QString &name, const QByteArray &body)
{
    const QString path = test::writeFileIn(folder, name, "#!/bin/sh\n" + body);
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}
#endif

} // namespace

class TestSharing : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void snippetsNameTheRealCli();
    void addToCodexWritesAfterConfirmation();
    void malformedClaudeJsonIsReportedAndLeftAlone();
    void largeClaudeJsonIsPlannedOffTheGuiThread();
    void auditViewListsOtherAgentsCalls();
    void apiSwitchRunsAndStopsTheServer();
    void apiServerFailureShowsItsErrors();
    void apiSwitchRunsTheRealValisCliServe();
    void copyTokenReadsTheKeychain();
    void servedSessionsCarryAnApiBadge();
    void settingsDialogHasThePage();
};

void TestSharing::initTestCase()
{
    QVERIFY2(QFileInfo(cli()).isExecutable(), qPrintable(cli()));
    // The other agents' locations come from the test's home, never the environment's.
    qunsetenv("CODEX_HOME");
    qunsetenv("CLAUDE_CONFIG_DIR");
}

void TestSharing::snippetsNameTheRealCli()
{
    Fixture f;
    SharingPage page(f.locations, nullptr, f.setup());
    page.show();
    QVERIFY(!page.findChild<QLabel *>(QStringLiteral("shareCliMissing"))); // valis-cli is there
    const QString program = QDir::toNativeSeparators(cli());
    const QString home = QDir::toNativeSeparators(f.locations.home());
    auto *claude = page.findChild<QPlainTextEdit *>(QStringLiteral("snippetClaudeCode"));
    auto *codex = page.findChild<QPlainTextEdit *>(QStringLiteral("snippetCodex"));
    auto *desktop = page.findChild<QPlainTextEdit *>(QStringLiteral("snippetClaudeDesktop"));
    QVERIFY(claude && codex && desktop);
    // A desktop on a profile of its own (--home) shares that profile.
    QCOMPARE(claude->toPlainText(), QStringLiteral("claude mcp add --scope user valis -- %1 mcp serve --home %2").arg(program, home));
    QCOMPARE(codex->toPlainText(),
             QStringLiteral("[mcp_servers.valis]\ncommand = \"%1\"\nargs = [\"mcp\", \"serve\", \"--home\", \"%2\"]\n").arg(program, home));
    QCOMPARE(desktop->toPlainText(),
             QStringLiteral("{\n  \"mcpServers\": {\n    \"valis\": {\n      \"command\": \"%1\",\n"
                            "      \"args\": [\"mcp\", \"serve\", \"--home\", \"%2\"]\n    }\n  }\n}\n")
                 .arg(program, home));

    page.findChild<QPushButton *>(QStringLiteral("copyCodex"))->click();
    QCOMPARE(QApplication::clipboard()->text(), codex->toPlainText());
    page.findChild<QPushButton *>(QStringLiteral("copyClaudeCode"))->click();
    QCOMPARE(QApplication::clipboard()->text(), claude->toPlainText());

    // Read-only: every snippet says so, and the choice is remembered.
    page.findChild<QCheckBox *>(QStringLiteral("shareReadOnly"))->setChecked(true);
    QCOMPARE(claude->toPlainText(),
             QStringLiteral("claude mcp add --scope user valis -- %1 mcp serve --read-only --home %2").arg(program, home));
    QVERIFY(codex->toPlainText().contains(QLatin1String("args = [\"mcp\", \"serve\", \"--read-only\", \"--home\"")));
    page.findChild<QPushButton *>(QStringLiteral("copyClaudeDesktop"))->click();
    QVERIFY(QApplication::clipboard()->text().contains(QLatin1String("\"--read-only\"")));
    screenshot(&page, QStringLiteral("sharing-page"));
    SharingPage again(f.locations, nullptr, f.setup());
    QVERIFY(again.findChild<QCheckBox *>(QStringLiteral("shareReadOnly"))->isChecked());
    QVERIFY(again.launch().arguments.contains(QStringLiteral("--read-only")));
}

void TestSharing::addToCodexWritesAfterConfirmation()
{
    Fixture f;
    const QByteArray original = "# mine\nmodel = \"gpt-5-codex\"\n\n[mcp_servers.github]\ncommand = \"npx\"\nargs = [\"-y\", \"gh\"]\n";
    const QString config = f.home.filePath(QStringLiteral(".codex/config.toml"));
    QVERIFY(test::writeFile(config, original));
    SharingPage page(f.locations, nullptr, f.setup());
    page.show();
    QCOMPARE(page.configPath(McpClientKind::Codex), config);

    // Cancel first: nothing is written. The file is read and planned on a pool thread: the
    // click returns before the plan, with the "Add to" buttons off until it comes.
    auto *addCodex = page.findChild<QPushButton *>(QStringLiteral("addCodex"));
    addCodex->click();
    QVERIFY(page.isBusy());
    QVERIFY(!addCodex->isEnabled());
    QVERIFY(!page.findChild<QPushButton *>(QStringLiteral("addClaudeCode"))->isEnabled());
    QVERIFY2(page.status().contains(QLatin1String("Reading")), qPrintable(page.status()));
    QVERIFY(!confirmation(&page));
    QDialog *question = nullptr;
    QTRY_VERIFY((question = confirmation(&page)));
    question->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Cancel)->click();
    QTRY_VERIFY(!confirmation(&page));
    QCOMPARE(readBytes(config), original);
    QVERIFY(page.status().contains(QLatin1String("Nothing was written")));
    QVERIFY(addCodex->isEnabled());

    page.findChild<QPushButton *>(QStringLiteral("addCodex"))->click();
    QTRY_VERIFY((question = confirmation(&page)));
    const QString diff = question->findChild<QPlainTextEdit *>(QStringLiteral("shareDiff"))->toPlainText();
    QVERIFY2(diff.contains(QStringLiteral("\n+[mcp_servers.valis]\n+command = \"%1\"\n").arg(QDir::toNativeSeparators(cli()))),
             qPrintable(diff));
    QVERIFY(question->findChild<QLabel *>(QStringLiteral("shareConfirmText"))->text().contains(QDir::toNativeSeparators(config)));
    screenshot(question, QStringLiteral("sharing-confirm-codex"));
    QCOMPARE(readBytes(config), original); // nothing before the answer
    question->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    QTRY_VERIFY(page.status().contains(QLatin1String("Added Valis to Codex")));
    const Result<McpClientConfigChange> expected = McpClientConfig::plan(McpClientKind::Codex, QStringLiteral("/nonexistent/x.toml"),
                                                                          page.launch());
    VALIS_VERIFY_OK(expected);
    QCOMPARE(readBytes(config), original + "\n" + expected->after); // every line kept, the table after them
    QCOMPARE(readBytes(McpClientConfig::backupPath(config)), original);

    // Again: already there, no question.
    page.findChild<QPushButton *>(QStringLiteral("addCodex"))->click();
    QTRY_VERIFY(page.status().contains(QLatin1String("already")));
    QVERIFY(!confirmation(&page));
}

void TestSharing::malformedClaudeJsonIsReportedAndLeftAlone()
{
    Fixture f;
    const QByteArray broken = "{\n  \"numStartups\": 3,\n  \"mcpServers\": {\n";
    const QString claude = test::writeFileIn(f.home.path(), QStringLiteral(".claude.json"), broken);
    SharingPage page(f.locations, nullptr, f.setup());
    page.show();
    page.findChild<QPushButton *>(QStringLiteral("addClaudeCode"))->click();
    QTRY_VERIFY2(page.status().contains(QLatin1String("not valid JSON")), qPrintable(page.status()));
    QVERIFY(page.status().contains(claude));
    QVERIFY(!confirmation(&page));
    QCOMPARE(readBytes(claude), broken);
    QVERIFY(!QFile::exists(McpClientConfig::backupPath(claude)));

    // Claude Desktop with no file yet: created after the question.
    page.findChild<QPushButton *>(QStringLiteral("addClaudeDesktop"))->click();
    QDialog *question = nullptr;
    QTRY_VERIFY((question = confirmation(&page)));
    question->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    QTRY_VERIFY(page.status().contains(QLatin1String("Added Valis to Claude Desktop")));
    QCOMPARE(QString::fromUtf8(readBytes(page.configPath(McpClientKind::ClaudeDesktop))),
             page.findChild<QPlainTextEdit *>(QStringLiteral("snippetClaudeDesktop"))->toPlainText());
}

void TestSharing::largeClaudeJsonIsPlannedOffTheGuiThread()
{
    Fixture f;
    // A ~/.claude.json of a person who used Claude Code a lot: megabytes of project history.
    QByteArray big = "{\n  \"numStartups\": 812,\n  \"projects\": {\n";
    for (int i = 0; i < 20000; ++i) {
        big += "    \"/home/me/src/project-" + QByteArray::number(i) + "\": {\"history\": [{\"display\": \"fix the flaky test number "
            + QByteArray::number(i) + " in the parser and run the whole suite\"}], \"allowedTools\": []}";
        big += i + 1 < 20000 ? ",\n" : "\n";
    }
    big += "  }\n}\n";
    QVERIFY(big.size() > 2 * 1024 * 1024);
    const QString claude = test::writeFileIn(f.home.path(), QStringLiteral(".claude.json"), big);
    SharingPage page(f.locations, nullptr, f.setup());
    page.show();
    page.findChild<QPushButton *>(QStringLiteral("addClaudeCode"))->click();
    QVERIFY(page.isBusy()); // the click came back before the file was read
    QVERIFY(!confirmation(&page));
    QDialog *question = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((question = confirmation(&page)), 20000);
    QVERIFY(!page.isBusy());
    const QString diff = question->findChild<QPlainTextEdit *>(QStringLiteral("shareDiff"))->toPlainText();
    QVERIFY2(diff.contains(QLatin1String("+  \"mcpServers\"")), qPrintable(diff.left(2000)));
    question->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    QVERIFY(page.isBusy()); // the write too
    QTRY_VERIFY_WITH_TIMEOUT(page.status().contains(QLatin1String("Added Valis to Claude Code")), 20000);
    const QByteArray after = readBytes(claude);
    QVERIFY(after.size() > big.size());
    QVERIFY(after.startsWith("{\n  \"numStartups\": 812,\n  \"projects\": {\n")); // everything else byte for byte
    QVERIFY(after.contains(big.mid(40, big.size() - 50)));
    QVERIFY(after.contains(QDir::toNativeSeparators(cli()).toUtf8()));
    QCOMPARE(readBytes(McpClientConfig::backupPath(claude)), big);
}

void TestSharing::auditViewListsOtherAgentsCalls()
{
    Fixture f;
    const McpAuditLog log(f.locations.mcpAuditLogPath());
    const QDateTime start = QDateTime::currentDateTimeUtc().addSecs(-60);
    auto entry = [&](int second, const QString &client, const QString &method, const QString &target, bool write,
                     const QString &error = {}) {
        McpAuditEntry e;
        e.time = start.addSecs(second);
        e.clientName = client;
        e.transport = QStringLiteral("stdio");
        e.method = method;
        e.target = target;
        e.write = write;
        e.error = error;
        return e;
    };
    VALIS_VERIFY_OK(log.append(entry(1, QStringLiteral("claude-code"), QStringLiteral("tools/call"), QStringLiteral("search_memory"), false)));
    VALIS_VERIFY_OK(log.append(entry(2, QStringLiteral("codex-mcp-client"), QStringLiteral("tools/call"), QStringLiteral("store_memory"), true)));
    VALIS_VERIFY_OK(log.append(entry(3, QStringLiteral("claude-code"), QStringLiteral("resources/read"),
                                     QStringLiteral("valis://memory/none"), false, QStringLiteral("no such memory"))));
    SharingPage page(f.locations, nullptr, f.setup());
    page.show();
    QTreeWidget *list = page.auditView()->list();
    QTRY_COMPARE(list->topLevelItemCount(), 3);
    // Newest first.
    QCOMPARE(list->topLevelItem(0)->text(2), QStringLiteral("resources/read"));
    QCOMPARE(list->topLevelItem(0)->text(3), QStringLiteral("valis://memory/none"));
    QCOMPARE(list->topLevelItem(0)->text(5), QStringLiteral("no such memory"));
    QTreeWidgetItem *write = list->topLevelItem(1);
    QCOMPARE(write->text(1), QStringLiteral("codex-mcp-client"));
    QCOMPARE(write->text(3), QStringLiteral("store_memory"));
    QCOMPARE(write->text(4), QStringLiteral("write"));
    QVERIFY(write->font(3).bold());
    QCOMPARE(list->topLevelItem(2)->text(4), QStringLiteral("read"));
    QVERIFY(!list->topLevelItem(2)->font(3).bold());

    VALIS_VERIFY_OK(log.append(entry(4, QStringLiteral("cursor"), QStringLiteral("tools/call"), QStringLiteral("read_session"), false)));
    QCOMPARE(list->topLevelItemCount(), 3); // until Refresh
    page.findChild<QPushButton *>(QStringLiteral("mcpAuditRefresh"))->click();
    QTRY_COMPARE(list->topLevelItemCount(), 4);
    QCOMPARE(list->topLevelItem(0)->text(1), QStringLiteral("cursor"));
    screenshot(&page, QStringLiteral("sharing-audit"));
}

void TestSharing::apiSwitchRunsAndStopsTheServer()
{
#if !defined(Q_OS_UNIX)
    QSKIP("the stand-in for valis-cli serve is a POSIX shell script");
#else
    Fixture f;
    const QString pidFile = f.home.filePath(QStringLiteral("server.pid"));
    const QString argsFile = f.home.filePath(QStringLiteral("server.args"));
    QVERIFY(test::writeFile(QDir(f.locations.configDir()).filePath(QStringLiteral("serve.json")),
                            "{\"version\": 1, \"profiles\": {\"fast\": {\"provider\": \"anthropic\", \"model\": \"claude-haiku-4-5\"},"
                            " \"local\": {\"provider\": \"openai-compatible\", \"model\": \"qwen3\"}}}"));
    // It checks its arguments as valis-cli serve gets them, then serves until terminated.
    const QString program = script(f.home.path(), QStringLiteral("serve.sh"),
                                   "[ \"$1\" = serve ] && [ \"$2\" = --port ] || { echo \"bad arguments: $*\" >&2; exit 2; }\n"
                                   "echo \"$*\" > '" + argsFile.toUtf8() + "'\n"
                                   "echo $$ > '" + pidFile.toUtf8() + "'\n"
                                   "echo \"Serving the OpenAI-compatible API at http://127.0.0.1:$3/v1\"\n"
                                   "exec sleep 300\n");
    auto server = std::make_unique<ApiServerController>(program, f.locations.desktopSettingsPath(), QString());
    SharingPage page(f.locations, nullptr, f.setup(server.get()));
    page.show();
    auto *serve = page.findChild<QCheckBox *>(QStringLiteral("apiServe"));
    auto *port = page.findChild<QSpinBox *>(QStringLiteral("apiPort"));
    auto *state = page.findChild<QLabel *>(QStringLiteral("apiState"));
    auto *url = page.findChild<QLabel *>(QStringLiteral("apiUrl"));
    QVERIFY(serve && port && state && url);
    QCOMPARE(port->value(), 8787); // valis-cli serve's default
    QVERIFY(!serve->isChecked());
    auto *profile = page.findChild<QComboBox *>(QStringLiteral("apiProfile"));
    QVERIFY(profile);
    QCOMPARE(profile->count(), 3); // the default and the two of config/serve.json
    QVERIFY(profile->currentData().toString().isEmpty());
    port->setValue(18555);
    serve->setChecked(true);
    QTRY_COMPARE(server->state(), ApiServerController::State::Serving);
    QCOMPARE(url->text(), QStringLiteral("http://127.0.0.1:18555/v1"));
    QTRY_COMPARE(readBytes(argsFile).trimmed(), QByteArray("serve --port 18555")); // no profile chosen: the file's default
    QVERIFY(!profile->isEnabled());
    QCOMPARE(state->text(), ApiServerController::stateText(ApiServerController::State::Serving));
    QVERIFY(!port->isEnabled()); // the port of a running server does not change under it
    page.findChild<QPushButton *>(QStringLiteral("apiCopyUrl"))->click();
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("http://127.0.0.1:18555/v1"));
    QTRY_VERIFY(QFile::exists(pidFile));
    const pid_t pid = pid_t(readBytes(pidFile).trimmed().toLongLong());
    QVERIFY(pid > 0);
    QCOMPARE(::kill(pid, 0), 0);
    screenshot(&page, QStringLiteral("sharing-api-serving"));

    // Remembered: a new controller on the same settings (the next start of the app) knows.
    QVERIFY(ApiServerController(program, f.locations.desktopSettingsPath(), QString()).rememberedOn());
    QCOMPARE(ApiServerController(program, f.locations.desktopSettingsPath(), QString()).port(), quint16(18555));

    serve->setChecked(false);
    QTRY_COMPARE(server->state(), ApiServerController::State::Stopped);
    QTRY_VERIFY(::kill(pid, 0) != 0);
    QVERIFY(url->text().isEmpty());
    QVERIFY(port->isEnabled());
    QVERIFY(!ApiServerController(program, f.locations.desktopSettingsPath(), QString()).rememberedOn());

    // A profile chosen: --profile, and remembered. Switched on and the app quits: the server
    // goes with it, the switch stays on.
    profile->setCurrentIndex(profile->findData(QStringLiteral("local")));
    QVERIFY(profile->currentText().contains(QLatin1String("openai-compatible/qwen3")));
    QCOMPARE(server->profile(), QStringLiteral("local"));
    QFile::remove(pidFile);
    serve->setChecked(true);
    QTRY_COMPARE(server->state(), ApiServerController::State::Serving);
    QTRY_VERIFY(QFile::exists(pidFile));
    QTRY_COMPARE(readBytes(argsFile).trimmed(), QByteArray("serve --port 18555 --profile local"));
    const pid_t second = pid_t(readBytes(pidFile).trimmed().toLongLong());
    QCOMPARE(::kill(second, 0), 0);
    server.reset();
    QVERIFY(::kill(second, 0) != 0);
    ApiServerController restarted(program, f.locations.desktopSettingsPath(), QString());
    restarted.restore();
    QCOMPARE(restarted.state(), ApiServerController::State::Starting);
    QTRY_COMPARE(restarted.state(), ApiServerController::State::Serving);
    QCOMPARE(restarted.url(), QStringLiteral("http://127.0.0.1:18555/v1"));
    QCOMPARE(restarted.profile(), QStringLiteral("local"));
    SharingPage again(f.locations, nullptr, f.setup(&restarted));
    QCOMPARE(again.findChild<QComboBox *>(QStringLiteral("apiProfile"))->currentData().toString(), QStringLiteral("local"));
#endif
}

void TestSharing::apiServerFailureShowsItsErrors()
{
#if !defined(Q_OS_UNIX)
    QSKIP("the stand-in for valis-cli serve is a POSIX shell script");
#else
    Fixture f;
    const QString program = script(f.home.path(), QStringLiteral("busy.sh"),
                                   "echo 'starting' >&2\n"
                                   "echo 'The API'\\''s bearer token (shown once; kept in the OS keychain as \"api-server-token\"): sk-valis-secret' >&2\n"
                                   "echo \"error: 127.0.0.1:$3 is in use\" >&2\nexit 3\n");
    ApiServerController server(program, f.locations.desktopSettingsPath(), QString());
    SharingPage page(f.locations, nullptr, f.setup(&server));
    page.show();
    page.findChild<QCheckBox *>(QStringLiteral("apiServe"))->setChecked(true);
    QTRY_COMPARE(server.state(), ApiServerController::State::Failed);
    auto *problem = page.findChild<QLabel *>(QStringLiteral("apiProblem"));
    QVERIFY2(problem->text().contains(QStringLiteral("127.0.0.1:%1 is in use").arg(ApiServerController::DefaultPort)),
             qPrintable(problem->text()));
    QVERIFY(problem->text().contains(QLatin1String("exit code 3")));
    QVERIFY(problem->text().contains(QLatin1String("starting")));
    QVERIFY2(!problem->text().contains(QLatin1String("sk-valis-secret")), qPrintable(problem->text())); // never the token
    QVERIFY(problem->isVisible());
    QVERIFY(page.findChild<QLabel *>(QStringLiteral("apiUrl"))->text().isEmpty());

    // A program that is not there.
    ApiServerController missing(f.home.filePath(QStringLiteral("no-such-valis-cli")), f.locations.desktopSettingsPath(), QString());
    missing.start();
    QTRY_COMPARE(missing.state(), ApiServerController::State::Failed);
    QVERIFY2(missing.problem().contains(QLatin1String("no-such-valis-cli")), qPrintable(missing.problem()));
#endif
}

void TestSharing::apiSwitchRunsTheRealValisCliServe()
{
    if (!qEnvironmentVariableIsSet("VALIS_TEST_KEYRING"))
        QSKIP("needs the private Secret Service of tests/support/with-keyring.sh");
    Fixture f;
    // "scripted-32k" upstream: the scripted provider server speaking Anthropic's API.
    QVERIFY(test::writeFile(QDir(f.locations.configDir()).filePath(QStringLiteral("serve.json")),
                            "{\"version\": 1, \"profiles\": {\"fast\": {\"provider\": \"anthropic\", \"model\": \"scripted-32k\","
                            " \"maxOutputTokens\": 1024}}}"));
    test::ProviderTestServer upstream;
    QVERIFY(upstream.listen());
    upstream.setBeforeAnswer([&upstream](int, const test::CapturedRequest &) {
        upstream.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("Done: the parser is split.")).stop(QStringLiteral("end_turn"))));
    });
    // The server inherits the desktop's environment.
    const ScopedEnvironment key(QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-ant-upstream-test"));
    const ScopedEnvironment base(QStringLiteral("ANTHROPIC_BASE_URL"), upstream.baseUrl().toString());
    // valis-cli serve keeps its token under the default service: the desktop reads it there.
    KeychainCredentialStore keys;
    QCOMPARE(keys.service(), QStringLiteral("org.valis.Valis"));
    ApiServerController server(cli(), f.locations.desktopSettingsPath(), f.locations.home());
    SharingPage page(f.locations, &keys, f.setup(&server));
    page.show();
    auto *port = page.findChild<QSpinBox *>(QStringLiteral("apiPort"));
    port->setValue(0); // a free one, named in the URL
    QCOMPARE(port->text(), port->specialValueText());
    auto *profile = page.findChild<QComboBox *>(QStringLiteral("apiProfile"));
    profile->setCurrentIndex(profile->findData(QStringLiteral("fast")));
    page.findChild<QCheckBox *>(QStringLiteral("apiServe"))->setChecked(true);
    QTRY_VERIFY_WITH_TIMEOUT(server.state() != ApiServerController::State::Starting, 60000);
    QVERIFY2(server.state() == ApiServerController::State::Serving, qPrintable(server.problem()));
    const QString url = page.findChild<QLabel *>(QStringLiteral("apiUrl"))->text();
    const QRegularExpressionMatch match = QRegularExpression(QStringLiteral("^http://127\\.0\\.0\\.1:(\\d+)/v1$")).match(url);
    QVERIFY2(match.hasMatch(), qPrintable(url));
    QVERIFY(match.captured(1).toInt() > 0);

    // The token valis-cli serve made at its first start, through "Copy token".
    QApplication::clipboard()->clear();
    page.findChild<QPushButton *>(QStringLiteral("apiCopyToken"))->click();
    QTRY_VERIFY2(page.status().contains(QLatin1String("token is on the clipboard")), qPrintable(page.status()));
    const QString token = QApplication::clipboard()->text();
    QVERIFY(token.size() >= 20);

    QNetworkAccessManager network;
    auto get = [&](const QString &bearer) {
        QNetworkRequest request(QUrl(url + QStringLiteral("/models")));
        if (!bearer.isEmpty())
            request.setRawHeader("Authorization", "Bearer " + bearer.toUtf8());
        std::unique_ptr<QNetworkReply> reply(network.get(request));
        QSignalSpy done(reply.get(), &QNetworkReply::finished);
        if (!done.wait(20000))
            return std::pair<int, QByteArray>(-1, QByteArray("no answer"));
        return std::pair<int, QByteArray>(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), reply->readAll());
    };
    const auto [status, body] = get(token);
    QCOMPARE(status, 200);
    const QJsonArray models = QJsonDocument::fromJson(body).object().value(QLatin1String("data")).toArray();
    QVERIFY2(!models.isEmpty() && models.at(0).toObject().value(QLatin1String("id")).toString() == QLatin1String("fast"), body.constData());
    QCOMPARE(get(QStringLiteral("not-the-token")).first, 401);

    // A conversation through the API is a session of the desktop's list, named after its first
    // prompt, with the badge.
    QNetworkRequest post(QUrl(url + QStringLiteral("/chat/completions")));
    post.setRawHeader("Authorization", "Bearer " + token.toUtf8());
    post.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    std::unique_ptr<QNetworkReply> chat(network.post(
        post, QJsonDocument(QJsonObject{{QStringLiteral("model"), QStringLiteral("fast")},
                                        {QStringLiteral("messages"),
                                         QJsonArray{QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                                                {QStringLiteral("content"), QStringLiteral("Split the parser in two\nKeep the tests green.")}}}}})
                  .toJson()));
    QSignalSpy chatDone(chat.get(), &QNetworkReply::finished);
    QVERIFY(chatDone.wait(60000));
    const QByteArray completion = chat->readAll();
    QCOMPARE(chat->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QVERIFY2(completion.contains("Done: the parser is split."), completion.constData());
    auto store = SessionStore::open(f.locations.sessionDatabasePath());
    VALIS_VERIFY_OK(store);
    const Result<QList<SessionInfo>> sessions = (*store)->sessions();
    VALIS_VERIFY_OK(sessions);
    QCOMPARE(sessions->size(), 1);
    SessionListModel model;
    model.setSessions(*sessions);
    const QModelIndex served = model.indexOf(sessions->first().id);
    QCOMPARE(served.data().toString(), QStringLiteral("Split the parser in two"));
    QVERIFY(!served.data(Qt::DecorationRole).value<QPixmap>().isNull());
    QCOMPARE(served.data(SessionListModel::ServedProfileRole).toString(), QStringLiteral("fast"));

    // Off: the server stops, and the port answers no more.
    page.findChild<QCheckBox *>(QStringLiteral("apiServe"))->setChecked(false);
    QTRY_COMPARE_WITH_TIMEOUT(server.state(), ApiServerController::State::Stopped, 10000);
    QVERIFY(page.findChild<QLabel *>(QStringLiteral("apiUrl"))->text().isEmpty());
    QCOMPARE(get(token).first, 0); // connection refused: no HTTP status
    std::optional<Result<void>> removed;
    keys.remove(SharingPage::apiTokenAccount(), [&](const Result<void> &result) { removed = result; });
    QTRY_VERIFY(removed.has_value());
}

void TestSharing::copyTokenReadsTheKeychain()
{
    if (!qEnvironmentVariableIsSet("VALIS_TEST_KEYRING"))
        QSKIP("needs the private Secret Service of tests/support/with-keyring.sh");
    Fixture f;
    KeychainCredentialStore keys(QStringLiteral("org.valis.Test.sharing"));
    SharingPage page(f.locations, &keys, f.setup());
    page.show();
    QApplication::clipboard()->clear();
    page.findChild<QPushButton *>(QStringLiteral("apiCopyToken"))->click();
    QTRY_VERIFY(page.status().contains(QLatin1String("no token yet")));

    const QString token = QStringLiteral("valis-api-token-0123456789");
    std::optional<Result<void>> written;
    keys.write(SharingPage::apiTokenAccount(), token, [&](const Result<void> &result) { written = result; });
    QTRY_VERIFY(written.has_value());
    VALIS_VERIFY_OK(*written);
    page.findChild<QPushButton *>(QStringLiteral("apiCopyToken"))->click();
    QTRY_COMPARE(QApplication::clipboard()->text(), token);
    QVERIFY(!page.status().contains(token)); // the secret goes to the clipboard only
    std::optional<Result<void>> removed;
    keys.remove(SharingPage::apiTokenAccount(), [&](const Result<void> &result) { removed = result; });
    QTRY_VERIFY(removed.has_value());
}

void TestSharing::servedSessionsCarryAnApiBadge()
{
    // A session as valis-cli serve records it (harness/src/server/openai/apiconversations.cpp:
    // the metadata "api" with the conversation's key and the profile; the title is the first
    // line of the first prompt, as for any session) beside one of the desktop's own.
    Fixture f;
    auto store = SessionStore::open(f.locations.sessionDatabasePath());
    VALIS_VERIFY_OK(store);
    SessionInfo served;
    served.title = QStringLiteral("Refactor the parser");
    served.metadata = QJsonObject{{QStringLiteral("api"), QJsonObject{{QStringLiteral("key"), QStringLiteral("user:aider")},
                                                                        {QStringLiteral("profile"), QStringLiteral("fast")}}}};
    const Result<SessionInfo> servedInfo = (*store)->createSession(served);
    VALIS_VERIFY_OK(servedInfo);
    SessionInfo own;
    own.title = QStringLiteral("Plan the release");
    const Result<SessionInfo> ownInfo = (*store)->createSession(own);
    VALIS_VERIFY_OK(ownInfo);
    const Result<QList<SessionInfo>> listed = (*store)->sessions();
    VALIS_VERIFY_OK(listed);

    SessionListModel model;
    model.setSessions(*listed);
    const QModelIndex servedIndex = model.indexOf(servedInfo->id);
    const QModelIndex ownIndex = model.indexOf(ownInfo->id);
    QVERIFY(servedIndex.isValid() && ownIndex.isValid());
    QCOMPARE(servedIndex.data().toString(), QStringLiteral("Refactor the parser")); // listed like any other
    const QPixmap badge = servedIndex.data(Qt::DecorationRole).value<QPixmap>();
    QVERIFY(!badge.isNull());
    QVERIFY(badge.width() > badge.height()); // a word in a box, not an icon
    QVERIFY(ownIndex.data(Qt::DecorationRole).isNull());
    QCOMPARE(servedIndex.data(SessionListModel::ServedProfileRole).toString(), QStringLiteral("fast"));
    QVERIFY(servedIndex.data(Qt::ToolTipRole).toString().contains(QLatin1String("Served by the OpenAI-compatible API (profile fast)")));
    QVERIFY(!ownIndex.data(Qt::ToolTipRole).toString().contains(QLatin1String("OpenAI-compatible")));
}

void TestSharing::settingsDialogHasThePage()
{
    Fixture f;
    SettingsDialog dialog(f.locations, nullptr, nullptr);
    QVERIFY(dialog.showPage(SharingPage::titleText()));
    auto *page = dialog.findChild<SharingPage *>();
    QVERIFY(page);
    // Without the window's switch the API section says so instead of starting a server of its own.
    QVERIFY(!page->findChild<QCheckBox *>(QStringLiteral("apiServe"))->isEnabled());
    // valis-cli beside the program running (the test's folder has none): the page says where it looked.
#if defined(Q_OS_WIN)
    const QString name = QStringLiteral("valis-cli.exe");
#else
    const QString name = QStringLiteral("valis-cli");
#endif
    QCOMPARE(SharingPage::installedCli(), QDir(QCoreApplication::applicationDirPath()).filePath(name));
    QVERIFY(page->findChild<QLabel *>(QStringLiteral("shareCliMissing")));
}

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    TestSharing test;
    QTEST_SET_MAIN_SOURCE_PATH
    return ::valis::test::runTests(&test, argc, argv);
}
#include "tst_sharing.moc"
