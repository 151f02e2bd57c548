// The local sandboxes' text-only parts, on every platform: bwrap's arguments, the sandbox-exec
// profile (macOS only runs it), the readers of the kernel's cgroup and process files, and the
// user-namespace checks.
#include "bwrapsandbox.h"
#include "processlimit.h"
#include "processtree.h"
#include "sandboxexecprofile.h"
#include "sandboxpartsdata.h"
#include "testsupport.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace valis;
using namespace valis::sandboxes;
using namespace valis::test;

namespace {

/// The index of the first `first` directly followed by `second`; -1 when there is none.
qsizetype indexOfPair(const QStringList &args, const QString &first, const QString &second)
{
    for (qsizetype i = 0; i + 1 < args.size(); ++i) {
        if (args.at(i) == first && args.at(i + 1) == second)
            return i;
    }
    return -1;
}

int parenthesisBalance(const QString &text)
{
    int depth = 0;
    bool inString = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('"') && (i == 0 || text.at(i - 1) != QLatin1Char('\\')))
            inString = !inString;
        if (inString)
            continue;
        if (c == QLatin1Char('('))
            ++depth;
        else if (c == QLatin1Char(')') && --depth < 0)
            return -1;
    }
    return inString ? -1 : depth;
}

} // namespace

class TestSandboxParts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bwrapArgumentsIsolateAndOrderMounts()
    {
        using Kind = BwrapLayout::Mount::Kind;
        BwrapLayout layout;
        layout.mounts = {{Kind::ReadOnly, QStringLiteral("/usr"), QStringLiteral("/usr")},
                         {Kind::Symlink, QStringLiteral("/bin"), QStringLiteral("/usr/bin")},
                         {Kind::ReadOnly, QStringLiteral("/etc"), QStringLiteral("/etc")},
                         {Kind::HideFile, QStringLiteral("/etc/shadow"), QStringLiteral("/dev/null")},
                         {Kind::HideFolder, QStringLiteral("/etc/ssl/private"), QString()}};
        CommandPaths paths{QStringLiteral("/tmp/work space"), QStringLiteral("/data/work space"),
                           QStringLiteral("/tmp/work space/sub")};
        const QStringList args = bwrapArguments(layout, paths, NetworkAccess::Denied, QStringLiteral("/usr/bin/make"),
                                                {QStringLiteral("-j2"), QStringLiteral("--"), QStringLiteral("all")});

        for (const char *flag : {"--die-with-parent", "--new-session", "--unshare-all", "--unshare-pid"})
            QVERIFY2(args.contains(QLatin1String(flag)), flag);
        QVERIFY(!args.contains(QStringLiteral("--share-net")));
        QVERIFY(indexOfPair(args, QStringLiteral("--cap-drop"), QStringLiteral("ALL")) >= 0);
        QVERIFY(indexOfPair(args, QStringLiteral("--proc"), QStringLiteral("/proc")) >= 0);
        QVERIFY(indexOfPair(args, QStringLiteral("--dev"), QStringLiteral("/dev")) >= 0);

        const qsizetype tmp = indexOfPair(args, QStringLiteral("--tmpfs"), QStringLiteral("/tmp"));
        const qsizetype usr = indexOfPair(args, QStringLiteral("--ro-bind"), QStringLiteral("/usr"));
        const qsizetype etc = indexOfPair(args, QStringLiteral("--ro-bind"), QStringLiteral("/etc"));
        const qsizetype shadow = indexOfPair(args, QStringLiteral("--ro-bind"), QStringLiteral("/dev/null"));
        const qsizetype workspace = indexOfPair(args, QStringLiteral("--bind"), QStringLiteral("/data/work space"));
        const qsizetype rootReadOnly = indexOfPair(args, QStringLiteral("--remount-ro"), QStringLiteral("/"));
        const qsizetype chdir = indexOfPair(args, QStringLiteral("--chdir"), QStringLiteral("/tmp/work space/sub"));
        const qsizetype separator = args.indexOf(QStringLiteral("--"));
        QVERIFY(tmp >= 0 && usr >= 0 && etc >= 0 && shadow >= 0 && workspace >= 0 && rootReadOnly >= 0 && chdir >= 0);
        // The workspace, at its own path, on top of the private /tmp it may live under.
        QCOMPARE(args.at(workspace + 2), QStringLiteral("/tmp/work space"));
        QVERIFY(tmp < workspace);
        // A secret is hidden after /etc is shown, or /etc would cover the hiding.
        QVERIFY(etc < shadow);
        QCOMPARE(args.at(shadow + 2), QStringLiteral("/etc/shadow"));
        QVERIFY(indexOfPair(args, QStringLiteral("--tmpfs"), QStringLiteral("/etc/ssl/private")) > etc);
        QVERIFY(indexOfPair(args, QStringLiteral("--symlink"), QStringLiteral("/usr/bin")) >= 0);
        QVERIFY(workspace < rootReadOnly && rootReadOnly < separator);
        // Everything after "--" is the command, untouched, even a "--" of its own.
        QCOMPARE(args.mid(separator), (QStringList{QStringLiteral("--"), QStringLiteral("/usr/bin/make"), QStringLiteral("-j2"),
                                                   QStringLiteral("--"), QStringLiteral("all")}));

        const QStringList networked = bwrapArguments(layout, paths, NetworkAccess::Allowed, QStringLiteral("/usr/bin/true"), {});
        QVERIFY(networked.indexOf(QStringLiteral("--share-net")) > networked.indexOf(QStringLiteral("--unshare-all")));
        QVERIFY(networked.indexOf(QStringLiteral("--share-net")) < networked.indexOf(QStringLiteral("--")));
    }

    void bwrapLayoutOfThisMachine()
    {
        QTemporaryDir extra;
        const BwrapLayout layout = BwrapLayout::probe({extra.path(), QStringLiteral("/no/such/folder"), QStringLiteral("relative")});
        using Kind = BwrapLayout::Mount::Kind;
        QVERIFY(layout.mounts.contains(BwrapLayout::Mount{Kind::ReadOnly, QStringLiteral("/usr"), QStringLiteral("/usr")}));
        QVERIFY(layout.mounts.contains(BwrapLayout::Mount{Kind::ReadOnly, QStringLiteral("/etc"), QStringLiteral("/etc")}));
        // /bin is a link on merged-/usr systems and a folder elsewhere; either way it is shown.
        const QFileInfo bin(QStringLiteral("/bin"));
        if (bin.isSymLink())
            QVERIFY(layout.mounts.contains(BwrapLayout::Mount{Kind::Symlink, QStringLiteral("/bin"), bin.canonicalFilePath()}));
        QVERIFY(layout.visibleFolders().contains(QStringLiteral("/bin")));
        QVERIFY(layout.visibleFolders().contains(QDir::cleanPath(extra.path())));
        QVERIFY(!layout.visibleFolders().contains(QStringLiteral("/no/such/folder")));
        QVERIFY(!layout.visibleFolders().contains(QStringLiteral("relative")));
        QVERIFY(!layout.visibleFolders().contains(QStringLiteral("/home")));
        QVERIFY(!layout.visibleFolders().contains(QStringLiteral("/root")));
        if (QFileInfo(QStringLiteral("/etc/shadow")).isFile())
            QVERIFY(layout.mounts.contains(BwrapLayout::Mount{Kind::HideFile, QStringLiteral("/etc/shadow"), QStringLiteral("/dev/null")}));
    }

    void userNamespaceProblemsAreNamed()
    {
        QTemporaryDir procSys;
        QVERIFY(!userNamespaceProblem(procSys.path()).has_value()); // nothing says no
        QVERIFY(writeFile(procSys.filePath(QStringLiteral("user/max_user_namespaces")), "15000\n"));
        QVERIFY(writeFile(procSys.filePath(QStringLiteral("kernel/unprivileged_userns_clone")), "1\n"));
        QVERIFY(!userNamespaceProblem(procSys.path()).has_value());

        QVERIFY(writeFile(procSys.filePath(QStringLiteral("kernel/unprivileged_userns_clone")), "0\n"));
        auto problem = userNamespaceProblem(procSys.path());
        QVERIFY(problem && problem->contains(QLatin1String("kernel.unprivileged_userns_clone=1")));

        QVERIFY(writeFile(procSys.filePath(QStringLiteral("kernel/unprivileged_userns_clone")), "1\n"));
        QVERIFY(writeFile(procSys.filePath(QStringLiteral("user/max_user_namespaces")), "0\n"));
        problem = userNamespaceProblem(procSys.path());
        QVERIFY(problem && problem->contains(QLatin1String("user.max_user_namespaces")));

        QVERIFY(writeFile(procSys.filePath(QStringLiteral("user/max_user_namespaces")), "100\n"));
        QVERIFY(writeFile(procSys.filePath(QStringLiteral("kernel/apparmor_restrict_unprivileged_userns")), "1\n"));
        problem = userNamespaceProblem(procSys.path());
        QVERIFY(problem && problem->contains(QLatin1String("AppArmor")));
    }

    void environmentOfABwrapCommand()
    {
        SandboxCommand command;
        command.environment.insert(QStringLiteral("PATH"), QStringLiteral("/opt/tool/bin:/usr/bin"));
        command.environment.insert(QStringLiteral("CI"), QStringLiteral("1"));
        QProcessEnvironment host;
        host.insert(QStringLiteral("USER"), QStringLiteral("me"));
        host.insert(QStringLiteral("HOME"), QStringLiteral("/home/me"));
        host.insert(QStringLiteral("SSH_AUTH_SOCK"), QStringLiteral("/run/user/1000/ssh"));
        host.insert(QStringLiteral("AWS_SECRET_ACCESS_KEY"), QStringLiteral("secret"));
        const QProcessEnvironment environment = bwrapEnvironment(command, host);
        QCOMPARE(environment.value(QStringLiteral("USER")), QStringLiteral("me"));
        QCOMPARE(environment.value(QStringLiteral("HOME")), QStringLiteral("/tmp/home"));
        QCOMPARE(environment.value(QStringLiteral("PATH")), QStringLiteral("/opt/tool/bin:/usr/bin")); // the command's wins
        QCOMPARE(environment.value(QStringLiteral("CI")), QStringLiteral("1"));
        QCOMPARE(environment.value(QStringLiteral("TMPDIR")), QStringLiteral("/tmp"));
        QVERIFY(!environment.contains(QStringLiteral("SSH_AUTH_SOCK")));
        QVERIFY(!environment.contains(QStringLiteral("AWS_SECRET_ACCESS_KEY")));
    }

    void sandboxExecProfile()
    {
        const QString denied = valis::sandboxes::sandboxExecProfile(NetworkAccess::Denied, 0);
        QVERIFY(denied.startsWith(QLatin1String("(version 1)")));
        QVERIFY(denied.contains(QLatin1String("(deny default)")));
        QVERIFY(denied.contains(QLatin1String("(subpath (param \"WORKSPACE\"))")));
        QVERIFY(denied.contains(QLatin1String("(subpath (param \"TMPDIR\"))")));
        QVERIFY(denied.contains(QLatin1String("(allow file-read*")));
        QVERIFY(!denied.contains(QLatin1String("network-outbound")));
        QVERIFY(!denied.contains(QLatin1String("READ_ROOT")));
        QCOMPARE(parenthesisBalance(denied), 0);
        // Writes are allowed only to the workspace, the temporary folder and a few devices.
        const QRegularExpression writeRule(QStringLiteral("\\(allow file-read\\* file-write\\*([^()]|\\([^()]*\\))*\\)"));
        QString writes;
        for (auto match = writeRule.globalMatch(denied); match.hasNext();)
            writes += match.next().captured(0);
        QVERIFY(!writes.contains(QLatin1String("/usr")) && !writes.contains(QLatin1String("/Users")));
        QVERIFY(!denied.contains(QLatin1String("(allow file-write* (subpath \"/\"")));

        const QString allowed = valis::sandboxes::sandboxExecProfile(NetworkAccess::Allowed, 2);
        QVERIFY(allowed.contains(QLatin1String("(allow network-outbound)")));
        QVERIFY(allowed.contains(QLatin1String("(param \"READ_ROOT_0\")")));
        QVERIFY(allowed.contains(QLatin1String("(param \"READ_ROOT_1\")")));
        QVERIFY(!allowed.contains(QLatin1String("READ_ROOT_2")));
        QCOMPARE(parenthesisBalance(allowed), 0);
    }

    void sandboxExecInvocation()
    {
        // Paths reach the profile as parameters, so quotes and parentheses in them are harmless.
        const QString workspace = QStringLiteral("/Users/me/my \"odd\" (project)");
        const SandboxExecInvocation invocation = valis::sandboxes::sandboxExecInvocation(
            workspace, QStringLiteral("/private/var/folders/x/T/valis-sandbox-1"), {QStringLiteral("/Users/me/.cargo")},
            NetworkAccess::Denied, QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("make test")});
        const QStringList &args = invocation.arguments;
        QCOMPARE(args.value(0), QStringLiteral("-p"));
        QCOMPARE(args.value(1), invocation.profile);
        QVERIFY(!invocation.profile.contains(QLatin1String("/Users/me")));
        QVERIFY(indexOfPair(args, QStringLiteral("-D"), QStringLiteral("WORKSPACE=") + workspace) >= 0);
        QVERIFY(indexOfPair(args, QStringLiteral("-D"), QStringLiteral("TMPDIR=/private/var/folders/x/T/valis-sandbox-1")) >= 0);
        QVERIFY(indexOfPair(args, QStringLiteral("-D"), QStringLiteral("READ_ROOT_0=/Users/me/.cargo")) >= 0);
        const qsizetype separator = args.indexOf(QStringLiteral("--"));
        QCOMPARE(args.mid(separator), (QStringList{QStringLiteral("--"), QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                                                   QStringLiteral("make test")}));
        // Every parameter the profile reads is given.
        const QRegularExpression param(QStringLiteral("\\(param \"([A-Z_0-9]+)\"\\)"));
        for (auto match = param.globalMatch(invocation.profile); match.hasNext();) {
            const QString name = match.next().captured(1);
            bool given = false;
            for (qsizetype i = 0; i + 1 < separator; ++i)
                given = given || (args.at(i) == QLatin1String("-D") && args.at(i + 1).startsWith(name + QLatin1Char('=')));
            QVERIFY2(given, qPrintable(name));
        }
    }

    void cgroupFilesAreRead()
    {
        const QByteArray mountinfo = sandboxparts::mountinfo();
        QString root;
        QCOMPARE(cgroupfiles::mountPoint(mountinfo, {}, &root), QStringLiteral("/sys/fs/cgroup/unified"));
        QCOMPARE(root, QStringLiteral("/"));
        QCOMPARE(cgroupfiles::mountPoint(mountinfo, "pids", &root), QStringLiteral("/sys/fs/cgroup/pids"));
        QCOMPARE(cgroupfiles::mountPoint(mountinfo, "memory", &root), QStringLiteral("/sys/fs/cgroup/memory with space"));
        QCOMPARE(root, QStringLiteral("/docker/abc"));
        QVERIFY(cgroupfiles::mountPoint(mountinfo, "rdma").isEmpty());
        // "cpu" is not "cpuacct", and a controller shares a hierarchy with others.
        QCOMPARE(cgroupfiles::mountPoint(mountinfo, "cpu"), QStringLiteral("/sys/fs/cgroup/cpu,cpuacct"));

        const QByteArray procCgroup = sandboxparts::procCgroup();
        QCOMPARE(cgroupfiles::cgroupPath(procCgroup, {}), QStringLiteral("/user.slice/user-1000.slice/session-2.scope"));
        QCOMPARE(cgroupfiles::cgroupPath(procCgroup, "pids"), QStringLiteral("/user.slice/user-1000.slice"));
        QCOMPARE(cgroupfiles::cgroupPath(procCgroup, "cpuacct"), QStringLiteral("/user.slice"));
        QVERIFY(cgroupfiles::cgroupPath(procCgroup, "rdma").isEmpty());

        QCOMPARE(cgroupfiles::cgroupFolder(QStringLiteral("/sys/fs/cgroup"), QStringLiteral("/"), QStringLiteral("/a/b")),
                 QStringLiteral("/sys/fs/cgroup/a/b"));
        QCOMPARE(cgroupfiles::cgroupFolder(QStringLiteral("/sys/fs/cgroup/memory"), QStringLiteral("/docker/abc"),
                                           QStringLiteral("/docker/abc/x")),
                 QStringLiteral("/sys/fs/cgroup/memory/x"));
        QCOMPARE(cgroupfiles::cgroupFolder(QStringLiteral("/sys/fs/cgroup/pids"), QStringLiteral("/"), QStringLiteral("/")),
                 QStringLiteral("/sys/fs/cgroup/pids"));

        QCOMPARE(cgroupfiles::pidsEventsMax("max 17\n"), qint64(17));
        QCOMPARE(cgroupfiles::pidsEventsMax("max 0\nmax.imposed 3\n"), qint64(0));
        QCOMPARE(cgroupfiles::pidsEventsMax(""), qint64(0));
    }

    void processStatIsRead()
    {
        const ProcessStat stat = parseProcessStat("4242 (my (odd) prog) S 1 4200 4100 0 -1 4194560 ...");
        QCOMPARE(stat.pid, qint64(4242));
        QCOMPARE(stat.state, 'S');
        QCOMPARE(stat.parentPid, qint64(1));
        QCOMPARE(stat.processGroup, qint64(4200));
        QCOMPARE(stat.session, qint64(4100));
        QCOMPARE(parseProcessStat("12 (zombie) Z 1 12 12 0").state, 'Z');
        QCOMPARE(parseProcessStat("garbage").pid, qint64(0));
        QCOMPARE(parseProcessStat("").pid, qint64(0));
#ifdef Q_OS_LINUX
        QVERIFY(isLiveProcess(QCoreApplication::applicationPid()));
        QVERIFY(liveProcessCount() > 1);
#endif
    }

    void programsAreFoundAsExecvpWould()
    {
        QTemporaryDir folder;
        QVERIFY(QDir(folder.path()).mkpath(QStringLiteral("bin")));
        QVERIFY(QDir(folder.path()).mkpath(QStringLiteral("work")));
        const QString tool = writeFileIn(folder.filePath(QStringLiteral("bin")), QStringLiteral("tool"), "#!/bin/sh\n");
        const QString plainFile = writeFileIn(folder.filePath(QStringLiteral("bin")), QStringLiteral("data"), "not a program");
        QVERIFY(QFile::setPermissions(tool, QFile::ReadOwner | QFile::ExeOwner));
        const QString path = QStringLiteral("/no/such:") + folder.filePath(QStringLiteral("bin"));
        QCOMPARE(findProgram(QStringLiteral("tool"), path, folder.path()), tool);
        QVERIFY(findProgram(QStringLiteral("data"), path, folder.path()).isEmpty()); // not executable
        QVERIFY(findProgram(QStringLiteral("tool"), QStringLiteral("/usr/bin"), folder.path()).isEmpty());
        QCOMPARE(findProgram(QStringLiteral("../bin/tool"), QString(), folder.filePath(QStringLiteral("work"))), tool);
        QCOMPARE(findProgram(tool, QString(), QStringLiteral("/")), tool);
        // The sandbox's filter: a program it cannot see does not count.
        QVERIFY(findProgram(QStringLiteral("tool"), path, folder.path(), [](const QString &) { return false; }).isEmpty());
        QVERIFY(programNotFound(QStringLiteral("tool"), path).message.contains(path));
    }
};

VALIS_TEST_MAIN(TestSandboxParts)

#include "tst_sandboxparts.moc"
