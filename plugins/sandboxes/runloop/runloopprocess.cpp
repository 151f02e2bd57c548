#include "runloopprocess.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>

namespace valis::sandboxes::runloop {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::sandboxes::RunloopSandbox)
};

// The server holds an execution wait up to 25 s; shorter holds only cost requests.
constexpr std::chrono::seconds PollHold{25};
// How long to wait for the rest of the output once the command has exited.
constexpr std::chrono::seconds DrainTime{10};
constexpr int MaxFailures = 6;

std::chrono::milliseconds backoff(int failures)
{
    return std::chrono::milliseconds(qMin(4000, 200 << qMin(failures, 5)));
}
} // namespace

RunloopProcess::RunloopProcess(std::shared_ptr<const RunloopApi> api, QString devboxId, QString command,
                               std::chrono::milliseconds timeout, QObject *parent)
    : SandboxProcess(parent), m_api(std::move(api)), m_devboxId(std::move(devboxId)), m_command(std::move(command)),
      m_timeout(timeout), m_network(new QNetworkAccessManager(this))
{
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        killRemote();
        fail(Error(QStringLiteral("sandbox.timeout"),
                   Text::tr("the command ran longer than %1 s on the Runloop devbox %2 and was stopped")
                       .arg(double(m_timeout.count()) / 1000.0)
                       .arg(m_devboxId)));
    });
    m_drain.setSingleShot(true);
    connect(&m_drain, &QTimer::timeout, this, [this] {
        // The exit status is known but a stream never ended: report what arrived.
        for (Stream &stream : m_streams)
            stream.done = true;
        maybeFinish();
    });
    // Signals are never emitted from inside Sandbox::start().
    QTimer::singleShot(0, this, &RunloopProcess::begin);
}

RunloopProcess::~RunloopProcess()
{
    if (!m_ended)
        killRemote();
}

void RunloopProcess::begin()
{
    if (m_ended)
        return;
    if (m_timeout.count() > 0)
        m_deadline.start(m_timeout);
    QNetworkReply *reply = m_api->client().start(
        m_network, rest::Request::json("POST", QStringLiteral("/v1/devboxes/") + m_devboxId + QStringLiteral("/execute_async"),
                                       QJsonObject{{QStringLiteral("command"), m_command}}));
    connect(reply, &QNetworkReply::finished, this, [this, reply] {
        reply->deleteLater();
        const rest::Response response = rest::Client::responseOf(reply);
        if (response.status >= 200 && response.status < 300)
            m_executionId = ExecutionView::fromJson(response.json().toObject()).executionId;
        if (m_killRequested) {
            killRemote(); // killed while the command was being started
            return;
        }
        if (m_ended)
            return;
        if (response.status == 0)
            return fail(m_api->networkError(Error(QStringLiteral("http.network"), reply->errorString())));
        if (m_executionId.isEmpty())
            return failAfterCheck(RunloopApi::errorFor(response));
        openStream(0);
        openStream(1);
        poll();
    });
}

void RunloopProcess::openStream(int channel)
{
    Stream &stream = m_streams[channel];
    stream.buffer.clear();
    stream.reply = m_api->client().start(m_network, RunloopApi::streamRequest(m_devboxId, m_executionId, channel == 1, stream.offset));
    QNetworkReply *reply = stream.reply;
    connect(reply, &QNetworkReply::readyRead, this, [this, channel] { streamData(channel); });
    connect(reply, &QNetworkReply::finished, this, [this, channel] { streamEnded(channel); });
}

void RunloopProcess::streamData(int channel)
{
    Stream &stream = m_streams[channel];
    if (m_ended || !stream.reply)
        return;
    if (stream.reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() != 200)
        return; // an error body: read when the reply ends
    stream.buffer += stream.reply->readAll();
    QByteArray output;
    bool expired = false;
    const qint64 offset = takeSseChunks(stream.buffer, output, &expired);
    if (offset >= 0) {
        stream.offset = offset;
        stream.failures = 0;
    }
    if (expired)
        stream.reply->abort(); // resumed from the offset in streamEnded()
    if (output.isEmpty())
        return;
    if (channel == 0)
        Q_EMIT standardOutputReceived(output);
    else
        Q_EMIT standardErrorReceived(output);
}

void RunloopProcess::streamEnded(int channel)
{
    Stream &stream = m_streams[channel];
    QNetworkReply *reply = stream.reply;
    if (!reply)
        return;
    reply->deleteLater();
    stream.reply = nullptr;
    if (m_ended)
        return;
    // Aborted here after an idle-timeout event: nothing to read, resume below.
    const bool aborted = reply->error() == QNetworkReply::OperationCanceledError;
    const rest::Response response = aborted ? rest::Response{} : rest::Client::responseOf(reply);
    if (!aborted && response.status == 200 && reply->error() == QNetworkReply::NoError) {
        stream.buffer += response.body;
        QByteArray output;
        bool expired = false;
        const qint64 offset = takeSseChunks(stream.buffer, output, &expired);
        if (offset >= 0)
            stream.offset = offset;
        if (!output.isEmpty()) {
            const QPointer<RunloopProcess> self(this);
            if (channel == 0)
                Q_EMIT standardOutputReceived(output);
            else
                Q_EMIT standardErrorReceived(output);
            if (!self || m_ended)
                return;
        }
        if (!expired) {
            stream.done = true;
            return maybeFinish();
        }
    } else if (response.status >= 400 && response.status != 408 && response.status != 429 && response.status < 500) {
        return failAfterCheck(RunloopApi::errorFor(response));
    }
    // Dropped, idled out or refused for now: resume from the last offset, unless nothing comes.
    if (++stream.failures > MaxFailures)
        return failAfterCheck(m_api->networkError(Error(QStringLiteral("http.network"), reply->errorString())));
    QTimer::singleShot(backoff(stream.failures - 1), this, [this, channel] {
        if (!m_ended && !m_streams[channel].reply)
            openStream(channel);
    });
}

