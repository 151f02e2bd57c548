#include "daytonasandbox.h"

#include "daytonamachine.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QThread>

namespace valis::daytona {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::daytona::DaytonaSandbox)
};

const QString CreatedByLabel = QStringLiteral("created-by");
const QString CreatedByValue = QStringLiteral("valis");
constexpr std::chrono::milliseconds HomeTimeout{60000};

QString pathOf(const QString &machineId)
{
    return QStringLiteral("/sandbox/") + QString::fromLatin1(QUrl::toPercentEncoding(machineId));
}

QJsonObject toJson(const QHash<QString, QString> &map)
{
    QJsonObject object;
    for (auto it = map.constBegin(); it != map.constEnd(); ++it)
        object.insert(it.key(), it.value());
    return object;
}

// The create request for `spec`: a snapshot or an image (see DaytonaSandbox).
QJsonObject createRequest(const RemoteMachineSpec &spec)
{
    QHash<QString, QString> labels = spec.labels;
    labels.insert(QString::fromLatin1(RemoteSessionLabel), spec.sessionId);
    labels.insert(CreatedByLabel, CreatedByValue);
    QJsonObject request{{QStringLiteral("labels"), toJson(labels)}, {QStringLiteral("env"), toJson(spec.environment)}};
    QString image = spec.image.trimmed();
    bool isImage = image.contains(QLatin1Char(':')) || image.contains(QLatin1Char('/')) || image.contains(QLatin1Char('@'));
    if (image.startsWith(QLatin1String("snapshot:"))) {
        image = image.mid(9);
        isImage = false;
    } else if (image.startsWith(QLatin1String("image:"))) {
        image = image.mid(6);
        isImage = true;
    }
    if (!image.isEmpty() && isImage)
        request.insert(QStringLiteral("buildInfo"),
                       QJsonObject{{QStringLiteral("dockerfileContent"), QStringLiteral("FROM %1\n").arg(image)}});
    else if (!image.isEmpty())
        request.insert(QStringLiteral("snapshot"), image);
    if (spec.cpus > 0)
        request.insert(QStringLiteral("cpu"), spec.cpus);
    if (spec.memoryGb > 0)
        request.insert(QStringLiteral("memory"), spec.memoryGb);
    if (spec.diskGb > 0)
        request.insert(QStringLiteral("disk"), spec.diskGb);
    // Daytona stops an idle sandbox by itself: the safety net should Valis die before cleanup.
    request.insert(QStringLiteral("autoStopInterval"), int(spec.idleTimeout.count()));
    return request;
}
} // namespace

DaytonaSandbox::DaytonaSandbox(QUrl apiUrl) : m_apiUrl(std::move(apiUrl)) {}

QString DaytonaSandbox::displayName() const
{
    return Text::tr("Daytona");
}

Result<void> DaytonaSandbox::checkAvailable() const
{
    const Result<Endpoint> found = endpoint();
    if (found.hasError())
        return found.error();
    return {};
}

QList<RemoteCredential> DaytonaSandbox::credentials() const
{
    return {{QStringLiteral("daytona"), {QStringLiteral("DAYTONA_API_KEY")}}};
}

void DaytonaSandbox::setCredentials(const QHash<QString, QString> &secrets)
{
    QMutexLocker lock(&m_mutex);
    m_apiKey = secrets.value(QStringLiteral("daytona"));
}

Result<Endpoint> DaytonaSandbox::endpoint() const
{
    QMutexLocker lock(&m_mutex);
    if (m_apiKey.isEmpty())
        return Error(QStringLiteral("sandbox.remote-auth"),
                     Text::tr("Daytona needs an API key: create one at https://app.daytona.io/dashboard/keys and put "
                              "it in the keychain account \"daytona\" (valis-cli keys set daytona) or in DAYTONA_API_KEY."));
    return Endpoint{m_apiUrl, m_apiKey};
}

