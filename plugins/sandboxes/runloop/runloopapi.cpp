#include "runloopapi.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>

namespace valis::sandboxes::runloop {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::sandboxes::RunloopSandbox)
};

// Runloop holds a devbox wait up to 30 s and an execution wait up to 25 s; a request must
// outlive its hold, so the server's 408 arrives before the client gives up.
constexpr std::chrono::seconds HoldMargin{30};

QString serviceMessage(const rest::Response &response)
{
    const QJsonValue json = response.json();
    const QJsonValue message = json.toObject().value(QLatin1String("message"));
    if (message.isString() && !message.toString().isEmpty())
        return message.toString();
    const QString text = QString::fromUtf8(response.body.left(300)).trimmed();
    return text.isEmpty() ? Text::tr("no details") : text;
}

QHash<QString, QString> stringMap(const QJsonValue &value)
{
    QHash<QString, QString> map;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it)
        map.insert(it.key(), it.value().toString());
    return map;
}

rest::Request post(const QString &path, const QJsonObject &body, std::chrono::milliseconds timeout)
{
    rest::Request request = rest::Request::json("POST", path, body);
    request.timeout = timeout;
    return request;
}

QString devboxPath(const QString &id, const QString &rest = {})
{
    return QStringLiteral("/v1/devboxes/") + QString::fromLatin1(QUrl::toPercentEncoding(id)) + rest;
}
} // namespace

bool DevboxView::booting() const
{
    static const QStringList states{QStringLiteral("scheduled"), QStringLiteral("queued"), QStringLiteral("provisioning"),
                                    QStringLiteral("initializing"), QStringLiteral("resuming")};
    return states.contains(status);
}

bool DevboxView::terminal() const
{
    return status == QLatin1String("failure") || status == QLatin1String("shutdown");
}

DevboxView DevboxView::fromJson(const QJsonObject &json)
{
    DevboxView view;
    view.id = json.value(QLatin1String("id")).toString();
    view.name = json.value(QLatin1String("name")).toString();
    view.status = json.value(QLatin1String("status")).toString();
    view.failureReason = json.value(QLatin1String("failure_reason")).toString();
    view.shutdownReason = json.value(QLatin1String("shutdown_reason")).toString();
    view.blueprint = json.value(QLatin1String("blueprint_id")).toString();
    if (view.blueprint.isEmpty())
        view.blueprint = json.value(QLatin1String("snapshot_id")).toString();
    view.metadata = stringMap(json.value(QLatin1String("metadata")));
    const qint64 created = qint64(json.value(QLatin1String("create_time_ms")).toDouble());
    if (created > 0)
        view.created = QDateTime::fromMSecsSinceEpoch(created, Qt::UTC);
    const QJsonObject launch = json.value(QLatin1String("launch_parameters")).toObject();
    view.cpus = launch.value(QLatin1String("custom_cpu_cores")).toDouble();
    view.memoryGb = launch.value(QLatin1String("custom_gb_memory")).toDouble();
    view.diskGb = launch.value(QLatin1String("custom_disk_size")).toDouble();
    return view;
}

ExecutionView ExecutionView::fromJson(const QJsonObject &json)
{
    ExecutionView view;
    view.executionId = json.value(QLatin1String("execution_id")).toString();
    view.status = json.value(QLatin1String("status")).toString();
    const QJsonValue exit = json.value(QLatin1String("exit_status"));
    if (exit.isDouble())
        view.exitStatus = exit.toInt();
    view.output = json.value(QLatin1String("stdout")).toString().toUtf8();
    view.errorOutput = json.value(QLatin1String("stderr")).toString().toUtf8();
    view.outputTruncated = json.value(QLatin1String("stdout_truncated")).toBool();
    view.errorOutputTruncated = json.value(QLatin1String("stderr_truncated")).toBool();
    return view;
}

RunloopApi::RunloopApi(const QUrl &baseUrl, const QString &apiKey)
    : m_apiKey(apiKey),
      m_client(baseUrl, {{"Authorization", "Bearer " + apiKey.toUtf8()}}, &RunloopApi::errorFor,
               // As Runloop's own SDK: a few retries of lock timeouts, rate limits and server
               // errors, honouring retry-after(-ms).
               RetryPolicy{5, std::chrono::milliseconds(500), 2.0, std::chrono::milliseconds(8000),
                           std::chrono::milliseconds(60000), 0.2},
               {409, 429, 500, 502, 503, 504})
{
}

