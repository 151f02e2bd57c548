// valis-cli mcp serve --http: the Streamable HTTP side of `mcp serve` (mcpserve.cpp parses the
// options and builds the handler): the bearer token from the keychain, the listening line a
// script can wait for, the audit log, and a clean stop on SIGINT/SIGTERM.
#include "clicontext.h"
#include "mcpserve.h"
#include "servertoken.h"
#include "terminalinput.h"

#include "valis/keychain/keychaincredentialstore.h"
#include "valis/mcp/mcpauditlog.h"
#include "valis/mcp/mcpstreamablehttpserver.h"
#include "valis/server/httpserver.h"

#include <QCoreApplication>
#include <QEventLoop>


namespace valis::cli {

namespace {

const QString kTokenAccount = QStringLiteral("mcp-server-token");

/// The bearer token: the one in the keychain, or a new one stored there (and shown once) when
/// there is none or `rotate`.
Result<QString> bearerToken(CliContext &context, bool rotate)
{
    KeychainCredentialStore keychain;
    const Result<ServerToken> token = serverToken(keychain, kTokenAccount, QStringLiteral("valis-mcp-"), rotate);
    if (token.hasError())
        return token.error();
    if (token->created) {
        // Only now and only here: afterwards it lives in the keychain alone.
        context.err() << Text::tr("valis-cli mcp serve: a new bearer token was stored in the keychain (account %1). "
                                  "It is shown this once; clients send it as \"Authorization: Bearer TOKEN\":")
                             .arg(kTokenAccount)
                      << Qt::endl
                      << token->value << Qt::endl;
    }
    return token->value;
}

} // namespace

int serveMcpHttp(CliContext &context, McpServerHandler *handler, const McpServeOptions &options, const McpAuditLog &audit)
{
    const QString command = QStringLiteral("mcp serve");
    const Result<QString> token = bearerToken(context, options.rotateToken);
    if (token.hasError())
        return context.fail(command, Error(token.error().code,
                                           Text::tr("cannot get the bearer token from the keychain: %1").arg(token.error().message)));

    McpStreamableHttpServer server(handler);
    McpStreamableHttpServer::Options serverOptions;
    serverOptions.address = options.address;
    serverOptions.port = options.port;
    serverOptions.bearerToken = *token;
    serverOptions.allowedOrigins = options.allowedOrigins;
    if (const Result<void> listening = server.listen(serverOptions); listening.hasError())
        return context.fail(command, listening.error());

    QObject::connect(&server, &McpStreamableHttpServer::called, &server, mcpAuditWriter(context, audit));

    // A client set up with a stale token or from a page's Origin fails quietly on its side; the
    // reason is said here, where the person who runs the server looks.
    QObject::connect(&server, &McpStreamableHttpServer::refused, &server, [&context](int status, const QString &reason) {
        context.err() << Text::tr("valis-cli mcp serve: refused a request (%1): %2").arg(status).arg(reason) << Qt::endl;
    });

    QEventLoop loop;
    InterruptSignal stop(InterruptSignal::Hears::InterruptAndTerminate);
    QObject::connect(&stop, &InterruptSignal::triggered, &loop, &QEventLoop::quit);
    context.err() << Text::tr("valis-cli mcp serve: serving the memory of agent %1%2 over Streamable HTTP; Ctrl+C stops")
                         .arg(options.agentId, options.readOnly ? Text::tr(" (read-only)") : QString())
                  << Qt::endl;
    // Machine-read (scripts and tests wait for it, port 0 included), so never translated.
    context.out() << QStringLiteral("MCP server listening on ") << server.url() << Qt::endl;
    context.out().flush();
    std::fflush(stdout);
    loop.exec();
    server.close();
    context.err() << Text::tr("valis-cli mcp serve: stopped") << Qt::endl;
    return 0;
}

} // namespace valis::cli