Result<QJsonObject> DaytonaSandbox::waitUntilStarted(const Endpoint &endpoint, const QString &machineId,
                                                     std::chrono::seconds timeout) const
{
    const rest::Client client = endpoint.control();
    QDeadlineTimer deadline(timeout);
    std::chrono::milliseconds pause(50);
    QString state;
    for (;;) {
        rest::Request request;
        request.path = pathOf(machineId);
        request.timeout = std::chrono::milliseconds(30000);
        const Result<rest::Response> answer = client.send(request);
        if (answer.hasError())
            return transportError(answer.error());
        const QJsonObject sandbox = answer->json().toObject();
        state = sandbox.value(QLatin1String("state")).toString();
        const QString reason = sandbox.value(QLatin1String("errorReason")).toString();
        if (state == QLatin1String("started"))
            return sandbox;
        if (state == QLatin1String("build_failed"))
            return Error(QStringLiteral("sandbox.remote-image"),
                         Text::tr("Daytona could not build the sandbox's image: %1 Check the \"image\" of the daytona "
                                  "section in config/sandboxes.json.")
                             .arg(reason));
        if (state == QLatin1String("error") || state == QLatin1String("destroyed") || state == QLatin1String("destroying"))
            return Error(QStringLiteral("sandbox.remote-http"),
                         Text::tr("the Daytona sandbox %1 ended in the state \"%2\": %3").arg(machineId, state, reason));
        if (deadline.hasExpired())
            break;
        QThread::msleep(static_cast<unsigned long>(std::min<qint64>(pause.count(), qMax<qint64>(1, deadline.remainingTime()))));
        pause = std::min(pause * 2, std::chrono::milliseconds(1000));
    }
    return Error(QStringLiteral("sandbox.remote-timeout"),
                 Text::tr("the Daytona sandbox %1 was not running after %2 s (still \"%3\"): raise readyTimeoutSeconds "
                          "in config/sandboxes.json, or try again later")
                     .arg(machineId)
                     .arg(timeout.count())
                     .arg(state));
}

Result<std::unique_ptr<RemoteMachine>> DaytonaSandbox::attach(const Endpoint &endpoint, const QJsonObject &sandbox) const
{
    const QString machineId = sandbox.value(QLatin1String("id")).toString();
    QUrl toolboxUrl(sandbox.value(QLatin1String("toolboxProxyUrl")).toString());
    if (toolboxUrl.isEmpty()) {
        rest::Request request;
        request.path = pathOf(machineId) + QStringLiteral("/toolbox-proxy-url");
        const Result<rest::Response> answer = endpoint.control().send(request);
        if (answer.hasError())
            return transportError(answer.error());
        toolboxUrl = QUrl(answer->json().toObject().value(QLatin1String("url")).toString());
    }
    auto machine = std::make_unique<DaytonaMachine>(endpoint, toolboxUrl, machineInfo(sandbox));
    const Result<RemoteRunResult> home = machine->run(QStringLiteral("printf %s \"$HOME\""), HomeTimeout);
    if (home.hasError())
        return home.error();
    const QString homePath = QString::fromUtf8(home->output).trimmed();
    if (home->exitCode != 0 || !homePath.startsWith(QLatin1Char('/')))
        return Error(QStringLiteral("sandbox.remote-http"),
                     Text::tr("cannot find the home folder on the Daytona sandbox %1: %2")
                         .arg(machineId, QString::fromUtf8(home->output + home->errorOutput).trimmed()));
    const QString workspacePath = (homePath.endsWith(QLatin1Char('/')) ? homePath : homePath + QLatin1Char('/'))
                                  + QStringLiteral("workspace");
    rest::Request folder;
    folder.method = "POST";
    folder.path = QStringLiteral("/files/folder");
    folder.query.addQueryItem(QStringLiteral("path"), QString::fromLatin1(QUrl::toPercentEncoding(workspacePath)));
    folder.query.addQueryItem(QStringLiteral("mode"), QStringLiteral("755"));
    const Result<rest::Response> made = machine->toolbox().send(folder);
    if (made.hasError())
        return transportError(made.error());
    machine->setWorkspacePath(workspacePath);
    return std::unique_ptr<RemoteMachine>(std::move(machine));
}

