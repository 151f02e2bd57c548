#include "testsupport.h"
#include "webtestsupport.h"
#include "mainwindowtestsupport.h"

#include "composerwidget.h"
#include "conversationcontroller.h"
#include "mainwindow.h"
#include "providerserver.h"
#include "remotemachinecontroller.h"
#include "remotemachineview.h"
#include "sandboxpane.h"
#include "streambuilders.h"

#include "valis/agent/remoteworkspace.h"

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
#include <QPushButton>
#include <QStatusBar>
#include <QTreeWidget>

using namespace valis;
using test::AnthropicStream;
using test::ScriptedResponse;

namespace {

const QByteArray DaytonaKey = "dtn-desktop-test-key";

/// The Daytona stand-in (tests/standins/daytona/server.mjs) on a loopback port of its own,
/// for as long as the object lives.
class DaytonaStandIn
{
public:
    ~DaytonaStandIn()
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
        m_process.setProgram(QStringLiteral("node"));
        m_process.setArguments({test::sourceDir() + QStringLiteral("/tests/standins/daytona/server.mjs"), QStringLiteral("--port"),
                                QStringLiteral("0"), QStringLiteral("--api-key"), QString::fromLatin1(DaytonaKey),
                                QStringLiteral("--exit-with-stdin")});
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

    QString apiUrl() const { return QStringLiteral("http://127.0.0.1:%1/api").arg(m_port); }

    /// GET or POST one of the stand-in's control endpoints (/_standin/...).
    QJsonObject control(const QString &path, const QJsonObject &body = {}, bool post = false) const
    {
        QNetworkAccessManager manager;
        QNetworkRequest request(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path)));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        QNetworkReply *reply = post ? manager.post(request, QJsonDocument(body).toJson()) : manager.get(request);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        const QJsonObject result = QJsonDocument::fromJson(reply->readAll()).object();
        delete reply;
        return result;
    }

    /// The sandboxes the stand-in holds now.
    QJsonArray sandboxes() const { return control(QStringLiteral("/_standin/state")).value(QLatin1String("sandboxes")).toArray(); }

private:
    QProcess m_process;
    int m_port = 0;
};

QString readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

// The shell with a session on a remote machine: the real Daytona sandbox plugin against the
// Daytona stand-in, the anthropic provider against the local test server.
class TestShellRemote : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void runsTheSessionOnAMachineAndDeletesItOnClose();
    void aMissingKeyStopsTheTurnAndSaysWhich();
    void aRefusedMachineIsReportedAndNothingIsLeft();

private:
    /// A window whose next session runs on "daytona".
    void chooseDaytona(MainWindow &window);
    std::unique_ptr<DaytonaStandIn> m_daytona;
};

void TestShellRemote::init()
{
    m_daytona = std::make_unique<DaytonaStandIn>();
    QVERIFY(m_daytona->start());
    qputenv("DAYTONA_API_URL", m_daytona->apiUrl().toUtf8());
    qputenv("DAYTONA_API_KEY", DaytonaKey);
}

void TestShellRemote::cleanup()
{
    m_daytona.reset();
    qunsetenv("DAYTONA_API_URL");
    qunsetenv("DAYTONA_API_KEY");
}

