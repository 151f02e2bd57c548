#include "sandboxexecprofile.h"

namespace valis::sandboxes {

namespace {

/// What every command may do: run programs, read the system, use the few system services
/// that the C library and the toolchains need.
const char BaseProfile[] = R"sbpl((version 1)
(deny default)

(allow process-exec)
(allow process-fork)
(allow signal (target same-sandbox))
(allow process-info* (target same-sandbox))
(allow sysctl-read)
(allow pseudo-tty)
(allow ipc-posix-sem)

(allow mach-lookup
    (global-name "com.apple.system.opendirectoryd.libinfo")
    (global-name "com.apple.system.logger")
    (global-name "com.apple.system.notification_center")
    (global-name "com.apple.logd")
    (global-name "com.apple.diagnosticd")
    (global-name "com.apple.cfprefsd.daemon")
    (global-name "com.apple.cfprefsd.agent")
    (global-name "com.apple.CoreServices.coreservicesd")
    (global-name "com.apple.lsd.mapdb")
    (global-name "com.apple.SecurityServer")
    (global-name "com.apple.trustd.agent"))

(allow file-read-metadata)
(allow file-read*
    (literal "/")
    (literal "/etc")
    (literal "/tmp")
    (literal "/var")
    (subpath "/usr")
    (subpath "/bin")
    (subpath "/sbin")
    (subpath "/System")
    (subpath "/Library")
    (subpath "/Applications")
    (subpath "/opt")
    (subpath "/private/etc")
    (subpath "/private/var/db/dyld")
    (subpath "/private/var/db/timezone")
    (subpath "/dev"))

(allow file-read* file-write*
    (literal "/dev/null")
    (literal "/dev/zero")
    (literal "/dev/tty")
    (literal "/dev/dtracehelper")
    (regex #"^/dev/fd/")
    (regex #"^/dev/ttys[0-9]+$"))
(allow file-ioctl
    (literal "/dev/tty")
    (literal "/dev/dtracehelper")
    (regex #"^/dev/ttys[0-9]+$"))

(allow file-read* file-write*
    (subpath (param "WORKSPACE"))
    (subpath (param "TMPDIR")))
)sbpl";

const char NetworkProfile[] = R"sbpl(
(allow network-outbound)
(allow network-inbound)
(allow system-socket)
(allow mach-lookup
    (global-name "com.apple.dnssd.service")
    (global-name "com.apple.SystemConfiguration.configd")
    (global-name "com.apple.SystemConfiguration.DNSConfiguration"))
)sbpl";

QString readRootParameter(int index)
{
    return QStringLiteral("READ_ROOT_") + QString::number(index);
}

} // namespace

QString sandboxExecProfile(NetworkAccess network, int readOnlyRoots)
{
    QString profile = QString::fromLatin1(BaseProfile);
    if (readOnlyRoots > 0) {
        profile += QStringLiteral("\n(allow file-read*");
        for (int index = 0; index < readOnlyRoots; ++index)
            profile += QStringLiteral("\n    (subpath (param \"") + readRootParameter(index) + QStringLiteral("\"))");
        profile += QStringLiteral(")\n");
    }
    if (network == NetworkAccess::Allowed)
        profile += QString::fromLatin1(NetworkProfile);
    return profile;
}

SandboxExecInvocation sandboxExecInvocation(const QString &workspace, const QString &temporaryFolder,
                                            const QStringList &readOnlyPaths, NetworkAccess network,
                                            const QString &program, const QStringList &arguments)
{
    SandboxExecInvocation invocation;
    invocation.profile = sandboxExecProfile(network, int(readOnlyPaths.size()));
    invocation.arguments << QStringLiteral("-p") << invocation.profile;
    invocation.arguments << QStringLiteral("-D") << QStringLiteral("WORKSPACE=") + workspace;
    invocation.arguments << QStringLiteral("-D") << QStringLiteral("TMPDIR=") + temporaryFolder;
    for (int index = 0; index < readOnlyPaths.size(); ++index)
        invocation.arguments << QStringLiteral("-D") << readRootParameter(index) + QLatin1Char('=') + readOnlyPaths.at(index);
    invocation.arguments << QStringLiteral("--") << program << arguments;
    return invocation;
}

} // namespace valis::sandboxes
