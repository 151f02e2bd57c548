#include "valis/mcp/mcpstdiotransport.h"

#include "processwatchdog.h"

#include <QCoreApplication>
#include <QPointer>

#include <csignal>
#include <utility>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpStdioTransport)
};

/// A line longer than this without a newline is no JSON-RPC framing Valis will buffer.
constexpr qsizetype MaxLineBytes = qsizetype(256) * 1024 * 1024;

QString quoted(const QString &argument)
{
    if (!argument.isEmpty() && !argument.contains(QLatin1Char(' ')) && !argument.contains(QLatin1Char('"')))
        return argument;
    QString escaped = argument;
    escaped.replace(QLatin1Char('"'), QLatin1String("\\\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

} // namespace

McpTransport::~McpTransport() = default;

void McpTransport::setProtocolVersion(const QString &) {}

QString McpStdioCommand::commandLine() const
{
    QStringList parts{quoted(program)};
    for (const QString &argument : arguments)
        parts.append(quoted(argument));
    return parts.join(QLatin1Char(' '));
}

McpStdioTransport::McpStdioTransport(McpStdioCommand command, QObject *parent)
    : McpTransport(parent), m_command(std::move(command))
{
    m_shutdownTimer.setSingleShot(true);
    connect(&m_shutdownTimer, &QTimer::timeout, this, [this] {
        // Stage 1: stdin closed and the grace passed; stage 2: SIGTERM sent and it passed too.
        if (m_shutdownStage == 1) {
            m_shutdownStage = 2;
            signalGroup(mcp::GroupTerminateSignal);
            m_shutdownTimer.start(ShutdownGraceMs);
        } else if (m_shutdownStage == 2) {
            m_shutdownStage = 3;
            signalGroup(mcp::GroupKillSignal);
            if (m_process)
                m_process->kill();
        }
    });
}

McpStdioTransport::~McpStdioTransport()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        // Destroyed without close(): no time to wait, take the whole group down now.
        m_process->disconnect(this);
        m_process->closeWriteChannel();
        signalGroup(mcp::GroupTerminateSignal);
        if (!m_process->waitForFinished(200)) {
            signalGroup(mcp::GroupKillSignal);
            m_process->kill();
            m_process->waitForFinished(1000);
        }
    }
    if (m_pid > 0 && mcp::processGroupAlive(m_pid))
        mcp::signalProcessGroup(m_pid, mcp::GroupKillSignal);
}

qint64 McpStdioTransport::processId() const
{
    return m_process && m_process->state() != QProcess::NotRunning ? m_process->processId() : 0;
}

QString McpStdioTransport::describe() const
{
    return QStringLiteral("stdio: ") + m_command.commandLine();
}

void McpStdioTransport::open()
{
    if (m_process)
        return;
    m_process = new QProcess(this);
    m_process->setProgram(m_command.program);
    m_process->setArguments(m_command.arguments);
    m_process->setProcessEnvironment(m_command.environment);
    if (!m_command.workingDirectory.isEmpty())
        m_process->setWorkingDirectory(m_command.workingDirectory);
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    mcp::prepareServerProcess(m_process);
    connect(m_process, &QProcess::started, this, &McpStdioTransport::onStarted);
    connect(m_process, &QProcess::errorOccurred, this, &McpStdioTransport::onErrorOccurred);
    connect(m_process, &QProcess::finished, this, &McpStdioTransport::onFinished);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &McpStdioTransport::readStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, &McpStdioTransport::readStderr);
    m_process->start(QIODevice::ReadWrite | QIODevice::Unbuffered);
}

void McpStdioTransport::onStarted()
{
    m_pid = m_process->processId();
    Q_EMIT opened();
}

void McpStdioTransport::onErrorOccurred(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart || m_failedEmitted)
        return;
    m_failedEmitted = true;
    const QString reason = m_process->errorString();
    Q_EMIT failed(Error(QStringLiteral("mcp.spawn-failed"),
                        Text::tr("could not start \"%1\": %2").arg(m_command.program, reason)));
}

