#pragma once

#include <QDir>
#include <QFile>
#include <QHash>
#include <QList>
#include <QStringList>

namespace valis::bench {

/// The sum in KiB of the /proc/<pid>/smaps_rollup lines named `fields` ("Pss:", "Pss_Anon:");
/// 0 for a line or a file that cannot be read (another system, a process that ended).
inline qint64 rollupKiB(qint64 pid, const QList<QByteArray> &fields)
{
    QFile rollup(QStringLiteral("/proc/%1/smaps_rollup").arg(pid));
    if (!rollup.open(QIODevice::ReadOnly))
        return 0;
    qint64 total = 0;
    for (const QByteArray &line : rollup.readAll().split('\n')) {
        for (const QByteArray &field : fields) {
            if (line.startsWith(field))
                total += line.mid(field.size()).trimmed().split(' ').first().toLongLong();
        }
    }
    return total;
}

/// Proportional set size in KiB of process `pid` (see rollupKiB()).
inline qint64 pssKiB(qint64 pid)
{
    return rollupKiB(pid, {QByteArrayLiteral("Pss:")});
}

/// `root` and every process below it (Qt WebEngine's helpers, say), from /proc.
inline QList<qint64> processTree(qint64 root)
{
    QHash<qint64, QList<qint64>> children;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        if (!numeric)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        const qsizetype close = line.lastIndexOf(')');
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');
        if (fields.size() > 1)
            children[fields.at(1).toLongLong()].append(pid);
    }
    QList<qint64> tree;
    QList<qint64> pending{root};
    while (!pending.isEmpty()) {
        const qint64 pid = pending.takeLast();
        pending += children.value(pid);
        tree.append(pid);
    }
    return tree;
}

/// PSS in KiB of `pid` and every process below it.
inline qint64 treePssKiB(qint64 root)
{
    qint64 total = 0;
    for (const qint64 pid : processTree(root))
        total += pssKiB(pid);
    return total;
}

} // namespace valis::bench