Error RunloopApi::errorFor(const rest::Response &response)
{
    const QString message = serviceMessage(response);
    switch (response.status) {
    case 401:
        return Error(QStringLiteral("sandbox.remote-auth"),
                     Text::tr("Runloop refused the API key (%1): set RUNLOOP_API_KEY or store a valid key in the "
                              "keychain account \"runloop\"")
                         .arg(message));
    case 403:
    case 402:
        if (message.contains(QLatin1String("quota"), Qt::CaseInsensitive)
            || message.contains(QLatin1String("limit"), Qt::CaseInsensitive) || response.status == 402)
            return Error(QStringLiteral("sandbox.remote-quota"),
                         Text::tr("Runloop refused to create a devbox: %1. Shut down devboxes you no longer need "
                                  "(valis-cli sandbox cleanup) or raise the account's limits")
                             .arg(message));
        return Error(QStringLiteral("sandbox.remote-auth"),
                     Text::tr("Runloop refused the request (%1): check that the API key in RUNLOOP_API_KEY or the "
                              "keychain account \"runloop\" may do this")
                         .arg(message));
    case 404:
        return Error(QStringLiteral("sandbox.remote-not-found"), Text::tr("Runloop: %1").arg(message));
    case 408: return Error(QString::fromLatin1(PollExpired), message);
    case 429:
        return Error(QStringLiteral("sandbox.remote-quota"),
                     Text::tr("Runloop kept answering \"too many requests\" (%1): wait a minute and try again")
                         .arg(message));
    case 400:
        if (message.contains(QLatin1String("not running"), Qt::CaseInsensitive))
            return Error(QStringLiteral("sandbox.remote-gone"),
                         Text::tr("the Runloop devbox is no longer running (%1): start the session again so Valis "
                                  "creates a new one")
                             .arg(message));
        break;
    default: break;
    }
    return Error(QStringLiteral("sandbox.remote-http"),
                 Text::tr("Runloop answered HTTP %1: %2").arg(response.status).arg(message));
}

Error RunloopApi::networkError(const Error &error) const
{
    if (!error.code.startsWith(QLatin1String("http.")))
        return error;
    return Error(QStringLiteral("sandbox.remote-http"),
                 Text::tr("cannot talk to Runloop at %1 (%2): check the network, RUNLOOP_BASE_URL or the plugin's "
                          "\"baseUrl\" setting")
                     .arg(m_client.baseUrl().toString(QUrl::RemoveUserInfo), error.message));
}

Result<rest::Response> RunloopApi::send(const rest::Request &request) const
{
    if (m_apiKey.isEmpty())
        return Error(QStringLiteral("sandbox.remote-auth"),
                     Text::tr("no Runloop API key: set RUNLOOP_API_KEY or store the key in the keychain account "
                              "\"runloop\" (valis-cli keys set runloop)"));
    Result<rest::Response> response = m_client.send(request);
    if (response.hasError())
        return networkError(response.error());
    return response;
}

Result<DevboxView> RunloopApi::create(const QJsonObject &body) const
{
    const Result<rest::Response> response = send(post(QStringLiteral("/v1/devboxes"), body, std::chrono::seconds(120)));
    if (response.hasError())
        return response.error();
    return DevboxView::fromJson(response->json().toObject());
}

Result<DevboxView> RunloopApi::get(const QString &id) const
{
    rest::Request request;
    request.path = devboxPath(id);
    const Result<rest::Response> response = send(request);
    if (response.hasError())
        return response.error();
    return DevboxView::fromJson(response->json().toObject());
}

Result<std::optional<DevboxView>> RunloopApi::waitForStatus(const QString &id, const QStringList &statuses,
                                                            std::chrono::seconds hold) const
{
    const QJsonObject body{{QStringLiteral("statuses"), QJsonArray::fromStringList(statuses)},
                           {QStringLiteral("timeout_seconds"), qint64(hold.count())}};
    const Result<rest::Response> response = send(post(devboxPath(id, QStringLiteral("/wait_for_status")), body, hold + HoldMargin));
    if (response.hasError()) {
        if (response.error().code == QLatin1String(PollExpired))
            return std::optional<DevboxView>();
        return response.error();
    }
    return std::optional<DevboxView>(DevboxView::fromJson(response->json().toObject()));
}

