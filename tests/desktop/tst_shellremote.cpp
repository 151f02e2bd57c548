#include "testsupport.h"
#include "webtestsupport.h"
#include "mainwindowtestsupport.h"
#include "modalstandin.h"

#include "composerwidget.h"
#include "conversationcontroller.h"
#include "mainwindow.h"
#include "providerserver.h"
#include "remotemachinecontroller.h"
#include "remotemachineview.h"
#include "sandboxpane.h"
#include "streambuilders.h"

#include "valis/agent/remotesandboxsettings.h"
#include "valis/agent/remoteworkspace.h"

#include <QComboBox>
#include <QDockWidget>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPlainTextEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QPushButton>
#include <QStatusBar>
#include <QTreeWidget>

using namespace valis;
using test::AnthropicStream;
using test::ScriptedResponse;

namespace {

// The service this build of the suite runs against (one suite per remote sandbox plugin).
const QString Service = QStringLiteral(VALIS_REMOTE_SERVICE);
const QByteArray ServiceKey = "desktop-test-key";

/// The service's stand-in (tests/standins/<service>/server.mjs) on a loopback port of its own,
/// for as long as the object lives.
class StandIn
{
public:
    ~StandIn()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.closeWriteChannel(); // --exit-with-stdin
            if (!m_process.waitForFinished(5000))
                m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    bool start()
    {
        if (Service == QLatin1String("modal")) {
            m_modal = std::make_unique<test::ModalStandin>();
            return m_modal->start();
        }
        m_process.setProgram(QStringLiteral("node"));
        QStringList arguments{test::sourceDir() + QStringLiteral("/tests/standins/%1/server.mjs").arg(Service),
                              QStringLiteral("--api-key"), QString::fromLatin1(ServiceKey), QStringLiteral("--exit-with-stdin")};
        if (Service == QLatin1String("runloop"))
            arguments << QStringLiteral("--boot-delay-ms") << QStringLiteral("50") << QStringLiteral("--long-poll-ms")
                      << QStringLiteral("300");
        else
            arguments << QStringLiteral("--port") << QStringLiteral("0");
        m_process.setArguments(arguments);
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process.start();
        if (!m_process.waitForStarted(10000))
            return false;
        while (!m_process.canReadLine()) {
            if (!m_process.waitForReadyRead(10000))
                return false;
        }
        m_port = m_process.readLine().trimmed().toInt();
        return m_port > 0;
    }

    /// The variables that point the plugin at the stand-in, with its key.
    void setEnvironment(bool withKey) const
    {
        if (m_modal) {
            qputenv("MODAL_SERVER_URL", m_modal->url().toUtf8());
            withKey ? qputenv("MODAL_TOKEN_ID", m_modal->tokenId().toUtf8()) : qunsetenv("MODAL_TOKEN_ID");
            withKey ? qputenv("MODAL_TOKEN_SECRET", m_modal->tokenSecret().toUtf8()) : qunsetenv("MODAL_TOKEN_SECRET");
        } else if (Service == QLatin1String("runloop")) {
            qputenv("RUNLOOP_BASE_URL", base().toUtf8());
            withKey ? qputenv("RUNLOOP_API_KEY", ServiceKey) : qunsetenv("RUNLOOP_API_KEY");
        } else {
            qputenv("DAYTONA_API_URL", (base() + QStringLiteral("/api")).toUtf8());
            withKey ? qputenv("DAYTONA_API_KEY", ServiceKey) : qunsetenv("DAYTONA_API_KEY");
        }
    }
    static void clearEnvironment()
    {
        for (const char *name : {"RUNLOOP_BASE_URL", "RUNLOOP_API_KEY", "DAYTONA_API_URL", "DAYTONA_API_KEY", "MODAL_SERVER_URL",
                                 "MODAL_TOKEN_ID", "MODAL_TOKEN_SECRET"})
            qunsetenv(name);
    }
    static QString keyVariable()
    {
        return Service == QLatin1String("runloop") ? QStringLiteral("RUNLOOP_API_KEY")
             : Service == QLatin1String("modal")   ? QStringLiteral("MODAL_TOKEN_ID")
                                                   : QStringLiteral("DAYTONA_API_KEY");
    }

