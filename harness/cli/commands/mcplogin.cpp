// valis-cli mcp login / logout: OAuth sign-in for an HTTP MCP server, tokens in the OS keychain.
#include "mcpcliserver.h"
#include "mcpcommands.h"
#include "terminalinput.h"

#include "valis/keychain/keychaincredentialstore.h"
#include "valis/mcp/mcpoauth.h"

#include <QEventLoop>

namespace valis::cli {

namespace {

enum class Direction { SignIn, SignOut };

int signInOrOut(CliContext &context, const QStringList &arguments, Direction direction)
{
    const bool in = direction == Direction::SignIn;
    const QString command = in ? QStringLiteral("mcp login") : QStringLiteral("mcp logout");
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("server"), Text::tr("The HTTP server."));
    if (const int code = parseServerCommand(context, parser, command,
                                            in ? Text::tr("Signs in to an HTTP MCP server with OAuth: the sign-in page opens in the "
                                                          "browser (its address is printed too); the tokens are kept in the OS keychain "
                                                          "and used by every session.")
                                               : Text::tr("Forgets the OAuth tokens of an HTTP MCP server (and its registration, when no "
                                                          "other server of the same authorization server uses it)."),
                                            arguments, 1);
        code >= 0) {
        return code;
    }
    const QString name = parser.positionalArguments().constFirst();
    const Result<McpServerConfig> server = configuredMcpServer(context, name);
    if (server.hasError())
        return context.fail(command, server.error());
    if (server->transport != McpServerConfig::Transport::Http)
        return context.fail(command, Error(QStringLiteral("mcp.oauth-not-http"),
                                           Text::tr("\"%1\" runs over stdio; only HTTP servers sign in").arg(name)));
    if (in && !server->bearerTokenEnvVar.isEmpty())
        return context.fail(command, Error(QStringLiteral("mcp.oauth-bearer"),
                                           Text::tr("\"%1\" sends the bearer token of %2 and never signs in; remove its "
                                                    "bearerTokenEnvVar to use OAuth")
                                               .arg(name, server->bearerTokenEnvVar)));
    const Result<McpResolvedServer> resolved = resolveServer(*server);
    if (resolved.hasError())
        return context.fail(command, resolved.error());

    KeychainCredentialStore keychain;
    const std::unique_ptr<McpOAuthAuthorizer> authorizer = cliOAuthAuthorizer(context, *resolved, &keychain);
    std::optional<Result<void>> outcome;
    QEventLoop loop;
    const auto done = [&outcome, &loop](const Result<void> &result) {
        outcome = result;
        loop.quit();
    };
    InterruptSignal interrupt;
    QObject::connect(&interrupt, &InterruptSignal::triggered, &loop, [&outcome, &loop] {
        outcome = Error(QStringLiteral("mcp.oauth-cancelled"), Text::tr("interrupted (Ctrl-C)"));
        loop.quit();
    });
    if (in)
        authorizer->signIn(done);
    else
        authorizer->signOut(done);
    if (!outcome)
        loop.exec();
    if (outcome->hasError())
        return context.fail(command, outcome->error());
    if (in) {
        const QStringList scopes = authorizer->grantedScopes();
        context.out() << Text::tr("Signed in to %1 (authorization server %2%3).")
                             .arg(name, authorizer->issuer(),
                                  scopes.isEmpty() ? QString() : Text::tr("; scopes: %1").arg(scopes.join(QLatin1Char(' '))))
                      << Qt::endl;
    } else {
        context.out() << Text::tr("Signed out of %1.").arg(name) << Qt::endl;
    }
    return 0;
}

} // namespace

int runMcpLogin(CliContext &context, const QStringList &arguments)
{
    return signInOrOut(context, arguments, Direction::SignIn);
}

int runMcpLogout(CliContext &context, const QStringList &arguments)
{
    return signInOrOut(context, arguments, Direction::SignOut);
}

} // namespace valis::cli
