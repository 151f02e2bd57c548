#include "bwrapsandbox.h"

#include "localsandboxprocess.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace valis::sandboxes {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::sandboxes::BwrapSandbox)
};

/// The system folders a command needs to run programs; absent ones are skipped.
const char *const SystemFolders[] = {"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt"};

/// Files in /etc a root caller could read and a command has no business reading.
const char *const HiddenFiles[] = {"/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-",
                                   "/etc/sudoers", "/etc/security/opasswd"};
const char *const HiddenFolders[] = {"/etc/ssl/private", "/etc/sudoers.d"};

bool isUnderAny(const QString &path, const QList<BwrapLayout::Mount> &mounts)
{
    for (const BwrapLayout::Mount &mount : mounts) {
        if (mount.kind == BwrapLayout::Mount::Kind::ReadOnly && isSameOrInside(path, mount.path))
            return true;
    }
    return false;
}

bool isPrivileged(const QString &bwrap)
{
#ifdef Q_OS_UNIX
    if (::geteuid() == 0)
        return true;
    struct stat info;
    return ::stat(QFile::encodeName(bwrap).constData(), &info) == 0 && (info.st_mode & S_ISUID) && info.st_uid == 0;
#else
    Q_UNUSED(bwrap);
    return false;
#endif
}

QString readSysctl(const QString &procSys, const QString &name)
{
    QFile file(procSys + QLatin1Char('/') + name);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(file.readAll()).trimmed();
}

Error unavailable(const QString &message)
{
    return Error(QStringLiteral("sandbox.unavailable"), message);
}

} // namespace

BwrapLayout BwrapLayout::probe(const QStringList &readOnlyPaths)
{
    using Kind = Mount::Kind;
    BwrapLayout layout;
    // Real folders first, so links can be recreated as links when their target is shown.
    for (const char *folder : SystemFolders) {
        const QString path = QString::fromLatin1(folder);
        const QFileInfo info(path);
        if (!info.isSymLink() && info.isDir())
            layout.mounts.append({Kind::ReadOnly, path, path});
    }
    for (const char *folder : SystemFolders) {
        const QString path = QString::fromLatin1(folder);
        const QFileInfo info(path);
        if (!info.isSymLink())
            continue;
        const QString target = info.canonicalFilePath();
        if (target.isEmpty())
            continue; // a dangling link
        if (isUnderAny(target, layout.mounts))
            layout.mounts.append({Kind::Symlink, path, target});
        else if (QFileInfo(target).isDir())
            layout.mounts.append({Kind::ReadOnly, path, target});
    }
    for (const QString &extra : readOnlyPaths) {
        if (!QDir::isAbsolutePath(extra))
            continue;
        const QString path = QDir::cleanPath(extra);
        const QString source = QFileInfo(path).canonicalFilePath();
        if (!source.isEmpty() && path != QLatin1String("/"))
            layout.mounts.append({Kind::ReadOnly, path, source});
    }
    // resolv.conf is often a link into /run, which is not shown: show its target.
    const QFileInfo resolver(QStringLiteral("/etc/resolv.conf"));
    if (resolver.isSymLink()) {
        const QString target = resolver.canonicalFilePath();
        if (!target.isEmpty() && !isUnderAny(target, layout.mounts))
            layout.mounts.append({Kind::ReadOnly, target, target});
    }
    // Secrets only root can read: the command may run as root.
    if (isUnderAny(QStringLiteral("/etc"), layout.mounts)) {
        QStringList hidden;
        for (const char *file : HiddenFiles)
            hidden.append(QString::fromLatin1(file));
        const QStringList hostKeys = QDir(QStringLiteral("/etc/ssh")).entryList({QStringLiteral("ssh_host_*_key")}, QDir::Files | QDir::Hidden | QDir::System);
        for (const QString &key : hostKeys)
            hidden.append(QStringLiteral("/etc/ssh/") + key);
        for (const QString &file : std::as_const(hidden)) {
            const QFileInfo info(file);
            if (info.isFile() && !info.isSymLink())
                layout.mounts.append({Kind::HideFile, file, QStringLiteral("/dev/null")});
        }
        for (const char *folder : HiddenFolders) {
            const QFileInfo info(QString::fromLatin1(folder));
            if (info.isDir() && !info.isSymLink())
                layout.mounts.append({Kind::HideFolder, info.filePath(), {}});
        }
    }
    return layout;
}

QStringList BwrapLayout::visibleFolders() const
{
    QStringList folders;
    for (const Mount &mount : mounts) {
        if (mount.kind == Mount::Kind::ReadOnly || mount.kind == Mount::Kind::Symlink)
            folders.append(mount.path);
    }
    return folders;
}

