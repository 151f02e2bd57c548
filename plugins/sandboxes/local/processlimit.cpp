#include "processlimit.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <atomic>
#include <cerrno>

#ifdef Q_OS_UNIX
#include <signal.h>
#include <unistd.h>
#endif

namespace valis::sandboxes {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::sandboxes::ProcessLimit)
};

QByteArray readSmallFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

bool writeSmallFile(const QString &path, const QByteArray &bytes)
{
    // Unbuffered: a kernel file takes or refuses the whole write, and the refusal must show.
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return false;
    return file.write(bytes) == bytes.size();
}

/// Name prefix of the groups this process makes; the pid lets a later process find and remove
/// groups a crashed one left behind.
QString groupPrefix()
{
    return QStringLiteral("valis-") + QString::number(QCoreApplication::applicationPid()) + QLatin1Char('-');
}

#ifdef Q_OS_UNIX
bool processAlive(qint64 pid)
{
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
}
#endif

/// Removes empty groups named after processes that no longer exist (a crash left them).
void removeStaleGroups(const QString &parent)
{
#ifdef Q_OS_UNIX
    const QStringList names = QDir(parent).entryList({QStringLiteral("valis-*-*")}, QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : names) {
        bool ok = false;
        const qint64 pid = name.section(QLatin1Char('-'), 1, 1).toLongLong(&ok);
        if (ok && pid != QCoreApplication::applicationPid() && !processAlive(pid))
            QDir(parent).rmdir(name); // fails harmlessly while processes are still in it
    }
#else
    Q_UNUSED(parent);
#endif
}

// Only Linux has pids cgroups to probe; elsewhere these would be unused.
#ifdef Q_OS_LINUX
bool isWritable(const QString &path)
{
    return ::access(QFile::encodeName(path).constData(), W_OK) == 0;
}

/// Creates a probe group under `parent` and says whether it gets a pids.max, enabling the
/// controller for children first where cgroup v2 needs that.
bool probeGroup(const QString &parent, bool enableForChildren)
{
    if (parent.isEmpty() || !isWritable(parent))
        return false;
    const QString probe = parent + QLatin1Char('/') + groupPrefix() + QStringLiteral("probe");
    if (!QDir().mkdir(probe) && !QFileInfo(probe).isDir())
        return false;
    bool ok = QFileInfo::exists(probe + QStringLiteral("/pids.max"));
    if (!ok && enableForChildren) {
        writeSmallFile(parent + QStringLiteral("/cgroup.subtree_control"), "+pids");
        ok = QFileInfo::exists(probe + QStringLiteral("/pids.max"));
    }
    ok = ok && isWritable(probe + QStringLiteral("/cgroup.procs"));
    QDir().rmdir(probe);
    return ok;
}
#endif

ProcessLimitSetup probeProcessLimit()
{
#ifdef Q_OS_LINUX
    const QByteArray mountinfo = readSmallFile(QStringLiteral("/proc/self/mountinfo"));
    const QByteArray procCgroup = readSmallFile(QStringLiteral("/proc/self/cgroup"));

    // cgroup v2: our own cgroup must offer the pids controller and be ours to write.
    QString root;
    const QString v2Mount = cgroupfiles::mountPoint(mountinfo, {}, &root);
    const QString v2Path = cgroupfiles::cgroupPath(procCgroup, {});
    if (!v2Mount.isEmpty() && !v2Path.isEmpty()) {
        const QString folder = cgroupfiles::cgroupFolder(v2Mount, root, v2Path);
        const QList<QByteArray> controllers = readSmallFile(folder + QStringLiteral("/cgroup.controllers")).simplified().split(' ');
        if (controllers.contains("pids") && probeGroup(folder, true))
            return {ProcessLimitMechanism::CgroupV2, folder};
    }
    // cgroup v1: the pids hierarchy.
    const QString v1Mount = cgroupfiles::mountPoint(mountinfo, "pids", &root);
    const QString v1Path = cgroupfiles::cgroupPath(procCgroup, "pids");
    if (!v1Mount.isEmpty() && !v1Path.isEmpty()) {
        const QString folder = cgroupfiles::cgroupFolder(v1Mount, root, v1Path);
        if (probeGroup(folder, false))
            return {ProcessLimitMechanism::CgroupV1, folder};
    }
    // RLIMIT_NPROC binds every user but root.
    if (::geteuid() != 0)
        return {ProcessLimitMechanism::RlimitNproc, {}};
#endif
    return {ProcessLimitMechanism::None, {}};
}

