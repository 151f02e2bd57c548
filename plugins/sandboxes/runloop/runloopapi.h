#pragma once

#include "rest/restclient.h"

#include "valis/core/result.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

namespace valis::sandboxes::runloop {

/// What the plugin reads of a Runloop DevboxView.
struct DevboxView
{
    QString id;
    QString name;
    QString status; ///< provisioning, initializing, running, suspended, failure, shutdown, ...
    QString failureReason;
    QString shutdownReason;
    QString blueprint; ///< blueprint or snapshot id, when it has one
    QHash<QString, QString> metadata;
    QDateTime created;
    double cpus = 0;
    double memoryGb = 0;
    double diskGb = 0;

    bool booting() const;
    bool terminal() const; ///< failure or shutdown: it will never run commands again
    static DevboxView fromJson(const QJsonObject &json);
};

/// What the plugin reads of a DevboxAsyncExecutionDetailView.
struct ExecutionView
{
    QString executionId;
    QString status; ///< queued, running, completed
    std::optional<int> exitStatus;
    QByteArray output;
    QByteArray errorOutput;
    bool outputTruncated = false;
    bool errorOutputTruncated = false;

    bool completed() const { return status == QLatin1String("completed"); }
    static ExecutionView fromJson(const QJsonObject &json);
};

/// The error code the plugin uses for a long poll that expired (HTTP 408): the caller polls
/// again. Never leaves the plugin.
inline constexpr char PollExpired[] = "runloop.poll-expired";

/// Runloop's devboxes API (https://api.runloop.ai/v1/devboxes...) as blocking calls that return
/// Valis's errors: "sandbox.remote-auth", "-quota", "-not-found", "-gone", "-http". Immutable
/// after construction, so any thread may use it; every call blocks (worker threads only).
class RunloopApi
{
public:
    RunloopApi(const QUrl &baseUrl, const QString &apiKey);

    const rest::Client &client() const { return m_client; }
    QUrl baseUrl() const { return m_client.baseUrl(); }
    bool hasKey() const { return !m_apiKey.isEmpty(); }

    Result<DevboxView> create(const QJsonObject &body) const;
    Result<DevboxView> get(const QString &id) const;
    /// One long poll (the server holds it up to `hold`); nothing when it expired.
    Result<std::optional<DevboxView>> waitForStatus(const QString &id, const QStringList &statuses,
                                                    std::chrono::seconds hold) const;
    /// Every devbox of the account, all pages.
    Result<QList<DevboxView>> list() const;
    Result<DevboxView> shutdown(const QString &id) const;

    /// Runs `command` (bash, from $HOME) and waits up to `optimistic` for it.
    Result<ExecutionView> execute(const QString &id, const QString &command, std::chrono::seconds optimistic) const;
    /// One long poll for the execution to complete; nothing when it expired.
    Result<std::optional<ExecutionView>> waitForExecution(const QString &id, const QString &executionId,
                                                          std::chrono::seconds hold) const;
    Result<ExecutionView> kill(const QString &id, const QString &executionId) const;
    /// The whole stdout or stderr of a completed execution, from its SSE stream.
    Result<QByteArray> fullOutput(const QString &id, const QString &executionId, bool errorOutput) const;

    Result<QByteArray> download(const QString &id, const QString &path) const;
    Result<void> writeText(const QString &id, const QString &path, const QString &contents) const;
    Result<void> upload(const QString &id, const QString &path, const QByteArray &content) const;

    /// The request of one SSE stream of an execution, from `offset`.
    static rest::Request streamRequest(const QString &id, const QString &executionId, bool errorOutput, qint64 offset);
    /// The request that polls an execution once (for the asynchronous process).
    static rest::Request waitRequest(const QString &id, const QString &executionId, std::chrono::seconds hold);
    /// The mapped error of a response that is not 2xx.
    static Error errorFor(const rest::Response &response);
    /// Network failures of the REST client ("http.network", "http.timeout") as Valis's
    /// sandbox errors, naming Runloop and what to check.
    Error networkError(const Error &error) const;

    /// A fresh UUIDv7, as the execute endpoint wants for its command_id.
    static QString commandId();

private:
    Result<rest::Response> send(const rest::Request &request) const;

    QString m_apiKey;
    rest::Client m_client;
};


/// Parses the SSE events in `buffer` (complete ones only, which it removes), appending each
/// chunk's output to `output` and returning the last offset seen (or -1 when none). Sets
/// `expired` when an error event says the stream timed out.
qint64 takeSseChunks(QByteArray &buffer, QByteArray &output, bool *expired);

} // namespace valis::sandboxes::runloop