Result<QList<DevboxView>> RunloopApi::list() const
{
    QList<DevboxView> all;
    QString after;
    for (int page = 0; page < 10000; ++page) {
        rest::Request request;
        request.path = QStringLiteral("/v1/devboxes");
        request.query.addQueryItem(QStringLiteral("limit"), QStringLiteral("100"));
        if (!after.isEmpty())
            request.query.addQueryItem(QStringLiteral("starting_after"), after);
        const Result<rest::Response> response = send(request);
        if (response.hasError())
            return response.error();
        const QJsonObject json = response->json().toObject();
        const QJsonArray items = json.value(QLatin1String("devboxes")).toArray();
        for (const QJsonValue &item : items)
            all.append(DevboxView::fromJson(item.toObject()));
        if (!json.value(QLatin1String("has_more")).toBool() || items.isEmpty())
            break;
        after = all.constLast().id;
    }
    return all;
}

Result<DevboxView> RunloopApi::shutdown(const QString &id) const
{
    const Result<rest::Response> response = send(post(devboxPath(id, QStringLiteral("/shutdown")), {}, std::chrono::seconds(60)));
    if (response.hasError())
        return response.error();
    return DevboxView::fromJson(response->json().toObject());
}

Result<ExecutionView> RunloopApi::execute(const QString &id, const QString &command, std::chrono::seconds optimistic) const
{
    rest::Request request = post(devboxPath(id, QStringLiteral("/execute")),
                                 {{QStringLiteral("command"), command},
                                  {QStringLiteral("command_id"), commandId()},
                                  {QStringLiteral("optimistic_timeout"), qint64(optimistic.count())}},
                                 optimistic + HoldMargin);
    // Runloop returns only the last 100 lines unless asked; longer output is streamed after.
    request.query.addQueryItem(QStringLiteral("last_n"), QStringLiteral("10000"));
    const Result<rest::Response> response = send(request);
    if (response.hasError())
        return response.error();
    return ExecutionView::fromJson(response->json().toObject());
}

rest::Request RunloopApi::waitRequest(const QString &id, const QString &executionId, std::chrono::seconds hold)
{
    rest::Request request = post(devboxPath(id, QStringLiteral("/executions/") + executionId + QStringLiteral("/wait_for_status")),
                                 {{QStringLiteral("statuses"), QJsonArray{QStringLiteral("completed")}},
                                  {QStringLiteral("timeout_seconds"), qint64(hold.count())}},
                                 hold + HoldMargin);
    request.query.addQueryItem(QStringLiteral("last_n"), QStringLiteral("10000"));
    return request;
}

Result<std::optional<ExecutionView>> RunloopApi::waitForExecution(const QString &id, const QString &executionId,
                                                                  std::chrono::seconds hold) const
{
    const Result<rest::Response> response = send(waitRequest(id, executionId, hold));
    if (response.hasError()) {
        if (response.error().code == QLatin1String(PollExpired))
            return std::optional<ExecutionView>();
        return response.error();
    }
    return std::optional<ExecutionView>(ExecutionView::fromJson(response->json().toObject()));
}

Result<ExecutionView> RunloopApi::kill(const QString &id, const QString &executionId) const
{
    const Result<rest::Response> response = send(post(devboxPath(id, QStringLiteral("/executions/") + executionId + QStringLiteral("/kill")),
                                                      {{QStringLiteral("kill_process_group"), true}}, std::chrono::seconds(60)));
    if (response.hasError())
        return response.error();
    return ExecutionView::fromJson(response->json().toObject());
}

rest::Request RunloopApi::streamRequest(const QString &id, const QString &executionId, bool errorOutput, qint64 offset)
{
    rest::Request request;
    request.path = devboxPath(id, QStringLiteral("/executions/") + executionId
                                      + (errorOutput ? QStringLiteral("/stream_stderr_updates") : QStringLiteral("/stream_stdout_updates")));
    request.query.addQueryItem(QStringLiteral("offset"), QString::number(offset));
    request.accept = "text/event-stream";
    // A stream lasts as long as the command: only silence ends it (then it is resumed).
    request.timeout = std::chrono::minutes(10);
    return request;
}

