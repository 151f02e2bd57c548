// valis-cli mcp serve --http driven by the official TypeScript MCP SDK client
// (StreamableHTTPClientTransport, the bearer token in requestInit), against a fresh VALIS_HOME
// with a fact stored beforehand by another valis-cli process: tools, search_memory, a resource,
// progress and log lines of a call on its SSE answer, the GET stream's list_changed, the token's life in the keychain (kept, reused, rotated), the
// refusals (no token, a wrong one, a foreign Origin), the audit log and a clean SIGTERM.
// Run inside tests/support/with-keyring.sh (the token lives in the keychain); VALIS_CLI names
// the valis-cli binary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import readline from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema, ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

import { progressOfLastCall, recordIncoming } from './mcpwire.mjs';

const cli = process.env.VALIS_CLI;
assert.ok(cli, 'VALIS_CLI must name the valis-cli binary');
assert.ok(process.env.VALIS_TEST_KEYRING, 'run inside tests/support/with-keyring.sh: the token goes into the keychain');
const home = mkdtempSync(join(tmpdir(), 'valis-mcpserve-http-'));
const env = { ...process.env, VALIS_HOME: home };
process.on('exit', () => rmSync(home, { recursive: true, force: true }));

const tokenPattern = /valis-mcp-[A-Za-z0-9_-]{43}/;

/// Starts valis-cli mcp serve --http 0 and waits for its "listening on" line.
async function startServer(extraArgs = []) {
    const child = spawn(cli, ['mcp', 'serve', '--http', '0', ...extraArgs], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const server = { child, stderr: '' };
    child.stderr.on('data', (chunk) => { server.stderr += chunk; });
    server.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    server.url = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no listening line; stderr: ' + server.stderr)), 30000);
        readline.createInterface({ input: child.stdout }).on('line', (line) => {
            const match = /^MCP server listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)$/.exec(line);
            if (match) {
                clearTimeout(timer);
                resolve(match[1]);
            }
        });
        child.on('exit', () => reject(new Error('valis-cli exited; stderr: ' + server.stderr)));
    });
    server.token = tokenPattern.exec(server.stderr)?.[0];
    return server;
}

async function stopServer(server) {
    server.child.kill('SIGTERM');
    const { code, signal } = await server.exited;
    assert.equal(code, 0, `exit on SIGTERM (signal ${signal}); stderr: ${server.stderr}`);
    assert.match(server.stderr, /stopped/);
}

async function connect(url, token, name = 'sdk-http-probe') {
    const transport = new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    const client = new Client({ name, version: '4.5.6' });
    await client.connect(transport);
    return { client, transport };
}

function waitFor(predicate, what, ms = 15000) {
    return new Promise((resolve, reject) => {
        const started = Date.now();
        const tick = () => {
            if (predicate()) return resolve();
            if (Date.now() - started > ms) return reject(new Error('timed out waiting for ' + what));
            setTimeout(tick, 50);
        };
        tick();
    });
}

const text = (result) => result.content.find((c) => c.type === 'text').text;
const fact = 'The staging database is backed up at 03:15 UTC to the bucket named quartz-ledger.';