QStringList bwrapArguments(const BwrapLayout &layout, const CommandPaths &paths, NetworkAccess network,
                           const QString &program, const QStringList &arguments)
{
    using Kind = BwrapLayout::Mount::Kind;
    QStringList args{QStringLiteral("--die-with-parent"), QStringLiteral("--new-session"),
                     QStringLiteral("--unshare-all"), QStringLiteral("--unshare-pid")};
    if (network == NetworkAccess::Allowed)
        args << QStringLiteral("--share-net");
    args << QStringLiteral("--cap-drop") << QStringLiteral("ALL");
    args << QStringLiteral("--proc") << QStringLiteral("/proc") << QStringLiteral("--dev") << QStringLiteral("/dev");
    // Before the binds, so a read-only path or the workspace under /tmp is shown on top of it.
    args << QStringLiteral("--tmpfs") << QStringLiteral("/tmp") << QStringLiteral("--dir") << SandboxHome;
    for (const BwrapLayout::Mount &mount : layout.mounts) {
        switch (mount.kind) {
        case Kind::ReadOnly:
            args << QStringLiteral("--ro-bind") << mount.source << mount.path;
            break;
        case Kind::Symlink:
            args << QStringLiteral("--symlink") << mount.source << mount.path;
            break;
        case Kind::HideFile:
            args << QStringLiteral("--ro-bind") << QStringLiteral("/dev/null") << mount.path;
            break;
        case Kind::HideFolder:
            args << QStringLiteral("--tmpfs") << mount.path << QStringLiteral("--remount-ro") << mount.path;
            break;
        }
    }
    args << QStringLiteral("--bind") << paths.workspaceOnHost << paths.workspace;
    // The rest of the root (folders made for mount points) cannot be written either.
    args << QStringLiteral("--remount-ro") << QStringLiteral("/");
    args << QStringLiteral("--chdir") << paths.workingDirectory;
    args << QStringLiteral("--") << program << arguments;
    return args;
}

QProcessEnvironment bwrapEnvironment(const SandboxCommand &command, const QProcessEnvironment &host)
{
    QProcessEnvironment environment;
    for (const QString &name : {QStringLiteral("USER"), QStringLiteral("LOGNAME")}) {
        if (host.contains(name))
            environment.insert(name, host.value(name));
    }
    environment.insert(QStringLiteral("PATH"), SandboxPath);
    environment.insert(QStringLiteral("HOME"), SandboxHome);
    environment.insert(QStringLiteral("TMPDIR"), QStringLiteral("/tmp"));
    environment.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    // No terminal: programs should not send colours or cursor movement.
    environment.insert(QStringLiteral("TERM"), QStringLiteral("dumb"));
    for (auto it = command.environment.cbegin(); it != command.environment.cend(); ++it)
        environment.insert(it.key(), it.value());
    return environment;
}

std::optional<QString> userNamespaceProblem(const QString &procSys)
{
    if (readSysctl(procSys, QStringLiteral("kernel/unprivileged_userns_clone")) == QLatin1String("0")) {
        return Text::tr("unprivileged user namespaces are disabled (kernel.unprivileged_userns_clone = 0); "
                  "enable them with: sysctl -w kernel.unprivileged_userns_clone=1");
    }
    if (readSysctl(procSys, QStringLiteral("user/max_user_namespaces")) == QLatin1String("0")) {
        return Text::tr("user namespaces are disabled (user.max_user_namespaces = 0); "
                  "enable them with: sysctl -w user.max_user_namespaces=15000");
    }
    if (readSysctl(procSys, QStringLiteral("kernel/apparmor_restrict_unprivileged_userns")) == QLatin1String("1")) {
        return Text::tr("AppArmor restricts unprivileged user namespaces "
                  "(kernel.apparmor_restrict_unprivileged_userns = 1); allow them for bwrap with an AppArmor "
                  "profile, or run: sysctl -w kernel.apparmor_restrict_unprivileged_userns=0");
    }
    return std::nullopt;
}

BwrapSandbox::BwrapSandbox(LocalSandboxOptions options)
    : LocalSandbox(std::move(options))
{}

QString BwrapSandbox::id() const
{
    return LocalSandboxId::Bwrap;
}

QString BwrapSandbox::displayName() const
{
    return Text::tr("bubblewrap");
}

Sandbox::Capabilities BwrapSandbox::capabilities() const
{
    return withLimits(Capability::IsolatesFilesystem | Capability::IsolatesNetwork | Capability::EnforcesTimeout);
}

QString BwrapSandbox::bwrapProgram() const
{
    const QString name = QStringLiteral("bwrap");
    if (!options().searchPaths.isEmpty())
        return QStandardPaths::findExecutable(name, options().searchPaths);
    QString found = QStandardPaths::findExecutable(name);
    if (found.isEmpty())
        found = QStandardPaths::findExecutable(name, {QStringLiteral("/usr/bin"), QStringLiteral("/bin")});
    return found;
}

