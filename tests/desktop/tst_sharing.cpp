// Settings > Share memory with other agents, offscreen: the snippets naming the real valis-cli,
// Copy, "Add to Codex" writing ~/.codex/config.toml of a temporary home only after the
// confirmation, a malformed ~/.claude.json reported and left alone, a large one planned off the
// GUI thread, and the audit log of other agents' calls (written with McpAuditLog::append). The
// OpenAI-compatible API switch is tested in tst_sharingapi.cpp.
#include "sharingtestsupport.h"

#include "mcpauditview.h"
#include "settingsdialog.h"
#include "sharingpage.h"

#include "valis/mcp/mcpauditlog.h"
#include "valis/mcp/mcpclientconfig.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTreeWidget>

using namespace valis;
using namespace valis::sharingtest;

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
