#include "climcpfixtures.h"

namespace valis::test {

QByteArray brokenSchemaServer()
{
    return R"JS(
const rl = require('readline').createInterface({input: process.stdin});
const send = (m) => process.stdout.write(JSON.stringify(m) + '\n');
rl.on('line', (line) => {
  const m = JSON.parse(line);
  if (m.method === 'initialize')
    send({jsonrpc: '2.0', id: m.id, result: {protocolVersion: m.params.protocolVersion, capabilities: {tools: {}},
                                             serverInfo: {name: 'broken-schema', version: '1.0'}}});
  else if (m.method === 'tools/list')
    send({jsonrpc: '2.0', id: m.id, result: {tools: [
      {name: 'good', description: 'A tool any model takes', inputSchema: {type: 'object', properties: {}}},
      {name: 'either', description: 'One of two shapes', inputSchema: {oneOf: [{type: 'object'}, {type: 'string'}]}}]}});
  else if (m.id !== undefined && m.method)
    send({jsonrpc: '2.0', id: m.id, error: {code: -32601, message: 'not here'}});
});
rl.on('close', () => process.exit(0));
)JS";
}

QByteArray claudeDesktopConfig()
{
    return R"({
            "globalShortcut": "Ctrl+Space",
            "mcpServers": {
              "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], "env": {"MEMORY_FILE_PATH": "/tmp/m.json"}},
              "everything": {"command": "node", "args": ["elsewhere.js"]},
              "broken": {"args": ["no command"]}}})";
}

QByteArray projectMcpJson()
{
    return R"({"mcpServers": {"repo-tools": {"command": "node", "args": ["tools/server.js"]}}})";
}

QByteArray codexConfig()
{
    return R"(model = "o3"

[mcp_servers.docs]
command = "node"
args = ["docs-server.js", "--port", "0"]
env = { "DOCS_TOKEN" = "t" }
startup_timeout_ms = 20000

[mcp_servers.remote]
url = "https://mcp.example.org/mcp"
bearer_token_env_var = "REMOTE_TOKEN"
)";
}

QByteArray settingsWithUnknowns()
{
    return R"({"version": 1, "comment": "mine",
            "mcpServers": {"odd": {"command": 42}, "kept": {"command": "node", "args": ["k.js"], "description": "my note"}}})";
}

QByteArray urlElicitationArguments()
{
    return R"({"url": "https://consent.example.org/approve?id=7", "message": "Approve the transfer"})";
}

} // namespace valis::test
