#include "processtree.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <signal.h>
#endif

namespace valis::sandboxes {

namespace {

#ifdef Q_OS_LINUX
ProcessStat readProcessStat(const QString &pid)
{
    QFile file(QStringLiteral("/proc/") + pid + QStringLiteral("/stat"));
    if (!file.open(QIODevice::ReadOnly))
        return {}; // it ended meanwhile
    return parseProcessStat(file.read(1024));
}

template<typename Visit>
void forEachProcess(Visit visit)
{
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        if (entry.isEmpty() || !entry.at(0).isDigit())
            continue;
        const ProcessStat stat = readProcessStat(entry);
        if (stat.pid > 0)
            visit(stat);
    }
}
#endif

} // namespace

ProcessStat parseProcessStat(const QByteArray &statLine)
{
    ProcessStat stat;
    const int open = statLine.indexOf(" (");
    const int close = statLine.lastIndexOf(") ");
    if (open <= 0 || close < open)
        return stat;
    const QList<QByteArray> fields = statLine.mid(close + 2).split(' ');
    if (fields.size() < 4 || fields.at(0).size() != 1)
        return stat;
    bool ok = false;
    stat.pid = statLine.left(open).toLongLong(&ok);
    if (!ok)
        return {};
    stat.state = fields.at(0).at(0);
    stat.parentPid = fields.at(1).toLongLong();
    stat.processGroup = fields.at(2).toLongLong();
    stat.session = fields.at(3).toLongLong();
    return stat;
}

QList<qint64> liveSessionMembers(qint64 session)
{
    QList<qint64> members;
#ifdef Q_OS_LINUX
    if (session <= 0)
        return members;
    forEachProcess([&](const ProcessStat &stat) {
        if (stat.session == session && stat.state != 'Z' && stat.state != 'X')
            members.append(stat.pid);
    });
#else
    Q_UNUSED(session);
#endif
    return members;
}

bool isLiveProcess(qint64 pid)
{
    if (pid <= 0)
        return false;
#ifdef Q_OS_LINUX
    const ProcessStat stat = readProcessStat(QString::number(pid));
    return stat.pid == pid && stat.state != 'Z' && stat.state != 'X';
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
        if (stat.state != 'Z' && stat.state != 'X')
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