    /// The machines the stand-in runs now (deleted ones left out), each as {id, labels}.
    QList<QPair<QString, QJsonObject>> machines() const
    {
        QList<QPair<QString, QJsonObject>> alive;
        if (m_modal) {
            for (const QJsonValue &sandbox : m_modal->sandboxes())
                if (sandbox.toObject().value(QLatin1String("running")).toBool())
                    alive.append({sandbox.toObject().value(QLatin1String("id")).toString(),
                                  sandbox.toObject().value(QLatin1String("tags")).toObject()});
            return alive;
        }
        const QJsonObject state = control(QStringLiteral("/_standin/state"));
        if (Service == QLatin1String("runloop")) {
            for (const QJsonValue &devbox : state.value(QLatin1String("devboxes")).toArray()) {
                const QString status = devbox.toObject().value(QLatin1String("status")).toString();
                if (status != QLatin1String("shutdown") && status != QLatin1String("failure"))
                    alive.append({devbox.toObject().value(QLatin1String("id")).toString(),
                                  devbox.toObject().value(QLatin1String("metadata")).toObject()});
            }
        } else {
            for (const QJsonValue &sandbox : state.value(QLatin1String("sandboxes")).toArray())
                alive.append({sandbox.toObject().value(QLatin1String("id")).toString(),
                              sandbox.toObject().value(QLatin1String("labels")).toObject()});
        }
        return alive;
    }

    /// From now on the service refuses to create machines: the account's quota is used up.
    void refuseCreation() const
    {
        if (m_modal)
            m_modal->setFaults({{QStringLiteral("failCalls"),
                                 QJsonArray{QJsonObject{{QStringLiteral("method"), QStringLiteral("SandboxCreate")},
                                                        {QStringLiteral("code"), QStringLiteral("RESOURCE_EXHAUSTED")},
                                                        {QStringLiteral("times"), 100}}}}});
        else if (Service == QLatin1String("runloop"))
            control(QStringLiteral("/_standin/faults"), {{QStringLiteral("refuseCreate"), QStringLiteral("quota")}}, true);
        else
            control(QStringLiteral("/_standin/faults"),
                    {{QStringLiteral("rules"), QJsonArray{QJsonObject{{QStringLiteral("method"), QStringLiteral("POST")},
                                                                      {QStringLiteral("path"), QStringLiteral("^/api/sandbox$")},
                                                                      {QStringLiteral("action"), QStringLiteral("quota")},
                                                                      {QStringLiteral("times"), 100}}}}},
                    true);
    }

    /// Stops machine `id` as the service would (an idle stop, a person in the service's console).
    void stopMachine(const QString &id) const
    {
        if (m_modal)
            m_modal->control({{QStringLiteral("cmd"), QStringLiteral("terminate")}, {QStringLiteral("sandboxId"), id}});
        else if (Service == QLatin1String("runloop"))
            control(QStringLiteral("/_standin/devboxes/%1/shutdown").arg(id), {}, true);
        else
            control(QStringLiteral("/api/sandbox/%1/stop").arg(id), {}, true);
    }

private:
    QString base() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port); }

    QJsonObject control(const QString &path, const QJsonObject &body = {}, bool post = false) const
    {
        QNetworkAccessManager manager;
        QNetworkRequest request(QUrl(base() + path));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        request.setRawHeader("Authorization", "Bearer " + ServiceKey);
        QNetworkReply *reply = post ? manager.post(request, QJsonDocument(body).toJson()) : manager.get(request);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        const QJsonObject result = QJsonDocument::fromJson(reply->readAll()).object();
        delete reply;
        return result;
    }

    QProcess m_process;
    int m_port = 0;
    std::unique_ptr<test::ModalStandin> m_modal; ///< Modal's stand-in speaks gRPC, with its own control
};

QString readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

