#include "mcpserverpool.h"

#include "mcpcallhandle.h"
#include "forwardingcredentials.h"

#include "valis/mcp/mcpoauth.h"
#include "valis/mcp/mcpstoredtoken.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QTimer>
#include <QUrl>

namespace valis::mcp {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpTools)
};

bool sameSetup(const McpServerConfig &a, const McpServerConfig &b)
{
    return a.toJson() == b.toJson();
}

} // namespace

McpServerPool::McpServerPool(const McpConnectionOptions &options, const HostServices &host) : m_options(options), m_host(host)
{
    m_options.makeAuthorizer = [this](const McpResolvedServer &server) { return makeAuthorizer(server); };
    m_options.client.roots = true;
    m_options.client.sampling = true;
    m_options.client.elicitationForm = true;
    m_options.client.elicitationUrl = true;
}

McpServerPool::~McpServerPool()
{
    // Destroying connections takes their process groups down at once (shutdown() is the polite way).
    m_servers.clear();
}

void McpServerPool::configure(const QList<McpServerConfig> &servers)
{
    QStringList wanted;
    for (const McpServerConfig &config : servers) {
        wanted.append(config.name);
        const auto it = m_servers.find(config.name);
        if (it == m_servers.end()) {
            addServer(config);
            continue;
        }
        if (sameSetup(it->second.connection->config(), config))
            continue;
        // Changed: a new connection with the new settings replaces the old one.
        Server &server = it->second;
        server.connection->disconnect(this);
        server.connection->stop();
        McpServerConnection *old = server.connection.release();
        connect(old, &McpServerConnection::stopped, old, &QObject::deleteLater);
        m_servers.erase(it);
        addServer(config);
    }
    for (auto it = m_servers.begin(); it != m_servers.end();) {
        if (wanted.contains(it->first)) {
            ++it;
            continue;
        }
        const QString name = it->first;
        McpServerConnection *old = it->second.connection.release();
        old->disconnect(this);
        connect(old, &McpServerConnection::stopped, old, &QObject::deleteLater);
        old->stop();
        for (const QPointer<McpCallHandle> &call : std::as_const(it->second.waiting)) {
            if (call)
                call->failBeforeStart(QStringLiteral("The MCP server \"%1\" was removed from the configuration.").arg(name));
        }
        it = m_servers.erase(it);
        Q_EMIT serverRemoved(name);
    }
}

void McpServerPool::addServer(const McpServerConfig &config)
{
    McpConnectionOptions options = m_options;
    const QString name = config.name;
    options.configureClient = [this, name](McpClient *client) { configureClient(name, client); };
    Server server;
    server.connection = std::make_unique<McpServerConnection>(config, options);
    McpServerConnection *connection = server.connection.get();
    connect(connection, &McpServerConnection::stateChanged, this, [this, name] { onStateChanged(name); });
    connect(connection, &McpServerConnection::toolsChanged, this, [this, name] { publish(name); });
    connect(connection, &McpServerConnection::logged, this, [this, name](const QString &line) { Q_EMIT logged(name, line); });
    connect(connection, &McpServerConnection::notificationReceived, this,
            [this, name](const QString &method, const QJsonObject &params) {
                const auto it = m_servers.find(name);
                if (it != m_servers.end()) {
                    for (const QPointer<McpCallHandle> &call : std::as_const(it->second.calls)) {
                        if (call)
                            call->notify(method, params);
                    }
                }
                if (method != QLatin1String("notifications/message") && method != QLatin1String("notifications/progress"))
                    Q_EMIT notified(name, method, params);
            });
    m_servers.emplace(name, std::move(server));
    if (m_started && !m_shuttingDown)
        connection->start();
    else
        publish(name);
}

void McpServerPool::ensureStarted()
{
    if (m_started || m_shuttingDown)
        return;
    m_started = true;
    for (auto &[name, server] : m_servers)
        server.connection->start();
}