Result<void> BwrapSandbox::checkAvailable() const
{
    const QString bwrap = bwrapProgram();
    if (bwrap.isEmpty()) {
        return unavailable(Text::tr("bubblewrap (bwrap) is not installed: install the bubblewrap package "
                              "(apt install bubblewrap, dnf install bubblewrap), or turn isolation off."));
    }
    {
        const std::lock_guard lock(m_mutex);
        if (m_verifiedProgram == bwrap)
            return success();
    }
    if (!isPrivileged(bwrap)) {
        if (const auto problem = userNamespaceProblem(QStringLiteral("/proc/sys")))
            return unavailable(Text::tr("bubblewrap cannot run: %1.").arg(*problem));
    }

    // Run one real sandboxed command: only that shows that every mount and namespace works.
    QTemporaryDir workspace;
    if (!workspace.isValid())
        return unavailable(Text::tr("Could not create a temporary folder to try bubblewrap in."));
    SandboxCommand command;
    command.workspace = workspace.path();
    const auto paths = resolveCommandPaths(command);
    const QString program = findProgram(QStringLiteral("true"), SandboxPath, workspace.path());
    if (paths.hasError() || program.isEmpty())
        return unavailable(Text::tr("Could not prepare a command to try bubblewrap with."));
    QProcess probe;
    probe.setProgram(bwrap);
    probe.setArguments(bwrapArguments(BwrapLayout::probe(options().readOnlyPaths), paths.value(),
                                      NetworkAccess::Denied, program, {}));
    probe.setProcessEnvironment(bwrapEnvironment(command, QProcessEnvironment::systemEnvironment()));
    probe.setStandardInputFile(QProcess::nullDevice());
    probe.start(QIODevice::ReadOnly);
    if (!probe.waitForFinished(10000)) {
        probe.kill();
        probe.waitForFinished(1000);
        return unavailable(Text::tr("bubblewrap (%1) did not run a test command: %2").arg(bwrap, probe.errorString()));
    }
    if (probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0) {
        const QString output = QString::fromLocal8Bit(probe.readAllStandardError()).trimmed();
        QString message = Text::tr("bubblewrap (%1) cannot create a sandbox here: %2").arg(bwrap, output);
        if (output.contains(QLatin1String("namespace")) || output.contains(QLatin1String("uid map"))
            || output.contains(QLatin1String("Operation not permitted"))) {
            message += QLatin1Char(' ')
                       + Text::tr("Unprivileged user namespaces are probably disabled or restricted; enable them "
                            "(kernel.unprivileged_userns_clone, user.max_user_namespaces, or the AppArmor "
                            "restriction on Ubuntu), or install bwrap setuid root.");
        }
        return unavailable(message);
    }
    const std::lock_guard lock(m_mutex);
    m_verifiedProgram = bwrap;
    return success();
}

SandboxProcess *BwrapSandbox::start(const SandboxCommand &command, QObject *parent)
{
    LaunchPlan plan;
    plan.timeout = command.timeout;
    plan.limits = command.limits;
    plan.processOverhead = 2; // bwrap outside and bwrap as the namespace's init
    plan.environment = bwrapEnvironment(command, QProcessEnvironment::systemEnvironment());

    const auto refuse = [&](const Error &error) {
        plan.refusal = error;
        return new LocalSandboxProcess(std::move(plan), parent);
    };
    const auto limit = processLimitSetup(processLimitMechanism());
    if (limit.hasError())
        return refuse(limit.error());
    plan.processLimit = limit.value();
    const auto available = checkAvailable();
    if (available.hasError())
        return refuse(Error(QStringLiteral("sandbox.start-failed"), available.error().message));
    const auto paths = resolveCommandPaths(command);
    if (paths.hasError())
        return refuse(paths.error());

    // Found here, where the reason can be told, rather than by bwrap's execvp inside.
    const BwrapLayout layout = BwrapLayout::probe(options().readOnlyPaths);
    QStringList visible = layout.visibleFolders();
    visible << paths->workspace; // not /tmp: the command's /tmp is its own
    const QString pathVariable = plan.environment.value(QStringLiteral("PATH"));
    const QString program = findProgram(command.program, pathVariable, paths->workingDirectory,
                                        [&visible](const QString &candidate) {
                                            for (const QString &folder : std::as_const(visible)) {
                                                if (isSameOrInside(candidate, folder))
                                                    return true;
                                            }
                                            return false;
                                        });
    if (program.isEmpty())
        return refuse(programNotFound(command.program, pathVariable));

    plan.program = bwrapProgram();
    plan.arguments = bwrapArguments(layout, paths.value(), command.network, program, command.arguments);
    plan.workingDirectory = paths->workspaceOnHost;
    return new LocalSandboxProcess(std::move(plan), parent);
}

} // namespace valis::sandboxes
