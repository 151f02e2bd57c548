#include "runloopsandbox.h"

#include "runloopmachine.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

namespace valis::sandboxes::runloop {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::sandboxes::RunloopSandbox)
};

// Runloop holds a devbox wait up to 30 s.
constexpr std::chrono::seconds MaxHold{30};
const char KeyAccount[] = "runloop";
const char KeyVariable[] = "RUNLOOP_API_KEY";

QJsonObject toJson(const QHash<QString, QString> &map)
{
    QJsonObject object;
    for (auto it = map.begin(); it != map.end(); ++it)
        object.insert(it.key(), it.value());
    return object;
}
} // namespace

QJsonObject createRequest(const RemoteMachineSpec &spec)
{
    QJsonObject body;
    if (!spec.sessionId.isEmpty())
        body.insert(QStringLiteral("name"), QString(QStringLiteral("valis-") + spec.sessionId));
    QHash<QString, QString> metadata = spec.labels;
    metadata.insert(QString::fromLatin1(RemoteSessionLabel), spec.sessionId);
    body.insert(QStringLiteral("metadata"), toJson(metadata));
    if (!spec.environment.isEmpty())
        body.insert(QStringLiteral("environment_variables"), toJson(spec.environment));
    if (spec.image.startsWith(QLatin1String("bpt_")))
        body.insert(QStringLiteral("blueprint_id"), spec.image);
    else if (spec.image.startsWith(QLatin1String("snp_")))
        body.insert(QStringLiteral("snapshot_id"), spec.image);
    else if (!spec.image.isEmpty())
        body.insert(QStringLiteral("blueprint_name"), spec.image);
    QJsonObject launch;
    if (spec.cpus > 0 || spec.memoryGb > 0 || spec.diskGb > 0) {
        launch.insert(QStringLiteral("resource_size_request"), QStringLiteral("CUSTOM_SIZE"));
        if (spec.cpus > 0)
            launch.insert(QStringLiteral("custom_cpu_cores"), spec.cpus);
        if (spec.memoryGb > 0)
            launch.insert(QStringLiteral("custom_gb_memory"), spec.memoryGb);
        if (spec.diskGb > 0)
            launch.insert(QStringLiteral("custom_disk_size"), spec.diskGb);
    }
    if (spec.idleTimeout.count() > 0) {
        // Shut down after this long idle, so a Valis that dies before its cleanup leaks nothing
        // for long.
        launch.insert(QStringLiteral("after_idle"),
                      QJsonObject{{QStringLiteral("idle_time_seconds"), qint64(spec.idleTimeout.count() * 60)},
                                  {QStringLiteral("on_idle"), QStringLiteral("shutdown")}});
    }
    if (!launch.isEmpty())
        body.insert(QStringLiteral("launch_parameters"), launch);
    return body;
}

RunloopSandbox::RunloopSandbox(QUrl baseUrl)
    : m_baseUrl(std::move(baseUrl)),
      m_api(std::make_shared<RunloopApi>(m_baseUrl, qEnvironmentVariable(KeyVariable)))
{
}

QString RunloopSandbox::id() const
{
    return QStringLiteral("runloop");
}

QString RunloopSandbox::displayName() const
{
    return Text::tr("Runloop");
}

Result<void> RunloopSandbox::checkAvailable() const
{
    if (!api()->hasKey())
        return Error(QStringLiteral("sandbox.remote-auth"),
                     Text::tr("no Runloop API key: set RUNLOOP_API_KEY or store the key in the keychain account "
                              "\"runloop\" (valis-cli keys set runloop)"));
    return success();
}

QList<RemoteCredential> RunloopSandbox::credentials() const
{
    return {RemoteCredential{QString::fromLatin1(KeyAccount), {QString::fromLatin1(KeyVariable)}}};
}

void RunloopSandbox::setCredentials(const QHash<QString, QString> &secrets)
{
    auto api = std::make_shared<RunloopApi>(m_baseUrl, secrets.value(QString::fromLatin1(KeyAccount)));
    const QMutexLocker lock(&m_mutex);
    m_api = std::move(api);
}

std::shared_ptr<const RunloopApi> RunloopSandbox::api() const
{
    const QMutexLocker lock(&m_mutex);
    return m_api;
}

