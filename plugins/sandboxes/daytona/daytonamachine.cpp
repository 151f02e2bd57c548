#include "daytonamachine.h"

#include "daytonafilesystem.h"
#include "daytonaprocess.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QRandomGenerator>

namespace valis::daytona {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::daytona::DaytonaSandbox)
};

// Extra time the HTTP request gets over the daemon's own timeout, so the daemon's 408 (which
// names the timeout) arrives before the client gives up.
constexpr std::chrono::milliseconds AnswerMargin{30000};
constexpr std::chrono::milliseconds NoTimeoutRequest{std::chrono::hours(24)};

QByteArray newMarker()
{
    return "@@valis-stderr-" + QByteArray::number(QRandomGenerator::global()->generate64(), 16) + "@@";
}

// `local` (under the local workspace `from`) at the same place under `to`; else unchanged.
QString mapped(const QString &local, const QString &from, const QString &to)
{
    if (from.isEmpty() || to.isEmpty())
        return local;
    QString root = from;
    while (root.size() > 1 && root.endsWith(QLatin1Char('/')))
        root.chop(1);
    if (local == root)
        return to;
    if (local.startsWith(root + QLatin1Char('/')))
        return to + local.mid(root.size());
    return local;
}
} // namespace

DaytonaMachine::DaytonaMachine(Endpoint endpoint, QUrl toolboxProxyUrl, RemoteMachineInfo info)
    : m_endpoint(std::move(endpoint)), m_toolboxProxyUrl(std::move(toolboxProxyUrl)), m_machineId(info.machineId),
      m_info(std::move(info)), m_sessions(std::make_shared<SessionPool>())
{
}

DaytonaMachine::~DaytonaMachine()
{
    m_sessions->drain(toolbox());
}

QString DaytonaMachine::displayName() const
{
    return Text::tr("Daytona");
}

RemoteMachineInfo DaytonaMachine::info() const
{
    QMutexLocker lock(&m_mutex);
    return m_info;
}

void DaytonaMachine::setWorkspacePath(const QString &path)
{
    QMutexLocker lock(&m_mutex);
    m_info.workspacePath = path;
}

Result<RemoteMachineInfo> DaytonaMachine::refresh()
{
    rest::Request request;
    request.path = QStringLiteral("/sandbox/") + QString::fromLatin1(QUrl::toPercentEncoding(m_machineId));
    const Result<rest::Response> answer = m_endpoint.control().send(request);
    if (answer.hasError()) {
        if (answer.error().code == QLatin1String("sandbox.remote-not-found")) {
            QMutexLocker lock(&m_mutex);
            m_info.state = QStringLiteral("destroyed");
            m_info.running = false;
        }
        return transportError(answer.error());
    }
    RemoteMachineInfo fresh = machineInfo(answer->json().toObject());
    QMutexLocker lock(&m_mutex);
    fresh.workspacePath = m_info.workspacePath;
    m_info = fresh;
    return m_info;
}

Result<RemoteRunResult> DaytonaMachine::run(const QString &script, std::chrono::milliseconds timeout)
{
    return runIn(script, info().workspacePath, timeout);
}

Result<RemoteRunResult> DaytonaMachine::runIn(const QString &script, const QString &workingDirectory,
                                              std::chrono::milliseconds timeout) const
{
    const QByteArray marker = newMarker();
    QJsonObject body{{QStringLiteral("command"), executeCommandLine(script, marker)}};
    if (!workingDirectory.isEmpty())
        body.insert(QStringLiteral("cwd"), workingDirectory);
    if (timeout.count() > 0)
        body.insert(QStringLiteral("timeout"), qMax<qint64>(1, (timeout.count() + 999) / 1000));
    rest::Request request = rest::Request::json("POST", QStringLiteral("/process/execute"), body);
    request.timeout = timeout.count() > 0 ? timeout + AnswerMargin : NoTimeoutRequest;
    const Result<rest::Response> answer = toolbox().send(request);
    if (answer.hasError()) {
        if (answer.error().code == QLatin1String("sandbox.timeout"))
            return Error(QStringLiteral("sandbox.timeout"),
                         Text::tr("the command ran longer than %1 s on the Daytona sandbox and was stopped")
                             .arg(double(timeout.count()) / 1000.0));
        return goneOr(answer.error());
    }
    const QJsonObject result = answer->json().toObject();
    const QByteArray combined = result.value(QLatin1String("result")).toString().toUtf8();
    RemoteRunResult run;
    run.exitCode = result.value(QLatin1String("exitCode")).toInt(-1);
    const qsizetype at = combined.lastIndexOf(marker);
    if (at < 0) {
        run.output = combined; // the wrapper never got to the end (mktemp failed, or killed)
    } else {
        run.output = combined.left(at);
        run.errorOutput = combined.mid(at + marker.size());
    }
    return run;
}

Error DaytonaMachine::goneOr(const Error &error) const
{
    if (error.code != QLatin1String("http.network"))
        return transportError(error);
    // The connection dropped: the sandbox may have stopped under the command.
    rest::Request request;
    request.path = QStringLiteral("/sandbox/") + QString::fromLatin1(QUrl::toPercentEncoding(m_machineId));
    request.timeout = std::chrono::milliseconds(15000);
    const Result<rest::Response> answer = m_endpoint.control().send(request);
    const QString state = answer.ok() ? answer->json().toObject().value(QLatin1String("state")).toString()
                                      : QStringLiteral("destroyed");
    if ((answer.ok() && state != QLatin1String("started"))
        || (answer.hasError() && answer.error().code == QLatin1String("sandbox.remote-not-found")))
        return Error(QStringLiteral("sandbox.remote-gone"),
                     Text::tr("the Daytona sandbox %1 is %2: it stopped while the command ran. Start it again, or let "
                              "Valis create a new one.")
                         .arg(m_machineId, state));
    return transportError(error);
}

SandboxProcess *DaytonaMachine::start(const SandboxCommand &command, QObject *parent)
{
    const RemoteMachineInfo machine = info();
    const QString remoteRoot = machine.workspacePath;
    const QString cwd = command.workingDirectory.isEmpty() ? remoteRoot
                                                            : mapped(command.workingDirectory, command.workspace, remoteRoot);
    QString script = QStringLiteral("cd -- %1 || exit 126\n").arg(shellQuoted(cwd));
    for (auto it = command.environment.constBegin(); it != command.environment.constEnd(); ++it)
        script += QStringLiteral("export %1=%2\n").arg(it.key(), shellQuoted(it.value()));
    QStringList words{shellQuoted(mapped(command.program, command.workspace, remoteRoot))};
    for (const QString &argument : command.arguments)
        words.append(shellQuoted(mapped(argument, command.workspace, remoteRoot)));
    script += words.join(QLatin1Char(' ')) + QLatin1Char('\n');
    // A subshell of its own (a fork, no new shell): the session's shell must survive the
    // command's `exit` or `cd`. Every word in it is quoted, so it cannot break the session's
    // parsing.
    const QString line = QLatin1Char('(') + script + QLatin1Char(')');
    return new DaytonaProcess(m_endpoint, m_toolboxProxyUrl, m_machineId, line, command.timeout, m_sessions, parent);
}

std::shared_ptr<FilesystemBackend> DaytonaMachine::workspace()
{
    return std::make_shared<DaytonaFilesystem>(this, info().workspacePath);
}

} // namespace valis::daytona