std::atomic<int> groupCounter{0};

} // namespace

QString processLimitMechanismName(ProcessLimitMechanism mechanism)
{
    switch (mechanism) {
    case ProcessLimitMechanism::None:
        return QStringLiteral("none");
    case ProcessLimitMechanism::CgroupV2:
        return QStringLiteral("pids cgroup (v2)");
    case ProcessLimitMechanism::CgroupV1:
        return QStringLiteral("pids cgroup (v1)");
    case ProcessLimitMechanism::RlimitNproc:
        return QStringLiteral("RLIMIT_NPROC (per user, approximate)");
    }
    return {};
}

ProcessLimitSetup detectProcessLimit()
{
    static const ProcessLimitSetup detected = [] {
        ProcessLimitSetup setup = probeProcessLimit();
        if (!setup.cgroupParent.isEmpty())
            removeStaleGroups(setup.cgroupParent);
        return setup;
    }();
    return detected;
}

Result<ProcessLimitSetup> processLimitSetup(ProcessLimitMechanism mechanism)
{
    if (mechanism == ProcessLimitMechanism::None || mechanism == ProcessLimitMechanism::RlimitNproc)
        return ProcessLimitSetup{mechanism, {}};
    const ProcessLimitSetup detected = detectProcessLimit();
    if (detected.mechanism == mechanism)
        return detected;
    return Error(QStringLiteral("sandbox.start-failed"),
                 Text::tr("The process limit mechanism \"%1\" is not usable here (this process can use: %2).")
                     .arg(processLimitMechanismName(mechanism), processLimitMechanismName(detected.mechanism)));
}

PidsCgroup::PidsCgroup(QString path, int maxPids)
    : m_path(std::move(path)), m_procsPath(QFile::encodeName(m_path + QStringLiteral("/cgroup.procs"))), m_maxPids(maxPids)
{}

Result<std::unique_ptr<PidsCgroup>> PidsCgroup::create(const ProcessLimitSetup &setup, int maxPids)
{
    const QString path = setup.cgroupParent + QLatin1Char('/') + groupPrefix() + QString::number(++groupCounter);
    if (!QDir().mkdir(path)) {
        return Error(QStringLiteral("sandbox.start-failed"),
                     Text::tr("Could not create the process-limit group %1.").arg(path));
    }
    std::unique_ptr<PidsCgroup> group(new PidsCgroup(path, maxPids));
    if (!writeSmallFile(path + QStringLiteral("/pids.max"), QByteArray::number(maxPids))) {
        group->remove();
        return Error(QStringLiteral("sandbox.start-failed"),
                     Text::tr("Could not set the process limit in %1.").arg(path));
    }
    return group;
}

PidsCgroup::~PidsCgroup()
{
    if (!m_removed) {
        killAll();
        remove();
    }
}

QList<qint64> PidsCgroup::processes() const
{
    QList<qint64> pids;
    const QList<QByteArray> lines = readSmallFile(m_path + QStringLiteral("/cgroup.procs")).split('\n');
    for (const QByteArray &line : lines) {
        bool ok = false;
        const qint64 pid = line.trimmed().toLongLong(&ok);
        if (ok && pid > 0)
            pids.append(pid);
    }
    return pids;
}

