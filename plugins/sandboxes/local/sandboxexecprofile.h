#pragma once

#include "valis/plugins/sandbox.h"

#include <QString>
#include <QStringList>

namespace valis::sandboxes {

/// How to run a command under macOS's sandbox-exec: the Seatbelt profile and the arguments.
///
/// The profile is fixed text apart from the network rules; the paths it allows reach it as
/// parameters (`-D WORKSPACE=/path`, read with `(param "WORKSPACE")`), so no path ever needs
/// quoting inside the profile. Built and tested on every platform; only macOS runs it.
struct SandboxExecInvocation
{
    QString profile;
    QStringList arguments; ///< For /usr/bin/sandbox-exec: -p PROFILE -D ... -- program args
};

/// The profile: deny by default; read the system; read and write the workspace (parameter
/// WORKSPACE) and the command's temporary folder (TMPDIR); read READ_ROOT_0 ..
/// READ_ROOT_<readOnlyRoots - 1>; reach the network only when `network` allows it.
QString sandboxExecProfile(NetworkAccess network, int readOnlyRoots);

/// The whole invocation. Paths should be canonical (macOS matches rules on resolved paths:
/// /private/tmp, not /tmp).
SandboxExecInvocation sandboxExecInvocation(const QString &workspace, const QString &temporaryFolder,
                                            const QStringList &readOnlyPaths, NetworkAccess network,
                                            const QString &program, const QStringList &arguments);

} // namespace valis::sandboxes
