// RemoteWorkspace (the session's remote machine and its workspace) and the shell filesystem,
// on a real remote sandbox plugin (Daytona) against its stand-in: upload with exclusions and
// executable bits, the setup script with only the listed variables filled, pull with updates,
// additions, removals and conflicts, release, reuse, and failures that leave no machine behind.
#include "daytonastandin.h"
#include "testsupport.h"

#include "valis/agent/remotesandboxsettings.h"
#include "valis/agent/remoteworkspace.h"
#include "valis/filesystem/filesystembackend.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/pluginspec.h"
#include "valis/plugins/remotesandbox.h"
#include "valis/plugins/sandboxplugin.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {
const QString ApiKey = QStringLiteral("dtn-remote-workspace");

QByteArray readLocal(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}
} // namespace

class TestRemoteWorkspace : public QObject
{
    Q_OBJECT

    DaytonaStandin m_standin;
    std::unique_ptr<TemporaryHome> m_home;
    std::unique_ptr<QTemporaryDir> m_pluginDir;
    std::unique_ptr<PluginManager> m_manager;
    RemoteSandbox *m_sandbox = nullptr;
    std::unique_ptr<QTemporaryDir> m_workspace;

    DataLocations locations() const { return DataLocations::underHome(m_home->path()); }
    QString local(const QString &name) const { return m_workspace->filePath(name); }

    QString writeSetupScript(const QByteArray &content) const
    {
        const QString path = locations().configDir() + QStringLiteral("/setup.sh");
        QDir().mkpath(locations().configDir());
        return writeFile(path, content) ? path : QString();
    }

    RemoteRunResult runOn(RemoteMachine *machine, const QString &script)
    {
        const Result<RemoteRunResult> ran = machine->run(script, std::chrono::seconds(30));
        if (ran.hasError())
            qWarning("%s", qPrintable(ran.error().message));
        return ran.ok() ? ran.value() : RemoteRunResult{-1, {}, {}};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(m_standin.start(ApiKey, {QStringLiteral("--start-delay-ms"), QStringLiteral("50")}), qPrintable(m_standin.error()));
        qputenv("DAYTONA_API_URL", m_standin.apiUrl().toUtf8());
        m_home = std::make_unique<TemporaryHome>();
        m_pluginDir = std::make_unique<QTemporaryDir>();
        const QString plugin = QStringLiteral(VALIS_DAYTONA_PLUGIN);
        QVERIFY(QFile::copy(plugin, m_pluginDir->filePath(QFileInfo(plugin).fileName())));
        m_manager = std::make_unique<PluginManager>(locations(), QStringList{m_pluginDir->path()});
        m_manager->loadAll();
        const QList<SandboxPlugin *> plugins = m_manager->plugins<SandboxPlugin>();
        QCOMPARE(plugins.size(), 1);
        m_sandbox = dynamic_cast<RemoteSandbox *>(plugins.first()->sandboxes().first());
        QVERIFY(m_sandbox);
        m_sandbox->setCredentials({{QStringLiteral("daytona"), ApiKey}});
    }

