#include "modalexec.h"

#include <QUuid>

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <thread>

namespace valis::sandboxes::modal {

namespace router = ::modal::task_command_router;
namespace client = ::modal::client;
using Clock = std::chrono::steady_clock;

namespace {

// Modal's router has no call that kills an exec'd command, so each command is started by a
// small shell that writes the command's process id to a file; a kill then runs killTreeScript
// over it. The wrapper keeps the command's exit status (128 + signal when a signal ended it).
// The file is in $HOME, outside the workspace, and goes with the sandbox. It is removed in the
// background, away from the command's output, so the exit is not held up by starting `rm`.
const char wrapperScript[] =
    "p=${HOME:-/tmp}/$1; shift; \"$@\" & echo $! >\"$p\"; wait $!; r=$?; rm -f \"$p\" </dev/null >/dev/null 2>&1 & exit $r";
// Stops the process and, depth first, everything it started (/proc/<pid>/task/*/children),
// then kills them all: nothing it forked survives to hold the output open.
const char killTreeScript[] =
    "f=${HOME:-/tmp}/$1; p=$(cat \"$f\" 2>/dev/null) || exit 0; "
    "k() { kill -STOP \"$1\" 2>/dev/null; for c in $(cat /proc/\"$1\"/task/*/children 2>/dev/null); do k \"$c\"; done; "
    "kill -KILL \"$1\" 2>/dev/null; }; k \"$p\"; rm -f \"$f\"";

bool remaining(Clock::time_point deadline) { return deadline == Clock::time_point::max() || Clock::now() < deadline; }

void setDeadline(grpc::ClientContext &context, Clock::time_point deadline, std::chrono::milliseconds cap)
{
    const auto now = Clock::now();
    auto left = deadline == Clock::time_point::max() ? cap : std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now);
    left = std::max(std::chrono::milliseconds(1), std::min(left, cap));
    context.set_deadline(std::chrono::system_clock::now() + left);
}

Error goneError(ModalRouter &router, const QString &state)
{
    return Error(QStringLiteral("sandbox.remote-gone"),
                 ModalText::tr("the Modal sandbox %1 stopped (%2) while the command ran")
                     .arg(QString::fromStdString(router.sandboxId()), state));
}

// Starts an exec; a retried start with the same exec id is not run twice by the router.
Result<void> startExec(ModalRouter &router, const router::TaskExecStartRequest &request, ExecCancellation &cancel)
{
    grpc::Status status;
    bool refreshed = false;
    for (int attempt = 0;; ++attempt) {
        grpc::ClientContext context;
        router.authorize(context);
        context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
        if (!cancel.track(&context))
            return Error(QStringLiteral("sandbox.killed"), ModalText::tr("the command was stopped"));
        router::TaskExecStartResponse response;
        status = router.stub()->TaskExecStart(&context, request, &response);
        cancel.untrack(&context);
        if (status.ok())
            return {};
        if (status.error_code() == grpc::StatusCode::UNAUTHENTICATED && !refreshed && router.connect().ok()) {
            refreshed = true;
            continue;
        }
        if (!ModalConnection::retryable(status) || attempt >= 3 || cancel.cancelled())
            break;
        ModalConnection::backoff(attempt);
    }
    if (const auto state = router.stoppedState())
        return goneError(router, *state);
    return router.connection().statusError(status, ModalText::tr("starting a command"));
}

struct StreamOutcome
{
    std::mutex mutex;
    std::condition_variable changed;
    int open = 2;
    std::optional<grpc::Status> failure;
};

// Reads one output stream to its end, resuming at the byte offset reached when it breaks.
void readStream(ModalRouter &router, const std::string &execId, int channel, Clock::time_point deadline,
                const ExecOutput &output, ExecCancellation &cancel, StreamOutcome &outcome)
{
    uint64_t offset = 0;
    int retries = 10;
    bool refreshed = false;
    std::optional<grpc::Status> failure;
    // A stream still failing when the readers are stopped (the command has exited) lost output.
    std::optional<grpc::Status> failing;
    while (true) {
        grpc::ClientContext context;
        router.authorize(context);
        if (deadline != Clock::time_point::max())
            setDeadline(context, deadline, std::chrono::hours(24 * 365));
        if (!cancel.track(&context)) {
            failure = failing;
            break;
        }
        router::TaskExecStdioReadRequest request;
        request.set_task_id(router.taskId());
        request.set_exec_id(execId);
        request.set_offset(offset);
        request.set_file_descriptor(channel == 0 ? router::TASK_EXEC_STDIO_FILE_DESCRIPTOR_STDOUT
                                                 : router::TASK_EXEC_STDIO_FILE_DESCRIPTOR_STDERR);
        const auto stub = router.stub(); // outlives the reader
        auto reader = stub->TaskExecStdioRead(&context, request);
        router::TaskExecStdioReadResponse item;
        while (reader->Read(&item)) {
            offset += item.data().size();
            retries = 10;
            failing.reset();
            if (!item.data().empty())
                output(channel, item.data());
        }
        const grpc::Status status = reader->Finish();
        cancel.untrack(&context);
        if (status.ok())
            break;
        if (cancel.cancelled()) {
            failure = failing;
            break;
        }
        if (status.error_code() == grpc::StatusCode::UNAUTHENTICATED && !refreshed && router.connect().ok()) {
            refreshed = true;
            continue;
        }
        const bool transient = ModalConnection::retryable(status) || status.error_code() == grpc::StatusCode::CANCELLED;
        if (!transient || retries-- <= 0 || !remaining(deadline)) {
            if (status.error_code() != grpc::StatusCode::DEADLINE_EXCEEDED)
                failure = status;
            break;
        }
        failing = status;
        ModalConnection::backoff(std::min(10 - retries, 3));
    }
    const std::lock_guard lock(outcome.mutex);
    if (failure && !outcome.failure)
        outcome.failure = failure;
    --outcome.open;
    outcome.changed.notify_all();
}

// Best effort: a command's process tree is killed on the machine after a timeout or a kill.
void killOnMachine(ModalRouter &router, const std::string &pidFile)
{
    ExecCancellation cancel;
    router::TaskExecStartRequest request;
    request.set_task_id(router.taskId());
    request.set_exec_id(QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString());
    for (const char *argument : {"sh", "-c", killTreeScript, "valis-kill"})
        request.add_command_args(argument);
    request.add_command_args(pidFile);
    request.set_stdout_config(router::TASK_EXEC_STDOUT_CONFIG_DEVNULL);
    request.set_stderr_config(router::TASK_EXEC_STDERR_CONFIG_DEVNULL);
    request.set_timeout_secs(10);
    if (startExec(router, request, cancel).hasError())
        return;
    grpc::ClientContext context;
    router.authorize(context);
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    router::TaskExecWaitRequest wait;
    wait.set_task_id(router.taskId());
    wait.set_exec_id(request.exec_id());
    router::TaskExecWaitResponse response;
    router.stub()->TaskExecWait(&context, wait, &response).ok();
}

} // namespace

