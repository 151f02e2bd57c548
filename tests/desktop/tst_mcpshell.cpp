// The MCP parts of the main window against the real MCP plugin and the real reference server
// (server-everything over stdio, from node_modules): Settings > MCP servers, the status bar, a
// tool card of an MCP tool, a form the server asks for, an @resource sent with a turn. The
// model is the local provider test server, scripted.
#include "testsupport.h"
#include "webtestsupport.h"
#include "mainwindowtestsupport.h"

#include "composerwidget.h"
#include "conversationbridge.h"
#include "conversationcontroller.h"
#include "conversationview.h"
#include "mainwindow.h"
#include "mcpcomposerassist.h"
#include "mcpinteractiondialog.h"
#include "mcpschemaform.h"
#include "mcpserverdetails.h"
#include "mcpserverspage.h"
#include "mcpstatusbutton.h"
#include "mcpui.h"
#include "providerserver.h"
#include "settingsdialog.h"
#include "streambuilders.h"

#include "valis/mcp/mcphost.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QCompleter>
#include <QStringListModel>
#include <QTableWidget>

using namespace valis;
using test::evaluate;
using test::pageText;
using test::runTurnsAgainst;

namespace {

QString everything()
{
    return test::sourceDir() + QStringLiteral("/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
}

bool writeServers(const DataLocations &locations, bool withBroken)
{
    QJsonObject servers{{QStringLiteral("everything"),
                         QJsonObject{{QStringLiteral("command"), QStringLiteral("node")},
                                     {QStringLiteral("args"), QJsonArray{everything(), QStringLiteral("stdio")}}}}};
    if (withBroken)
        servers.insert(QStringLiteral("broken"), QJsonObject{{QStringLiteral("command"), QStringLiteral("/nonexistent/valis-no-such-server")},
                                                             {QStringLiteral("startupTimeoutSec"), 5}});
    const QJsonObject root{{QStringLiteral("version"), 1}, {QStringLiteral("mcpServers"), servers}};
    // MCP tools ask before they run; these tests let the reference server's run.
    return test::writeFile(locations.mcpSettingsPath(), QJsonDocument(root).toJson())
           && test::writeFile(locations.approvalsPath(), "{\"version\": 1, \"providers\": {\"mcp:everything\": \"allow\"}}");
}

void screenshot(QWidget *widget, const QString &name)
{
    QTest::qWait(200); // pending layout requests run first, so the picture is what a person sees
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(widget->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png")));
}

bool listsTool(McpHost *host, const QString &server, const QString &tool)
{
    const std::optional<McpServerStatus> status = host ? host->server(server) : std::nullopt;
    if (!status)
        return false;
    for (const McpServerStatus::Tool &listed : status->tools)
        if (listed.info.name == tool)
            return true;
    return false;
}

QString lastRequestText(const test::ProviderTestServer &server)
{
    return QString::fromUtf8(QJsonDocument(server.requests().constLast().json()).toJson(QJsonDocument::Compact));
}

} // namespace

class TestMcpShell : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void settingsAndStatusShowTheServers();
    void toolCardsAndFormsReachTheServer();
    void resourcesAttachToTheTurn();
    void promptsFillTheComposer();
    void samplingIsAskedAndAnsweredByTheSessionModel();
    void aBadEntryIsShownAndNeverWrittenOver();
};

void TestMcpShell::init()
{
    QVERIFY2(QFile::exists(everything()), "run npm ci: server-everything is not in node_modules");
}

void TestMcpShell::settingsAndStatusShowTheServers()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    QVERIFY(writeServers(locations, true));
    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    McpStatusButton *status = window.mcpStatus();
    QTRY_VERIFY_WITH_TIMEOUT(status->isVisible(), 20000);
    QTRY_COMPARE_WITH_TIMEOUT(status->text(), QStringLiteral("MCP 1/2"), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(status->showsFailure(), 30000);
    QVERIFY2(status->toolTip().contains(QLatin1String("broken: failed")), qPrintable(status->toolTip()));
    QVERIFY2(status->toolTip().contains(QLatin1String("everything: ready")), qPrintable(status->toolTip()));
    screenshot(&window, QStringLiteral("mcp-status-bar"));

    // The status opens Settings on its page.
    status->click();
    SettingsDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = window.findChild<SettingsDialog *>()) && dialog->isVisible());
    auto *page = dialog->findChild<McpServersPage *>();
    QVERIFY(page);
    QTRY_VERIFY(page->isVisible());
    QVERIFY(page->selectServer(QStringLiteral("everything")));
    McpServerDetails *details = page->details();
    QTRY_VERIFY(details->findChild<QLabel *>(QStringLiteral("mcpServerState"))->text().contains(QLatin1String("State: ready")));
    QTableWidget *tools = details->toolTable();
    QTRY_VERIFY(tools->rowCount() >= 10);
    int envRow = -1;
    for (int row = 0; row < tools->rowCount(); ++row) {
        QVERIFY2(QLocale().toInt(tools->item(row, 2)->text()) > 0, qPrintable(tools->item(row, 0)->text()));
        QCOMPARE(tools->item(row, 0)->checkState(), Qt::Checked);
        if (tools->item(row, 0)->text() == QLatin1String("get-env"))
            envRow = row;
    }
    QVERIFY(envRow >= 0);
    const qint64 before = details->offeredTokens();
    QVERIFY(before > 0);
    QVERIFY(details->findChild<QLabel *>(QStringLiteral("mcpServerCost"))->text().contains(QLatin1String("tokens")));
    screenshot(dialog, QStringLiteral("mcp-settings-ready"));
    // Switched off: it costs nothing any more, and Apply writes it.
    tools->item(envRow, 0)->setCheckState(Qt::Unchecked);
    QVERIFY(details->offeredTokens() < before);
    dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Apply)->click();
    QTRY_VERIFY(!dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Apply)->isEnabled());
    const Result<McpSettings> saved = McpSettings::load(locations.mcpSettingsPath());
    VALIS_VERIFY_OK(saved);
    QCOMPARE(saved->server(QStringLiteral("everything"))->disabledTools, QStringList{QStringLiteral("get-env")});
    QCOMPARE(saved->server(QStringLiteral("broken"))->command, QStringLiteral("/nonexistent/valis-no-such-server"));
    // The running host read it again: the tool is no longer offered.
    McpHost *host = McpUi::host(window.plugins());
    QVERIFY(host);
    QTRY_VERIFY_WITH_TIMEOUT([host] {
        const std::optional<McpServerStatus> everything = host->server(QStringLiteral("everything"));
        if (!everything || everything->state != McpServerConnection::State::Ready)
            return false;
        for (const McpServerStatus::Tool &tool : everything->tools)
            if (tool.info.name == QLatin1String("get-env"))
                return !tool.offered;
        return false;
    }(), 30000);

    // The broken one: failed, with why.
    QVERIFY(page->selectServer(QStringLiteral("broken")));
    QTRY_VERIFY(details->findChild<QLabel *>(QStringLiteral("mcpServerState"))->text().contains(QLatin1String("State: failed")));
    auto *error = details->findChild<QPlainTextEdit *>(QStringLiteral("mcpServerError"));
    QVERIFY(error->isVisible());
    QVERIFY2(error->toPlainText().contains(QLatin1String("valis-no-such-server")), qPrintable(error->toPlainText()));
    screenshot(dialog, QStringLiteral("mcp-settings-failed"));
    dialog->close();
}