void McpServerPool::restartServer(const QString &name)
{
    const auto it = m_servers.find(name);
    if (it == m_servers.end() || m_shuttingDown)
        return;
    m_started = true;
    it->second.connection->restart();
}

void McpServerPool::setRoots(const QStringList &folders)
{
    if (folders == m_roots)
        return;
    m_roots = folders;
    for (auto &[name, server] : m_servers) {
        McpClient *client = server.connection->client();
        if (client && client->isReady())
            client->notify(QStringLiteral("notifications/roots/list_changed"));
    }
}

QJsonArray McpServerPool::rootsJson() const
{
    QJsonArray roots;
    for (const QString &folder : m_roots) {
        roots.append(QJsonObject{{QStringLiteral("uri"), QUrl::fromLocalFile(QDir::cleanPath(folder)).toString()},
                                 {QStringLiteral("name"), QDir(folder).dirName()}});
    }
    return roots;
}

void McpServerPool::configureClient(const QString &name, McpClient *client)
{
    client->setRequestHandler(QStringLiteral("roots/list"), [this](const JsonRpcMessage &, const McpResponder &responder) {
        responder.result({{QStringLiteral("roots"), rootsJson()}});
    });
    client->setRequestHandler(QStringLiteral("elicitation/create"), [this, name](const JsonRpcMessage &message, const McpResponder &responder) {
        McpCallHandle *call = activeCall(name);
        const bool url = message.params.value(QLatin1String("mode")).toString() == QLatin1String("url");
        if (!call) {
            // Only a running call has a person waiting on it; anything else is declined.
            Q_EMIT logged(name, Text::tr("declined an elicitation/create outside a tool call: %1")
                                    .arg(message.params.value(QLatin1String("message")).toString()));
            responder.result({{QStringLiteral("action"), QStringLiteral("decline")}});
            return;
        }
        call->ask(url ? ToolInteraction::Kind::Url : ToolInteraction::Kind::Form, message.params, responder);
    });
    client->setRequestHandler(QStringLiteral("sampling/createMessage"), [this, name](const JsonRpcMessage &message, const McpResponder &responder) {
        McpCallHandle *call = activeCall(name);
        if (!call) {
            Q_EMIT logged(name, Text::tr("refused a sampling/createMessage outside a tool call"));
            responder.error(-1, Text::tr("No Valis session is waiting on this server, so no one can allow the request."));
            return;
        }
        call->ask(ToolInteraction::Kind::Sampling, message.params, responder);
    });
}

McpCallHandle *McpServerPool::activeCall(const QString &name) const
{
    const auto it = m_servers.find(name);
    if (it == m_servers.end())
        return nullptr;
    for (auto call = it->second.calls.crbegin(); call != it->second.calls.crend(); ++call) {
        if (*call)
            return *call;
    }
    return nullptr;
}

void McpServerPool::startCall(McpCallHandle *handle)
{
    const QString name = handle->request().server;
    const auto it = m_servers.find(name);
    if (it == m_servers.end() || m_shuttingDown) {
        handle->failBeforeStart(QStringLiteral("There is no MCP server \"%1\" any more.").arg(name));
        return;
    }
    ensureStarted();
    Server &server = it->second;
    McpServerConnection *connection = server.connection.get();
    switch (connection->state()) {
    case McpServerConnection::State::Ready:
        server.calls.append(handle);
        handle->run(connection->client());
        return;
    case McpServerConnection::State::Starting:
    case McpServerConnection::State::Restarting:
        server.waiting.append(handle);
        return;
    case McpServerConnection::State::Disabled:
        handle->failBeforeStart(QStringLiteral("The MCP server \"%1\" is disabled in the settings.").arg(name));
        return;
    case McpServerConnection::State::Failed:
    case McpServerConnection::State::Stopped: {
        const std::optional<Error> error = connection->lastError();
        handle->failBeforeStart(QStringLiteral("The MCP server \"%1\" is not running%2. Its tools cannot be used until it is restarted.")
                                    .arg(name, error ? QStringLiteral(": ") + error->message : QString()));
        return;
    }
    }
}

