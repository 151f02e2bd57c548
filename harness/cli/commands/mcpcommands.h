#pragma once

// Shared by the `valis-cli mcp` subcommands: the configuration ones (mcpcommand.cpp,
// mcpimport.cpp), those that talk to a server (mcpservercommands.cpp, mcpresourcecommands.cpp)
// and the sign-in (mcplogin.cpp).
#include "clicontext.h"

#include "valis/mcp/mcpserverconfig.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace valis::cli {

class McpCliServer;

/// Each gets the subcommand's arguments with the subcommand's name first.
int runMcpList(CliContext &context, const QStringList &arguments);
int runMcpAdd(CliContext &context, const QStringList &arguments);
int runMcpRemove(CliContext &context, const QStringList &arguments);
int runMcpImport(CliContext &context, const QStringList &arguments);
int runMcpTest(CliContext &context, const QStringList &arguments);
int runMcpTools(CliContext &context, const QStringList &arguments);
int runMcpCall(CliContext &context, const QStringList &arguments);
int runMcpResources(CliContext &context, const QStringList &arguments);
int runMcpRead(CliContext &context, const QStringList &arguments);
int runMcpPrompts(CliContext &context, const QStringList &arguments);
int runMcpPrompt(CliContext &context, const QStringList &arguments);
int runMcpLogin(CliContext &context, const QStringList &arguments);
int runMcpLogout(CliContext &context, const QStringList &arguments);
int runMcpServe(CliContext &context, const QStringList &arguments);
int runMcpAudit(CliContext &context, const QStringList &arguments);

/// "node /path/server.js stdio" or the URL: what a server runs, for people.
QString describeServer(const McpServerConfig &server);
/// Loads config/mcp.json, or prints why it cannot be and returns nullopt.
std::optional<McpSettings> loadMcpSettings(CliContext &context, const QString &command);
/// Connects the server `name` for `command` ("mcp test"); prints the error and returns false
/// when it cannot.
bool connectMcpServer(CliContext &context, const QString &command, const QString &name, McpCliServer &server);
/// Where a command was looked for (PATH, the login shell's PATH), for a "not found" error.
QString whereCommandsAreLooked();
/// Parses a subcommand whose positional arguments are the server's name and `positionals` - 1
/// more; -1 to go on, else the exit code (help shown: 0; bad usage: 2).
int parseServerCommand(CliContext &context, CliParser &parser, const QString &command, const QString &description,
                       const QStringList &arguments, qsizetype positionals);
/// The first line of `text`, trimmed.
QString firstLine(const QString &text);
/// `object` as one line of JSON, for --json output.
QString jsonLine(const QJsonObject &object);

} // namespace valis::cli