void TestMcpShell::toolCardsAndFormsReachTheServer()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    QVERIFY(writeServers(locations, false));
    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.composer()->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(window.mcpStatus()->text(), QStringLiteral("MCP 1/1"), 30000);
    // Live cards go to a loaded page; before it loads they wait, and a session shown meanwhile
    // replaces them with the record's cards.
    QTRY_VERIFY_WITH_TIMEOUT(window.conversationView()->isReady(), 30000);
    QSignalSpy liveCards(window.conversationView()->bridge(), &ConversationBridge::toolCardStarted);
    window.newSession();

    // A turn that calls the server's echo: its card says where the tool comes from.
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream()
                                                   .toolUse(QStringLiteral("toolu_1"), QStringLiteral("mcp__everything__echo"),
                                                            QJsonObject{{QStringLiteral("message"), QStringLiteral("hello from the shell")}})
                                                   .stop(QStringLiteral("tool_use"))));
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("Echo done.")).stop(QStringLiteral("end_turn"))));
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Echo something"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("Echo done.")), 30000);
    QCOMPARE(server.requests().size(), 2);
    QVERIFY2(lastRequestText(server).contains(QLatin1String("Echo: hello from the shell")), qPrintable(lastRequestText(server)));
    QVERIFY(!liveCards.isEmpty());
    QCOMPARE(QJsonDocument::fromJson(liveCards.constFirst().at(0).toString().toUtf8()).object().value(QLatin1String("server")).toString(),
             QStringLiteral("everything"));
    QTRY_COMPARE(evaluate(window, QStringLiteral("(document.querySelector('.tool-card .server') || {}).textContent")).toString(),
                 QStringLiteral("MCP server everything"));
    screenshot(&window, QStringLiteral("mcp-tool-card"));

    // A long operation: its progress reaches its card as it runs.
    QTRY_VERIFY(!window.findChild<QPushButton *>(QStringLiteral("composerStop"))->isEnabled());
    QSignalSpy progress(window.conversationView()->bridge(), &ConversationBridge::toolProgressed);
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream()
                                                   .toolUse(QStringLiteral("toolu_p"), QStringLiteral("mcp__everything__trigger-long-running-operation"),
                                                            QJsonObject{{QStringLiteral("duration"), 1}, {QStringLiteral("steps"), 2}})
                                                   .stop(QStringLiteral("tool_use"))));
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("Operation over.")).stop(QStringLiteral("end_turn"))));
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Run the long one"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("Operation over.")), 30000);
    QVERIFY(!progress.isEmpty());
    const QJsonObject step = QJsonDocument::fromJson(progress.constLast().at(0).toString().toUtf8()).object();
    QCOMPARE(step.value(QLatin1String("callId")).toString(), QStringLiteral("toolu_p"));
    QCOMPARE(step.value(QLatin1String("total")).toDouble(), 2.0);
    QVERIFY(step.value(QLatin1String("progress")).toDouble() >= 1.0);

    // A form the server asks for (its tool appears once it knows Valis answers forms).
    QTRY_VERIFY_WITH_TIMEOUT(listsTool(McpUi::host(window.plugins()), QStringLiteral("everything"), QStringLiteral("trigger-elicitation-request")), 20000);
    QTRY_VERIFY(!window.findChild<QPushButton *>(QStringLiteral("composerStop"))->isEnabled());
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream()
                                                   .toolUse(QStringLiteral("toolu_2"), QStringLiteral("mcp__everything__trigger-elicitation-request"), QJsonObject())
                                                   .stop(QStringLiteral("tool_use"))));
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("Thanks for the form.")).stop(QStringLiteral("end_turn"))));
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Ask me things"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    McpInteractionDialog *form = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((form = window.findChild<McpInteractionDialog *>()) && form->isVisible(), 30000);
    QCOMPARE(form->kind(), QStringLiteral("form"));
    // Defaults are filled in; the one required field is not.
    QCOMPARE(qobject_cast<QLineEdit *>(form->form()->field(QStringLiteral("integer")))->text(), QStringLiteral("42"));
    QTest::keyClicks(form->form()->field(QStringLiteral("name")), QStringLiteral("Ada Lovelace"));
    qobject_cast<QLineEdit *>(form->form()->field(QStringLiteral("email")))->setText(QStringLiteral("ada@example.org"));
    screenshot(form, QStringLiteral("mcp-elicitation-form"));
    form->findChild<QPushButton *>(QStringLiteral("interactionAccept"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("Thanks for the form.")), 30000);
    const QString answered = lastRequestText(server);
    QVERIFY2(answered.contains(QLatin1String("Name: Ada Lovelace")), qPrintable(answered));
    QVERIFY2(answered.contains(QLatin1String("Email: ada@example.org")), qPrintable(answered));
    QVERIFY2(answered.contains(QLatin1String("Favorite Integer: 42")), qPrintable(answered));
    QVERIFY(!window.findChild<McpInteractionDialog *>());

    // An address the server wants opened: its host large, the whole address below; declined.
    QTRY_VERIFY(!window.findChild<QPushButton *>(QStringLiteral("composerStop"))->isEnabled());
    const QString address = QStringLiteral("https://login.example.org/device?code=ABCD-1234&next=%2Fhome");
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream()
                                                   .toolUse(QStringLiteral("toolu_u"), QStringLiteral("mcp__everything__trigger-url-elicitation"),
                                                            QJsonObject{{QStringLiteral("url"), address}})
                                                   .stop(QStringLiteral("tool_use"))));
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("Not opened, fine.")).stop(QStringLiteral("end_turn"))));
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Send me somewhere"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    McpInteractionDialog *consent = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((consent = window.findChild<McpInteractionDialog *>()) && consent->isVisible(), 30000);
    QCOMPARE(consent->kind(), QStringLiteral("url"));
    QCOMPARE(consent->findChild<QLabel *>(QStringLiteral("interactionHost"))->text(), QStringLiteral("login.example.org"));
    QCOMPARE(consent->findChild<QPlainTextEdit *>(QStringLiteral("interactionUrl"))->toPlainText(), address);
    screenshot(consent, QStringLiteral("mcp-url-consent"));
    consent->findChild<QPushButton *>(QStringLiteral("interactionDecline"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("Not opened, fine.")), 30000);
    QVERIFY2(lastRequestText(server).contains(QLatin1String("User declined to open the URL")), qPrintable(lastRequestText(server)));
}