// The shell with a session on a remote machine: the real sandbox plugin of VALIS_REMOTE_SERVICE
// (daytona, runloop) against its stand-in, the anthropic provider against the local test server.
class TestShellRemote : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void runsTheSessionOnAMachineAndDeletesItOnClose();
    void aMissingKeyStopsTheTurnAndSaysWhich();
    void aRefusedMachineIsReportedAndNothingIsLeft();
    void switchingAwayBringsFilesBackAndDeletesTheMachine();
    void anIdleMachineIsDeleted();
    void aKeptMachineIsAttachedAgain();
    void aStoppedMachineShowsAsAWarning();
    void aWindowDestroyedWithoutClosingDeletesTheMachine();

private:
    /// Sends a turn whose command writes `text` into hello.txt on the machine (approving it)
    /// and waits for the answer.
    void runChangingTurn(MainWindow &window, test::ProviderTestServer &server, const QString &text);
    /// A window whose next session runs on the service.
    void chooseService(MainWindow &window);
    std::unique_ptr<StandIn> m_standIn;
};

void TestShellRemote::init()
{
    m_standIn = std::make_unique<StandIn>();
    QVERIFY2(m_standIn->start(), "node must be in PATH");
    m_standIn->setEnvironment(true);
}

void TestShellRemote::cleanup()
{
    m_standIn.reset();
    StandIn::clearEnvironment();
}

void TestShellRemote::chooseService(MainWindow &window)
{
    QTRY_VERIFY(window.composer()->isEnabled());
    window.newSession();
    auto *choice = window.sandboxPane()->findChild<QComboBox *>(QStringLiteral("sandboxChoice"));
    QVERIFY(choice);
    QTRY_VERIFY2(choice->findData(Service) >= 0, "the sandbox plugin is not loaded");
    ToolEnvironmentChoice environment = window.conversation()->sessionChoice(QString());
    environment.sandbox = Service;
    window.conversation()->setSessionChoice(QString(), environment);
    QCOMPARE(choice->currentData().toString(), Service);
}

