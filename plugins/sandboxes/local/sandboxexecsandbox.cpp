#include "sandboxexecsandbox.h"

#ifdef Q_OS_MACOS

#include "commandsetup.h"
#include "localsandboxprocess.h"
#include "sandboxexecprofile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include <memory>

namespace valis::sandboxes {

namespace {

const QString SandboxExecProgram = QStringLiteral("/usr/bin/sandbox-exec");
const QString SystemPath = QStringLiteral("/usr/local/bin:/opt/homebrew/bin:/usr/bin:/bin:/usr/sbin:/sbin");

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::sandboxes::SandboxExecSandbox)
};

} // namespace

SandboxExecSandbox::SandboxExecSandbox(LocalSandboxOptions options)
    : LocalSandbox(std::move(options))
{}

QString SandboxExecSandbox::id() const
{
    return LocalSandboxId::SandboxExec;
}

QString SandboxExecSandbox::displayName() const
{
    return Text::tr("macOS sandbox (sandbox-exec)");
}

Sandbox::Capabilities SandboxExecSandbox::capabilities() const
{
    return withLimits(Capability::IsolatesFilesystem | Capability::IsolatesNetwork | Capability::EnforcesTimeout);
}

Result<void> SandboxExecSandbox::checkAvailable() const
{
    if (!QFileInfo(SandboxExecProgram).isExecutable()) {
        return Error(QStringLiteral("sandbox.unavailable"),
                     Text::tr("%1 is missing; it is part of macOS.").arg(SandboxExecProgram));
    }
    return success();
}

SandboxProcess *SandboxExecSandbox::start(const SandboxCommand &command, QObject *parent)
{
    LaunchPlan plan;
    plan.timeout = command.timeout;
    plan.limits = command.limits;
    const auto refuse = [&](const Error &error) {
        plan.refusal = error;
        return new LocalSandboxProcess(std::move(plan), parent);
    };
    const auto limit = processLimitSetup(processLimitMechanism());
    if (limit.hasError())
        return refuse(limit.error());
    plan.processLimit = limit.value();
    const auto available = checkAvailable();
    if (available.hasError())
        return refuse(Error(QStringLiteral("sandbox.start-failed"), available.error().message));
    const auto paths = resolveCommandPaths(command);
    if (paths.hasError())
        return refuse(paths.error());

    // The command's own temporary folder (and home), removed when it has ended.
    auto temporary = std::make_shared<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/valis-sandbox-XXXXXX"));
    if (!temporary->isValid())
        return refuse(Error(QStringLiteral("sandbox.start-failed"), Text::tr("Could not create the command's temporary folder.")));
    const QString temporaryPath = QFileInfo(temporary->path()).canonicalFilePath();
    plan.cleanup = [temporary] { temporary->remove(); };

    const QProcessEnvironment host = QProcessEnvironment::systemEnvironment();
    for (const QString &name : {QStringLiteral("USER"), QStringLiteral("LOGNAME")}) {
        if (host.contains(name))
            plan.environment.insert(name, host.value(name));
    }
    plan.environment.insert(QStringLiteral("PATH"), SystemPath);
    plan.environment.insert(QStringLiteral("HOME"), temporaryPath);
    plan.environment.insert(QStringLiteral("TMPDIR"), temporaryPath);
    plan.environment.insert(QStringLiteral("LANG"), QStringLiteral("en_US.UTF-8"));
    plan.environment.insert(QStringLiteral("TERM"), QStringLiteral("dumb"));
    for (auto it = command.environment.cbegin(); it != command.environment.cend(); ++it)
        plan.environment.insert(it.key(), it.value());

    const QString pathVariable = plan.environment.value(QStringLiteral("PATH"));
    const QString program = findProgram(command.program, pathVariable, paths->workingDirectory);
    if (program.isEmpty())
        return refuse(programNotFound(command.program, pathVariable));

    QStringList readOnly;
    for (const QString &extra : options().readOnlyPaths) {
        const QString canonical = QFileInfo(extra).canonicalFilePath();
        if (!canonical.isEmpty())
            readOnly.append(canonical);
    }
    const SandboxExecInvocation invocation = sandboxExecInvocation(paths->workspaceOnHost, temporaryPath, readOnly,
                                                                   command.network, program, command.arguments);
    plan.program = SandboxExecProgram;
    plan.arguments = invocation.arguments;
    plan.workingDirectory = paths->workingDirectory;
    return new LocalSandboxProcess(std::move(plan), parent);
}

} // namespace valis::sandboxes

#endif // Q_OS_MACOS