void TestMcpShell::resourcesAttachToTheTurn()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    QVERIFY(writeServers(locations, false));
    QFile features(test::sourceDir() + QStringLiteral("/node_modules/@modelcontextprotocol/server-everything/dist/docs/features.md"));
    QVERIFY(features.open(QIODevice::ReadOnly));
    const QString firstLine = QString::fromUtf8(features.readLine()).trimmed();
    QVERIFY(!firstLine.isEmpty());
    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.composer()->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(window.mcpStatus()->text(), QStringLiteral("MCP 1/1"), 30000);
    window.newSession();

    // "@" offers the server's resources; choosing one attaches it.
    window.composer()->editor()->setFocus();
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Summarise @features"));
    QTRY_VERIFY_WITH_TIMEOUT(window.composer()->suggestionsShown(), 20000);
    QVERIFY2(window.composer()->suggestionList()->item(0)->text().startsWith(
                 QLatin1String("@everything:demo://resource/static/document/features.md")),
             qPrintable(window.composer()->suggestionList()->item(0)->text()));
    screenshot(&window, QStringLiteral("mcp-resource-suggestions"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(window.composer()->resourceLabels(),
                              QStringList{QStringLiteral("@everything:demo://resource/static/document/features.md")}, 20000);
    QCOMPARE(window.composer()->editor()->toPlainText(), QStringLiteral("Summarise "));
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("A summary.")).stop(QStringLiteral("end_turn"))));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("A summary.")), 30000);
    const QString sent = lastRequestText(server);
    QVERIFY2(sent.contains(QLatin1String("Attached resource @everything:demo://resource/static/document/features.md")), qPrintable(sent));
    // The file's first line, as the request's JSON spells it.
    const QString escaped = QString::fromUtf8(QJsonDocument(QJsonArray{firstLine}).toJson(QJsonDocument::Compact)).mid(2).chopped(2);
    QVERIFY2(sent.contains(escaped), qPrintable(sent));
    QVERIFY(window.composer()->resourceLabels().isEmpty());
}

