// valis_mcp_conformance_client SERVER_URL
//
// The client that `conformance client --command ...` (@modelcontextprotocol/conformance) runs for
// each client scenario: Valis's own McpServerConnection over McpHttpTransport, with the
// McpOAuthAuthorizer keeping its registration and tokens in the real keychain (run it inside
// tests/support/with-keyring.sh), answering elicitations with the schema's defaults
// (McpElicitation::applyDefaults), and a headless browser that follows the authorization request to
// its redirect, which lands on the authoriser's loopback listener as a person's browser would.
// It connects (initialize and tools/list), calls the scenario's tool as the SDK's example client
// does, and exits 0 when the call succeeded. MCP_CONFORMANCE_SCENARIO names the scenario and
// MCP_CONFORMANCE_CONTEXT carries its data (a pre-registered client id and secret).
#include "valis/keychain/keychaincredentialstore.h"
#include "valis/mcp/mcpelicitation.h"
#include "valis/mcp/mcpoauth.h"
#include "valis/mcp/mcpserverconnection.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

#include <cstdio>

using namespace valis;

namespace {

/// The client_id the conformance suite expects when a server supports Client ID Metadata
/// Documents (its mock never fetches it).
const QString ConformanceClientMetadataUrl = QStringLiteral("https://conformance-test.local/client-metadata.json");

void say(const QString &line)
{
    std::fprintf(stderr, "%s\n", qPrintable(line));
    std::fflush(stderr);
}

/// GETs the authorization URL without following its redirect, then GETs where it points.
bool playBrowser(QNetworkAccessManager *network, const QUrl &url)
{
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    QNetworkReply *reply = network->get(request);
    QObject::connect(reply, &QNetworkReply::finished, network, [network, reply] {
        reply->deleteLater();
        const QUrl location = reply->url().resolved(QUrl(QString::fromUtf8(reply->rawHeader("Location"))));
        if (reply->rawHeader("Location").isEmpty()) {
            say(QStringLiteral("browser: the authorization request was not redirected (HTTP %1)")
                    .arg(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt()));
            return;
        }
        QNetworkReply *landing = network->get(QNetworkRequest(location));
        QObject::connect(landing, &QNetworkReply::finished, landing, &QObject::deleteLater);
    });
    return true;
}

struct ToolCall
{
    QString name;
    QJsonObject arguments;
};

std::optional<ToolCall> toolFor(const QString &scenario)
{
    if (scenario == QLatin1String("initialize"))
        return std::nullopt;
    if (scenario == QLatin1String("tools_call"))
        return ToolCall{QStringLiteral("add_numbers"), {{QStringLiteral("a"), 5}, {QStringLiteral("b"), 3}}};
    if (scenario == QLatin1String("elicitation-sep1034-client-defaults"))
        return ToolCall{QStringLiteral("test_client_elicitation_defaults"), {}};
    if (scenario == QLatin1String("sse-retry"))
        return ToolCall{QStringLiteral("test_reconnection"), {}};
    if (scenario == QLatin1String("auth/pre-registration"))
        return std::nullopt; // the SDK's example lists tools only
    return ToolCall{QStringLiteral("test-tool"), {}};
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    const QString scenario = qEnvironmentVariable("MCP_CONFORMANCE_SCENARIO");
    if (arguments.size() < 2 || scenario.isEmpty()) {
        say(QStringLiteral("usage: MCP_CONFORMANCE_SCENARIO=<scenario> %1 <server-url>").arg(arguments.value(0)));
        return 2;
    }
    const QJsonObject context = QJsonDocument::fromJson(qgetenv("MCP_CONFORMANCE_CONTEXT")).object();

    // The real keychain, but only the throwaway one with-keyring.sh provides.
    std::unique_ptr<KeychainCredentialStore> keychain;
    if (!qEnvironmentVariableIsEmpty("VALIS_TEST_KEYRING"))
        keychain = std::make_unique<KeychainCredentialStore>(QStringLiteral("org.valis.Valis.conformance"));
    else
        say(QStringLiteral("no VALIS_TEST_KEYRING: OAuth tokens stay in memory"));

    QNetworkAccessManager browserNetwork;
    McpServerConfig config;
    config.name = QStringLiteral("conformance");
    config.transport = McpServerConfig::Transport::Http;
    config.url = arguments.last();
    config.startupTimeoutSec = 25;
    config.toolTimeoutSec = 20;

    McpConnectionOptions options;
    options.client.clientName = QStringLiteral("valis-conformance-client");
    options.client.elicitationForm = true;
    options.restartOnCrash = false;
    options.logLevel.clear();
    options.makeAuthorizer = [&](const McpResolvedServer &server) -> std::unique_ptr<McpHttpAuthorizer> {
        McpOAuthOptions oauth;
        oauth.serverName = server.config.name;
        oauth.credentials = keychain.get();
        oauth.openUrl = [&browserNetwork](const QUrl &url) { return playBrowser(&browserNetwork, url); };
        oauth.showUrl = [](const QUrl &url) { say(QStringLiteral("sign in at %1").arg(url.host())); };
        oauth.clientId = context.value(QStringLiteral("client_id")).toString();
        oauth.clientSecret = context.value(QStringLiteral("client_secret")).toString();
        oauth.clientMetadataUrl = ConformanceClientMetadataUrl;
        oauth.signInTimeoutMs = 15000;
        oauth.log = [](const QString &line) { say(QStringLiteral("oauth: ") + line); };
        return std::make_unique<McpOAuthAuthorizer>(server.url, oauth);
    };
    options.configureClient = [](McpClient *client) {
        client->setRequestHandler(QStringLiteral("elicitation/create"), [](const JsonRpcMessage &request, const McpResponder &responder) {
            // A person who accepts without touching the form: every default applies (SEP-1034).
            const QJsonObject schema = request.params.value(QStringLiteral("requestedSchema")).toObject();
            responder.result({{QStringLiteral("action"), QStringLiteral("accept")},
                              {QStringLiteral("content"), McpElicitation::applyDefaults(schema, {})}});
        });
    };

    McpServerConnection connection(config, options);
    int exitCode = 1;
    auto finish = [&](int code) {
        exitCode = code;
        connection.stop();
        QTimer::singleShot(3000, &app, &QCoreApplication::quit); // a DELETE that never answers
    };
    QObject::connect(&connection, &McpServerConnection::stopped, &app, &QCoreApplication::quit);
    QObject::connect(&connection, &McpServerConnection::logged, &app, [](const QString &line) { say(QStringLiteral("log: ") + line); });
    bool started = false;
    QObject::connect(&connection, &McpServerConnection::stateChanged, &app, [&](McpServerConnection::State state) {
        if (state == McpServerConnection::State::Failed) {
            say(QStringLiteral("failed: ") + (connection.lastError() ? connection.lastError()->toString() : QString()));
            finish(1);
            return;
        }
        if (state != McpServerConnection::State::Ready || started)
            return;
        started = true;
        QStringList names;
        for (const McpToolInfo &tool : connection.tools())
            names.append(tool.name);
        say(QStringLiteral("tools: ") + names.join(QStringLiteral(", ")));
        const std::optional<ToolCall> call = toolFor(scenario);
        if (!call) {
            finish(0);
            return;
        }
        if (!names.contains(call->name)) {
            say(QStringLiteral("the server offers no tool %1").arg(call->name));
            finish(1);
            return;
        }
        McpRequestOptions requestOptions;
        requestOptions.timeoutMs = 20000;
        McpRequest *request = connection.client()->request(
            QStringLiteral("tools/call"), {{QStringLiteral("name"), call->name}, {QStringLiteral("arguments"), call->arguments}},
            requestOptions);
        QObject::connect(request, &McpRequest::finished, &app, [&](const McpResponse &response) {
            if (!response.ok()) {
                say(QStringLiteral("tools/call failed: ") + response.error->toString());
                finish(1);
                return;
            }
            say(QStringLiteral("tools/call: ") + QString::fromUtf8(QJsonDocument(response.result).toJson(QJsonDocument::Compact)));
            finish(response.result.value(QStringLiteral("isError")).toBool() ? 1 : 0);
        });
    });
    connection.start();
    QTimer::singleShot(40000, &app, [&] {
        say(QStringLiteral("gave up after 40 s"));
        finish(1);
    });
    app.exec();
    return exitCode;
}
