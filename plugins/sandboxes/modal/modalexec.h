#pragma once

#include "modalconnection.h"
#include "task_command_router_minimal.grpc.pb.h"

#include "valis/core/result.h"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace valis::sandboxes::modal {

/// Stops the gRPC calls of one command from another thread: every call in flight is cancelled
/// and no new one starts. Thread-safe.
class ExecCancellation
{
public:
    void cancel();
    bool cancelled() const;
    /// Registers a call in flight; false (and the call must not start) once cancelled.
    bool track(grpc::ClientContext *context);
    void untrack(grpc::ClientContext *context);

private:
    mutable std::mutex m_mutex;
    bool m_cancelled = false;
    std::set<grpc::ClientContext *> m_contexts;
};

/// The command router of one sandbox's task (modal.task_command_router.TaskCommandRouter): the
/// channel to the worker and the JWT it wants, fetched again when refused. Thread-safe; shared
/// by the machine and its running commands.
class ModalRouter
{
public:
    ModalRouter(std::shared_ptr<ModalConnection> connection, std::string sandboxId, std::string taskId);

    /// Asks the control plane for the router's address and token (TaskGetCommandRouterAccess).
    Result<void> connect();
    const std::string &taskId() const { return m_taskId; }
    const std::string &sandboxId() const { return m_sandboxId; }
    ModalConnection &connection() { return *m_connection; }
    /// The current stub; held by the caller for the length of a call (connect() replaces it).
    std::shared_ptr<::modal::task_command_router::TaskCommandRouter::Stub> stub();
    /// Adds `authorization: Bearer <jwt>`.
    void authorize(grpc::ClientContext &context);
    /// Whether the sandbox has stopped (SandboxWait with no wait); its state word when it has.
    std::optional<QString> stoppedState();

private:
    std::shared_ptr<ModalConnection> m_connection;
    std::string m_sandboxId;
    std::string m_taskId;
    std::mutex m_mutex;
    std::string m_jwt;
    std::shared_ptr<grpc::Channel> m_channel;
    std::shared_ptr<::modal::task_command_router::TaskCommandRouter::Stub> m_stub;
};

/// One command to run on the machine.
struct ExecSpec
{
    std::vector<std::string> arguments;   ///< program and arguments, run without a shell
    std::string workdir;                  ///< absolute on the machine; empty: the sandbox's
    std::map<std::string, std::string> environment;
    /// When the command must have ended; time_point::max(): no limit.
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

/// How a command ended: its exit code (128 + the signal for one a signal ended).
struct ExecExit
{
    int exitCode = 0;
};

/// Output as it arrives: `channel` 0 is stdout, 1 stderr. Called from worker threads.
using ExecOutput = std::function<void(int channel, const std::string &data)>;

/// Runs `spec` on the router's task and blocks until it ends: TaskExecStart, both output streams
/// read on their own threads (resumed at their offset when a stream breaks), TaskExecWait.
/// Errors: "sandbox.timeout" (the deadline passed), "sandbox.killed" (`cancel` was cancelled),
/// "sandbox.remote-gone" (the sandbox stopped), "sandbox.remote-http" (the connection broke
/// for good). A command that is timed out or killed is also killed on the machine.
Result<ExecExit> runExec(ModalRouter &router, const ExecSpec &spec, const ExecOutput &output, ExecCancellation &cancel);

} // namespace valis::sandboxes::modal
