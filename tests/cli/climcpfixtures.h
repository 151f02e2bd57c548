#pragma once

// What the MCP CLI tests write to disk: a test server and other hosts' configuration files. Kept
// out of the test's source, whose raw strings moc cannot read.
#include <QByteArray>

namespace valis::test {

/// A stdio server written for the test: one good tool and one whose input schema no model API
/// takes (a top-level oneOf). It ends when its input does.
QByteArray brokenSchemaServer();
/// Claude Desktop's claude_desktop_config.json: a server, one named like an existing one, one
/// that cannot be read, and a key of its own.
QByteArray claudeDesktopConfig();
/// A project's .mcp.json with one server.
QByteArray projectMcpJson();
/// Codex's config.toml with a stdio and an HTTP server.
QByteArray codexConfig();
/// config/mcp.json with a key and an entry Valis does not know, and a server with a key of its own.
QByteArray settingsWithUnknowns();
/// trigger-url-elicitation's arguments.
QByteArray urlElicitationArguments();

} // namespace valis::test
