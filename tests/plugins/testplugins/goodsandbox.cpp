// A sandbox plugin (optionally depends on good_provider) whose sandbox "plain" runs commands
// as ordinary local processes: it isolates nothing, and says so.
#include "testpluginlog.h"
#include "valis/plugins/sandbox.h"
#include "valis/plugins/sandboxplugin.h"
#include "valis/plugins/sandboxprocess.h"

#include <QObject>

#include <memory>
#include <QProcess>
#include <QTimer>

namespace valis_test {

class PlainProcess : public valis::SandboxProcess
{
    Q_OBJECT

public:
    PlainProcess(const valis::SandboxCommand &command, QObject *parent)
        : valis::SandboxProcess(parent), m_process(new QProcess(this))
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (auto it = command.environment.cbegin(); it != command.environment.cend(); ++it)
            environment.insert(it.key(), it.value());
        m_process->setProcessEnvironment(environment);
        m_process->setWorkingDirectory(command.workingDirectory);
        connect(m_process, &QProcess::readyReadStandardOutput, this,
                [this] { Q_EMIT standardOutputReceived(m_process->readAllStandardOutput()); });
        connect(m_process, &QProcess::readyReadStandardError, this,
                [this] { Q_EMIT standardErrorReceived(m_process->readAllStandardError()); });
        connect(m_process, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
            if (m_done)
                return;
            m_done = true;
            if (status == QProcess::NormalExit)
                Q_EMIT finished(exitCode);
            else
                Q_EMIT failed(valis::Error(QStringLiteral("sandbox.killed"), QStringLiteral("the command was killed")));
        });
        connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
            if (error != QProcess::FailedToStart || m_done)
                return;
            m_done = true;
            Q_EMIT failed(valis::Error(QStringLiteral("sandbox.start-failed"), m_process->errorString()));
        });
        const QString program = command.program;
        const QStringList arguments = command.arguments;
        QTimer::singleShot(0, this, [this, program, arguments] { m_process->start(program, arguments); });
    }

    void kill() override { m_process->kill(); }

private:
    QProcess *m_process;
    bool m_done = false;
};

class PlainSandbox : public valis::Sandbox
{
public:
    QString id() const override { return QStringLiteral("good-plain"); }
    QString displayName() const override { return QStringLiteral("good test sandbox"); }
    Capabilities capabilities() const override { return {}; }
    valis::Result<void> checkAvailable() const override { return valis::success(); }
    valis::SandboxProcess *start(const valis::SandboxCommand &command, QObject *parent) override
    {
        return new PlainProcess(command, parent);
    }
};

class GoodSandboxPlugin : public QObject, public valis::SandboxPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_SANDBOX_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::SandboxPlugin)

public:
    valis::Result<void> initialize(const valis::PluginContext &context) override
    {
        m_settings = context.settings;
        appendToLog(m_settings, QStringLiteral("initialize ") + context.pluginId);
        return valis::success();
    }
    void shutdown() override { appendToLog(m_settings, QStringLiteral("shutdown good_sandbox")); }
    QList<valis::Sandbox *> sandboxes() const override { return {m_sandbox.get()}; }

private:
    QJsonObject m_settings;
    std::unique_ptr<PlainSandbox> m_sandbox = std::make_unique<PlainSandbox>();
};

} // namespace valis_test

#include "goodsandbox.moc"
