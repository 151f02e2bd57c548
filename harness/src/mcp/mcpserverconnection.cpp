#include "valis/mcp/mcpserverconnection.h"

#include "valis/mcp/mcpstdiotransport.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMetaEnum>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpServerConnection)
};

constexpr int MaxRestartsInARow = 5;
constexpr int MaxBackoffMs = 60000;

QString stamp()
{
    return QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"));
}

} // namespace

McpToolInfo McpToolInfo::fromJson(const QJsonObject &tool)
{
    McpToolInfo info;
    info.name = tool.value(QLatin1String("name")).toString();
    info.title = tool.value(QLatin1String("title")).toString();
    if (info.title.isEmpty())
        info.title = tool.value(QLatin1String("annotations")).toObject().value(QLatin1String("title")).toString();
    info.description = tool.value(QLatin1String("description")).toString();
    info.inputSchema = tool.value(QLatin1String("inputSchema")).toObject();
    info.outputSchema = tool.value(QLatin1String("outputSchema")).toObject();
    info.annotations = tool.value(QLatin1String("annotations")).toObject();
    info.taskSupport = tool.value(QLatin1String("execution")).toObject().value(QLatin1String("taskSupport")).toString(QStringLiteral("forbidden"));
    return info;
}

QJsonObject McpToolInfo::toJson() const
{
    QJsonObject tool{{QStringLiteral("name"), name}, {QStringLiteral("inputSchema"), inputSchema}};
    if (!title.isEmpty())
        tool.insert(QStringLiteral("title"), title);
    if (!description.isEmpty())
        tool.insert(QStringLiteral("description"), description);
    if (!outputSchema.isEmpty())
        tool.insert(QStringLiteral("outputSchema"), outputSchema);
    if (!annotations.isEmpty())
        tool.insert(QStringLiteral("annotations"), annotations);
    if (taskSupport != QLatin1String("forbidden"))
        tool.insert(QStringLiteral("execution"), QJsonObject{{QStringLiteral("taskSupport"), taskSupport}});
    return tool;
}

QByteArray McpBearerAuthorizer::authorization() const
{
    return QByteArrayLiteral("Bearer ") + m_token.toUtf8();
}

void McpBearerAuthorizer::authorize(const McpAuthChallenge &, std::function<void(const Result<void> &)> done)
{
    done(Error(QStringLiteral("mcp.token-refused"),
               Text::tr("the server refused the bearer token from %1").arg(m_source)));
}

McpServerConnection::McpServerConnection(const McpServerConfig &config, const McpConnectionOptions &options, QObject *parent)
    : QObject(parent), m_config(config), m_options(options)
{
    m_startupTimer.setSingleShot(true);
    connect(&m_startupTimer, &QTimer::timeout, this, [this] {
        fail(Error(QStringLiteral("mcp.startup-timeout"),
                   Text::tr("the server did not get ready within %n second(s) (start, authorisation, initialize and the "
                            "first tools/list); raise its startupTimeoutSec if it is just slow",
                            nullptr, m_config.startupTimeoutSec)));
    });
    m_restartTimer.setSingleShot(true);
    connect(&m_restartTimer, &QTimer::timeout, this, &McpServerConnection::start);
}

McpServerConnection::~McpServerConnection()
{
    m_stopping = true;
    if (m_client)
        m_client->disconnect(this);
    // The transport's destructor takes a process group down at once.
    m_client.reset();
}

QString McpServerConnection::stateName(State state)
{
    switch (state) {
    case State::Stopped: return Text::tr("stopped");
    case State::Starting: return Text::tr("starting");
    case State::Ready: return Text::tr("ready");
    case State::Failed: return Text::tr("failed");
    case State::Restarting: return Text::tr("restarting");
    case State::Disabled: return Text::tr("disabled");
    }
    return {};
}

void McpServerConnection::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void McpServerConnection::note(const QString &line)
{
    const QString entry = stamp() + QStringLiteral(" valis: ") + line;
    m_log.append(entry);
    Q_EMIT logged(entry);
}