Result<QByteArray> RunloopApi::fullOutput(const QString &id, const QString &executionId, bool errorOutput) const
{
    QByteArray output;
    qint64 offset = 0;
    for (int attempt = 0; attempt < 20; ++attempt) {
        const Result<rest::Response> response = send(streamRequest(id, executionId, errorOutput, offset));
        if (response.hasError())
            return response.error();
        QByteArray buffer = response->body + "\n\n";
        bool expired = false;
        const qint64 last = takeSseChunks(buffer, output, &expired);
        if (last >= 0)
            offset = last;
        if (!expired)
            return output;
    }
    return output;
}

Result<QByteArray> RunloopApi::download(const QString &id, const QString &path) const
{
    rest::Request request = post(devboxPath(id, QStringLiteral("/download_file")), {{QStringLiteral("path"), path}},
                                 std::chrono::minutes(10));
    request.accept = "application/octet-stream";
    const Result<rest::Response> response = send(request);
    if (response.hasError())
        return response.error();
    return response->body;
}

Result<void> RunloopApi::writeText(const QString &id, const QString &path, const QString &contents) const
{
    const Result<rest::Response> response = send(post(devboxPath(id, QStringLiteral("/write_file_contents")),
                                                      {{QStringLiteral("file_path"), path}, {QStringLiteral("contents"), contents}},
                                                      std::chrono::minutes(10)));
    if (response.hasError())
        return response.error();
    return success();
}

Result<void> RunloopApi::upload(const QString &id, const QString &path, const QByteArray &content) const
{
    const QByteArray boundary = "valis-" + QByteArray::number(QRandomGenerator::global()->generate64(), 16);
    QByteArray body;
    body += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"path\"\r\n\r\n" + path.toUtf8() + "\r\n";
    body += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"upload\"\r\n"
            "Content-Type: application/octet-stream\r\n\r\n" + content + "\r\n";
    body += "--" + boundary + "--\r\n";
    rest::Request request;
    request.method = "POST";
    request.path = devboxPath(id, QStringLiteral("/upload_file"));
    request.body = body;
    request.contentType = "multipart/form-data; boundary=" + boundary;
    request.timeout = std::chrono::minutes(10);
    const Result<rest::Response> response = send(request);
    if (response.hasError())
        return response.error();
    return success();
}

QString RunloopApi::commandId()
{
    // UUIDv7: 48 bits of Unix milliseconds, the version, then random bits and the variant.
    const quint64 now = quint64(QDateTime::currentMSecsSinceEpoch());
    QByteArray bytes(16, '\0');
    for (int i = 0; i < 6; ++i)
        bytes[i] = char((now >> (8 * (5 - i))) & 0xff);
    for (int i = 6; i < 16; ++i)
        bytes[i] = char(QRandomGenerator::global()->bounded(256));
    bytes[6] = char((bytes[6] & 0x0f) | 0x70);
    bytes[8] = char((bytes[8] & 0x3f) | 0x80);
    const QByteArray hex = bytes.toHex();
    return QString::fromLatin1(hex.left(8) + '-' + hex.mid(8, 4) + '-' + hex.mid(12, 4) + '-' + hex.mid(16, 4) + '-' + hex.mid(20));
}

qint64 takeSseChunks(QByteArray &buffer, QByteArray &output, bool *expired)
{
    qint64 last = -1;
    for (;;) {
        buffer.replace("\r\n", "\n");
        const qsizetype end = buffer.indexOf("\n\n");
        if (end < 0)
            break;
        const QByteArray event = buffer.left(end);
        buffer.remove(0, end + 2);
        QByteArray name;
        QByteArray data;
        for (const QByteArray &line : event.split('\n')) {
            if (line.startsWith("event:"))
                name = line.mid(6).trimmed();
            else if (line.startsWith("data:"))
                data += (data.isEmpty() ? QByteArray() : QByteArray("\n")) + line.mid(line.startsWith("data: ") ? 6 : 5);
        }
        if (name == "error") {
            // Runloop ends an idle stream with an error event (code 408): resume from the offset.
            if (expired)
                *expired = true;
            buffer.clear();
            break;
        }
        if (data.isEmpty())
            continue;
        const QJsonObject chunk = QJsonDocument::fromJson(data).object();
        const QByteArray text = chunk.value(QLatin1String("output")).toString().toUtf8();
        output += text;
        const QJsonValue offset = chunk.value(QLatin1String("offset"));
        last = offset.isDouble() ? qint64(offset.toDouble()) : (last < 0 ? 0 : last) + text.size();
    }
    return last;
}

} // namespace valis::sandboxes::runloop