test('the SDK client uses valis-cli mcp serve --http', async () => {
    // A fact another valis-cli process stored.
    const writer = new Client({ name: 'writer', version: '1.0.0' });
    await writer.connect(new StdioClientTransport({ command: cli, args: ['mcp', 'serve', '--stdio'], env, stderr: 'pipe' }));
    const stored = await writer.callTool({ name: 'store_memory', arguments: { content: fact, description: 'staging backups' } });
    assert.ok(!stored.isError, text(stored));
    const key = stored.structuredContent.key;
    await writer.close();

    // First start: a token is made, kept in the keychain and shown once.
    const first = await startServer();
    assert.ok(first.token, 'the new token is printed on stderr: ' + first.stderr);
    const token = first.token;

    const { client, transport } = await connect(first.url, token);
    assert.ok(transport.sessionId && transport.sessionId.length >= 40, 'a session id');
    assert.equal(client.getServerVersion().name, 'valis');
    let listChanged = 0;
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => { listChanged += 1; });

    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of ['search_memory', 'retrieve_memory', 'store_memory', 'search_transcripts', 'read_session'])
        assert.ok(names.includes(name), name + ' is listed');

    const found = await client.callTool({ name: 'search_memory', arguments: { query: 'staging database backed up' } });
    assert.ok(!found.isError, text(found));
    assert.ok(text(found).includes(key), text(found));
    const link = found.content.find((c) => c.type === 'resource_link');
    assert.equal(link.uri, 'valis://memory/' + key);
    const resource = await client.readResource({ uri: link.uri });
    assert.equal(resource.contents[0].text, fact);

    // A progress token and a log level make the POST's answer an SSE stream that carries the
    // call's notifications before its response.
    const seen = recordIncoming(client);
    const logLines = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => { logLines.push(n.params); });
    await client.setLoggingLevel('debug');
    const tracked = await client.callTool({ name: 'search_memory', arguments: { query: 'quartz-ledger bucket' } }, undefined,
                                          { onprogress: () => {} });
    assert.ok(!tracked.isError, text(tracked));
    const progress = progressOfLastCall(seen);
    assert.equal(progress.length, 2, 'a start and a completion step: ' + JSON.stringify(seen.slice(-4)));
    assert.ok(progress[0].progress < progress[1].progress, 'progress increases');
    await waitFor(() => logLines.some((l) => l.level === 'debug' && l.data.target === 'search_memory' && l.data.resultBytes > 0),
                  'the debug line of the call');

    // The SDK opened the GET stream after initialize: a write by another client comes there.
    const other = await connect(first.url, token, 'other-http-agent');
    const second = await other.client.callTool({ name: 'store_memory', arguments: { content: 'A second fact.', description: 'second' } });
    assert.ok(!second.isError, text(second));
    await waitFor(() => listChanged > 0, 'list_changed on the GET stream');
    await other.client.close();

    // Refusals: no token, a wrong token, a foreign Origin (before the token is even looked at).
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    let response = await fetch(first.url, { method: 'POST', headers, body: initialize });
    assert.equal(response.status, 401);
    assert.match(response.headers.get('www-authenticate'), /^Bearer/);
    response = await fetch(first.url, { method: 'POST', headers: { ...headers, Authorization: 'Bearer valis-mcp-wrong' }, body: initialize });
    assert.equal(response.status, 401);
    response = await fetch(first.url, { method: 'POST', headers: { ...headers, Authorization: `Bearer ${token}`, Origin: 'https://evil.example' }, body: initialize });
    assert.equal(response.status, 403);
    await assert.rejects(connect(first.url, 'valis-mcp-wrong'), 'the SDK client is refused with a wrong token');
    await waitFor(() => /refused a request \(403\): origin https:\/\/evil\.example/.test(first.stderr), 'the 403 said on stderr');
    assert.match(first.stderr, /refused a request \(401\): wrong bearer token/);
    assert.ok(!first.stderr.includes('valis-mcp-wrong'), 'a refused token is not echoed');

    // Closing the client ends its session (DELETE): the id is gone afterwards.
    const sessionId = transport.sessionId;
    await transport.terminateSession();
    await client.close();
    response = await fetch(first.url, { method: 'POST', headers: { ...headers, Authorization: `Bearer ${token}`, 'Mcp-Session-Id': sessionId },
                                        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }) });
    assert.equal(response.status, 404);
    await stopServer(first);

    // Second start: the keychain's token again, not shown.
    const again = await startServer();
    assert.equal(again.token, undefined, 'a kept token is not printed again');
    const reconnected = await connect(again.url, token);
    await reconnected.client.ping();
    await reconnected.client.close();
    await stopServer(again);

    // --new-token: a new one, shown once; the old one no longer opens the door.
    const rotated = await startServer(['--new-token']);
    assert.ok(rotated.token && rotated.token !== token, 'a new token is printed');
    await assert.rejects(connect(rotated.url, token), 'the old token is refused');
    const fresh = await connect(rotated.url, rotated.token);
    await fresh.client.ping();
    await fresh.client.close();
    await stopServer(rotated);

    // The audit log names the HTTP clients and their sessions, and marks the write.
    const audit = execFileSync(cli, ['mcp', 'audit', '--json', '--limit', '500'], { env, encoding: 'utf8' })
        .trim().split('\n').map((line) => JSON.parse(line));
    assert.ok(audit.some((e) => e.client === 'sdk-http-probe' && e.transport === 'http' && e.session === sessionId
                             && e.method === 'tools/call' && e.target === 'search_memory' && !e.error));
    assert.ok(audit.some((e) => e.client === 'sdk-http-probe' && e.method === 'resources/read' && e.target === link.uri));
    assert.ok(audit.some((e) => e.client === 'other-http-agent' && e.target === 'store_memory' && e.write === true));
    assert.ok(!audit.some((e) => e.transport === 'http' && e.target === 'search_memory' && e.write), 'reads are not writes');
});
