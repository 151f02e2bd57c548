#include "mcpcliserver.h"

#include "valis/mcp/mcpstoredtoken.h"

#include "clicontext.h"
#include "interactionprompter.h"
#include "terminalinput.h"

#include "valis/keychain/keychaincredentialstore.h"
#include "valis/mcp/mcpoauth.h"
#include "valis/mcp/mcpstdiotransport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QPointer>
#include <QTimer>
#include <QUrl>

namespace valis::cli {

McpCliServer::McpCliServer(CliContext &context, QObject *parent) : QObject(parent), m_context(context) {}

McpCliServer::~McpCliServer()
{
    close();
}

Result<McpServerConfig> configuredMcpServer(CliContext &context, const QString &name)
{
    const QString path = context.locations().mcpSettingsPath();
    const Result<McpSettings> settings = McpSettings::load(path);
    if (settings.hasError())
        return settings.error();
    if (const std::optional<McpServerConfig> server = settings->server(name))
        return *server;
    for (const Error &problem : settings->problems()) {
        if (problem.location.endsWith(QStringLiteral(": mcpServers.") + name))
            return problem;
    }
    QStringList names;
    for (const McpServerConfig &configured : settings->servers())
        names.append(configured.name);
    return Error(QStringLiteral("mcp.unknown-server"),
                 names.isEmpty() ? Text::tr("there is no MCP server \"%1\": none is configured (valis-cli mcp add)").arg(name)
                                 : Text::tr("there is no MCP server \"%1\"; the servers are: %2").arg(name, names.join(QStringLiteral(", "))),
                 path);
}

std::unique_ptr<McpOAuthAuthorizer> cliOAuthAuthorizer(CliContext &context, const McpResolvedServer &server,
                                                       CredentialStore *credentials)
{
    McpOAuthOptions options;
    options.serverName = server.config.name;
    options.credentials = credentials;
    options.clientId = server.config.oauthClientId;
    if (!server.config.oauthClientSecretEnvVar.isEmpty())
        options.clientSecret = QProcessEnvironment::systemEnvironment().value(server.config.oauthClientSecretEnvVar);
    options.scopes = server.config.oauthScopes;
    options.openUrl = openInBrowser;
    // Printed first, so a person without a browser here can open it elsewhere.
    options.showUrl = [&context, name = server.config.name](const QUrl &url) {
        context.err() << Text::tr("To sign in to %1, open: %2").arg(name, url.toString(QUrl::FullyEncoded)) << Qt::endl;
    };
    return std::make_unique<McpOAuthAuthorizer>(server.url, options);
}

Result<void> McpCliServer::connect(const QString &name)
{
    const Result<McpServerConfig> server = configuredMcpServer(m_context, name);
    if (server.hasError())
        return server.error();
    m_config = *server;
    m_config.enabled = true;

    McpConnectionOptions options;
    // What the MCP tool plugin declares, so a server shows here the tools it shows a session.
    options.client.roots = true;
    options.client.sampling = true;
    options.client.elicitationForm = true;
    options.client.elicitationUrl = true;
    options.restartOnCrash = false;
    options.configureClient = [this](McpClient *client) { configureClient(client); };
    // Stored OAuth tokens are used (valis-cli mcp login); a server that asks for a sign-in gets one.
    options.makeAuthorizer = [this](const McpResolvedServer &resolved) -> std::unique_ptr<McpHttpAuthorizer> {
        if (!m_keychain)
            m_keychain = std::make_unique<KeychainCredentialStore>();
        // A bearer token stored in the keychain (valis-cli keys set mcp:NAME) comes first.
        return std::make_unique<McpStoredTokenAuthorizer>(m_keychain.get(), resolved.config.name,
                                                          cliOAuthAuthorizer(m_context, resolved, m_keychain.get()));
    };
    m_connection = std::make_unique<McpServerConnection>(m_config, options);

    QEventLoop loop;
    const auto settled = [this] {
        const McpServerConnection::State state = m_connection->state();
        return state == McpServerConnection::State::Ready || state == McpServerConnection::State::Failed;
    };
    QObject::connect(m_connection.get(), &McpServerConnection::stateChanged, &loop, [&loop, &settled] {
        if (settled())
            loop.quit();
    });
    QElapsedTimer timer;
    timer.start();
    m_connection->start();
    if (!settled())
        loop.exec();
    m_startupMs = timer.elapsed();
    if (m_connection->state() != McpServerConnection::State::Ready) {
        return m_connection->lastError().value_or(
            Error(QStringLiteral("mcp.start-failed"), Text::tr("the server did not start")));
    }
    return success();
}

void McpCliServer::configureClient(McpClient *client)
{
    client->setRequestHandler(QStringLiteral("roots/list"), [](const JsonRpcMessage &, const McpResponder &responder) {
        const QString folder = QDir::currentPath();
        responder.result({{QStringLiteral("roots"),
                           QJsonArray{QJsonObject{{QStringLiteral("uri"), QUrl::fromLocalFile(folder).toString()},
                                                  {QStringLiteral("name"), QDir(folder).dirName()}}}}});
    });
    client->setRequestHandler(QStringLiteral("sampling/createMessage"), [](const JsonRpcMessage &, const McpResponder &responder) {
        // -1: the spec's code for a sampling request the client does not carry out.
        responder.error(-1, Text::tr("valis-cli mcp call has no model to answer sampling requests; use the tool in a "
                                     "session (valis-cli run), where the session's model answers them"));
    });
    client->setRequestHandler(QStringLiteral("elicitation/create"), [this](const JsonRpcMessage &request, const McpResponder &responder) {
        onElicitation(request, responder);
    });
}

void McpCliServer::enableQuestions(TerminalInput *input)
{
    m_input = input;
    m_prompter = new InteractionPrompter(m_context.err(), this);
    QObject::connect(input, &TerminalInput::lineRead, this, [this](const QString &line) { m_prompter->takeLine(line); });
    QObject::connect(input, &TerminalInput::closed, this, [this] {
        m_inputClosed = true;
        m_prompter->abandon();
        // Nobody can answer any more: what waits is declined, the one being asked included.
        const QList<Question> questions = std::exchange(m_questions, {});
        for (const Question &question : questions)
            question.responder.result({{QStringLiteral("action"), QStringLiteral("decline")}});
    });
}

void McpCliServer::onElicitation(const JsonRpcMessage &request, const McpResponder &responder)
{
    const QJsonObject params = request.params;
    ToolInteraction question;
    question.id = QStringLiteral("elicitation-%1").arg(++m_questionCount);
    question.source = Text::tr("MCP server %1").arg(m_config.name);
    question.message = params.value(QLatin1String("message")).toString();
    if (params.value(QLatin1String("mode")).toString() == QLatin1String("url")) {
        question.kind = ToolInteraction::Kind::Url;
        question.url = QUrl(params.value(QLatin1String("url")).toString(), QUrl::StrictMode);
        if (!question.url.isValid() || question.url.host().isEmpty()) {
            responder.error(JsonRpcCode::InvalidParams, Text::tr("the elicitation's url is not a web address"));
            return;
        }
    } else {
        question.kind = ToolInteraction::Kind::Form;
        question.schema = params.value(QLatin1String("requestedSchema")).toObject();
    }
    if (!m_prompter || m_inputClosed) {
        m_context.err() << Text::tr("%1 asked a question (%2), declined: there is no terminal to ask on")
                               .arg(question.source, question.message)
                        << Qt::endl;
        responder.result({{QStringLiteral("action"), QStringLiteral("decline")}});
        return;
    }
    m_questions.append({question, responder});
    askNext();
}

void McpCliServer::askNext()
{
    if (!m_prompter || m_prompter->isAsking() || m_questions.isEmpty())
        return;
    const Question question = m_questions.constFirst();
    m_prompter->ask(question.interaction, [this, question](const ToolInteractionAnswer &answer) {
        m_questions.removeIf([&question](const Question &queued) { return queued.interaction.id == question.interaction.id; });
        QJsonObject result{{QStringLiteral("action"), ToolInteractionAnswer::actionName(answer.action)}};
        if (answer.action == ToolInteractionAnswer::Action::Accept && question.interaction.kind == ToolInteraction::Kind::Form)
            result.insert(QStringLiteral("content"), answer.content);
        question.responder.result(result);
        askNext();
    });
}

McpResponse McpCliServer::send(const QString &method, const QJsonObject &params, const McpRequestOptions &options, const Hooks &hooks)
{
    McpClient *client = this->client();
    if (!client) {
        McpResponse response;
        response.error = Error(QStringLiteral("mcp.disconnected"), Text::tr("the server is not connected"));
        return response;
    }
    McpRequest *pending = client->request(method, params, options);
    std::optional<McpResponse> answer;
    QEventLoop loop;
    QObject::connect(pending, &McpRequest::finished, &loop, [&answer, &loop](const McpResponse &finished) {
        answer = finished;
        loop.quit();
    });
    if (hooks.progressed)
        QObject::connect(pending, &McpRequest::progressed, &loop, hooks.progressed);
    if (hooks.started)
        hooks.started(pending);
    loop.exec();
    return *answer;
}

Result<QJsonObject> McpCliServer::request(const QString &method, const QJsonObject &params, const McpRequestOptions &options)
{
    const McpResponse response = send(method, params, options);
    if (!response.ok())
        return *response.error;
    return response.result;
}

Result<QJsonArray> McpCliServer::listAll(const QString &method, const QString &key)
{
    McpClient *client = this->client();
    if (!client)
        return Error(QStringLiteral("mcp.disconnected"), Text::tr("the server is not connected"));
    std::optional<Result<QJsonArray>> listed;
    QEventLoop loop;
    client->listAll(method, key, McpRequestOptions{}, &loop, [&listed, &loop](const Result<QJsonArray> &result) {
        listed = result;
        loop.quit();
    });
    if (!listed)
        loop.exec();
    return *listed;
}

bool McpCliServer::waitForToolsChanged(int ms)
{
    if (!m_connection)
        return false;
    bool changed = false;
    QEventLoop loop;
    QObject::connect(m_connection.get(), &McpServerConnection::toolsChanged, &loop, [&changed, &loop] {
        changed = true;
        loop.quit();
    });
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
    return changed;
}

void McpCliServer::close()
{
    if (!m_connection)
        return;
    std::unique_ptr<McpServerConnection> connection = std::move(m_connection);
    if (connection->client()) {
        QEventLoop loop;
        QObject::connect(connection.get(), &McpServerConnection::stopped, &loop, &QEventLoop::quit);
        // The transport's own watchdog ends the process group within its grace; this is the backstop.
        QTimer::singleShot(McpStdioTransport::ShutdownGraceMs * 4, &loop, &QEventLoop::quit);
        connection->stop();
        loop.exec();
    }
}

} // namespace valis::cli
