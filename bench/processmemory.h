#pragma once

#include <QDir>
#include <QFile>
#include <QHash>
#include <QList>
#include <QStringList>

namespace valis::bench {

/// The lines of /proc/<pid>/smaps_rollup by name ("Pss", "Pss_Anon", ...), in KiB; empty when
/// it cannot be read (another system, a process that ended).
inline QHash<QByteArray, qint64> rollupKiB(qint64 pid)
{
    QHash<QByteArray, qint64> fields;
    QFile rollup(QStringLiteral("/proc/%1/smaps_rollup").arg(pid));
    if (!rollup.open(QIODevice::ReadOnly))
        return fields;
    for (const QByteArray &line : rollup.readAll().split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            fields.insert(line.left(colon), line.mid(colon + 1).trimmed().split(' ').first().toLongLong());
    }
    return fields;
}

/// Proportional set size in KiB of process `pid`; 0 when it cannot be read.
inline qint64 pssKiB(qint64 pid)
{
    return rollupKiB(pid).value(QByteArrayLiteral("Pss"));
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