void RunloopProcess::poll()
{
    m_poll = m_api->client().start(m_network, RunloopApi::waitRequest(m_devboxId, m_executionId, PollHold));
    connect(m_poll.data(), &QNetworkReply::finished, this, &RunloopProcess::pollEnded);
}

void RunloopProcess::pollEnded()
{
    QNetworkReply *reply = m_poll;
    if (!reply)
        return;
    reply->deleteLater();
    m_poll = nullptr;
    if (m_ended)
        return;
    const rest::Response response = rest::Client::responseOf(reply);
    if (response.status == 200) {
        m_pollFailures = 0;
        const ExecutionView view = ExecutionView::fromJson(response.json().toObject());
        if (!view.completed())
            return poll();
        m_exitStatus = view.exitStatus.value_or(-1);
        m_drain.start(DrainTime);
        return maybeFinish();
    }
    if (response.status == 408)
        return poll(); // the hold expired: poll again at once
    const bool transient = response.status == 0 || response.status == 409 || response.status == 429 || response.status >= 500;
    if (!transient)
        return failAfterCheck(RunloopApi::errorFor(response));
    if (++m_pollFailures > MaxFailures)
        return failAfterCheck(response.status == 0 ? m_api->networkError(Error(QStringLiteral("http.network"), reply->errorString()))
                                                   : RunloopApi::errorFor(response));
    const auto delay = response.retryAfter().value_or(backoff(m_pollFailures - 1));
    QTimer::singleShot(delay, this, [this] {
        if (!m_ended)
            poll();
    });
}

void RunloopProcess::maybeFinish()
{
    if (m_ended || !m_exitStatus || !m_streams[0].done || !m_streams[1].done)
        return;
    m_ended = true;
    m_deadline.stop();
    m_drain.stop();
    Q_EMIT finished(*m_exitStatus);
}

void RunloopProcess::failAfterCheck(const Error &error)
{
    if (m_ended)
        return;
    if (error.code == QLatin1String("sandbox.remote-gone"))
        return fail(error);
    rest::Request request;
    request.path = QStringLiteral("/v1/devboxes/") + m_devboxId;
    request.timeout = std::chrono::seconds(20);
    QNetworkReply *reply = m_api->client().start(m_network, request);
    connect(reply, &QNetworkReply::finished, this, [this, reply, error] {
        reply->deleteLater();
        const rest::Response response = rest::Client::responseOf(reply);
        const DevboxView devbox = DevboxView::fromJson(response.json().toObject());
        if (response.status == 200 && devbox.terminal())
            return fail(Error(QStringLiteral("sandbox.remote-gone"),
                              Text::tr("the Runloop devbox %1 stopped (%2) while the command ran: start the session "
                                       "again so Valis creates a new one")
                                  .arg(m_devboxId, devbox.shutdownReason.isEmpty() ? devbox.status : devbox.shutdownReason)));
        if (response.status == 404)
            return fail(Error(QStringLiteral("sandbox.remote-gone"),
                              Text::tr("the Runloop devbox %1 no longer exists").arg(m_devboxId)));
        fail(error);
    });
}

void RunloopProcess::fail(const Error &error)
{
    if (m_ended)
        return;
    m_ended = true;
    m_deadline.stop();
    m_drain.stop();
    for (Stream &stream : m_streams) {
        if (stream.reply)
            stream.reply->abort();
    }
    if (m_poll)
        m_poll->abort();
    Q_EMIT failed(error);
}

void RunloopProcess::kill()
{
    if (m_ended)
        return;
    killRemote();
    m_ended = true;
    m_deadline.stop();
    m_drain.stop();
    for (Stream &stream : m_streams) {
        if (stream.reply)
            stream.reply->abort();
    }
    if (m_poll)
        m_poll->abort();
    QTimer::singleShot(0, this, [this] {
        Q_EMIT failed(Error(QStringLiteral("sandbox.killed"), Text::tr("the command was stopped")));
    });
}

void RunloopProcess::killRemote()
{
    m_killRequested = true;
    if (m_executionId.isEmpty())
        return; // execute_async is under way: its answer sends the kill
    const QString path = QStringLiteral("/v1/devboxes/") + m_devboxId + QStringLiteral("/executions/") + m_executionId
                         + QStringLiteral("/kill");
    m_executionId.clear(); // one kill is enough
    // Its own manager, not parented to this process: the kill must reach Runloop even when the
    // process object is deleted right after.
    auto *manager = new QNetworkAccessManager();
    QNetworkReply *reply = m_api->client().start(
        manager, rest::Request::json("POST", path, QJsonObject{{QStringLiteral("kill_process_group"), true}}));
    QObject::connect(reply, &QNetworkReply::finished, manager, [manager, reply] {
        reply->deleteLater();
        manager->deleteLater();
    });
}

} // namespace valis::sandboxes::runloop
