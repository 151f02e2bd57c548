#include "plainsandbox.h"

#include "commandsetup.h"
#include "localsandboxprocess.h"

#include <QCoreApplication>
#include <QProcessEnvironment>

namespace valis::sandboxes {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::sandboxes::PlainSandbox)
};

} // namespace

PlainSandbox::PlainSandbox(LocalSandboxOptions options)
    : LocalSandbox(std::move(options))
{}

QString PlainSandbox::id() const
{
    return LocalSandboxId::Plain;
}

QString PlainSandbox::displayName() const
{
    return Text::tr("no isolation (plain process)");
}

Sandbox::Capabilities PlainSandbox::capabilities() const
{
    Capabilities capabilities;
#ifdef Q_OS_UNIX
    // Its own session (and pids group) lets the whole tree be found; elsewhere only the
    // direct child is stopped.
    capabilities |= Capability::EnforcesTimeout;
#endif
    return withLimits(capabilities);
}

Result<void> PlainSandbox::checkAvailable() const
{
    return success();
}

SandboxProcess *PlainSandbox::start(const SandboxCommand &command, QObject *parent)
{
    LaunchPlan plan;
    plan.timeout = command.timeout;
    plan.limits = command.limits;
    plan.environment = QProcessEnvironment::systemEnvironment();
    for (auto it = command.environment.cbegin(); it != command.environment.cend(); ++it)
        plan.environment.insert(it.key(), it.value());

    const auto refuse = [&](const Error &error) {
        plan.refusal = error;
        return new LocalSandboxProcess(std::move(plan), parent);
    };
    const auto limit = processLimitSetup(processLimitMechanism());
    if (limit.hasError())
        return refuse(limit.error());
    plan.processLimit = limit.value();
    const auto paths = resolveCommandPaths(command);
    if (paths.hasError())
        return refuse(paths.error());
    // With the command's PATH, which QProcess would not use for the lookup.
    const QString pathVariable = plan.environment.value(QStringLiteral("PATH"));
    plan.program = findProgram(command.program, pathVariable, paths->workingDirectory);
    if (plan.program.isEmpty())
        return refuse(programNotFound(command.program, pathVariable));
    plan.arguments = command.arguments;
    plan.workingDirectory = paths->workingDirectory;
    return new LocalSandboxProcess(std::move(plan), parent);
}

} // namespace valis::sandboxes
