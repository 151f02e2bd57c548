#include "localsandboxes.h"

#include "bwrapsandbox.h"
#include "plainsandbox.h"
#include "processlimit.h"
#include "sandboxexecsandbox.h"

namespace valis::sandboxes {

ProcessLimitMechanism LocalSandbox::processLimitMechanism() const
{
    return m_options.processLimit.value_or(detectProcessLimit().mechanism);
}

Sandbox::Capabilities LocalSandbox::withLimits(Capabilities isolation) const
{
    if (processLimitMechanism() != ProcessLimitMechanism::None)
        isolation |= Capability::LimitsResources;
    return isolation;
}

std::vector<std::unique_ptr<LocalSandbox>> createLocalSandboxes(const LocalSandboxOptions &options)
{
    std::vector<std::unique_ptr<LocalSandbox>> sandboxes;
#if defined(Q_OS_LINUX)
    sandboxes.push_back(std::make_unique<BwrapSandbox>(options));
#elif defined(Q_OS_MACOS)
    sandboxes.push_back(std::make_unique<SandboxExecSandbox>(options));
#endif
    sandboxes.push_back(std::make_unique<PlainSandbox>(options));
    return sandboxes;
}

std::unique_ptr<LocalSandbox> createLocalSandbox(const QString &id, const LocalSandboxOptions &options)
{
#if defined(Q_OS_LINUX)
    if (id == LocalSandboxId::Bwrap)
        return std::make_unique<BwrapSandbox>(options);
#elif defined(Q_OS_MACOS)
    if (id == LocalSandboxId::SandboxExec)
        return std::make_unique<SandboxExecSandbox>(options);
#endif
    if (id == LocalSandboxId::Plain)
        return std::make_unique<PlainSandbox>(options);
    return nullptr;
}

} // namespace valis::sandboxes