Result<std::unique_ptr<RemoteMachine>> DaytonaSandbox::acquire(const RemoteMachineSpec &spec)
{
    const Result<Endpoint> found = endpoint();
    if (found.hasError())
        return found.error();
    const Endpoint &api = *found;
    const rest::Client client = api.control();

    if (!spec.reuseId.isEmpty()) {
        rest::Request get;
        get.path = pathOf(spec.reuseId);
        const Result<rest::Response> answer = client.send(get);
        if (answer.hasError()) {
            if (answer.error().code == QLatin1String("sandbox.remote-not-found"))
                return Error(answer.error().code,
                             Text::tr("there is no Daytona sandbox %1 to reuse: check \"reuse\" in config/sandboxes.json "
                                      "(valis-cli sandbox list shows Valis's)")
                                 .arg(spec.reuseId));
            return transportError(answer.error());
        }
        QJsonObject sandbox = answer->json().toObject();
        const QString state = sandbox.value(QLatin1String("state")).toString();
        if (state == QLatin1String("stopped") || state == QLatin1String("archived")) {
            rest::Request start;
            start.method = "POST";
            start.path = pathOf(spec.reuseId) + QStringLiteral("/start");
            const Result<rest::Response> started = client.send(start);
            if (started.hasError())
                return transportError(started.error());
        }
        if (state != QLatin1String("started")) {
            const Result<QJsonObject> ready = waitUntilStarted(api, spec.reuseId, spec.readyTimeout);
            if (ready.hasError())
                return ready.error(); // not ours: never deleted
            sandbox = *ready;
        }
        return attach(api, sandbox);
    }

    const rest::Request create = rest::Request::json("POST", QStringLiteral("/sandbox"), createRequest(spec));
    const Result<rest::Response> created = client.send(create);
    if (created.hasError())
        return transportError(created.error());
    const QString machineId = created->json().toObject().value(QLatin1String("id")).toString();
    if (machineId.isEmpty())
        return Error(QStringLiteral("sandbox.remote-http"),
                     Text::tr("Daytona created a sandbox but did not say its id: %1").arg(QString::fromUtf8(created->body.left(300))));

    // From here on the sandbox is Valis's: any failure deletes it, so nothing is left behind.
    const auto abandon = [&](const Error &error) -> Result<std::unique_ptr<RemoteMachine>> {
        const Result<void> deleted = destroy(machineId);
        if (deleted.hasError())
            return Error(error.code, error.message + QLatin1Char(' ')
                                         + Text::tr("Deleting the half-created sandbox %1 failed too (%2): delete it with "
                                                    "valis-cli sandbox cleanup.")
                                               .arg(machineId, deleted.error().message));
        return error;
    };
    const Result<QJsonObject> ready = waitUntilStarted(api, machineId, spec.readyTimeout);
    if (ready.hasError())
        return abandon(ready.error());
    Result<std::unique_ptr<RemoteMachine>> machine = attach(api, *ready);
    if (machine.hasError())
        return abandon(machine.error());
    return machine;
}

Result<QList<RemoteMachineInfo>> DaytonaSandbox::list()
{
    const Result<Endpoint> found = endpoint();
    if (found.hasError())
        return found.error();
    const rest::Client client = found->control();
    const QByteArray filter = QJsonDocument(QJsonObject{{CreatedByLabel, CreatedByValue}}).toJson(QJsonDocument::Compact);
    QList<RemoteMachineInfo> machines;
    QString cursor;
    for (int page = 0; page < 1000; ++page) {
        rest::Request request;
        request.path = QStringLiteral("/sandbox");
        request.query.addQueryItem(QStringLiteral("labels"), QString::fromLatin1(QUrl::toPercentEncoding(QString::fromUtf8(filter))));
        request.query.addQueryItem(QStringLiteral("limit"), QStringLiteral("100"));
        if (!cursor.isEmpty())
            request.query.addQueryItem(QStringLiteral("cursor"), QString::fromLatin1(QUrl::toPercentEncoding(cursor)));
        const Result<rest::Response> answer = client.send(request);
        if (answer.hasError())
            return transportError(answer.error());
        const QJsonObject body = answer->json().toObject();
        for (const QJsonValue &item : body.value(QLatin1String("items")).toArray()) {
            RemoteMachineInfo info = machineInfo(item.toObject());
            if (!info.sessionId().isEmpty())
                machines.append(info);
        }
        cursor = body.value(QLatin1String("nextCursor")).toString();
        if (cursor.isEmpty())
            return machines;
    }
    return Error(QStringLiteral("sandbox.remote-http"), Text::tr("Daytona's sandbox list did not end after 1000 pages"));
}

Result<void> DaytonaSandbox::destroy(const QString &machineId)
{
    const Result<Endpoint> found = endpoint();
    if (found.hasError())
        return found.error();
    rest::Request request;
    request.method = "DELETE";
    request.path = pathOf(machineId);
    const Result<rest::Response> answer = found->control().send(request);
    if (answer.hasError() && answer.error().code != QLatin1String("sandbox.remote-not-found"))
        return transportError(answer.error());
    return {};
}

} // namespace valis::daytona