void McpServerConnection::start()
{
    m_restartTimer.stop();
    if (!m_config.enabled) {
        setState(State::Disabled);
        return;
    }
    teardown();
    m_stopping = false;
    m_lastError.reset();
    ++m_generation;
    setState(m_restarts > 0 && m_consecutiveFailures > 0 ? State::Restarting : State::Starting);
    m_startupTimer.start(m_config.startupTimeoutSec * 1000);

    const auto resolved = resolveServer(m_config, m_options.environment);
    if (resolved.hasError()) {
        // A configuration that cannot work does not get better by restarting.
        m_consecutiveFailures = MaxRestartsInARow;
        fail(resolved.error());
        return;
    }
    std::unique_ptr<McpTransport> transport;
    if (m_config.transport == McpServerConfig::Transport::Stdio) {
        McpStdioCommand command;
        command.program = resolved->program;
        command.arguments = resolved->arguments;
        command.environment = resolved->environment;
        command.workingDirectory = resolved->workingDirectory;
        m_resolvedFrom = resolved->resolvedFrom;
        transport = std::make_unique<McpStdioTransport>(command);
        note(Text::tr("starting %1 (found on %2)").arg(command.commandLine(), m_resolvedFrom));
    } else {
        auto http = std::make_unique<McpHttpTransport>(resolved->url, resolved->headers);
        if (!resolved->bearerToken.isEmpty())
            m_authorizer = std::make_unique<McpBearerAuthorizer>(resolved->bearerToken, m_config.bearerTokenEnvVar);
        else if (m_options.makeAuthorizer)
            m_authorizer = m_options.makeAuthorizer(*resolved);
        http->setAuthorizer(m_authorizer.get());
        transport = std::move(http);
        note(Text::tr("connecting to %1").arg(resolved->url.toString(QUrl::RemoveUserInfo)));
    }
    m_description = transport->describe();
    McpClientOptions clientOptions = m_options.client;
    clientOptions.initializeTimeoutMs = m_config.startupTimeoutSec * 1000;
    m_client = std::make_unique<McpClient>(std::move(transport), clientOptions);
    McpClient *client = m_client.get();
    connect(client->transport(), &McpTransport::logged, this, [this](const QString &line) {
        m_log.append(line);
        Q_EMIT logged(line);
    });
    connect(client, &McpClient::logged, this, &McpServerConnection::note);
    connect(client, &McpClient::ready, this, &McpServerConnection::onClientReady);
    connect(client, &McpClient::failed, this, &McpServerConnection::onClientFailed);
    connect(client, &McpClient::notificationReceived, this, [this](const QString &method, const QJsonObject &params) {
        if (method == QLatin1String("notifications/tools/list_changed")) {
            if (m_state == State::Ready)
                refreshTools(false);
        } else if (method == QLatin1String("notifications/message")) {
            const QString level = params.value(QLatin1String("level")).toString();
            const QString logger = params.value(QLatin1String("logger")).toString();
            const QJsonValue data = params.value(QLatin1String("data"));
            const QString text = data.isString() ? data.toString()
                                                 : QString::fromUtf8(QJsonDocument(data.toObject()).toJson(QJsonDocument::Compact));
            const QString entry = stamp() + QStringLiteral(" [%1]%2 %3").arg(level, logger.isEmpty() ? QString() : QLatin1Char(' ') + logger, text);
            m_log.append(entry);
            Q_EMIT logged(entry);
        }
        Q_EMIT notificationReceived(method, params);
    });
    if (m_options.configureClient)
        m_options.configureClient(client);
    if (!m_authorizer) {
        client->connectToServer();
        return;
    }
    // Stored tokens first, so the first request already carries one.
    const quint64 generation = m_generation;
    QPointer<McpServerConnection> self(this);
    m_authorizer->prepare([self, generation] {
        if (!self || generation != self->m_generation || !self->m_client)
            return;
        self->m_client->connectToServer();
    });
}

void McpServerConnection::onClientReady()
{
    McpClient *client = m_client.get();
    const QJsonObject info = client->serverInfo();
    note(Text::tr("connected: %1 %2, MCP %3")
             .arg(info.value(QLatin1String("name")).toString(), info.value(QLatin1String("version")).toString(),
                  client->protocolVersion()));
    if (!m_options.logLevel.isEmpty() && client->serverHas(QStringLiteral("logging"))) {
        McpRequest *level = client->request(QStringLiteral("logging/setLevel"), {{QStringLiteral("level"), m_options.logLevel}});
        connect(level, &McpRequest::finished, this, [this](const McpResponse &response) {
            if (!response.ok())
                note(Text::tr("logging/setLevel failed: %1").arg(response.error->message));
        });
    }
    refreshTools(true);
}

void McpServerConnection::refreshTools(bool initial)
{
    McpClient *client = m_client.get();
    if (!client)
        return;
    if (!client->serverHas(QStringLiteral("tools"))) {
        m_tools.clear();
        if (initial) {
            m_startupTimer.stop();
            m_readySinceMs = QDateTime::currentMSecsSinceEpoch();
            setState(State::Ready);
            Q_EMIT toolsChanged();
        }
        return;
    }
    McpRequestOptions options;
    options.timeoutMs = initial ? m_config.startupTimeoutSec * 1000 : 60000;
    const quint64 generation = m_generation;
    client->listAll(QStringLiteral("tools/list"), QStringLiteral("tools"), options, this,
                    [this, initial, generation](const Result<QJsonArray> &tools) {
                        if (generation != m_generation)
                            return;
                        if (tools.hasError()) {
                            if (initial)
                                fail(Error(QStringLiteral("mcp.tools-list-failed"), Text::tr("tools/list failed: %1").arg(tools.error().message)));
                            else
                                note(Text::tr("tools/list failed: %1").arg(tools.error().message));
                            return;
                        }
                        QList<McpToolInfo> list;
                        for (const QJsonValue &tool : *tools) {
                            const McpToolInfo info = McpToolInfo::fromJson(tool.toObject());
                            if (info.name.isEmpty()) {
                                note(Text::tr("skipped a tool without a name"));
                                continue;
                            }
                            list.append(info);
                        }
                        m_tools = list;
                        note(Text::tr("%n tool(s) offered", nullptr, int(list.size())));
                        if (initial) {
                            m_startupTimer.stop();
                            m_readySinceMs = QDateTime::currentMSecsSinceEpoch();
                            setState(State::Ready);
                        }
                        Q_EMIT toolsChanged();
                    });
}