void TestShellRemote::runsTheSessionOnAMachineAndDeletesItOnClose()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(test::runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    const QString project = home.filePath(QStringLiteral("project"));
    QVERIFY(QDir().mkpath(project));
    const QString hello = test::writeFileIn(project, QStringLiteral("hello.txt"), "written here\n");

    // The agent changes the file with a command on the machine, then reads it with a file tool:
    // both must see the machine's copy, not the local one.
    const auto call = [](const QString &id, const QString &name, const QJsonObject &input) {
        return AnthropicStream().toolUse(id, name, input).stop(QStringLiteral("tool_use"));
    };
    server.enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_exec"), QStringLiteral("exec"),
                                              {{QStringLiteral("command"), QStringLiteral("printf 'changed remotely\\n' > hello.txt && echo made")}})));
    server.enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_read"), QStringLiteral("read_file"),
                                              {{QStringLiteral("path"), QStringLiteral("hello.txt")}})));
    server.enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Changed it on the machine.")).stop(QStringLiteral("end_turn"))));

    auto window = std::make_unique<MainWindow>(locations, ShellOptions{});
    window->resize(1280, 860);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    chooseService(*window);
    window->composer()->setWorkspace(project, true);
    QCOMPARE(window->composer()->workspace(), project);

    RemoteMachineController *remote = window->conversation()->remoteMachines();
    QVERIFY(!remote->isAttached());
    QCOMPARE(m_standIn->machines().size(), 0);
    QSignalSpy progress(remote, &RemoteMachineController::progressed);
    QTest::keyClicks(window->composer()->editor(), QStringLiteral("Change hello.txt on the machine"));
    QTest::keyClick(window->composer()->editor(), Qt::Key_Return);

    // The machine comes first: one, labelled with the new session's id.
    QTRY_VERIFY_WITH_TIMEOUT(remote->isAttached(), 30000);
    const auto created = m_standIn->machines();
    QCOMPARE(created.size(), 1);
    const QString machineId = created.first().first;
    QVERIFY(!machineId.isEmpty());
    QCOMPARE(created.first().second.value(QLatin1String("valis-session")).toString(), remote->sessionId());

    // It said what it was doing meanwhile: creating the machine, uploading the workspace.
    QStringList said;
    for (const QList<QVariant> &message : progress)
        said << message.constFirst().toString();
    QVERIFY2(said.filter(QStringLiteral("creating a ")).size() == 1 && said.filter(QStringLiteral("uploading the workspace")).size() == 1,
             qPrintable(said.join(u'|')));
    // The status bar and the commands dock say which machine the session runs on.
    auto *status = window->findChild<QLabel *>(QStringLiteral("sandboxStatus"));
    QTRY_VERIFY2(status->text().contains(machineId), qPrintable(status->text()));
    auto *machineLine = window->sandboxPane()->remoteView()->machineLabel();
    QTRY_VERIFY2(machineLine->text().contains(machineId), qPrintable(machineLine->text()));
    QVERIFY(machineLine->isVisible());

    // The command needs an approval; the read does not.
    for (int i = 0; i < 200 && server.requests().size() < 3; ++i) {
        window->conversation()->decideOldestApproval(QStringLiteral("once"));
        QTest::qWait(50);
    }
    QTRY_VERIFY_WITH_TIMEOUT(test::pageText(*window).contains(QLatin1String("Changed it on the machine.")), 20000);
    QCOMPARE(server.requests().size(), 3);
    // What read_file returned to the model: the machine's copy.
    QString readResult;
    for (const QJsonValue &message : server.requests().constLast().json().value(QLatin1String("messages")).toArray())
        for (const QJsonValue &block : message.toObject().value(QLatin1String("content")).toArray())
            if (block.toObject().value(QLatin1String("tool_use_id")).toString() == QLatin1String("toolu_read"))
                readResult = QString::fromUtf8(QJsonDocument(block.toObject()).toJson(QJsonDocument::Compact));
    QVERIFY2(readResult.contains(QLatin1String("changed remotely")) && !readResult.contains(QLatin1String("written here")),
             qPrintable(readResult));
    // The command ran in the dock's list, on the machine; the local file is untouched.
    QTRY_COMPARE(window->sandboxPane()->commandList()->topLevelItemCount(), 1);
    QCOMPARE(readAll(hello), QStringLiteral("written here\n"));

    // Bring files back: the changed file comes home, the dock says so.
    QPushButton *pull = window->sandboxPane()->remoteView()->pullButton();
    QTRY_VERIFY(pull->isEnabled());
    pull->click();
    QPlainTextEdit *report = window->sandboxPane()->remoteView()->reportView();
    QTRY_VERIFY_WITH_TIMEOUT(report->toPlainText().contains(QLatin1String("updated hello.txt")), 20000);
    QCOMPARE(readAll(hello), QStringLiteral("changed remotely\n"));
    QTRY_VERIFY(pull->isEnabled());

    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty()) {
        auto *dock = window->findChild<QDockWidget *>(QStringLiteral("sandboxDock"));
        QVERIFY(dock && dock->isVisible());
        QVERIFY(QDir().mkpath(dir));
        QVERIFY(dock->grab().save(dir + QStringLiteral("/commands-dock-remote-%1.png").arg(Service)));
        QVERIFY(window->grab().save(dir + QStringLiteral("/remote-machine-window-%1.png").arg(Service)));
    }

    // Closing the window brings the files back once more and deletes the machine it created,
    // without blocking: the window stays up, saying so, until the service has deleted it.
    QVERIFY(RemoteWorkspace::record(locations, remote->sessionId()).ok());
    const QString sessionId = remote->sessionId();
    window->close();
    QVERIFY(window->isVisible());
    QVERIFY2(window->statusBar()->currentMessage().contains(QLatin1String("deleting the remote machine")),
             qPrintable(window->statusBar()->currentMessage()));
    QTRY_VERIFY_WITH_TIMEOUT(!window->isVisible(), 30000);
    QCOMPARE(m_standIn->machines().size(), 0);
    QVERIFY(RemoteWorkspace::record(locations, sessionId).hasError());
    window.reset();
}

