#include "modalsandbox.h"

#include "modalconnection.h"
#include "modalexec.h"
#include "modalmachine.h"

#include <QDateTime>

#include <algorithm>
#include <cstdint>

namespace valis::sandboxes::modal {

namespace client = ::modal::client;
using Stub = client::ModalClient::Stub;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

// Every sandbox Valis creates lives in this Modal app, created on first use.
const char appName[] = "valis";
const char defaultImage[] = "python:3.12-slim";
// Modal's longest sandbox lifetime; the idle timeout ends forgotten ones much sooner.
constexpr uint32_t lifetimeSeconds = 24 * 60 * 60;

std::chrono::milliseconds left(Clock::time_point deadline)
{
    return std::max(0ms, std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
}

} // namespace

ModalSandbox::ModalSandbox(const QJsonObject &settings) : m_workers(std::make_shared<WorkerThreads>())
{
    // The environment's token until setCredentials() hands over what the keychain holds: a
    // host may ask checkAvailable() before it has resolved the credentials.
    for (const RemoteCredential &credential : credentials())
        if (const QString value = qEnvironmentVariable(qPrintable(credential.environmentVariables.first())); !value.isEmpty())
            m_secrets.insert(credential.account, value);
    m_serverUrl = qEnvironmentVariable("MODAL_SERVER_URL");
    if (m_serverUrl.isEmpty())
        m_serverUrl = settings.value(QStringLiteral("serverUrl")).toString(QStringLiteral("https://api.modal.com:443"));
}

ModalSandbox::~ModalSandbox() = default;

QString ModalSandbox::id() const
{
    return QStringLiteral("modal");
}

QString ModalSandbox::displayName() const
{
    return ModalText::tr("Modal");
}

Result<void> ModalSandbox::checkAvailable() const
{
    const std::lock_guard lock(m_mutex);
    if (m_secrets.value(QStringLiteral("modal-token-id")).isEmpty() || m_secrets.value(QStringLiteral("modal-token-secret")).isEmpty())
        return Error(QStringLiteral("sandbox.remote-auth"),
                     ModalText::tr("Modal needs a token: set it with `valis-cli keys set modal-token-id` and "
                                   "`valis-cli keys set modal-token-secret`, or in MODAL_TOKEN_ID and MODAL_TOKEN_SECRET"));
    return {};
}

QList<RemoteCredential> ModalSandbox::credentials() const
{
    return {RemoteCredential{QStringLiteral("modal-token-id"), {QStringLiteral("MODAL_TOKEN_ID")}},
            RemoteCredential{QStringLiteral("modal-token-secret"), {QStringLiteral("MODAL_TOKEN_SECRET")}}};
}

void ModalSandbox::setCredentials(const QHash<QString, QString> &secrets)
{
    const std::lock_guard lock(m_mutex);
    m_secrets = secrets;
    m_connection.reset();
}

std::shared_ptr<ModalConnection> ModalSandbox::connection()
{
    const std::lock_guard lock(m_mutex);
    if (!m_connection)
        m_connection = std::make_shared<ModalConnection>(ModalEndpoint{m_serverUrl, m_secrets.value(QStringLiteral("modal-token-id")),
                                                                       m_secrets.value(QStringLiteral("modal-token-secret"))});
    return m_connection;
}

Result<std::unique_ptr<RemoteMachine>> ModalSandbox::acquire(const RemoteMachineSpec &spec)
{
    const std::shared_ptr<ModalConnection> modal = connection();
    const Clock::time_point deadline = Clock::now() + spec.readyTimeout;
    const QString image = spec.image.isEmpty() ? QString::fromLatin1(defaultImage) : spec.image;

    client::AppGetOrCreateRequest appRequest;
    appRequest.set_app_name(appName);
    appRequest.set_object_creation_type(client::OBJECT_CREATION_TYPE_CREATE_IF_MISSING);
    const auto app = modal->call(&Stub::AppGetOrCreate, appRequest, 30s, ModalText::tr("looking up the app \"valis\""));
    if (app.hasError())
        return app.error();

    std::string sandboxId = spec.reuseId.toStdString();
    const bool creating = sandboxId.empty();
    if (creating) {
        client::EnvironmentGetOrCreateRequest environmentRequest;
        const auto environment = modal->call(&Stub::EnvironmentGetOrCreate, environmentRequest, 30s,
                                             ModalText::tr("looking up the environment"));
        if (environment.hasError())
            return environment.error();

        client::ImageGetOrCreateRequest imageRequest;
        imageRequest.set_app_id(app->app_id());
        imageRequest.mutable_image()->add_dockerfile_commands("FROM " + image.toStdString());
        imageRequest.set_builder_version(environment->metadata().settings().image_builder_version());
        const auto built = modal->call(&Stub::ImageGetOrCreate, imageRequest, 60s, ModalText::tr("asking for the image %1").arg(image));
        if (built.hasError())
            return built.error();
        Result<client::GenericResult> buildResult = built->result();
        if (!built->has_result() || built->result().status() == client::GENERIC_STATUS_UNSPECIFIED)
            buildResult = modal->joinImageBuild(built->image_id(), deadline);
        if (buildResult.hasError())
            return buildResult.error();
        if (buildResult->status() != client::GENERIC_STATUS_SUCCESS)
            return Error(QStringLiteral("sandbox.remote-image"),
                         ModalText::tr("Modal could not build the image %1: %2")
                             .arg(image, QString::fromStdString(buildResult->exception()).trimmed()));

        client::SandboxCreateRequest create;
        create.set_app_id(app->app_id());
        client::Sandbox *definition = create.mutable_definition();
        definition->set_image_id(built->image_id());
        definition->set_timeout_secs(lifetimeSeconds);
        if (spec.idleTimeout.count() > 0)
            definition->set_idle_timeout_secs(uint32_t(std::chrono::duration_cast<std::chrono::seconds>(spec.idleTimeout).count()));
        if (spec.cpus > 0)
            definition->mutable_resources()->set_milli_cpu(uint32_t(spec.cpus * 1000));
        if (spec.memoryGb > 0)
            definition->mutable_resources()->set_memory_mb(uint32_t(spec.memoryGb * 1024));
        if (spec.diskGb > 0)
            definition->mutable_resources()->set_ephemeral_disk_mb(uint32_t(spec.diskGb * 1024));
        if (!spec.environment.isEmpty()) {
            // Modal's SDKs hand a sandbox its environment as an ephemeral secret.
            client::SecretGetOrCreateRequest secretRequest;
            secretRequest.set_object_creation_type(client::OBJECT_CREATION_TYPE_EPHEMERAL);
            for (auto it = spec.environment.cbegin(); it != spec.environment.cend(); ++it)
                (*secretRequest.mutable_env_dict())[it.key().toStdString()] = it.value().toStdString();
            const auto secret = modal->call(&Stub::SecretGetOrCreate, secretRequest, 30s,
                                            ModalText::tr("storing the sandbox's environment"));
            if (secret.hasError())
                return secret.error();
            definition->add_secret_ids(secret->secret_id());
        }
        const auto addTag = [&](const QString &name, const QString &value) {
            client::SandboxTag *tag = create.add_tags();
            tag->set_tag_name(name.toStdString());
            tag->set_tag_value(value.toStdString());
        };
        addTag(QString::fromLatin1(RemoteSessionLabel), spec.sessionId);
        for (auto it = spec.labels.cbegin(); it != spec.labels.cend(); ++it)
            if (it.key() != QLatin1String(RemoteSessionLabel))
                addTag(it.key(), it.value());
        const auto created = modal->call(&Stub::SandboxCreate, create, 60s, ModalText::tr("creating the sandbox"));
        if (created.hasError())
            return created.error();
        sandboxId = created->sandbox_id();
    }

    // From here on a sandbox this call created is terminated on any failure: none is leaked.
    const auto abandon = [&](Error error) -> Error {
        if (creating)
            (void)destroy(QString::fromStdString(sandboxId));
        return error;
    };
    std::string taskId;
    while (taskId.empty()) {
        client::SandboxGetTaskIdRequest request;
        request.set_sandbox_id(sandboxId);
        request.set_timeout(float(std::min(left(deadline), 10000ms).count()) / 1000.0f);
        const auto task = modal->call(&Stub::SandboxGetTaskId, request, left(deadline) + 20s,
                                      ModalText::tr("waiting for the sandbox %1 to start").arg(QString::fromStdString(sandboxId)));
        if (task.hasError())
            return abandon(task.error());
        if (task->has_task_id() && !task->task_id().empty()) {
            taskId = task->task_id();
        } else if (task->has_task_result() && task->task_result().status() != client::GENERIC_STATUS_UNSPECIFIED) {
            return abandon(Error(QStringLiteral("sandbox.remote-gone"),
                                 ModalText::tr("the Modal sandbox %1 has stopped (%2)")
                                     .arg(QString::fromStdString(sandboxId), QString::fromStdString(task->task_result().exception()))));
        } else if (left(deadline) == 0ms) {
            return abandon(Error(QStringLiteral("sandbox.remote-timeout"),
                                 ModalText::tr("the Modal sandbox %1 was not running after %2 s, so it was terminated; "
                                               "Modal may be short of capacity: try again or raise readyTimeoutSeconds")
                                     .arg(QString::fromStdString(sandboxId))
                                     .arg(spec.readyTimeout.count())));
        }
    }

    auto router = std::make_shared<ModalRouter>(modal, sandboxId, taskId);
    if (const Result<void> connected = router->connect(); connected.hasError())
        return abandon(connected.error());
    const auto home = ModalMachine::runIn(*router, QStringLiteral("printf %s \"$HOME\"; mkdir -p \"$HOME/workspace\""), {},
                                          std::max(left(deadline), 30000ms));
    if (home.hasError())
        return abandon(home.error());
    if (home->exitCode != 0 || !home->output.startsWith('/'))
        return abandon(Error(QStringLiteral("sandbox.remote-http"),
                             ModalText::tr("the Modal sandbox %1 could not make its workspace folder (exit %2): %3")
                                 .arg(QString::fromStdString(sandboxId))
                                 .arg(home->exitCode)
                                 .arg(QString::fromUtf8(home->errorOutput).trimmed())));

    RemoteMachineInfo info;
    info.sandboxId = id();
    info.machineId = QString::fromStdString(sandboxId);
    info.name = info.machineId;
    info.state = QStringLiteral("running");
    info.running = true;
    info.image = creating ? image : QString();
    info.cpus = spec.cpus;
    info.memoryGb = spec.memoryGb;
    info.diskGb = spec.diskGb;
    if (creating) {
        info.createdAt = QDateTime::currentDateTimeUtc();
        info.labels = spec.labels;
        info.labels.insert(QString::fromLatin1(RemoteSessionLabel), spec.sessionId);
    }
    info.workspacePath = QString::fromUtf8(home->output) + QStringLiteral("/workspace");
    return std::unique_ptr<RemoteMachine>(std::make_unique<ModalMachine>(router, m_workers, info));
}

Result<QList<RemoteMachineInfo>> ModalSandbox::list()
{
    const std::shared_ptr<ModalConnection> modal = connection();
    client::AppGetOrCreateRequest appRequest;
    appRequest.set_app_name(appName);
    const auto app = modal->call(&Stub::AppGetOrCreate, appRequest, 30s, ModalText::tr("looking up the app \"valis\""));
    if (app.hasError())
        return app.error().code == QLatin1String("sandbox.remote-not-found") ? Result<QList<RemoteMachineInfo>>(QList<RemoteMachineInfo>{})
                                                                              : Result<QList<RemoteMachineInfo>>(app.error());
    QList<RemoteMachineInfo> machines;
    double before = 0;
    for (int page = 0; page < 100; ++page) {
        client::SandboxListRequest request;
        request.set_app_id(app->app_id());
        if (before > 0)
            request.set_before_timestamp(before);
        const auto listed = modal->call(&Stub::SandboxList, request, 30s, ModalText::tr("listing the sandboxes"));
        if (listed.hasError())
            return listed.error();
        if (listed->sandboxes().empty())
            break;
        for (const client::SandboxInfo &sandbox : listed->sandboxes()) {
            before = sandbox.created_at();
            RemoteMachineInfo info;
            info.sandboxId = id();
            info.machineId = QString::fromStdString(sandbox.id());
            info.name = sandbox.name().empty() ? info.machineId : QString::fromStdString(sandbox.name());
            for (const client::SandboxTag &tag : sandbox.tags())
                info.labels.insert(QString::fromStdString(tag.tag_name()), QString::fromStdString(tag.tag_value()));
            if (info.sessionId().isEmpty())
                continue;
            info.running = !sandbox.task_info().has_result();
            info.state = info.running ? QStringLiteral("running") : QStringLiteral("finished");
            info.createdAt = QDateTime::fromMSecsSinceEpoch(qint64(sandbox.created_at() * 1000), Qt::UTC);
            machines.append(info);
        }
    }
    return machines;
}

Result<void> ModalSandbox::destroy(const QString &machineId)
{
    client::SandboxTerminateRequest request;
    request.set_sandbox_id(machineId.toStdString());
    const auto terminated = connection()->call(&Stub::SandboxTerminate, request, 30s,
                                               ModalText::tr("terminating the sandbox %1").arg(machineId));
    if (terminated.hasError() && terminated.error().code != QLatin1String("sandbox.remote-not-found"))
        return terminated.error();
    return {};
}

} // namespace valis::sandboxes::modal