int PidsCgroup::processCount() const
{
    return readSmallFile(m_path + QStringLiteral("/pids.current")).trimmed().toInt();
}

qint64 PidsCgroup::limitHits() const
{
    return cgroupfiles::pidsEventsMax(readSmallFile(m_path + QStringLiteral("/pids.events")));
}

qsizetype PidsCgroup::killAll() const
{
    if (m_removed)
        return 0;
    const QList<qint64> alive = processes();
    if (alive.isEmpty())
        return 0;
    const QString killFile = m_path + QStringLiteral("/cgroup.kill");
    if (QFileInfo::exists(killFile) && writeSmallFile(killFile, "1"))
        return alive.size();
#ifdef Q_OS_UNIX
    for (qint64 pid : alive)
        ::kill(pid_t(pid), SIGKILL);
#endif
    return alive.size();
}

bool PidsCgroup::remove()
{
    if (m_removed)
        return true;
    m_removed = QDir().rmdir(m_path) || !QFileInfo::exists(m_path);
    return m_removed;
}

namespace cgroupfiles {

QString mountPoint(const QByteArray &mountinfo, const QByteArray &controller, QString *root)
{
    // "36 35 0:31 / /sys/fs/cgroup/pids rw,relatime shared:5 - cgroup cgroup rw,pids"
    const QList<QByteArray> lines = mountinfo.split('\n');
    for (const QByteArray &line : lines) {
        const int separator = line.indexOf(" - ");
        if (separator < 0)
            continue;
        const QList<QByteArray> before = line.left(separator).split(' ');
        const QList<QByteArray> after = line.mid(separator + 3).split(' ');
        if (before.size() < 5 || after.size() < 3)
            continue;
        const QByteArray &type = after.at(0);
        const bool match = controller.isEmpty()
                               ? type == "cgroup2"
                               : type == "cgroup" && after.at(2).split(',').contains(controller);
        if (!match)
            continue;
        // mountinfo escapes space, tab, newline and backslash as octal.
        const auto unescape = [](QByteArray field) {
            field.replace("\\040", " ").replace("\\011", "\t").replace("\\012", "\n").replace("\\134", "\\");
            return QFile::decodeName(field);
        };
        if (root)
            *root = unescape(before.at(3));
        return unescape(before.at(4));
    }
    return {};
}

QString cgroupPath(const QByteArray &procCgroup, const QByteArray &controller)
{
    // "0::/user.slice/..." (v2) or "8:pids:/docker/..." (v1; controllers may be comma-joined)
    const QList<QByteArray> lines = procCgroup.split('\n');
    for (const QByteArray &line : lines) {
        const int first = line.indexOf(':');
        const int second = first < 0 ? -1 : line.indexOf(':', first + 1);
        if (second < 0)
            continue;
        const QByteArray controllers = line.mid(first + 1, second - first - 1);
        const bool match = controller.isEmpty() ? line.left(first) == "0" && controllers.isEmpty()
                                                : controllers.split(',').contains(controller);
        if (match)
            return QFile::decodeName(line.mid(second + 1));
    }
    return {};
}

QString cgroupFolder(const QString &mountPoint, const QString &mountRoot, const QString &path)
{
    QString relative = path;
    if (!mountRoot.isEmpty() && mountRoot != QLatin1String("/")
        && (relative == mountRoot || relative.startsWith(mountRoot + QLatin1Char('/')))) {
        relative = relative.mid(mountRoot.size());
    }
    return QDir::cleanPath(mountPoint + QLatin1Char('/') + relative);
}

qint64 pidsEventsMax(const QByteArray &pidsEvents)
{
    const QList<QByteArray> lines = pidsEvents.split('\n');
    for (const QByteArray &line : lines) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        if (fields.size() == 2 && fields.at(0) == "max")
            return fields.at(1).toLongLong();
    }
    return 0;
}

} // namespace cgroupfiles

} // namespace valis::sandboxes