void TestShellRemote::aMissingKeyStopsTheTurnAndSaysWhich()
{
    m_standIn->setEnvironment(false);
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(test::runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    const QString project = home.filePath(QStringLiteral("project"));
    QVERIFY(QDir().mkpath(project));

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    chooseService(window);
    window.composer()->setWorkspace(project, true);
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Hello"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);

    // The turn does not run, and says why, naming the variable and the keychain account: in the
    // composer, in the dock and in the status bar, in the warning style.
    QTRY_VERIFY_WITH_TIMEOUT(window.composer()->status().contains(QLatin1String("Not sent")), 20000);
    QVERIFY2(window.composer()->status().contains(StandIn::keyVariable()), qPrintable(window.composer()->status()));
    QLabel *machineLine = window.sandboxPane()->remoteView()->machineLabel();
    // No keychain answers here (no session bus), so the message says that too.
    QVERIFY2(machineLine->text().contains(StandIn::keyVariable()) && machineLine->text().contains(QLatin1String("keychain")),
             qPrintable(machineLine->text()));
    QVERIFY(machineLine->isVisible());
    auto *status = window.findChild<QLabel *>(QStringLiteral("sandboxStatus"));
    QVERIFY2(status->text().startsWith(QStringLiteral("\u26a0")) && status->text().contains(StandIn::keyVariable()), qPrintable(status->text()));
    QTRY_VERIFY(!window.conversation()->isBusy());
    QCOMPARE(server.requests().size(), 0);
    QVERIFY(!window.sandboxPane()->remoteView()->pullButton()->isEnabled());
    QCOMPARE(m_standIn->machines().size(), 0);
    // Nothing to release: the window closes at once.
    window.close();
    QVERIFY(!window.isVisible());
}

void TestShellRemote::aRefusedMachineIsReportedAndNothingIsLeft()
{
    // The account's quota refuses the machine.
    m_standIn->refuseCreation();
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(test::runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    const QString project = home.filePath(QStringLiteral("project"));
    QVERIFY(QDir().mkpath(project));

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    chooseService(window);
    window.composer()->setWorkspace(project, true);
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Hello"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);

    auto *status = window.findChild<QLabel *>(QStringLiteral("sandboxStatus"));
    QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QStringLiteral("\u26a0")) && status->text().contains(QLatin1String("refused")),
                             30000);
    QTRY_VERIFY(!window.conversation()->isBusy());
    QVERIFY2(window.composer()->status().contains(QLatin1String("Not sent")), qPrintable(window.composer()->status()));
    QVERIFY2(window.sandboxPane()->remoteView()->machineLabel()->text().contains(QLatin1String("refused")),
             qPrintable(window.sandboxPane()->remoteView()->machineLabel()->text()));
    QVERIFY(!window.sandboxPane()->remoteView()->pullButton()->isEnabled());
    QCOMPARE(server.requests().size(), 0);
    QCOMPARE(m_standIn->machines().size(), 0);
    QVERIFY(RemoteWorkspace::records(locations).isEmpty());
    QVERIFY(!window.conversation()->remoteMachines()->isAttached());
}

void TestShellRemote::runChangingTurn(MainWindow &window, test::ProviderTestServer &server, const QString &text)
{
    const qsizetype before = server.requests().size();
    server.enqueue(ScriptedResponse::sse(AnthropicStream()
                                             .toolUse(QStringLiteral("toolu_%1").arg(before), QStringLiteral("exec"),
                                                      {{QStringLiteral("command"), QStringLiteral("printf '%1\\n' > hello.txt").arg(text)}})
                                             .stop(QStringLiteral("tool_use"))));
    server.enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Wrote %1.").arg(text)).stop(QStringLiteral("end_turn"))));
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Write %1").arg(text));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    for (int i = 0; i < 400 && server.requests().size() < before + 2; ++i) {
        window.conversation()->decideOldestApproval(QStringLiteral("once"));
        QTest::qWait(50);
    }
    QTRY_VERIFY_WITH_TIMEOUT(test::pageText(window).contains(QStringLiteral("Wrote %1.").arg(text)), 20000);
    QTRY_VERIFY(!window.conversation()->isBusy());
}