void TestMcpShell::promptsFillTheComposer()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    QVERIFY(writeServers(locations, false));
    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.composer()->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(window.mcpStatus()->text(), QStringLiteral("MCP 1/1"), 30000);

    // "/" at the start offers the servers' prompts.
    window.composer()->editor()->setFocus();
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("/complet"));
    QTRY_VERIFY_WITH_TIMEOUT(window.composer()->suggestionsShown(), 20000);
    QVERIFY2(window.composer()->suggestionList()->item(0)->text().startsWith(QLatin1String("/everything:completable-prompt")),
             qPrintable(window.composer()->suggestionList()->item(0)->text()));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    QDialog *arguments = nullptr;
    QTRY_VERIFY((arguments = window.findChild<QDialog *>(QStringLiteral("mcpPromptArguments"))) && arguments->isVisible());
    auto *form = arguments->findChild<McpSchemaForm *>();
    auto *department = qobject_cast<QLineEdit *>(form->field(QStringLiteral("department")));
    auto *name = qobject_cast<QLineEdit *>(form->field(QStringLiteral("name")));
    QVERIFY(department && name);
    // The server completes what is typed; the second argument knows the first.
    QTest::keyClicks(department, QStringLiteral("Eng"));
    QTRY_VERIFY_WITH_TIMEOUT(department->completer()
                                 && static_cast<QStringListModel *>(department->completer()->model())->stringList()
                                        == QStringList{QStringLiteral("Engineering")},
                             20000);
    department->setText(QStringLiteral("Engineering"));
    QTest::keyClicks(name, QStringLiteral("A"));
    QTRY_VERIFY_WITH_TIMEOUT(name->completer()
                                 && static_cast<QStringListModel *>(name->completer()->model())->stringList()
                                        == QStringList{QStringLiteral("Alice")},
                             20000);
    name->setText(QStringLiteral("Alice"));
    screenshot(arguments, QStringLiteral("mcp-prompt-arguments"));
    arguments->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    QTRY_COMPARE_WITH_TIMEOUT(window.composer()->editor()->toPlainText(),
                              QStringLiteral("Please promote Alice to the head of the Engineering team."), 20000);
}

