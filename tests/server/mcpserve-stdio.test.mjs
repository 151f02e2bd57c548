// valis-cli mcp serve --stdio driven by the official TypeScript MCP SDK client, against a fresh
// VALIS_HOME: tools and their hints, store and search, exact paging of a 5,000-line memory,
// resources, list_changed (also for another process's write), progress and log lines of a call,
// --read-only, bad input, the audit log. VALIS_CLI names the valis-cli binary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema, ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

import { progressOfLastCall, recordIncoming } from './mcpwire.mjs';

const cli = process.env.VALIS_CLI;
assert.ok(cli, 'VALIS_CLI must name the valis-cli binary');
const home = mkdtempSync(join(tmpdir(), 'valis-mcpserve-'));
const env = { ...process.env, VALIS_HOME: home };
process.on('exit', () => rmSync(home, { recursive: true, force: true }));

async function connect(name, extraArgs = []) {
    const transport = new StdioClientTransport({ command: cli, args: ['mcp', 'serve', '--stdio', ...extraArgs], env, stderr: 'pipe' });
    const client = new Client({ name, version: '9.9.9' });
    await client.connect(transport);
    return client;
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

test('the SDK client uses valis-cli mcp serve --stdio', async () => {
    const client = await connect('sdk-probe');
    assert.equal(client.getServerVersion().name, 'valis');
    let listChanged = 0;
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => { listChanged += 1; });

    // Tools and honest hints.
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const name of ['search_memory', 'retrieve_memory', 'store_memory', 'search_transcripts', 'read_session',
                        'list_memories_files', 'read_memories_file'])
        assert.ok(byName[name], 'tool ' + name + ' is listed');
    for (const name of ['search_memory', 'retrieve_memory', 'search_transcripts', 'read_session', 'list_memories_files', 'read_memories_file'])
        assert.equal(byName[name].annotations.readOnlyHint, true, name + ' is read-only');
    assert.equal(byName.store_memory.annotations.readOnlyHint, false);
    assert.equal(byName.store_memory.annotations.destructiveHint, false);

    // Store a fact; list_changed follows the write.
    const fact = 'The deploy key of the staging cluster rotates every Tuesday at 09:00.';
    const stored = await client.callTool({ name: 'store_memory', arguments: { content: fact, description: 'deploy key rotation' } });
    assert.ok(!stored.isError, text(stored));
    const key = stored.structuredContent.key;
    assert.match(key, /^m-[0-9a-f]+$/);
    assert.ok(text(stored).includes(`(note, 1 line, ${Buffer.byteLength(fact)} bytes)`), text(stored));
    await waitFor(() => listChanged > 0, 'list_changed after store_memory');

    // Search finds it, with a resource link.
    const found = await client.callTool({ name: 'search_memory', arguments: { query: 'deploy key rotates' } });
    assert.ok(text(found).includes(key), text(found));
    const link = found.content.find((c) => c.type === 'resource_link');
    assert.equal(link.uri, 'valis://memory/' + key);
    assert.equal(found.structuredContent.results[0].key, key);

    // The resource reads the fact byte for byte.
    const resource = await client.readResource({ uri: link.uri });
    assert.equal(resource.contents[0].text, fact);
    const templates = await client.listResourceTemplates();
    assert.deepEqual(templates.resourceTemplates.map((t) => t.uriTemplate).sort(),
        ['valis://memories/{+path}{?offset}', 'valis://memory/{key}{?offset}', 'valis://session/{id}{?page}']);
    const listed = await client.listResources();
    assert.ok(listed.resources.some((r) => r.uri === link.uri));

    // A 5,000-line memory pages back exactly, by lines (non-ASCII, no final newline).
    const lines = [];
    for (let i = 1; i <= 5000; ++i) lines.push(`line ${i} é漢 ${'x'.repeat(i % 37)}`);
    const big = lines.join('\n');
    const bigStored = await client.callTool({ name: 'store_memory', arguments: { content: big, description: 'five thousand lines' } });
    const bigKey = bigStored.structuredContent.key;
    let pages = [];
    let offset = 1;
    while (offset !== null) {
        const page = await client.callTool({ name: 'retrieve_memory', arguments: { key: bigKey, offset, limit: 700 } });
        assert.ok(!page.isError, text(page));
        assert.equal(page.structuredContent.unit, 'lines');
        // The text is the built-in tool's: a header line, the page verbatim, a footer line.
        const body = text(page);
        assert.ok(body.startsWith(`[${bigKey}: lines ${offset}-`), body.slice(0, 80));
        assert.ok(body.includes('\n' + page.structuredContent.text), 'the page is in the text verbatim');
        pages.push(page.structuredContent.text);
        offset = page.structuredContent.nextOffset;
    }
    assert.equal(pages.length, Math.ceil(5000 / 700));
    assert.equal(Buffer.compare(Buffer.from(pages.join(''), 'utf8'), Buffer.from(big, 'utf8')), 0, 'line pages == the memory');

    // ... and by bytes (ASCII, so no page splits a character).
    const ascii = lines.map((l) => l.replace('é漢', 'ab')).join('\n') + '\n';
    const asciiKey = (await client.callTool({ name: 'store_memory', arguments: { content: ascii, description: 'ascii lines' } })).structuredContent.key;
    pages = [];
    offset = 0;
    while (offset !== null) {
        const page = await client.callTool({ name: 'retrieve_memory', arguments: { key: asciiKey, offset, limit: 10000, unit: 'bytes' } });
        assert.ok(!page.isError, text(page));
        pages.push(page.structuredContent.text);
        offset = page.structuredContent.nextOffset;
    }
    assert.equal(pages.join(''), ascii, 'byte pages == the memory');

    // The resource pages the same memory through _meta valis/nextUri.
    pages = [];
    let uri = 'valis://memory/' + bigKey;
    while (uri) {
        const read = await client.readResource({ uri });
        pages.push(read.contents[0].text);
        uri = read.contents[0]._meta?.['valis/nextUri'];
    }
    assert.equal(pages.join(''), big, 'resource pages == the memory');

    // An unknown key is a tool error naming it; bad arguments a -32602.
    const missing = await client.callTool({ name: 'retrieve_memory', arguments: { key: 'm-000000' } });
    assert.equal(missing.isError, true);
    await assert.rejects(client.callTool({ name: 'retrieve_memory', arguments: { key: bigKey, limit: -3 } }), /-32602/);
    await assert.rejects(client.readResource({ uri: 'valis://memory/m-000000' }), /-32002/);

    // A progress token and a log level: the call's notifications come before its answer.
    const seen = recordIncoming(client);
    const logLines = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => { logLines.push(n.params); });
    await client.callTool({ name: 'retrieve_memory', arguments: { key: 'm-000000' } });
    assert.ok(!seen.some((m) => m.method === 'notifications/message'), 'no log lines before logging/setLevel');
    assert.equal(progressOfLastCall(seen).length, 0, 'no progress without a token');
    await client.setLoggingLevel('warning');
    const failed = await client.callTool({ name: 'retrieve_memory', arguments: { key: 'm-000000' } }, undefined,
                                         { onprogress: () => {} });
    assert.equal(failed.isError, true);
    const progress = progressOfLastCall(seen);
    assert.equal(progress.length, 2, 'a start and a completion step: ' + JSON.stringify(seen.slice(-4)));
    assert.ok(progress[0].progress < progress[1].progress, 'progress increases');
    await waitFor(() => logLines.some((l) => l.level === 'warning' && l.data.target === 'retrieve_memory' && l.data.error),
                  'the warning about the failed call');
    await client.setLoggingLevel('debug');
    await client.callTool({ name: 'search_memory', arguments: { query: 'deploy key' } });
    await waitFor(() => logLines.some((l) => l.level === 'debug' && l.data.target === 'search_memory' && l.data.resultBytes > 0),
                  'the debug line of a call');
    await client.setLoggingLevel('error');

    // The recall prompt pulls the fact for a task.
    const prompt = await client.getPrompt({ name: 'recall', arguments: { task: 'rotate the staging deploy key' } });
    assert.ok(prompt.messages[0].content.text.includes(key), prompt.messages[0].content.text);

    // Another process's write is noticed (the store is polled).
    const before = listChanged;
    const other = await connect('other-agent');
    await other.callTool({ name: 'store_memory', arguments: { content: 'Written by another process.', description: 'elsewhere' } });
    await other.close();
    await waitFor(() => listChanged > before, 'list_changed after another process wrote');
    await client.close();

    // The audit log names the clients and marks the writes.
    const audit = execFileSync(cli, ['mcp', 'audit', '--json', '--limit', '500'], { env, encoding: 'utf8' })
        .trim().split('\n').map((l) => JSON.parse(l));
    assert.ok(audit.some((e) => e.client === 'sdk-probe' && e.clientVersion === '9.9.9' && e.method === 'tools/call' && e.target === 'search_memory'));
    assert.ok(audit.some((e) => e.client === 'other-agent' && e.target === 'store_memory' && e.write === true));
    assert.ok(audit.some((e) => e.client === 'sdk-probe' && e.target === 'valis://memory/m-000000' && e.error), 'failures are logged');
    assert.ok(audit.some((e) => e.client === 'sdk-probe' && e.target === 'retrieve_memory' && e.error), 'tool errors are logged');
});

