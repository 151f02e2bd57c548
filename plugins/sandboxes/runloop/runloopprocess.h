#pragma once

#include "runloopapi.h"

#include "valis/plugins/sandboxprocess.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QTimer>

#include <array>
#include <memory>

class QNetworkAccessManager;
class QNetworkReply;

namespace valis::sandboxes::runloop {

/// One command on a Runloop devbox, asynchronous on the thread that created it: execute_async,
/// then stdout and stderr through their SSE streams (resumed from the last offset when a stream
/// drops or idles out) and the exit status through wait_for_status long polls. A timeout or
/// kill() kills the execution on the devbox; a devbox that stops meanwhile is
/// "sandbox.remote-gone".
class RunloopProcess : public SandboxProcess
{
    Q_OBJECT

public:
    RunloopProcess(std::shared_ptr<const RunloopApi> api, QString devboxId, QString command,
                   std::chrono::milliseconds timeout, QObject *parent);
    ~RunloopProcess() override;

    void kill() override;

private:
    struct Stream
    {
        QPointer<QNetworkReply> reply;
        QByteArray buffer;
        qint64 offset = 0;
        bool done = false;
        int failures = 0; ///< reconnections in a row that brought nothing
    };

    void begin();
    void openStream(int channel);
    void streamData(int channel);
    void streamEnded(int channel);
    void poll();
    void pollEnded();
    void maybeFinish();
    /// A request failed with `error`: asks whether the devbox still runs, to tell a devbox
    /// that went away from any other failure.
    void failAfterCheck(const Error &error);
    void fail(const Error &error);
    void killRemote();

    std::shared_ptr<const RunloopApi> m_api;
    QString m_devboxId;
    QString m_command;
    std::chrono::milliseconds m_timeout;
    QNetworkAccessManager *m_network;
    QString m_executionId;
    std::array<Stream, 2> m_streams;
    QPointer<QNetworkReply> m_poll;
    int m_pollFailures = 0;
    std::optional<int> m_exitStatus;
    QTimer m_deadline;
    QTimer m_drain;
    bool m_ended = false;
    bool m_killRequested = false;
};

} // namespace valis::sandboxes::runloop