void ExecCancellation::cancel()
{
    const std::lock_guard lock(m_mutex);
    m_cancelled = true;
    for (grpc::ClientContext *context : m_contexts)
        context->TryCancel();
}

bool ExecCancellation::cancelled() const
{
    const std::lock_guard lock(m_mutex);
    return m_cancelled;
}

bool ExecCancellation::track(grpc::ClientContext *context)
{
    const std::lock_guard lock(m_mutex);
    if (m_cancelled)
        return false;
    m_contexts.insert(context);
    return true;
}

void ExecCancellation::untrack(grpc::ClientContext *context)
{
    const std::lock_guard lock(m_mutex);
    m_contexts.erase(context);
}

ModalRouter::ModalRouter(std::shared_ptr<ModalConnection> connection, std::string sandboxId, std::string taskId)
    : m_connection(std::move(connection)), m_sandboxId(std::move(sandboxId)), m_taskId(std::move(taskId))
{}

Result<void> ModalRouter::connect()
{
    client::TaskGetCommandRouterAccessRequest request;
    request.set_task_id(m_taskId);
    const auto access = m_connection->call(&client::ModalClient::Stub::TaskGetCommandRouterAccess, request,
                                           std::chrono::seconds(30), ModalText::tr("asking for the sandbox's command router"));
    if (access.hasError())
        return access.error();
    const std::lock_guard lock(m_mutex);
    m_jwt = access->jwt();
    m_channel = m_connection->routerChannel(access->url());
    m_stub = router::TaskCommandRouter::NewStub(m_channel);
    return {};
}

std::shared_ptr<router::TaskCommandRouter::Stub> ModalRouter::stub()
{
    const std::lock_guard lock(m_mutex);
    return m_stub;
}

void ModalRouter::authorize(grpc::ClientContext &context)
{
    const std::lock_guard lock(m_mutex);
    context.AddMetadata("authorization", "Bearer " + m_jwt);
}

std::optional<QString> ModalRouter::stoppedState()
{
    client::SandboxWaitRequest request;
    request.set_sandbox_id(m_sandboxId);
    request.set_timeout(0);
    const auto waited = m_connection->call(&client::ModalClient::Stub::SandboxWait, request, std::chrono::seconds(20),
                                           ModalText::tr("checking the sandbox"));
    if (waited.hasError())
        return waited.error().code == QLatin1String("sandbox.remote-not-found") ? std::optional(waited.error().message)
                                                                                 : std::nullopt;
    if (!waited->has_result() || waited->result().status() == client::GENERIC_STATUS_UNSPECIFIED)
        return std::nullopt;
    const auto &result = waited->result();
    QString state;
    switch (result.status()) {
    case client::GENERIC_STATUS_TERMINATED: state = ModalText::tr("terminated"); break;
    case client::GENERIC_STATUS_TIMEOUT: state = ModalText::tr("its timeout was reached"); break;
    case client::GENERIC_STATUS_IDLE_TIMEOUT: state = ModalText::tr("idle too long"); break;
    default: state = ModalText::tr("finished with status %1").arg(int(result.status())); break;
    }
    if (!result.exception().empty())
        state += QStringLiteral(": ") + QString::fromStdString(result.exception());
    return state;
}