void TestShellRemote::switchingAwayBringsFilesBackAndDeletesTheMachine()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(test::runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    const QString project = home.filePath(QStringLiteral("project"));
    QVERIFY(QDir().mkpath(project));
    const QString hello = test::writeFileIn(project, QStringLiteral("hello.txt"), "written here\n");

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    chooseService(window);
    window.composer()->setWorkspace(project, true);
    runChangingTurn(window, server, QStringLiteral("from the machine"));
    RemoteMachineController *remote = window.conversation()->remoteMachines();
    QVERIFY(remote->isAttached());
    QCOMPARE(m_standIn->machines().size(), 1);
    const QString machineId = m_standIn->machines().constFirst().first;
    QCOMPARE(readAll(hello), QStringLiteral("written here\n"));

    // Another session shown: the files come back by themselves, then the machine goes.
    window.newSession();
    QTRY_VERIFY_WITH_TIMEOUT(m_standIn->machines().isEmpty(), 20000);
    QTRY_VERIFY(!remote->isAttached() && !remote->isWorking());
    QCOMPARE(readAll(hello), QStringLiteral("from the machine\n"));
    QLabel *machineLine = window.sandboxPane()->remoteView()->machineLabel();
    QVERIFY2(machineLine->text().contains(QLatin1String("Deleted")) && machineLine->text().contains(machineId),
             qPrintable(machineLine->text()));
    QVERIFY(!window.sandboxPane()->remoteView()->pullButton()->isEnabled());
    QVERIFY(RemoteWorkspace::records(locations).isEmpty());
}

void TestShellRemote::anIdleMachineIsDeleted()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(test::runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    const QString project = home.filePath(QStringLiteral("project"));
    QVERIFY(QDir().mkpath(project));
    const QString hello = test::writeFileIn(project, QStringLiteral("hello.txt"), "written here\n");

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    chooseService(window);
    window.composer()->setWorkspace(project, true);
    runChangingTurn(window, server, QStringLiteral("before the pause"));
    RemoteMachineController *remote = window.conversation()->remoteMachines();
    QVERIFY(remote->isAttached());
    const QString shown = window.conversation()->sessionId();

    // No turn for the idle interval: files back, machine deleted, the session still shown.
    remote->setIdleInterval(std::chrono::milliseconds(300));
    QTRY_VERIFY_WITH_TIMEOUT(m_standIn->machines().isEmpty(), 20000);
    QTRY_VERIFY(!remote->isAttached() && !remote->isWorking());
    QCOMPARE(readAll(hello), QStringLiteral("before the pause\n"));
    QCOMPARE(window.conversation()->sessionId(), shown);

    // The next turn gets a machine again, with the workspace as it is now. The idle clock
    // runs out while the session opens on it (opening lists the machine's skills, waiting on
    // the service): that must not release the machine under the session, whose command runs
    // there after the approval. Idle again after the turn, it goes.
    remote->setIdleInterval(std::chrono::milliseconds(1));
    runChangingTurn(window, server, QStringLiteral("after the pause"));
    QTRY_VERIFY_WITH_TIMEOUT(m_standIn->machines().isEmpty(), 20000);
    QTRY_VERIFY(!remote->isAttached() && !remote->isWorking());
    QCOMPARE(readAll(hello), QStringLiteral("after the pause\n"));
    remote->setIdleInterval(std::chrono::milliseconds(0));
    window.close();
    QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), 30000);
    QVERIFY(m_standIn->machines().isEmpty());
}