void McpStdioTransport::onFinished(int exitCode, QProcess::ExitStatus status)
{
    readStdout();
    readStderr();
    if (!m_stdoutBuffer.isEmpty())
        handleLine(std::exchange(m_stdoutBuffer, {}));
    if (!m_stderrBuffer.isEmpty()) {
        const QString line = QString::fromUtf8(std::exchange(m_stderrBuffer, {}));
        m_log.append(line);
        Q_EMIT logged(line);
    }
    m_exitDescription = status == QProcess::CrashExit ? QStringLiteral("was killed by signal %1").arg(exitCode)
                                                      : QStringLiteral("exited with status %1").arg(exitCode);
    // What the server started may still run (an npx wrapper's node); the group goes with it.
    if (m_pid > 0 && mcp::processGroupAlive(m_pid)) {
        mcp::signalProcessGroup(m_pid, mcp::GroupTerminateSignal);
        const qint64 group = m_pid;
        QTimer::singleShot(ShutdownGraceMs, [group] {
            if (mcp::processGroupAlive(group))
                mcp::signalProcessGroup(group, mcp::GroupKillSignal);
        });
    }
    if (m_closing) {
        finishClose();
        return;
    }
    if (m_failedEmitted)
        return;
    m_failedEmitted = true;
    // This fails the calls in flight, whose tool results the model reads: English, not tr()'d.
    QString message = QStringLiteral("the server %1").arg(m_exitDescription);
    const QString tail = m_log.tail(12);
    if (!tail.isEmpty())
        message += QLatin1Char('\n') + QStringLiteral("Its last words on stderr:") + QLatin1Char('\n') + tail;
    Q_EMIT failed(Error(QStringLiteral("mcp.server-exited"), message));
}

void McpStdioTransport::send(const JsonRpcMessage &message)
{
    if (!m_process || m_process->state() != QProcess::Running || m_closing)
        return;
    QByteArray line = message.serialize();
    line.append('\n');
    m_process->write(line);
}

void McpStdioTransport::close()
{
    if (m_closing)
        return;
    m_closing = true;
    if (!m_process || m_process->state() == QProcess::NotRunning) {
        finishClose();
        return;
    }
    m_process->closeWriteChannel();
    m_shutdownStage = 1;
    m_shutdownTimer.start(StdinGraceMs);
}

void McpStdioTransport::finishClose()
{
    m_shutdownTimer.stop();
    if (m_closedEmitted)
        return;
    m_closedEmitted = true;
    Q_EMIT closed();
}

void McpStdioTransport::signalGroup(int signal)
{
    if (m_pid > 0)
        mcp::signalProcessGroup(m_pid, signal);
}

void McpStdioTransport::readStdout()
{
    if (!m_process)
        return;
    m_stdoutBuffer.append(m_process->readAllStandardOutput());
    qsizetype start = 0;
    for (;;) {
        const qsizetype end = m_stdoutBuffer.indexOf('\n', start);
        if (end < 0)
            break;
        QByteArray line = m_stdoutBuffer.mid(start, end - start);
        start = end + 1;
        handleLine(std::move(line));
        if (!m_process)
            return;
    }
    m_stdoutBuffer.remove(0, start);
    if (m_stdoutBuffer.size() > MaxLineBytes && !m_failedEmitted) {
        m_failedEmitted = true;
        m_stdoutBuffer.clear();
        Q_EMIT failed(Error(QStringLiteral("mcp.line-too-long"),
                            QStringLiteral("the server wrote more than %1 MiB on stdout without a line end")
                                .arg(MaxLineBytes / (1024 * 1024))));
        close();
    }
}

void McpStdioTransport::handleLine(QByteArray line)
{
    if (line.endsWith('\r'))
        line.chop(1);
    if (line.trimmed().isEmpty())
        return;
    QString problem;
    const QList<JsonRpcMessage> messages = JsonRpcMessage::parse(line, &problem);
    if (!problem.isEmpty()) {
        ++m_noisyLines;
        QString shown = QString::fromUtf8(line.left(300));
        if (line.size() > 300)
            shown += QStringLiteral("…");
        const QString entry = Text::tr("stdout, skipped (%1): %2").arg(problem, shown);
        m_log.append(entry);
        Q_EMIT logged(entry);
        return;
    }
    QPointer<McpStdioTransport> alive(this);
    for (const JsonRpcMessage &message : messages) {
        Q_EMIT messageReceived(message);
        if (!alive)
            return;
    }
}

void McpStdioTransport::readStderr()
{
    if (!m_process)
        return;
    m_stderrBuffer.append(m_process->readAllStandardError());
    qsizetype start = 0;
    for (;;) {
        const qsizetype end = m_stderrBuffer.indexOf('\n', start);
        if (end < 0)
            break;
        QString line = QString::fromUtf8(m_stderrBuffer.mid(start, end - start));
        start = end + 1;
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        m_log.append(line);
        Q_EMIT logged(line);
    }
    m_stderrBuffer.remove(0, start);
    // A log line that never ends is still kept, in pieces.
    if (m_stderrBuffer.size() > 16 * 1024) {
        const QString line = QString::fromUtf8(m_stderrBuffer);
        m_stderrBuffer.clear();
        m_log.append(line);
        Q_EMIT logged(line);
    }
}

} // namespace valis