    void init()
    {
        QVERIFY(m_standin.reset());
        m_workspace = std::make_unique<QTemporaryDir>();
        QVERIFY(writeFile(local(QStringLiteral("a.txt")), "alpha\n"));
        QVERIFY(writeFile(local(QStringLiteral("c.txt")), "both\n"));
        QVERIFY(writeFile(local(QStringLiteral("sub/b.txt")), "beta\n"));
        QVERIFY(writeFile(local(QStringLiteral("run.sh")), "#!/bin/sh\necho ran\n"));
        QVERIFY(QFile::setPermissions(local(QStringLiteral("run.sh")), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QVERIFY(writeFile(local(QStringLiteral(".git/config")), "[core]\n"));
        QVERIFY(writeFile(local(QStringLiteral("node_modules/x/index.js")), "module.exports = 1;\n"));
    }

    void uploadsRunsSetupPullsAndReleases()
    {
        RemoteSandboxSettings settings;
        settings.uploadExclude = {QStringLiteral(".git"), QStringLiteral("node_modules")};
        // Only the listed variable is filled by Valis; the other stays as written.
        settings.setupScript = writeSetupScript("echo '${GREETING}' > setup-ran.txt\necho '${HOME_SECRET}' > untouched.txt\n");
        settings.setupVariables = {QStringLiteral("GREETING")};
        qputenv("GREETING", "hello from the setup");
        qputenv("HOME_SECRET", "never sent");
        QStringList progress;
        Result<std::unique_ptr<RemoteWorkspace>> opened = RemoteWorkspace::open(
            m_sandbox, settings, QStringLiteral("s-rw-1"), m_workspace->path(), locations(),
            [&progress](const QString &message) { progress.append(message); });
        VALIS_VERIFY_OK(opened);
        std::unique_ptr<RemoteWorkspace> workspace = std::move(opened).value();
        QVERIFY2(progress.join(QLatin1Char('|')).contains(QStringLiteral("uploading")), qPrintable(progress.join(QLatin1Char('|'))));
        RemoteMachine *machine = workspace->machine();
        QCOMPARE(machine->info().sessionId(), QStringLiteral("s-rw-1"));
        const Result<RemoteWorkspaceRecord> record = RemoteWorkspace::record(locations(), QStringLiteral("s-rw-1"));
        VALIS_VERIFY_OK(record);
        QVERIFY(record->createdByValis);
        QCOMPARE(record->machineId, machine->info().machineId);
        QCOMPARE(record->manifest.size(), 4); // a.txt, c.txt, sub/b.txt, run.sh

        const RemoteRunResult listing = runOn(machine, QStringLiteral("cd \"%1\" && ls -A && test -x run.sh && ./run.sh && cat setup-ran.txt untouched.txt")
                                                           .arg(machine->info().workspacePath));
        QCOMPARE(listing.exitCode, 0);
        const QString seen = QString::fromUtf8(listing.output);
        QVERIFY2(seen.contains(QStringLiteral("a.txt")) && seen.contains(QStringLiteral("sub")), qPrintable(seen));
        QVERIFY2(!seen.contains(QStringLiteral(".git")) && !seen.contains(QStringLiteral("node_modules")), qPrintable(seen));
        QVERIFY2(seen.contains(QStringLiteral("ran")), qPrintable(seen)); // the executable bit came along
        QVERIFY2(seen.contains(QStringLiteral("hello from the setup")), qPrintable(seen));
        QVERIFY2(seen.contains(QStringLiteral("${HOME_SECRET}")) && !seen.contains(QStringLiteral("never sent")), qPrintable(seen));

        // The machine changes a.txt, adds new.txt, deletes sub/b.txt and changes c.txt, which the
        // person changes here too.
        QCOMPARE(runOn(machine, QStringLiteral("cd \"%1\" && echo changed > a.txt && echo new > new.txt && rm sub/b.txt && echo machine > c.txt")
                                    .arg(machine->info().workspacePath))
                     .exitCode,
                 0);
        QVERIFY(writeFile(local(QStringLiteral("c.txt")), "mine\n"));
        const Result<RemotePullReport> pulled = workspace->pull({QStringLiteral(".git"), QStringLiteral("node_modules")});
        VALIS_VERIFY_OK(pulled);
        QCOMPARE(pulled->updated, QStringList{QStringLiteral("a.txt")});
        QVERIFY(pulled->added.contains(QStringLiteral("new.txt")) && pulled->added.contains(QStringLiteral("setup-ran.txt")));
        QCOMPARE(pulled->removed, QStringList{QStringLiteral("sub/b.txt")});
        QCOMPARE(pulled->conflicts, QStringList{QStringLiteral("c.txt")});
        QCOMPARE(readLocal(local(QStringLiteral("a.txt"))), QByteArray("changed\n"));
        QCOMPARE(readLocal(local(QStringLiteral("new.txt"))), QByteArray("new\n"));
        QVERIFY(!QFile::exists(local(QStringLiteral("sub/b.txt"))));
        QCOMPARE(readLocal(local(QStringLiteral("c.txt"))), QByteArray("mine\n"));
        QCOMPARE(readLocal(local(QStringLiteral("c.txt.remote"))), QByteArray("machine\n"));
        QCOMPARE(readLocal(local(QStringLiteral(".git/config"))), QByteArray("[core]\n")); // excluded, untouched

        // A second pull finds nothing new: the manifest follows the machine.
        const Result<RemotePullReport> again = workspace->pull({QStringLiteral(".git"), QStringLiteral("node_modules")});
        VALIS_VERIFY_OK(again);
        QVERIFY2(again->updated.isEmpty() && again->added.isEmpty() && again->removed.isEmpty(), "nothing changed since");

        VALIS_VERIFY_OK(workspace->release());
        QCOMPARE(m_standin.sandboxes().size(), 0);
        QVERIFY(RemoteWorkspace::record(locations(), QStringLiteral("s-rw-1")).hasError());
    }

    void manyFilesGoUpAsOneArchive()
    {
        for (int i = 0; i < 40; ++i)
            QVERIFY(writeFile(local(QStringLiteral("many/dir%1/file %2.txt").arg(i % 5).arg(i)), QByteArray::number(i) + '\n'));
        RemoteSandboxSettings settings;
        settings.uploadExclude = {QStringLiteral(".git"), QStringLiteral("node_modules")};
        const int requestsBefore = m_standin.requests().size();
        Result<std::unique_ptr<RemoteWorkspace>> opened =
            RemoteWorkspace::open(m_sandbox, settings, QStringLiteral("s-rw-6"), m_workspace->path(), locations());
        VALIS_VERIFY_OK(opened);
        RemoteMachine *machine = opened.value()->machine();
        QCOMPARE(opened.value()->recordData().manifest.size(), 44); // 40 + a.txt, c.txt, sub/b.txt, run.sh
        const RemoteRunResult seen = runOn(machine, QStringLiteral("cd \"%1\" && find . -type f | sort && ./run.sh && cat \"many/dir2/file 7.txt\"")
                                                        .arg(machine->info().workspacePath));
        QCOMPARE(seen.exitCode, 0);
        const QString listing = QString::fromUtf8(seen.output);
        QCOMPARE(listing.count(QStringLiteral("./many/")), 40);
        QVERIFY2(!listing.contains(QStringLiteral(".valis-upload")) && !listing.contains(QStringLiteral(".git/")), qPrintable(listing));
        QVERIFY2(listing.contains(QStringLiteral("ran")) && listing.contains(QStringLiteral("\n7\n")), qPrintable(listing));
        // One archive went up, not 44 files: far fewer requests than files.
        const QJsonArray requests = m_standin.requests();
        int uploads = 0;
        for (qsizetype i = requestsBefore; i < requests.size(); ++i) {
            if (requests.at(i).toObject().value(QLatin1String("path")).toString().contains(QStringLiteral("/files/upload")))
                ++uploads;
        }
        QVERIFY2(uploads >= 1 && uploads < 5, qPrintable(QString::number(uploads)));
        // What came from the archive pulls back like anything else.
        QCOMPARE(runOn(machine, QStringLiteral("cd \"%1\" && echo changed > \"many/dir0/file 0.txt\"").arg(machine->info().workspacePath)).exitCode, 0);
        const Result<RemotePullReport> pulled = opened.value()->pull();
        VALIS_VERIFY_OK(pulled);
        QCOMPARE(pulled->updated, QStringList{QStringLiteral("many/dir0/file 0.txt")});
        VALIS_VERIFY_OK(opened.value()->release());
        QCOMPARE(m_standin.sandboxes().size(), 0);
    }

    void unsetSetupVariableCreatesNothing()
    {
        RemoteSandboxSettings settings;
        settings.setupScript = writeSetupScript("echo ${VALIS_TEST_NOT_SET_ANYWHERE}\n");
        settings.setupVariables = {QStringLiteral("VALIS_TEST_NOT_SET_ANYWHERE")};
        const Result<std::unique_ptr<RemoteWorkspace>> opened =
            RemoteWorkspace::open(m_sandbox, settings, QStringLiteral("s-rw-2"), m_workspace->path(), locations());
        QVERIFY(opened.hasError());
        QCOMPARE(opened.error().code, QStringLiteral("sandbox.setup-variable"));
        QVERIFY(opened.error().message.contains(QStringLiteral("VALIS_TEST_NOT_SET_ANYWHERE")));
        QCOMPARE(m_standin.sandboxes().size(), 0);
    }

    void failingSetupLeavesNoMachine()
    {
        RemoteSandboxSettings settings;
        settings.setupScript = writeSetupScript("echo 'cannot install' >&2\nexit 3\n");
        const Result<std::unique_ptr<RemoteWorkspace>> opened =
            RemoteWorkspace::open(m_sandbox, settings, QStringLiteral("s-rw-3"), m_workspace->path(), locations());
        QVERIFY(opened.hasError());
        QCOMPARE(opened.error().code, QStringLiteral("sandbox.setup-failed"));
        QVERIFY2(opened.error().message.contains(QStringLiteral("cannot install")), qPrintable(opened.error().message));
        QCOMPARE(m_standin.sandboxes().size(), 0);
        QVERIFY(RemoteWorkspace::record(locations(), QStringLiteral("s-rw-3")).hasError());
    }

    void aReusedMachineIsNeverDeleted()
    {
        RemoteMachineSpec spec;
        spec.sessionId = QStringLiteral("someone-else");
        Result<std::unique_ptr<RemoteMachine>> existing = m_sandbox->acquire(spec);
        VALIS_VERIFY_OK(existing);
        RemoteSandboxSettings settings;
        settings.reuse = existing.value()->info().machineId;
        settings.upload = false;
        Result<std::unique_ptr<RemoteWorkspace>> opened =
            RemoteWorkspace::open(m_sandbox, settings, QStringLiteral("s-rw-4"), m_workspace->path(), locations());
        VALIS_VERIFY_OK(opened);
        QVERIFY(!opened.value()->recordData().createdByValis);
        QVERIFY(opened.value()->describe().contains(settings.reuse));
        VALIS_VERIFY_OK(opened.value()->release());
        QCOMPARE(m_standin.sandboxes().size(), 1); // still there
        VALIS_VERIFY_OK(m_sandbox->destroy(settings.reuse));
    }

    void shellFilesystemOnARealMachine()
    {
        RemoteMachineSpec spec;
        spec.sessionId = QStringLiteral("s-rw-5");
        Result<std::unique_ptr<RemoteMachine>> acquired = m_sandbox->acquire(spec);
        VALIS_VERIFY_OK(acquired);
        RemoteMachine *machine = acquired.value().get();
        const QString root = machine->info().workspacePath;
        const std::shared_ptr<FilesystemBackend> files = makeShellFilesystem(machine, root);

        // Binary content over several write commands (48 KiB each), names with spaces.
        QByteArray binary;
        for (int i = 0; i < 200 * 1024; ++i)
            binary.append(char(i * 7 % 256));
        VALIS_VERIFY_OK(files->write(QStringLiteral("dir with space/blob.bin"), binary));
        const Result<QByteArray> back = files->read(QStringLiteral("dir with space/blob.bin"));
        VALIS_VERIFY_OK(back);
        QCOMPARE(back.value(), binary);
        QCOMPARE(files->read(QStringLiteral("dir with space/blob.bin"), 1000, 10).value(), binary.mid(1000, 10));
        const Result<FileEntry> entry = files->stat(QStringLiteral("dir with space/blob.bin"));
        VALIS_VERIFY_OK(entry);
        QCOMPARE(entry->size, binary.size());
        QVERIFY(!entry->isDirectory());
        const Result<QList<FileEntry>> listed = files->list(QString());
        VALIS_VERIFY_OK(listed);
        QCOMPARE(listed->size(), 1);
        QCOMPARE(listed->first().path, QStringLiteral("dir with space"));
        QVERIFY(listed->first().isDirectory());

        QCOMPARE(files->read(QStringLiteral("missing.txt")).error().code, QStringLiteral("fs.not-found"));
        QCOMPARE(files->read(QStringLiteral("dir with space")).error().code, QStringLiteral("fs.not-a-file"));
        QCOMPARE(files->list(QStringLiteral("dir with space/blob.bin")).error().code, QStringLiteral("fs.not-a-directory"));
        QCOMPARE(files->remove(QStringLiteral("dir with space")).error().code, QStringLiteral("fs.exists"));
        // A symlink that leads out of the workspace is refused for reading and writing.
        QCOMPARE(runOn(machine, QStringLiteral("ln -s /etc \"%1/out\"").arg(root)).exitCode, 0);
        QCOMPARE(files->read(QStringLiteral("out/hostname")).error().code, QStringLiteral("fs.outside"));
        QCOMPARE(files->write(QStringLiteral("out/evil"), "x").error().code, QStringLiteral("fs.outside"));
        VALIS_VERIFY_OK(files->remove(QStringLiteral("dir with space/blob.bin")));
        VALIS_VERIFY_OK(files->remove(QStringLiteral("dir with space")));
        QCOMPARE(files->stat(QStringLiteral("dir with space")).error().code, QStringLiteral("fs.not-found"));
        VALIS_VERIFY_OK(m_sandbox->destroy(machine->info().machineId));
    }
};

QTEST_GUILESS_MAIN(TestRemoteWorkspace)
#include "tst_remoteworkspace.moc"
