#include "processtree.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QString>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <signal.h>
#endif
#ifdef Q_OS_LINUX
#include <cstdio>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>
#endif

namespace valis::sandboxes {

namespace {

#ifdef Q_OS_LINUX
/// Raw system calls rather than QDir/QFile: a scan of /proc runs at the end of every command.
ProcessStat readProcessStat(const char *pid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%s/stat", pid);
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return {}; // it ended meanwhile
    char buffer[1024];
    const ssize_t size = ::read(fd, buffer, sizeof buffer);
    ::close(fd);
    if (size <= 0)
        return {};
    return parseProcessStat(QByteArray::fromRawData(buffer, qsizetype(size)));
}

template<typename Visit>
void forEachProcess(Visit visit)
{
    DIR *proc = ::opendir("/proc");
    if (!proc)
        return;
    while (const dirent *entry = ::readdir(proc)) {
        if (entry->d_name[0] < '1' || entry->d_name[0] > '9')
            continue;
        const ProcessStat stat = readProcessStat(entry->d_name);
        if (stat.pid > 0)
            visit(stat);
    }
    ::closedir(proc);
}
#endif

} // namespace

ProcessStat parseProcessStat(const QByteArray &statLine)
{
    // "pid (comm) state ppid pgrp session ...": comm may hold anything, so the fields start
    // after the last ") ".
    const QByteArrayView line(statLine);
    const qsizetype nameStart = line.indexOf(" (");
    const qsizetype nameEnd = line.lastIndexOf(") ");
    if (nameStart <= 0 || nameEnd < nameStart)
        return {};
    bool ok = false;
    ProcessStat stat;
    stat.pid = line.first(nameStart).toLongLong(&ok);
    if (!ok)
        return {};
    QByteArrayView rest = line.sliced(nameEnd + 2);
    qint64 numbers[3] = {0, 0, 0};
    for (int field = 0; field < 4; ++field) {
        const qsizetype space = rest.indexOf(' ');
        const QByteArrayView value = space < 0 ? rest : rest.first(space);
        if (value.isEmpty())
            return {};
        if (field == 0) {
            if (value.size() != 1)
                return {};
            stat.state = value.at(0);
        } else {
            numbers[field - 1] = value.toLongLong(&ok);
            if (!ok)
                return {};
        }
        if (space < 0 && field < 3)
            return {};
        rest = space < 0 ? QByteArrayView() : rest.sliced(space + 1);
    }
    stat.parentPid = numbers[0];
    stat.processGroup = numbers[1];
    stat.session = numbers[2];
    return stat;
}

QList<qint64> liveSessionMembers(qint64 session)
{
    QList<qint64> members;
#ifdef Q_OS_LINUX
    if (session <= 0)
        return members;
    forEachProcess([&](const ProcessStat &stat) {
        if (stat.session == session && stat.isLive())
            members.append(stat.pid);
    });
#else
    Q_UNUSED(session);
#endif
    return members;
}

QList<qint64> liveDescendants(qint64 ancestor)
{
    QList<qint64> descendants;
#ifdef Q_OS_LINUX
    if (ancestor <= 0)
        return descendants;
    QHash<qint64, QList<qint64>> children;
    forEachProcess([&](const ProcessStat &stat) {
        // A zombie's children were handed to a reaper when it died: it has none left.
        if (stat.isLive())
            children[stat.parentPid].append(stat.pid);
    });
    QList<qint64> pending{ancestor};
    while (!pending.isEmpty()) {
        const qint64 parent = pending.takeLast();
        for (qint64 child : children.value(parent)) {
            if (child == ancestor || descendants.contains(child))
                continue; // /proc is read while it changes: never loop
            descendants.append(child);
            pending.append(child);
        }
    }
#else
    Q_UNUSED(ancestor);
#endif
    return descendants;
}

bool isLiveProcess(qint64 pid)
{
    if (pid <= 0)
        return false;
#ifdef Q_OS_LINUX
    const ProcessStat stat = readProcessStat(QByteArray::number(pid).constData());
    return stat.pid == pid && stat.isLive();
#elif defined(Q_OS_UNIX)
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
#else
    return false;
#endif
}

int liveProcessCount()
{
#ifdef Q_OS_LINUX
    int count = 0;
    forEachProcess([&](const ProcessStat &stat) {
        if (stat.isLive())
            ++count;
    });
    return count;
#else
    return -1;
#endif
}

} // namespace valis::sandboxes

namespace valis::sandboxes {
int liveTaskCountOfUser(uint uid)
{
#ifdef Q_OS_LINUX
    int count = 0;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        if (entry.isEmpty() || !entry.at(0).isDigit())
            continue;
        const QString folder = QStringLiteral("/proc/") + entry;
        if (QFileInfo(folder).ownerId() != uid)
            continue;
        count += int(QDir(folder + QStringLiteral("/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size());
    }
    return count;
#else
    Q_UNUSED(uid);
    return -1;
#endif
}
} // namespace valis::sandboxes
