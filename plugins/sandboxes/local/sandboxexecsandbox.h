#pragma once

#include "localsandboxes.h"

#include <QtGlobal>

#ifdef Q_OS_MACOS

namespace valis::sandboxes {

/// "sandbox-exec": commands under macOS's Seatbelt with a generated profile
/// (sandboxexecprofile.h): the system read-only, the workspace and a per-command temporary
/// folder read-write, the network only when the command allows it. No pid namespace: the
/// command's session (and pids group, where there is one) is what gets killed.
class SandboxExecSandbox final : public LocalSandbox
{
public:
    explicit SandboxExecSandbox(LocalSandboxOptions options);

    QString id() const override;
    QString displayName() const override;
    Capabilities capabilities() const override;
    Result<void> checkAvailable() const override;
    SandboxProcess *start(const SandboxCommand &command, QObject *parent) override;
};

} // namespace valis::sandboxes

#endif // Q_OS_MACOS
