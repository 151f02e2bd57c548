#pragma once

#include "execlog.h"
#include "outputcollector.h"

#include "valis/plugins/sandbox.h"
#include "valis/plugins/toolinvocation.h"
#include "valis/plugins/toolprovider.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace valis {
class SandboxProcess;
}

namespace valis::tools {

/// What one exec call runs, after its arguments were checked.
struct ExecRequest
{
    SandboxCommand command;
    /// The working folder as the agent sees it ("." or "src/lib").
    QString shownWorkdir;
};

/// Limits of the exec tool (plugin settings can change them).
struct ExecOptions
{
    /// Raw output bytes the model is shown (head + tail); more goes to the /context/exec log.
    qint64 outputCapBytes = 30000;
    /// Live output sent to people watching, after which the live view only says it stopped.
    qint64 liveLimitBytes = 8LL * 1024 * 1024;
    /// How long to wait for the sandbox to confirm a kill before answering anyway.
    int killGraceMs = 10000;
};

/// One running exec call (turn-scoped): starts the command in the sandbox, relays its output
/// live (decoded, in chunks of whole lines or every 100 ms), keeps what the model will be shown,
/// streams the full output to the log when it is long, and answers with the exit status,
/// duration and output. cancel() kills the whole process tree.
class ExecInvocation : public ToolInvocation
{
    Q_OBJECT

public:
    ExecInvocation(const ExecRequest &request, const ToolContext &context, const ExecOptions &options, QObject *parent);
    ~ExecInvocation() override;

    void cancel() override;

private:
    void receive(OutputCollector::Channel channel, const QByteArray &bytes);
    void flushLive();
    void processFinished(int exitCode);
    void processFailed(const Error &error);
    void finish(const QString &status, bool isError);
    QString duration() const;

    ExecRequest m_request;
    ToolContext m_context;
    ExecOptions m_options;
    ExecLog m_log;
    bool m_logTried = false;
    OutputCollector m_output;
    QPointer<SandboxProcess> m_process;
    QElapsedTimer m_clock;
    QString m_live;
    qint64 m_liveBytes = 0;
    bool m_liveStopped = false;
    QTimer m_liveTimer;
    QTimer m_killTimer;
    bool m_cancelled = false;
    bool m_finishing = false;
    bool m_done = false;
};

} // namespace valis::tools
