#pragma once

#include "daytonaapi.h"

#include "valis/plugins/sandboxprocess.h"

#include <QNetworkAccessManager>
#include <QPointer>
#include <QTimer>

#include <chrono>
#include <functional>
#include <optional>

class QNetworkReply;

namespace valis::daytona {

/// One command on a Daytona sandbox, run asynchronously in a toolbox session of its own:
/// create the session, exec with runAsync, then poll the command's status and logs (emitting
/// what is new) until it has an exit code, and delete the session. kill() and the timeout
/// delete the session, which ends the command on the sandbox. Lives on the thread that
/// created it; never blocks it.
class DaytonaProcess : public SandboxProcess
{
public:
    DaytonaProcess(const Endpoint &endpoint, const QUrl &toolboxProxyUrl, const QString &machineId,
                   QString commandLine, std::chrono::milliseconds timeout, QObject *parent);
    ~DaytonaProcess() override;

    void kill() override;

private:
    using Handler = std::function<void(const rest::Response &)>;

    /// Sends `request`; calls `handler` with a 2xx answer. Dropped connections and 429/5xx are
    /// retried a few times (GETs only for drops); anything else ends the command with an error.
    void send(const rest::Request &request, Handler handler, int attempt = 1);
    void createSession();
    void execute();
    void poll();
    void fetchLogs(std::optional<int> exitCode);
    void emitNew(const rest::Response &logs);
    void scheduleNextPoll();
    void deleteSession();
    void fail(const Error &error);
    void finish(int exitCode);

    rest::Client m_client;
    QString m_machineId;
    QString m_commandLine;
    std::chrono::milliseconds m_timeout;
    QNetworkAccessManager *m_manager;
    QPointer<QNetworkReply> m_reply;
    QTimer m_pollTimer;
    QTimer m_deadline;
    QString m_sessionId;
    QString m_commandId;
    qsizetype m_stdoutSent = 0;
    qsizetype m_stderrSent = 0;
    // Doubled before the first wait: a short command is seen done on the second poll, 2 ms on.
    std::chrono::milliseconds m_interval{1};
    bool m_sessionCreated = false;
    bool m_done = false;
};

} // namespace valis::daytona
