#pragma once

#include "localsandboxes.h"

namespace valis::sandboxes {

/// "plain": commands as ordinary processes of the user, with no isolation at all; only for
/// when the user turns isolation off. They see the host's environment (plus the command's),
/// and can read and write whatever the user can. Timeouts, kill and the resource limits still
/// apply to the whole process tree.
class PlainSandbox final : public LocalSandbox
{
public:
    explicit PlainSandbox(LocalSandboxOptions options);

    QString id() const override;
    QString displayName() const override;
    Capabilities capabilities() const override;
    Result<void> checkAvailable() const override;
    SandboxProcess *start(const SandboxCommand &command, QObject *parent) override;
};

} // namespace valis::sandboxes