test('--read-only offers no store_memory', async () => {
    const client = await connect('reader', ['--read-only']);
    const { tools } = await client.listTools();
    assert.ok(!tools.some((t) => t.name === 'store_memory'));
    assert.ok(tools.every((t) => t.annotations.readOnlyHint === true));
    await assert.rejects(client.callTool({ name: 'store_memory', arguments: { content: 'x', description: 'y' } }), /-32602/);
    await client.close();
});

test('bad input gets JSON-RPC errors and the server goes on', async () => {
    const child = spawn(cli, ['mcp', 'serve'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const answers = [];
    let buffer = '';
    child.stdout.on('data', (chunk) => {
        buffer += chunk;
        let newline;
        while ((newline = buffer.indexOf('\n')) >= 0) {
            answers.push(JSON.parse(buffer.slice(0, newline)));
            buffer = buffer.slice(newline + 1);
        }
    });
    const send = (line) => child.stdin.write(line + '\n');
    send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    send('this is not json');
    send('{"jsonrpc":"2.0","id":2,');
    send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
    send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'no/such/method' }));
    send(JSON.stringify({ jsonrpc: '2.0', id: 'five', method: 'tools/call', params: { name: 'search_memory', arguments: 7 } }));
    send(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'ping' }));
    await waitFor(() => answers.length >= 7, 'seven answers');
    child.stdin.end();
    const code = await new Promise((resolve) => child.on('exit', resolve));
    assert.equal(code, 0, 'EOF on stdin ends the server cleanly');
    assert.equal(answers[0].id, 1);
    assert.equal(answers[0].error.code, -32600, 'refused before initialize');
    assert.deepEqual([answers[1].id, answers[1].error.code], [null, -32700]);
    assert.deepEqual([answers[2].id, answers[2].error.code], [null, -32700]);
    assert.equal(answers[3].result.protocolVersion, '2025-06-18');
    assert.deepEqual([answers[4].id, answers[4].error.code], [4, -32601]);
    assert.deepEqual([answers[5].id, answers[5].error.code], ['five', -32602]);
    assert.deepEqual([answers[6].id, answers[6].result], [6, {}]);
    assert.equal(answers.length, 7, 'nothing else on stdout');
});