Result<DevboxView> RunloopSandbox::awaitRunning(const RunloopApi &api, const QString &id, const RemoteMachineSpec &spec,
                                                std::chrono::steady_clock::time_point deadline) const
{
    const QStringList settled{QStringLiteral("running"), QStringLiteral("failure"), QStringLiteral("shutdown"),
                              QStringLiteral("suspended")};
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::seconds>(deadline - std::chrono::steady_clock::now()
                                                                            + std::chrono::milliseconds(999));
        if (std::chrono::steady_clock::now() >= deadline)
            return Error(QStringLiteral("sandbox.remote-timeout"),
                         Text::tr("the Runloop devbox %1 was not running after %2 s: raise readyTimeoutSeconds in "
                                  "config/sandboxes.json, or try a smaller blueprint")
                             .arg(id)
                             .arg(spec.readyTimeout.count()));
        const Result<std::optional<DevboxView>> waited = api.waitForStatus(id, settled, qBound(std::chrono::seconds(1), left, MaxHold));
        if (waited.hasError())
            return waited.error();
        if (!waited.value())
            continue; // the hold expired (408): ask again
        const DevboxView &devbox = *waited.value();
        if (devbox.status == QLatin1String("running"))
            return devbox;
        const QString reason = devbox.failureReason.isEmpty() ? devbox.status : devbox.failureReason;
        if (devbox.status == QLatin1String("failure") && !spec.image.isEmpty())
            return Error(QStringLiteral("sandbox.remote-image"),
                         Text::tr("Runloop could not boot a devbox from \"%1\" (%2): check that the blueprint or "
                                  "snapshot exists and built")
                             .arg(spec.image, reason));
        if (devbox.status == QLatin1String("failure"))
            return Error(QStringLiteral("sandbox.remote-http"), Text::tr("Runloop could not boot the devbox %1 (%2)").arg(id, reason));
        return Error(QStringLiteral("sandbox.remote-gone"),
                     Text::tr("the Runloop devbox %1 is %2, not running: resume it in Runloop's dashboard or let Valis "
                              "create a new one")
                         .arg(id, devbox.status));
    }
}

Result<std::unique_ptr<RemoteMachine>> RunloopSandbox::acquire(const RemoteMachineSpec &spec)
{
    const std::shared_ptr<const RunloopApi> api = this->api();
    const auto deadline = std::chrono::steady_clock::now() + spec.readyTimeout;
    const bool create = spec.reuseId.isEmpty();
    QString id = spec.reuseId;
    if (create) {
        Result<DevboxView> created = api->create(createRequest(spec));
        if (created.hasError()) {
            Error error = created.error();
            if (error.code == QLatin1String("sandbox.remote-http") && !spec.image.isEmpty()
                && (error.message.contains(QLatin1String("HTTP 400")) || error.message.contains(QLatin1String("HTTP 422"))))
                error = Error(QStringLiteral("sandbox.remote-image"),
                              Text::tr("Runloop refused the blueprint \"%1\": %2").arg(spec.image, error.message));
            if (error.code == QLatin1String("sandbox.remote-not-found") && !spec.image.isEmpty())
                error.code = QStringLiteral("sandbox.remote-image");
            return error;
        }
        id = created->id;
    } else {
        const Result<DevboxView> existing = api->get(id);
        if (existing.hasError()) {
            if (existing.error().code == QLatin1String("sandbox.remote-not-found"))
                return Error(QStringLiteral("sandbox.remote-not-found"),
                             Text::tr("there is no Runloop devbox %1: check the id to reuse, or leave it empty so "
                                      "Valis creates one")
                                 .arg(id));
            return existing.error();
        }
    }
    // A devbox Valis created and cannot use is shut down at once: nothing is leaked.
    const auto abandon = [&](const Error &error) -> Error {
        if (create)
            (void)api->shutdown(id);
        return error;
    };
    const Result<DevboxView> devbox = awaitRunning(*api, id, spec, deadline);
    if (devbox.hasError())
        return abandon(devbox.error());

    auto machine = std::make_unique<RunloopMachine>(api, RunloopMachine::infoOf(devbox.value()));
    const Result<RemoteRunResult> home = machine->run(QStringLiteral("mkdir -p \"$HOME/workspace\" && printf %s \"$HOME\""),
                                                      std::chrono::seconds(120));
    if (home.hasError())
        return abandon(home.error());
    if (home->exitCode != 0 || !home->output.startsWith('/'))
        return abandon(Error(QStringLiteral("sandbox.remote-http"),
                             Text::tr("cannot prepare the workspace on the Runloop devbox %1: %2")
                                 .arg(id, QString::fromUtf8(QByteArray(home->errorOutput + home->output).trimmed().left(300)))));
    machine = std::make_unique<RunloopMachine>(api, RunloopMachine::infoOf(devbox.value(),
                                                                           QString::fromUtf8(home->output) + QStringLiteral("/workspace")));
    return std::unique_ptr<RemoteMachine>(std::move(machine));
}

Result<QList<RemoteMachineInfo>> RunloopSandbox::list()
{
    // Runloop's devbox list has no metadata filter: the label is checked here, on every page.
    const Result<QList<DevboxView>> devboxes = api()->list();
    if (devboxes.hasError())
        return devboxes.error();
    QList<RemoteMachineInfo> machines;
    for (const DevboxView &devbox : devboxes.value()) {
        if (devbox.metadata.contains(QString::fromLatin1(RemoteSessionLabel)) && !devbox.terminal())
            machines.append(RunloopMachine::infoOf(devbox));
    }
    return machines;
}

Result<void> RunloopSandbox::destroy(const QString &machineId)
{
    const Result<DevboxView> down = api()->shutdown(machineId);
    if (down.hasError() && down.error().code != QLatin1String("sandbox.remote-not-found"))
        return down.error();
    return success();
}

} // namespace valis::sandboxes::runloop