void McpServerConnection::onClientFailed(const Error &error)
{
    if (m_stopping)
        return;
    fail(error);
}

void McpServerConnection::fail(const Error &error)
{
    if (m_stopping)
        return;
    m_startupTimer.stop();
    const bool wasReady = m_state == State::Ready;
    Error reported = error;
    // Every start-up error carries what the server said, so nobody has to go looking.
    if (m_client) {
        const QString tail = m_client->transport()->recentLog().trimmed();
        if (!tail.isEmpty() && !reported.message.contains(tail.right(qMin<qsizetype>(40, tail.size())))) {
            QStringList lines = tail.split(QLatin1Char('\n'));
            if (lines.size() > 12)
                lines = lines.mid(lines.size() - 12);
            reported.message += QLatin1Char('\n') + Text::tr("The server's last log lines:") + QLatin1Char('\n') + lines.join(QLatin1Char('\n'));
        }
    }
    m_lastError = reported;
    note(Text::tr("failed: %1").arg(error.message));
    m_tools.clear();
    teardown();
    if (wasReady && QDateTime::currentMSecsSinceEpoch() - m_readySinceMs > 5 * 60 * 1000)
        m_consecutiveFailures = 0;
    ++m_consecutiveFailures;
    setState(State::Failed);
    Q_EMIT toolsChanged();
    if (wasReady && m_options.restartOnCrash)
        scheduleRestart();
}

void McpServerConnection::scheduleRestart()
{
    if (m_consecutiveFailures > MaxRestartsInARow) {
        note(Text::tr("not restarting: it failed %n time(s) in a row", nullptr, m_consecutiveFailures));
        return;
    }
    const int delay = qMin(MaxBackoffMs, 1000 << qMin(m_consecutiveFailures - 1, 6));
    ++m_restarts;
    note(Text::tr("restarting in %n second(s)", nullptr, (delay + 999) / 1000));
    setState(State::Restarting);
    m_restartTimer.start(delay);
}

void McpServerConnection::teardown()
{
    if (!m_client)
        return;
    std::unique_ptr<McpClient> client = std::move(m_client);
    client->disconnect(this);
    client->transport()->disconnect(this);
    McpClient *raw = client.release();
    // close() runs the polite shutdown; the client goes once it is closed (or at once if it is).
    connect(raw, &McpClient::closed, raw, &QObject::deleteLater);
    if (raw->state() == McpClient::State::Closed || raw->state() == McpClient::State::Idle) {
        raw->deleteLater();
        m_authorizer.reset();
        return;
    }
    raw->close();
    // A failed client may never report closed: make sure it goes anyway.
    QTimer::singleShot(McpStdioTransport::ShutdownGraceMs * 3, raw, &QObject::deleteLater);
    // The authoriser must outlive the transport that points at it.
    if (m_authorizer) {
        McpHttpAuthorizer *authorizer = m_authorizer.release();
        connect(raw, &QObject::destroyed, [authorizer] { delete authorizer; });
    }
}

void McpServerConnection::stop()
{
    m_restartTimer.stop();
    m_startupTimer.stop();
    m_stopping = true;
    if (!m_client) {
        setState(m_config.enabled ? State::Stopped : State::Disabled);
        QMetaObject::invokeMethod(this, &McpServerConnection::stopped, Qt::QueuedConnection);
        return;
    }
    McpClient *client = m_client.get();
    m_tools.clear();
    // teardown() cuts every connection from the client to us; listen for its end afterwards
    // (it is deleted later, once closed).
    teardown();
    connect(client, &QObject::destroyed, this, [this] {
        setState(m_config.enabled ? State::Stopped : State::Disabled);
        Q_EMIT stopped();
    });
    Q_EMIT toolsChanged();
}

void McpServerConnection::restart()
{
    m_consecutiveFailures = 0;
    note(Text::tr("restart asked for"));
    if (!m_client) {
        start();
        return;
    }
    stop();
    connect(this, &McpServerConnection::stopped, this, &McpServerConnection::start, Qt::SingleShotConnection);
}

} // namespace valis
