#pragma once

// How confined a process is, read from /proc (Linux only): for tests that check Chromium's
// sandbox around the web view's renderer.
#include <QByteArray>
#include <QFile>
#include <QString>

namespace valis::test {

/// What /proc says of a process's confinement: its seccomp mode and filters, and how deep in
/// nested pid namespaces it lives (-1 where unknown).
struct Confinement
{
    int seccompMode = -1;
    int seccompFilters = -1;
    int pidNamespaceDepth = -1;
};

inline Confinement confinementOf(const QString &pid)
{
    Confinement confinement;
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return confinement;
    for (const QByteArray &line : status.readAll().split('\n')) {
        const qsizetype colon = line.indexOf(':');
        const QByteArray key = line.left(colon);
        const QByteArray value = line.mid(colon + 1).simplified();
        if (key == "Seccomp")
            confinement.seccompMode = value.toInt();
        else if (key == "Seccomp_filters")
            confinement.seccompFilters = value.toInt();
        else if (key == "NSpid")
            confinement.pidNamespaceDepth = int(value.split(' ').size());
    }
    return confinement;
}

} // namespace valis::test
