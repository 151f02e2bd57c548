#include "execinvocation.h"

#include "valis/plugins/sandboxprocess.h"

namespace valis::tools {

// Results are read by the model, which reads English best: not tr()'d.

namespace {

QString formatBytes(qint64 bytes)
{
    if (bytes >= 1024 * 1024)
        return QString::number(double(bytes) / (1024.0 * 1024.0), 'f', 1) + QStringLiteral(" MB");
    if (bytes >= 1024)
        return QString::number(double(bytes) / 1024.0, 'f', 1) + QStringLiteral(" KB");
    return QString::number(bytes) + QStringLiteral(" bytes");
}

QString formatMs(qint64 ms)
{
    if (ms < 1000)
        return QString::number(ms) + QStringLiteral(" ms");
    if (ms < 60000)
        return QString::number(double(ms) / 1000.0, 'f', 1) + QStringLiteral(" s");
    return QStringLiteral("%1 min %2 s").arg(ms / 60000).arg((ms % 60000) / 1000);
}

} // namespace

ExecInvocation::ExecInvocation(const ExecRequest &request, const ToolContext &context, const ExecOptions &options,
                               QObject *parent)
    : ToolInvocation(parent), m_request(request), m_context(context), m_options(options),
      m_output(options.outputCapBytes, [this]() -> ExecLog * {
          m_logTried = true;
          return m_log.open(m_context.filesystem, ExecLog::pathFor(m_context.callId)) ? &m_log : nullptr;
      })
{
    m_liveTimer.setSingleShot(true);
    m_liveTimer.setInterval(100);
    connect(&m_liveTimer, &QTimer::timeout, this, &ExecInvocation::flushLive);
    m_killTimer.setSingleShot(true);
    connect(&m_killTimer, &QTimer::timeout, this, [this] {
        // The sandbox never confirmed the kill: answer anyway rather than hang the turn.
        finish(QStringLiteral("Cancelled after %1; the sandbox did not confirm that the command stopped.").arg(duration()), true);
    });

    m_clock.start();
    SandboxProcess *process = m_context.sandbox->start(m_request.command, this);
    m_process = process;
    connect(process, &SandboxProcess::standardOutputReceived, this,
            [this](const QByteArray &bytes) { receive(OutputCollector::Channel::StandardOutput, bytes); });
    connect(process, &SandboxProcess::standardErrorReceived, this,
            [this](const QByteArray &bytes) { receive(OutputCollector::Channel::StandardError, bytes); });
    connect(process, &SandboxProcess::finished, this, &ExecInvocation::processFinished);
    connect(process, &SandboxProcess::failed, this, &ExecInvocation::processFailed);
}

ExecInvocation::~ExecInvocation()
{
    // A command still running when its call goes away must not outlive it: the process is our
    // child, and deleting it (after this body) kills its tree; what it reports then must not
    // reach members that are already gone.
    if (m_process)
        m_process->disconnect(this);
}

void ExecInvocation::cancel()
{
    if (m_done || m_cancelled)
        return;
    m_cancelled = true;
    if (m_process) {
        m_process->kill();
        m_killTimer.start(m_options.killGraceMs);
    } else {
        QTimer::singleShot(0, this, [this] { finish(QStringLiteral("Cancelled."), true); });
    }
}

void ExecInvocation::receive(OutputCollector::Channel channel, const QByteArray &bytes)
{
    if (m_done)
        return;
    const QString text = m_output.add(channel, bytes);
    if (m_liveStopped)
        return;
    m_liveBytes += bytes.size();
    if (m_liveBytes > m_options.liveLimitBytes) {
        // People watching need to see that it goes on, not 100 MB of it.
        m_live += text;
        flushLive();
        m_liveStopped = true;
        Q_EMIT outputReceived(QStringLiteral("\n[... live output stops here after %1; the command goes on ...]\n")
                                  .arg(formatBytes(m_options.liveLimitBytes)));
        return;
    }
    m_live += text;
    if (m_live.size() > 16384) {
        flushLive();
    } else if (!m_liveTimer.isActive()) {
        m_liveTimer.start();
    }
}

void ExecInvocation::flushLive()
{
    m_liveTimer.stop();
    if (m_live.isEmpty() || m_done)
        return;
    // Whole lines while the command runs; the rest waits for its line (or the end).
    const qsizetype newline = m_live.lastIndexOf(QLatin1Char('\n'));
    QString chunk;
    if (newline >= 0 && !m_finishing) {
        chunk = m_live.left(newline + 1);
        m_live.remove(0, newline + 1);
    } else {
        chunk = m_live;
        m_live.clear();
    }
    Q_EMIT outputReceived(chunk);
    if (!m_live.isEmpty())
        m_liveTimer.start();
}

QString ExecInvocation::duration() const
{
    return formatMs(m_clock.elapsed());
}

void ExecInvocation::processFinished(int exitCode)
{
    // Also after cancel(): a command that exited before the kill reached it has a real result.
    const QString where = m_request.shownWorkdir == QLatin1String(".") ? QString()
                                                                        : QStringLiteral(" (in %1)").arg(m_request.shownWorkdir);
    finish(QStringLiteral("Exit code %1 after %2%3.").arg(exitCode).arg(duration(), where), exitCode != 0);
}

void ExecInvocation::processFailed(const Error &error)
{
    const QString took = duration();
    if (m_cancelled) {
        finish(QStringLiteral("Cancelled after %1: the command and everything it started were stopped.").arg(took), true);
        return;
    }
    if (error.code == QLatin1String("sandbox.killed")) {
        finish(QStringLiteral("Killed after %1 by the sandbox: the command and everything it started were stopped.").arg(took), true);
        return;
    }
    if (error.code == QLatin1String("sandbox.timeout")) {
        // Not retryable: a command that ran into its timeout will most likely do so again, and
        // running it again could repeat what it already did. The model decides (a longer
        // timeout_ms, a smaller task, a command that does not wait for input).
        const qint64 limit = qint64(m_request.command.timeout.count());
        finish(QStringLiteral("Timed out: the command ran longer than timeout_ms (%1) and was stopped with everything it "
                              "started.%2")
                   .arg(formatMs(limit), m_output.totalBytes() > 0 ? QStringLiteral(" Its output until then:") : QString()),
               true);
        return;
    }
    if (error.code == QLatin1String("sandbox.start-failed")) {
        finish(QStringLiteral("The command could not start: %1").arg(error.message), true);
        return;
    }
    if (error.code == QLatin1String("sandbox.limit")) {
        finish(QStringLiteral("Stopped after %1 by the sandbox's limits: %2").arg(took, error.message), true);
        return;
    }
    finish(QStringLiteral("The sandbox reported a failure after %1 (%2): %3").arg(took, error.code, error.message), true);
}

void ExecInvocation::finish(const QString &status, bool isError)
{
    if (m_done)
        return;
    // The last live output goes out before finished(), never after.
    m_finishing = true;
    flushLive();
    m_done = true;
    m_liveTimer.stop();
    m_killTimer.stop();

    // Three parts: the status, the output verbatim, and notes about it. Kept apart so a harness
    // that stores a large output in memory stores exactly the command's output (its line 1 is
    // the output's line 1) while the status stays in view.
    QList<Part> parts;
    QString output;
    if (m_output.totalBytes() == 0) {
        parts.append(Part::makeText(status + QStringLiteral("\n(no output)")));
    } else {
        parts.append(Part::makeText(status + QStringLiteral("\nOutput:")));
        output = m_output.shownText();
        if (output.endsWith(QLatin1Char('\n')))
            output.chop(1);
        parts.append(Part::makeText(output));
    }
    QString notes;
    if (!m_output.isValidUtf8())
        notes += QStringLiteral("Note: the output was not valid UTF-8; the invalid bytes are shown as \uFFFD.\n");
    if (m_output.isTruncated()) {
        const QString size = QStringLiteral("%1, %2 lines").arg(formatBytes(m_output.totalBytes())).arg(m_output.totalLines());
        const bool complete = m_log.isOpen() && m_log.close();
        if (complete) {
            notes += QStringLiteral("The output (%1) was longer than shown; all of it is in %2 (read it with read_file, "
                                   "using an offset for the omitted part).\n")
                        .arg(size, m_log.agentPath());
        } else if (m_log.bytesWritten() > 0) {
            notes += QStringLiteral("The output (%1) was longer than shown; %2 of it is in %3 (%4).\n")
                        .arg(size, formatBytes(m_log.bytesWritten()), m_log.agentPath(), m_log.error());
        } else {
            notes += QStringLiteral("The output (%1) was longer than shown, and the full output could not be saved: %2.\n")
                        .arg(size, m_logTried ? m_log.error() : QStringLiteral("no log was opened"));
        }
    }
    if (notes.endsWith(QLatin1Char('\n')))
        notes.chop(1);
    if (!notes.isEmpty())
        parts.append(Part::makeText(notes));

    Part result = Part::makeToolResult(m_context.callId, parts, isError);
    result.toolName = QStringLiteral("exec");
    Q_EMIT finished(result);
}

} // namespace valis::tools