Result<ExecExit> runExec(ModalRouter &router, const ExecSpec &spec, const ExecOutput &output, ExecCancellation &cancel)
{
    const std::string execId = QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString();
    const std::string pidFile = ".valis-exec-" + execId + ".pid";
    router::TaskExecStartRequest start;
    start.set_task_id(router.taskId());
    start.set_exec_id(execId);
    for (const char *argument : {"sh", "-c", wrapperScript, "valis-exec"})
        start.add_command_args(argument);
    start.add_command_args(pidFile);
    for (const std::string &argument : spec.arguments)
        start.add_command_args(argument);
    start.set_stdout_config(router::TASK_EXEC_STDOUT_CONFIG_PIPE);
    start.set_stderr_config(router::TASK_EXEC_STDERR_CONFIG_PIPE);
    if (!spec.workdir.empty())
        start.set_workdir(spec.workdir);
    if (spec.deadline != Clock::time_point::max()) {
        // The service ends it too, a little later, should this client be gone by then.
        const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(spec.deadline - Clock::now()).count();
        start.set_timeout_secs(uint32_t(std::max<long long>(1, seconds) + 5));
    }
    if (!spec.environment.empty()) {
        auto *contents = start.add_secret_sources()->mutable_env()->mutable_contents();
        for (const auto &[key, value] : spec.environment)
            (*contents)[key] = value;
    }
    const Result<void> started = startExec(router, start, cancel);
    if (started.hasError())
        return started.error();

    ExecCancellation readersCancel;
    StreamOutcome outcome;
    std::thread stdoutReader(readStream, std::ref(router), execId, 0, spec.deadline, std::cref(output), std::ref(readersCancel), std::ref(outcome));
    std::thread stderrReader(readStream, std::ref(router), execId, 1, spec.deadline, std::cref(output), std::ref(readersCancel), std::ref(outcome));

    std::optional<ExecExit> exit;
    std::optional<Error> error;
    int failures = 0;
    while (!exit && !error) {
        grpc::ClientContext context;
        router.authorize(context);
        setDeadline(context, spec.deadline, std::chrono::seconds(55));
        if (!cancel.track(&context))
            break;
        router::TaskExecWaitRequest request;
        request.set_task_id(router.taskId());
        request.set_exec_id(execId);
        router::TaskExecWaitResponse response;
        const grpc::Status status = router.stub()->TaskExecWait(&context, request, &response);
        cancel.untrack(&context);
        if (status.ok() && response.exit_status_case() == router::TaskExecWaitResponse::kCode) {
            exit = ExecExit{response.code()};
        } else if (status.ok() && response.exit_status_case() == router::TaskExecWaitResponse::kSignal) {
            // A signal from outside the command: the sandbox may have been stopped under it.
            if (const auto state = router.stoppedState())
                error = goneError(router, *state);
            else
                exit = ExecExit{128 + response.signal()};
        } else if (cancel.cancelled()) {
            break;
        } else if (status.ok() || status.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED) {
            if (!remaining(spec.deadline))
                break;
        } else if (status.error_code() == grpc::StatusCode::UNAUTHENTICATED && failures++ < 3 && router.connect().ok()) {
            continue;
        } else if (ModalConnection::retryable(status) && failures++ < 10) {
            ModalConnection::backoff(std::min(failures, 3));
        } else if (const auto state = router.stoppedState()) {
            error = goneError(router, *state);
        } else {
            error = router.connection().statusError(status, ModalText::tr("waiting for a command"));
        }
    }
    if (!exit && !error) {
        error = cancel.cancelled() ? Error(QStringLiteral("sandbox.killed"), ModalText::tr("the command was stopped"))
                                   : Error(QStringLiteral("sandbox.timeout"), ModalText::tr("the command did not finish in time"));
    }
    {
        // Output still in flight after the exit arrives within a moment; a process the command
        // left behind holding its output open does not keep the command running.
        std::unique_lock lock(outcome.mutex);
        outcome.changed.wait_for(lock, std::chrono::seconds(exit ? 2 : 0), [&] { return outcome.open == 0; });
    }
    readersCancel.cancel();
    stdoutReader.join();
    stderrReader.join();
    if (error && (error->code == QLatin1String("sandbox.killed") || error->code == QLatin1String("sandbox.timeout")))
        killOnMachine(router, pidFile);
    if (error)
        return *error;
    if (outcome.failure)
        return Error(QStringLiteral("sandbox.remote-http"),
                     ModalText::tr("the connection to the Modal sandbox %1 broke while reading the command's output (%2); "
                                   "the command exited with %3 but its output is incomplete")
                         .arg(QString::fromStdString(router.sandboxId()), QString::fromStdString(outcome.failure->error_message()))
                         .arg(exit->exitCode));
    return *exit;
}

} // namespace valis::sandboxes::modal
