#include "daytonaprocess.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QNetworkReply>
#include <QUuid>

namespace valis::daytona {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::daytona::DaytonaSandbox)
};

constexpr int MaxAttempts = 5;
constexpr std::chrono::milliseconds FirstRetry{100};
constexpr std::chrono::milliseconds FastPoll{10};
constexpr std::chrono::milliseconds SlowPoll{200};
constexpr std::chrono::milliseconds MaxRetryAfter{30000};

QString newSessionId()
{
    return QStringLiteral("valis-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
}
} // namespace

std::optional<QString> SessionPool::take()
{
    QMutexLocker lock(&m_mutex);
    if (m_ready.isEmpty())
        return std::nullopt;
    return m_ready.takeFirst();
}

void SessionPool::refill(const rest::Client &client)
{
    {
        QMutexLocker lock(&m_mutex);
        if (m_refilling || m_drained || !m_ready.isEmpty())
            return;
        m_refilling = true;
    }
    const QString sessionId = newSessionId();
    QNetworkReply *reply = client.start(rest::Client::threadManager(),
                                        rest::Request::json("POST", QStringLiteral("/process/session"),
                                                            QJsonObject{{QStringLiteral("sessionId"), sessionId}}));
    // The pool lives until the answer; if its machine went meanwhile, the spare is deleted.
    QObject::connect(reply, &QNetworkReply::finished, reply, [self = shared_from_this(), reply, sessionId, client] {
        reply->deleteLater();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        QMutexLocker lock(&self->m_mutex);
        self->m_refilling = false;
        if (status < 200 || status >= 300)
            return;
        if (self->m_drained) {
            lock.unlock();
            deleteSessionLater(client, sessionId);
            return;
        }
        self->m_ready.append(sessionId);
    });
}

void SessionPool::drain(const rest::Client &client)
{
    QStringList ready;
    {
        QMutexLocker lock(&m_mutex);
        m_drained = true;
        ready.swap(m_ready);
    }
    for (const QString &sessionId : std::as_const(ready))
        deleteSessionLater(client, sessionId);
}

void deleteSessionLater(const rest::Client &client, const QString &sessionId)
{
    rest::Request request;
    request.method = "DELETE";
    request.path = QStringLiteral("/process/session/%1").arg(sessionId);
    request.timeout = std::chrono::milliseconds(30000);
    QNetworkReply *reply = client.start(rest::Client::threadManager(), request);
    QObject::connect(reply, &QNetworkReply::finished, reply, &QObject::deleteLater);
}

DaytonaProcess::DaytonaProcess(const Endpoint &endpoint, const QUrl &toolboxProxyUrl, const QString &machineId,
                               QString commandLine, std::chrono::milliseconds timeout, std::shared_ptr<SessionPool> sessions,
                               QObject *parent)
    : SandboxProcess(parent), m_client(endpoint.toolbox(toolboxProxyUrl, machineId)), m_sessions(std::move(sessions)),
      m_machineId(machineId), m_commandLine(std::move(commandLine)), m_timeout(timeout),
      m_manager(rest::Client::threadManager())
{
    m_pollTimer.setSingleShot(true);
    connect(&m_pollTimer, &QTimer::timeout, this, [this] { poll(); });
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        fail(Error(QStringLiteral("sandbox.timeout"),
                   Text::tr("the command ran longer than %1 s on the Daytona sandbox %2 and was stopped")
                       .arg(double(m_timeout.count()) / 1000.0)
                       .arg(m_machineId)));
    });
    // Nothing is emitted from inside Sandbox::start(): the work begins on the event loop.
    QTimer::singleShot(0, this, [this] {
        if (m_done)
            return;
        if (m_timeout.count() > 0)
            m_deadline.start(m_timeout);
        const std::optional<QString> spare = m_sessions->take();
        // The next command's session is created while this one runs.
        m_sessions->refill(m_client);
        if (!spare)
            return createSession();
        m_sessionId = *spare;
        m_sessionCreated = true;
        m_spareSession = true;
        execute();
    });
}

DaytonaProcess::~DaytonaProcess()
{
    if (!m_done) {
        // Deleted while the command runs: end it on the sandbox too.
        m_done = true;
        deleteSession();
    }
    // The manager is the thread's: a request still under way must not outlive this object.
    if (m_reply) {
        m_reply->abort();
        delete m_reply.data();
    }
}

void DaytonaProcess::kill()
{
    if (m_done)
        return;
    fail(Error(QStringLiteral("sandbox.killed"), Text::tr("the command was stopped on the Daytona sandbox")));
}