void TestShellRemote::aKeptMachineIsAttachedAgain()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(test::runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    QVERIFY(test::writeFile(RemoteSandboxSettings::path(locations.configDir()),
                            QStringLiteral("{\"version\": 1, \"%1\": {\"keep\": true}}").arg(Service).toUtf8()));
    const QString project = home.filePath(QStringLiteral("project"));
    QVERIFY(QDir().mkpath(project));
    const QString hello = test::writeFileIn(project, QStringLiteral("hello.txt"), "written here\n");

    QString sessionId;
    QString machineId;
    {
        MainWindow window(locations, {});
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        chooseService(window);
        window.composer()->setWorkspace(project, true);
        runChangingTurn(window, server, QStringLiteral("first"));
        sessionId = window.conversation()->remoteMachines()->sessionId();
        QCOMPARE(m_standIn->machines().size(), 1);
        machineId = m_standIn->machines().constFirst().first;
        // Closing brings the files back and keeps the machine, as the settings say.
        window.close();
        QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), 30000);
        QCOMPARE(readAll(hello), QStringLiteral("first\n"));
        QCOMPARE(m_standIn->machines().size(), 1);
        QCOMPARE(RemoteWorkspace::record(locations, sessionId)->machineId, machineId);
    }

    // The session's next turn, in a new window, runs on the same machine.
    ShellOptions options;
    options.initialSession = sessionId;
    MainWindow window(locations, options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.composer()->isEnabled());
    QTRY_COMPARE(window.conversation()->sessionId(), sessionId);
    runChangingTurn(window, server, QStringLiteral("second"));
    RemoteMachineController *remote = window.conversation()->remoteMachines();
    QVERIFY(remote->isAttached());
    QCOMPARE(remote->sessionId(), sessionId);
    QCOMPARE(m_standIn->machines().size(), 1);
    QCOMPARE(m_standIn->machines().constFirst().first, machineId);
    QVERIFY2(window.sandboxPane()->remoteView()->machineLabel()->text().contains(machineId),
             qPrintable(window.sandboxPane()->remoteView()->machineLabel()->text()));
    window.close();
    QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), 30000);
    QCOMPARE(readAll(hello), QStringLiteral("second\n"));
    QCOMPARE(m_standIn->machines().size(), 1);
}

void TestShellRemote::aStoppedMachineShowsAsAWarning()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(test::runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    const QString project = home.filePath(QStringLiteral("project"));
    QVERIFY(QDir().mkpath(project));
    test::writeFileIn(project, QStringLiteral("hello.txt"), "written here\n");

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    chooseService(window);
    window.composer()->setWorkspace(project, true);
    runChangingTurn(window, server, QStringLiteral("then stopped"));
    RemoteMachineController *remote = window.conversation()->remoteMachines();
    QVERIFY(remote->isAttached());
    const QString machineId = m_standIn->machines().constFirst().first;
    QLabel *machineLine = window.sandboxPane()->remoteView()->machineLabel();
    auto *status = window.findChild<QLabel *>(QStringLiteral("sandboxStatus"));
    QVERIFY2(!machineLine->text().startsWith(QStringLiteral("\u26a0")), qPrintable(machineLine->text()));

    // The service stops it: the next look at it shows that, in the warning style, everywhere.
    m_standIn->stopMachine(machineId);
    remote->setRefreshInterval(std::chrono::milliseconds(200));
    QTRY_VERIFY2_WITH_TIMEOUT(machineLine->text().startsWith(QStringLiteral("\u26a0")) && machineLine->text().contains(machineId),
                              qPrintable(machineLine->text()), 20000);
    QTRY_VERIFY2(status->text().startsWith(QStringLiteral("\u26a0")) && status->text().contains(machineId), qPrintable(status->text()));

    // Closing does not hang on a machine that cannot answer: the window goes within its bound.
    window.close();
    QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), 70000);
}

void TestShellRemote::aWindowDestroyedWithoutClosingDeletesTheMachine()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(test::runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    const QString project = home.filePath(QStringLiteral("project"));
    QVERIFY(QDir().mkpath(project));
    const QString hello = test::writeFileIn(project, QStringLiteral("hello.txt"), "written here\n");

    auto window = std::make_unique<MainWindow>(locations, ShellOptions{});
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    chooseService(*window);
    window->composer()->setWorkspace(project, true);
    runChangingTurn(*window, server, QStringLiteral("last words"));
    QCOMPARE(m_standIn->machines().size(), 1);
    // The window goes without a close event (as at the end of a session of the desktop): the
    // machine is released before the plugins go, with a bounded wait.
    window.reset();
    QVERIFY(m_standIn->machines().isEmpty());
    QCOMPARE(readAll(hello), QStringLiteral("last words\n"));
    QVERIFY(RemoteWorkspace::records(locations).isEmpty());
}

VALIS_WEBENGINE_TEST_MAIN(TestShellRemote)

#include "tst_shellremote.moc"
