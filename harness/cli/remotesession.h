#pragma once

// A valis-cli session's remote machine (run --sandbox daytona|runloop|modal, sandbox pull):
// credentials from the keychain, the machine acquired and the workspace uploaded on a worker
// thread while the event loop runs, and at the end the changed files brought back and the
// machine deleted.
#include "valis/agent/remoteworkspace.h"
#include "valis/core/result.h"

#include <QEventLoop>
#include <QThread>

#include <functional>
#include <memory>
#include <optional>

namespace valis {
class CredentialStore;
struct SessionConfig;
} // namespace valis

namespace valis::cli {

class CliContext;

/// Runs `work` (which blocks on the network) on a thread of its own while this thread's event
/// loop keeps running, and returns its result.
template<typename Value>
Value runBeside(const std::function<Value()> &work)
{
    std::optional<Value> result;
    QEventLoop loop;
    QThread *thread = QThread::create([&result, &work] { result.emplace(work()); });
    QObject::connect(thread, &QThread::finished, &loop, &QEventLoop::quit);
    thread->start();
    if (!thread->isFinished())
        loop.exec();
    thread->wait();
    delete thread;
    return std::move(*result);
}

/// Finds the credentials `sandbox` needs (keychain first, then its variables) and hands them
/// over; an Error naming the account and variable when one is missing.
Result<void> provideCredentials(RemoteSandbox *sandbox, CredentialStore *keychain);

/// The remote machine of one valis-cli session.
class CliRemoteSession
{
public:
    explicit CliRemoteSession(CliContext &context, bool quiet) : m_context(context), m_quiet(quiet) {}
    ~CliRemoteSession();

    /// Gets session `sessionId` its machine (its recorded one when it kept one, else a new or
    /// configured one), then points `config` at it: its sandbox and its workspace files.
    Result<void> start(RemoteSandbox *sandbox, CredentialStore *keychain, const QString &sessionId,
                       const QString &workspace, SessionConfig *config);
    /// Brings changed files back (unless `pull` is false) and deletes the machine Valis created
    /// (unless it is to be kept). Reports what it did on standard error.
    Result<void> finish(bool pull, bool keep);
    RemoteWorkspace *workspace() const { return m_workspace.get(); }

private:
    void say(const QString &line) const;

    CliContext &m_context;
    bool m_quiet = false;
    bool m_keepBySettings = false;
    std::unique_ptr<RemoteWorkspace> m_workspace;
};

/// Prints what a pull did, one line per file.
void printPullReport(QTextStream &stream, const RemotePullReport &report);

} // namespace valis::cli
