#pragma once

#include "daytonaapi.h"

#include "valis/plugins/sandboxprocess.h"

#include <QMutex>
#include <QNetworkAccessManager>
#include <QPointer>
#include <QStringList>
#include <QTimer>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

class QNetworkReply;

namespace valis::daytona {

/// Toolbox sessions created ahead of the commands that will run in them, so that a command
/// does not wait for its session to be created. Every command still gets a fresh session of
/// its own and deletes it at its end; a machine keeps one spare. Thread-safe.
class SessionPool : public std::enable_shared_from_this<SessionPool>
{
public:
    /// A spare session, if one is ready.
    std::optional<QString> take();
    /// Starts creating a spare on `client` unless one is ready or on its way.
    void refill(const rest::Client &client);
    /// Deletes the spares (the machine goes).
    void drain(const rest::Client &client);

private:
    QMutex m_mutex;
    QStringList m_ready;
    bool m_refilling = false;
    bool m_drained = false;
};

/// DELETE /process/session/{id}, on the thread's manager so that it still goes out when its
/// sender is deleted right after (deleting a session ends the commands in it).
void deleteSessionLater(const rest::Client &client, const QString &sessionId);

/// One command on a Daytona sandbox, run asynchronously in a toolbox session of its own:
/// create the session, exec with runAsync, then poll the command's status and logs (emitting
/// what is new) until it has an exit code, and delete the session. kill() and the timeout
/// delete the session, which ends the command on the sandbox. Lives on the thread that
/// created it; never blocks it.
class DaytonaProcess : public SandboxProcess
{
public:
    DaytonaProcess(const Endpoint &endpoint, const QUrl &toolboxProxyUrl, const QString &machineId,
                   QString commandLine, std::chrono::milliseconds timeout, std::shared_ptr<SessionPool> sessions,
                   QObject *parent);
    ~DaytonaProcess() override;

    void kill() override;

private:
    using Handler = std::function<void(const rest::Response &)>;

    /// Sends `request`; calls `handler` with a 2xx answer. Dropped connections and 429/5xx are
    /// retried a few times (GETs only for drops); `refused` may take any other answer (it
    /// returns true when it did); else the command ends with an error.
    void send(const rest::Request &request, Handler handler, std::function<bool(const rest::Response &)> refused = {},
              int attempt = 1);
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
    std::shared_ptr<SessionPool> m_sessions;
    QString m_machineId;
    QString m_commandLine;
    std::chrono::milliseconds m_timeout;
    QNetworkAccessManager *m_manager; ///< the thread's (rest::Client::threadManager())
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
    bool m_spareSession = false; ///< taken from the pool: it may have gone with a restart
    bool m_done = false;
};

} // namespace valis::daytona
