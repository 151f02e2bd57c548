#include "valis/plugins/remotesandbox.h"

#include "valis/plugins/sandboxprocess.h"

#include <QCoreApplication>
#include <QStringList>
#include <QTimer>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::RemoteSandbox)
};

// A command that cannot start: reports why once the caller has connected (never from inside
// start(), as SandboxProcess promises).
class UnattachedProcess : public SandboxProcess
{
public:
    UnattachedProcess(Error error, QObject *parent) : SandboxProcess(parent), m_error(std::move(error))
    {
        QTimer::singleShot(0, this, [this] {
            if (!m_killed)
                Q_EMIT failed(m_error);
        });
    }

    void kill() override
    {
        if (m_killed)
            return;
        m_killed = true;
        QTimer::singleShot(0, this, [this] {
            Q_EMIT failed(Error(QStringLiteral("sandbox.killed"), Text::tr("the command was stopped before it started")));
        });
    }

private:
    Error m_error;
    bool m_killed = false;
};
} // namespace

QString RemoteMachineInfo::resources() const
{
    QStringList facts;
    if (cpus > 0)
        facts.append(Text::tr("%1 CPU").arg(cpus));
    if (memoryGb > 0)
        facts.append(Text::tr("%1 GB memory").arg(memoryGb));
    if (diskGb > 0)
        facts.append(Text::tr("%1 GB disk").arg(diskGb));
    return facts.join(QStringLiteral(", "));
}

QString shellQuoted(const QString &text)
{
    QString quoted = text;
    quoted.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

RemoteMachine::~RemoteMachine() = default;

Sandbox::Capabilities RemoteMachine::capabilities() const
{
    // The machine is a separate computer: nothing a command does reaches this one, and the
    // service ends commands that overrun. Its network is the service's to restrict.
    return Capability::IsolatesFilesystem | Capability::EnforcesTimeout | Capability::Remote;
}

Result<void> RemoteMachine::checkAvailable() const
{
    const RemoteMachineInfo machine = info();
    if (!machine.running)
        return Error(QStringLiteral("sandbox.remote-gone"),
                     Text::tr("the %1 machine %2 is %3, not running: start it again or let Valis create a new one")
                         .arg(displayName(), machine.machineId, machine.state));
    return {};
}

std::shared_ptr<FilesystemBackend> RemoteMachine::workspace()
{
    return makeShellFilesystem(this, info().workspacePath);
}

RemoteSandbox::~RemoteSandbox() = default;

Sandbox::Capabilities RemoteSandbox::capabilities() const
{
    return Capability::IsolatesFilesystem | Capability::EnforcesTimeout | Capability::Remote;
}

SandboxProcess *RemoteSandbox::start(const SandboxCommand &command, QObject *parent)
{
    Q_UNUSED(command)
    return new UnattachedProcess(Error(QStringLiteral("sandbox.remote-not-attached"),
                                       Text::tr("%1 runs commands on a machine of the session's own, and this session "
                                                "has none yet: start the session with this sandbox so Valis creates one")
                                           .arg(displayName())),
                                 parent);
}

} // namespace valis
