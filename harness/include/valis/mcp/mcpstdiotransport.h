#pragma once

#include "valis/harness_export.h"
#include "valis/mcp/logring.h"
#include "valis/mcp/mcptransport.h"

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <QTimer>

namespace valis {

/// What to start for a stdio server: the program (already resolved to a path where possible),
/// its arguments, its whole environment and its working folder (empty: Valis's own).
struct VALIS_HARNESS_EXPORT McpStdioCommand
{
    QString program;
    QStringList arguments;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    QString workingDirectory;

    /// "program arg1 arg2" with arguments quoted where they hold spaces.
    QString commandLine() const;
};

/// An MCP server run as a child process speaking newline-delimited JSON-RPC on stdin/stdout.
///
/// - stderr is the server's log, never an error signal: kept in a LogRing (32 KiB) and passed
///   on as logged() line by line.
/// - A stdout line that is not a JSON-RPC message (a banner, a stray console.log) is logged and
///   skipped; the connection lives on. noisyLines() counts them.
/// - The server runs in a process group of its own, so shutting it down reaches what it started
///   (`npx` starts `npm exec`, which starts `node`). close() follows the spec: close stdin, wait,
///   SIGTERM to the group, wait, SIGKILL to the group.
/// - On POSIX a small watchdog process per server, holding one end of a pipe only this process
///   writes to, does the same shutdown when Valis dies without closing it (killed, crashed), so no
///   server outlives Valis.
class VALIS_HARNESS_EXPORT McpStdioTransport : public McpTransport
{
    Q_OBJECT

public:
    /// How long close() waits after closing stdin (most servers are gone well within it; the
    /// rest, such as server-everything, ignore end of input and wait for SIGTERM).
    static constexpr int StdinGraceMs = 1000;
    /// How long it then waits after SIGTERM before SIGKILL; also the longest of the two waits.
    static constexpr int ShutdownGraceMs = 2000;

    explicit McpStdioTransport(McpStdioCommand command, QObject *parent = nullptr);
    ~McpStdioTransport() override;

    void open() override;
    void send(const JsonRpcMessage &message) override;
    void close() override;
    QString describe() const override;
    QString recentLog() const override { return m_log.text(); }

    /// The server's process id while it runs (0 otherwise); its process group has the same id.
    qint64 processId() const;
    /// Lines on stdout that were not JSON-RPC messages.
    int noisyLines() const { return m_noisyLines; }
    /// "exited with status 1" / "was killed by signal 9", once the process has ended.
    QString exitDescription() const { return m_exitDescription; }

private:
    void onStarted();
    void onErrorOccurred(QProcess::ProcessError error);
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void readStdout();
    void readStderr();
    void handleLine(QByteArray line);
    void signalGroup(int signal);
    void finishClose();

    McpStdioCommand m_command;
    QProcess *m_process = nullptr;
    QByteArray m_stdoutBuffer;
    QByteArray m_stderrBuffer;
    LogRing m_log;
    QTimer m_shutdownTimer;
    int m_shutdownStage = 0;
    qint64 m_pid = 0;
    int m_noisyLines = 0;
    bool m_closing = false;
    bool m_closedEmitted = false;
    bool m_failedEmitted = false;
    QString m_exitDescription;
};

} // namespace valis