void DaytonaProcess::send(const rest::Request &request, Handler handler, std::function<bool(const rest::Response &)> refused,
                          int attempt)
{
    QNetworkReply *reply = m_client.start(m_manager, request);
    m_reply = reply;
    connect(reply, &QNetworkReply::finished, this,
            [this, reply, request, handler = std::move(handler), refused = std::move(refused), attempt] {
        reply->deleteLater();
        if (m_done)
            return;
        const rest::Response response = rest::Client::responseOf(reply);
        const auto retryLater = [&](std::chrono::milliseconds delay) {
            QTimer::singleShot(delay, this, [this, request, handler, refused, attempt] {
                if (!m_done)
                    send(request, handler, refused, attempt + 1);
            });
        };
        const std::chrono::milliseconds backoff = FirstRetry * (1 << (attempt - 1));
        if (response.status == 0) {
            // Only a GET is resent: a dropped exec may have started the command already.
            if (request.method == "GET" && attempt < MaxAttempts)
                return retryLater(backoff);
            return fail(transportError(Error(QStringLiteral("http.network"),
                                             Text::tr("%1 (while asking for %2)").arg(reply->errorString(), request.path))));
        }
        if (response.status >= 200 && response.status < 300)
            return handler(response);
        if ((response.status == 429 || response.status >= 502) && attempt < MaxAttempts) {
            const auto after = response.retryAfter();
            if (!after || *after <= MaxRetryAfter)
                return retryLater(after ? *after : backoff);
        }
        if (refused && refused(response))
            return;
        fail(m_client.errorFor(response));
    });
}

void DaytonaProcess::createSession()
{
    m_sessionId = newSessionId();
    const rest::Request request = rest::Request::json("POST", QStringLiteral("/process/session"),
                                                      QJsonObject{{QStringLiteral("sessionId"), m_sessionId}});
    send(request, [this](const rest::Response &) {
        m_sessionCreated = true;
        execute();
    });
}

void DaytonaProcess::execute()
{
    const rest::Request request = rest::Request::json(
        "POST", QStringLiteral("/process/session/%1/exec").arg(m_sessionId),
        QJsonObject{{QStringLiteral("command"), m_commandLine}, {QStringLiteral("runAsync"), true}, {QStringLiteral("async"), true}});
    send(request, [this](const rest::Response &response) {
        m_commandId = response.json().toObject().value(QLatin1String("cmdId")).toString();
        if (m_commandId.isEmpty())
            return fail(Error(QStringLiteral("sandbox.start-failed"),
                              Text::tr("Daytona did not say which command it started: %1")
                                  .arg(QString::fromUtf8(response.body.left(300)))));
        poll();
    }, [this](const rest::Response &response) {
        // A spare session is gone when the sandbox restarted since it was made: a new one.
        const QString code = errorCode(response);
        if (!m_spareSession || response.status != 404 || code == QLatin1String("SANDBOX_NOT_FOUND")
            || code == QLatin1String("SANDBOX_NOT_STARTED"))
            return false;
        m_spareSession = false;
        m_sessionCreated = false;
        createSession();
        return true;
    });
}

void DaytonaProcess::poll()
{
    rest::Request request;
    request.path = QStringLiteral("/process/session/%1/command/%2").arg(m_sessionId, m_commandId);
    send(request, [this](const rest::Response &response) {
        const QJsonValue exitCode = response.json().toObject().value(QLatin1String("exitCode"));
        fetchLogs(exitCode.isDouble() ? std::optional<int>(exitCode.toInt()) : std::nullopt);
    });
}

void DaytonaProcess::fetchLogs(std::optional<int> exitCode)
{
    rest::Request request;
    request.path = QStringLiteral("/process/session/%1/command/%2/logs").arg(m_sessionId, m_commandId);
    // Older daemons answer text/plain (the combined output only).
    request.accept = "application/json,text/plain";
    send(request, [this, exitCode](const rest::Response &response) {
        const qsizetype before = m_stdoutSent + m_stderrSent;
        emitNew(response);
        if (m_done)
            return;
        if (exitCode)
            return finish(*exitCode);
        m_interval = m_stdoutSent + m_stderrSent > before ? FastPoll : std::min(m_interval * 2, SlowPoll);
        m_pollTimer.start(m_interval);
    });
}

void DaytonaProcess::emitNew(const rest::Response &logs)
{
    QByteArray out;
    QByteArray err;
    if (logs.header("content-type").contains("json")) {
        const QJsonObject body = logs.json().toObject();
        out = body.value(QLatin1String("stdout")).toString().toUtf8();
        err = body.value(QLatin1String("stderr")).toString().toUtf8();
    } else {
        out = logs.body;
    }
    if (out.size() > m_stdoutSent) {
        const QByteArray fresh = out.mid(m_stdoutSent);
        m_stdoutSent = out.size();
        Q_EMIT standardOutputReceived(fresh);
    }
    if (!m_done && err.size() > m_stderrSent) {
        const QByteArray fresh = err.mid(m_stderrSent);
        m_stderrSent = err.size();
        Q_EMIT standardErrorReceived(fresh);
    }
}

void DaytonaProcess::deleteSession()
{
    if (!m_sessionCreated)
        return;
    m_sessionCreated = false;
    deleteSessionLater(m_client, m_sessionId);
}

void DaytonaProcess::fail(const Error &error)
{
    if (m_done)
        return;
    m_done = true;
    m_pollTimer.stop();
    m_deadline.stop();
    if (m_reply)
        m_reply->abort();
    deleteSession();
    // Emitted from the event loop: kill() callers do not see the signal inside their call.
    QTimer::singleShot(0, this, [this, error] { Q_EMIT failed(error); });
}

void DaytonaProcess::finish(int exitCode)
{
    m_done = true;
    m_pollTimer.stop();
    m_deadline.stop();
    deleteSession();
    Q_EMIT finished(exitCode);
}

} // namespace valis::daytona