void TestMcpShell::samplingIsAskedAndAnsweredByTheSessionModel()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    QVERIFY(writeServers(locations, false));
    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.composer()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(listsTool(McpUi::host(window.plugins()), QStringLiteral("everything"), QStringLiteral("trigger-sampling-request")), 30000);
    window.newSession();

    // The model calls the tool; the server asks for a sampling; the person sees who asks, what,
    // and which model would answer, and allows it; the session's model (scripted) answers.
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream()
                                                   .toolUse(QStringLiteral("toolu_s"), QStringLiteral("mcp__everything__trigger-sampling-request"),
                                                            QJsonObject{{QStringLiteral("prompt"), QStringLiteral("a haiku about caches")},
                                                                        {QStringLiteral("maxTokens"), 64}})
                                                   .stop(QStringLiteral("tool_use"))));
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("Warm lines wait in rows.")).stop(QStringLiteral("end_turn"))));
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("The server got its haiku.")).stop(QStringLiteral("end_turn"))));
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Let the server sample"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    McpInteractionDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = window.findChild<McpInteractionDialog *>()) && dialog->isVisible(), 30000);
    QCOMPARE(dialog->kind(), QStringLiteral("sampling"));
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("interactionSource"))->text().contains(QLatin1String("everything")));
    QCOMPARE(dialog->findChild<QLabel *>(QStringLiteral("interactionModel"))->text(), QStringLiteral("claude-sonnet-4-5"));
    QCOMPARE(dialog->findChild<QLabel *>(QStringLiteral("interactionMaxTokens"))->text(), QStringLiteral("64"));
    QCOMPARE(dialog->findChild<QPlainTextEdit *>(QStringLiteral("interactionSystemPrompt"))->toPlainText(),
             QStringLiteral("You are a helpful test server."));
    QVERIFY(dialog->findChild<QPlainTextEdit *>(QStringLiteral("interactionMessages"))->toPlainText().contains(QLatin1String("a haiku about caches")));
    QCOMPARE(server.requests().size(), 1); // nothing sampled before the answer
    screenshot(dialog, QStringLiteral("mcp-sampling"));
    dialog->findChild<QPushButton *>(QStringLiteral("interactionAccept"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("The server got its haiku.")), 30000);
    QCOMPARE(server.requests().size(), 3);
    QVERIFY(QString::fromUtf8(QJsonDocument(server.requests().at(1).json()).toJson()).contains(QLatin1String("a haiku about caches")));
    QVERIFY2(lastRequestText(server).contains(QLatin1String("Warm lines wait in rows.")), qPrintable(lastRequestText(server)));
}

void TestMcpShell::aBadEntryIsShownAndNeverWrittenOver()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    const QByteArray file = QJsonDocument(QJsonObject{
        {QStringLiteral("version"), 1},
        {QStringLiteral("mcpServers"), QJsonObject{{QStringLiteral("everything"),
                                                    QJsonObject{{QStringLiteral("command"), QStringLiteral("node")},
                                                                {QStringLiteral("args"), QJsonArray{everything(), QStringLiteral("stdio")}}}},
                                                   {QStringLiteral("typo"), QJsonObject{{QStringLiteral("args"), 7}}}}}}).toJson();
    QVERIFY(test::writeFile(locations.mcpSettingsPath(), file));
    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    McpStatusButton *status = window.mcpStatus();
    // The good server runs; the bad entry is said, in the warning colour.
    QTRY_COMPARE_WITH_TIMEOUT(status->text(), QStringLiteral("MCP 1/1"), 30000);
    QVERIFY(status->showsFailure());
    QVERIFY2(status->toolTip().contains(QLatin1String("config/mcp.json: ")) && status->toolTip().contains(QLatin1String("typo")),
             qPrintable(status->toolTip()));
    status->click();
    SettingsDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = window.findChild<SettingsDialog *>()) && dialog->isVisible());
    auto *page = dialog->findChild<McpServersPage *>();
    QVERIFY(page->findChild<QLabel *>(QStringLiteral("mcpProblem")));
    // A switch flipped, OK pressed: the file stays as it was, and the dialog says why.
    QVERIFY(page->selectServer(QStringLiteral("everything")));
    QTableWidget *tools = page->details()->toolTable();
    QTRY_VERIFY(tools->rowCount() > 0);
    tools->item(0, 0)->setCheckState(Qt::Unchecked);
    dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    QTRY_VERIFY(dialog->findChild<QLabel *>(QStringLiteral("settingsStatus"))->text().contains(QLatin1String("typo")));
    QVERIFY(dialog->isVisible());
    QFile written(locations.mcpSettingsPath());
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll(), file);
    screenshot(dialog, QStringLiteral("mcp-settings-bad-entry"));
    dialog->close();
}

VALIS_WEBENGINE_TEST_MAIN(TestMcpShell)
#include "tst_mcpshell.moc"