void TestShellRemote::chooseDaytona(MainWindow &window)
{
    QTRY_VERIFY(window.composer()->isEnabled());
    window.newSession();
    auto *choice = window.sandboxPane()->findChild<QComboBox *>(QStringLiteral("sandboxChoice"));
    QVERIFY(choice);
    QTRY_VERIFY2(choice->findData(QStringLiteral("daytona")) >= 0, "the daytona plugin is not loaded");
    ToolEnvironmentChoice environment = window.conversation()->sessionChoice(QString());
    environment.sandbox = QStringLiteral("daytona");
    window.conversation()->setSessionChoice(QString(), environment);
    QCOMPARE(choice->currentData().toString(), QStringLiteral("daytona"));
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
    chooseDaytona(*window);
    window->composer()->setWorkspace(project, true);
    QCOMPARE(window->composer()->workspace(), project);

    RemoteMachineController *remote = window->conversation()->remoteMachines();
    QVERIFY(!remote->isAttached());
    QCOMPARE(m_daytona->sandboxes().size(), 0);
    QTest::keyClicks(window->composer()->editor(), QStringLiteral("Change hello.txt on the machine"));
    QTest::keyClick(window->composer()->editor(), Qt::Key_Return);

    // The machine comes first: one sandbox, labelled with the new session's id.
    QTRY_VERIFY_WITH_TIMEOUT(remote->isAttached(), 30000);
    const QJsonArray created = m_daytona->sandboxes();
    QCOMPARE(created.size(), 1);
    const QJsonObject machine = created.first().toObject();
    const QString machineId = machine.value(QLatin1String("id")).toString();
    QVERIFY(!machineId.isEmpty());
    QCOMPARE(machine.value(QLatin1String("labels")).toObject().value(QLatin1String("valis-session")).toString(), remote->sessionId());
    // The workspace was uploaded before the turn ran.
    const QString remoteHome = machine.value(QLatin1String("home")).toString();
    QVERIFY(!remoteHome.isEmpty());

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
    const QString sent = QString::fromUtf8(QJsonDocument(server.requests().constLast().json()).toJson(QJsonDocument::Compact));
    QVERIFY2(sent.contains(QLatin1String("changed remotely")), qPrintable(sent.right(2000)));
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
        QVERIFY(dock->grab().save(dir + QStringLiteral("/commands-dock-remote.png")));
        QVERIFY(window->grab().save(dir + QStringLiteral("/remote-machine-window.png")));
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
    QCOMPARE(m_daytona->sandboxes().size(), 0);
    QVERIFY(RemoteWorkspace::record(locations, sessionId).hasError());
    window.reset();
}

void TestShellRemote::aMissingKeyStopsTheTurnAndSaysWhich()
{
    qunsetenv("DAYTONA_API_KEY");
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
    chooseDaytona(window);
    window.composer()->setWorkspace(project, true);
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Hello"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);

    // In the warning style in the status bar and the dock, naming the variable; no turn.
    auto *status = window.findChild<QLabel *>(QStringLiteral("sandboxStatus"));
    QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(QLatin1String("DAYTONA_API_KEY")), 20000);
    QVERIFY(status->text().startsWith(QStringLiteral("\u26a0")));
    QVERIFY(window.sandboxPane()->remoteView()->machineLabel()->text().contains(QLatin1String("DAYTONA_API_KEY")));
    QVERIFY2(window.composer()->status().contains(QLatin1String("Not sent")), qPrintable(window.composer()->status()));
    QTRY_VERIFY(!window.conversation()->isBusy());
    QCOMPARE(server.requests().size(), 0);
    QVERIFY(!window.sandboxPane()->remoteView()->pullButton()->isEnabled());
    QCOMPARE(m_daytona->sandboxes().size(), 0);
    // Nothing to release: the window closes at once.
    window.close();
    QVERIFY(!window.isVisible());
}

void TestShellRemote::aRefusedMachineIsReportedAndNothingIsLeft()
{
    // The organisation's quota refuses the machine.
    m_daytona->control(QStringLiteral("/_standin/faults"),
                       {{QStringLiteral("rules"), QJsonArray{QJsonObject{{QStringLiteral("method"), QStringLiteral("POST")},
                                                                         {QStringLiteral("path"), QStringLiteral("^/api/sandbox$")},
                                                                         {QStringLiteral("action"), QStringLiteral("quota")},
                                                                         {QStringLiteral("times"), 10}}}}},
                       true);
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
    chooseDaytona(window);
    window.composer()->setWorkspace(project, true);
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Hello"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);

    auto *status = window.findChild<QLabel *>(QStringLiteral("sandboxStatus"));
    QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QStringLiteral("\u26a0")) && status->text().contains(QLatin1String("quota"), Qt::CaseInsensitive),
                             30000);
    QTRY_VERIFY(!window.conversation()->isBusy());
    QVERIFY2(window.composer()->status().contains(QLatin1String("Not sent")), qPrintable(window.composer()->status()));
    QCOMPARE(server.requests().size(), 0);
    QCOMPARE(m_daytona->sandboxes().size(), 0);
    QVERIFY(RemoteWorkspace::records(locations).isEmpty());
    QVERIFY(!window.conversation()->remoteMachines()->isAttached());
}

VALIS_WEBENGINE_TEST_MAIN(TestShellRemote)

#include "tst_shellremote.moc"