void McpServerPool::forgetCall(McpCallHandle *handle)
{
    for (auto &[name, server] : m_servers) {
        server.calls.removeAll(handle);
        server.waiting.removeAll(handle);
        server.calls.removeAll(nullptr);
    }
}

QString McpServerPool::logTail(const QString &server, int lines) const
{
    const auto it = m_servers.find(server);
    return it == m_servers.end() ? QString() : it->second.connection->logTail(lines);
}

void McpServerPool::onStateChanged(const QString &name)
{
    const auto it = m_servers.find(name);
    if (it == m_servers.end())
        return;
    Server &server = it->second;
    const McpServerConnection::State state = server.connection->state();
    if (state == McpServerConnection::State::Ready) {
        const QList<QPointer<McpCallHandle>> waiting = std::exchange(server.waiting, {});
        for (const QPointer<McpCallHandle> &call : waiting) {
            if (call) {
                server.calls.append(call);
                call->run(server.connection->client());
            }
        }
    } else if (state == McpServerConnection::State::Failed || state == McpServerConnection::State::Disabled
               || state == McpServerConnection::State::Stopped) {
        const QList<QPointer<McpCallHandle>> waiting = std::exchange(server.waiting, {});
        for (const QPointer<McpCallHandle> &call : waiting) {
            if (call)
                startCall(call);
        }
    }
    publish(name);
}

void McpServerPool::publish(const QString &name)
{
    const auto it = m_servers.find(name);
    if (it == m_servers.end())
        return;
    const McpServerConnection *connection = it->second.connection.get();
    McpServerStatus status;
    status.name = name;
    status.config = connection->config();
    status.state = connection->state();
    status.error = connection->lastError();
    status.description = connection->description();
    status.resolvedFrom = connection->resolvedFrom();
    status.restarts = connection->restarts();
    if (const McpClient *client = connection->client(); client && client->isReady()) {
        status.protocolVersion = client->protocolVersion();
        status.serverInfo = client->serverInfo();
        status.instructions = client->instructions();
        status.hasResources = client->serverHas(QStringLiteral("resources"));
        status.hasPrompts = client->serverHas(QStringLiteral("prompts"));
    }
    for (const McpToolInfo &tool : connection->tools())
        status.tools.append({tool, {}, true, {}});
    Q_EMIT statusChanged(status);
}

void McpServerPool::request(const QString &server, const QString &method, const QJsonObject &params,
                            const std::function<void(const Result<QJsonObject> &)> &done)
{
    const auto it = m_servers.find(server);
    McpClient *client = it == m_servers.end() ? nullptr : it->second.connection->client();
    if (!client || !client->isReady()) {
        done(Error(QStringLiteral("mcp.not-connected"), QStringLiteral("the MCP server \"%1\" is not connected").arg(server)));
        return;
    }
    McpRequestOptions options;
    options.timeoutMs = 60000;
    McpRequest *request = client->request(method, params, options);
    connect(request, &McpRequest::finished, this, [done](const McpResponse &response) {
        if (response.ok())
            done(response.result);
        else
            done(*response.error);
    });
}

std::unique_ptr<McpOAuthAuthorizer> McpServerPool::makeOAuth(const McpResolvedServer &server)
{
    if (!m_credentials && m_host.credentials)
        m_credentials = new ForwardingCredentialStore(m_host.credentials, this);
    const QString name = server.config.name;
    McpOAuthOptions options;
    options.serverName = name;
    options.credentials = m_credentials;
    options.clientId = server.config.oauthClientId;
    if (!server.config.oauthClientSecretEnvVar.isEmpty())
        options.clientSecret = m_options.environment.value(server.config.oauthClientSecretEnvVar);
    options.scopes = server.config.oauthScopes;
    const std::function<bool(const QUrl &)> open = m_host.openUrl;
    if (open) {
        // The browser belongs to the main thread (QDesktopServices); ask it there.
        options.openUrl = [open](const QUrl &url) {
            QMetaObject::invokeMethod(QCoreApplication::instance(), [open, url] { open(url); }, Qt::QueuedConnection);
            return true;
        };
    }
    options.showUrl = [this, name](const QUrl &url) {
        Q_EMIT logged(name, Text::tr("valis: sign in at %1").arg(url.toString()));
    };
    options.log = [this, name](const QString &line) { Q_EMIT logged(name, QStringLiteral("valis: ") + line); };
    return std::make_unique<McpOAuthAuthorizer>(server.url, options);
}

std::unique_ptr<McpHttpAuthorizer> McpServerPool::makeAuthorizer(const McpResolvedServer &server)
{
    // A token stored in the keychain for this server comes first; without one, OAuth.
    std::unique_ptr<McpHttpAuthorizer> oauth = makeOAuth(server);
    return std::make_unique<McpStoredTokenAuthorizer>(m_credentials, server.config.name, std::move(oauth));
}

void McpServerPool::authorize(const QString &server, const std::function<void(const Result<void> &)> &done)
{
    const auto it = m_servers.find(server);
    if (it == m_servers.end()) {
        done(Error(QStringLiteral("mcp.unknown-server"), Text::tr("there is no MCP server \"%1\"").arg(server)));
        return;
    }
    const McpServerConfig config = it->second.connection->config();
    if (config.transport != McpServerConfig::Transport::Http) {
        done(Error(QStringLiteral("mcp.oauth-not-http"), Text::tr("\"%1\" runs over stdio; only HTTP servers sign in").arg(server)));
        return;
    }
    runOAuth(config, OAuthStep::SignIn, done);
}

void McpServerPool::signOut(const QString &server, const std::function<void(const Result<void> &)> &done)
{
    const auto it = m_servers.find(server);
    if (it == m_servers.end() || it->second.connection->config().transport != McpServerConfig::Transport::Http) {
        done(Error(QStringLiteral("mcp.unknown-server"), Text::tr("there is no HTTP MCP server \"%1\"").arg(server)));
        return;
    }
    runOAuth(it->second.connection->config(), OAuthStep::SignOut, done);
}

void McpServerPool::runOAuth(const McpServerConfig &config, OAuthStep step, const std::function<void(const Result<void> &)> &done)
{
    const Result<McpResolvedServer> resolved = resolveServer(config, m_options.environment);
    if (resolved.hasError()) {
        done(resolved.error());
        return;
    }
    // Kept alive by the callback until the step is over; the server then reconnects with what
    // the keychain holds now.
    std::shared_ptr<McpOAuthAuthorizer> authorizer = makeOAuth(*resolved);
    const QString server = config.name;
    const auto finished = [this, server, authorizer, done](const Result<void> &result) {
        if (result.ok())
            restartServer(server);
        done(result);
    };
    if (step == OAuthStep::SignIn)
        authorizer->signIn(finished);
    else
        authorizer->signOut(finished);
}

void McpServerPool::shutdown()
{
    m_shuttingDown = true;
    int running = 0;
    auto remaining = std::make_shared<int>(0);
    for (auto &[name, server] : m_servers) {
        for (const QPointer<McpCallHandle> &call : std::as_const(server.waiting)) {
            if (call)
                call->failBeforeStart(QStringLiteral("Valis is shutting down."));
        }
        McpServerConnection *connection = server.connection.get();
        if (connection->client()) {
            ++running;
            ++*remaining;
            connect(connection, &McpServerConnection::stopped, this, [this, remaining] {
                if (--*remaining == 0)
                    Q_EMIT allStopped();
            });
            connection->stop();
        }
    }
    if (running == 0)
        QTimer::singleShot(0, this, &McpServerPool::allStopped);
}

} // namespace valis::mcp
