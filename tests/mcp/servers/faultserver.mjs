// A small MCP server over stdio for Valis's fault tests, written against the wire protocol
// directly (newline-delimited JSON-RPC) so each misbehaviour is exactly what the test names.
// Usage: node faultserver.mjs [--banner] [--slow-start MS] [--die-on CALL] [--never-answer]
//        [--big BYTES] [--broken-schema] [--tools N] [--child] [--pid-file FILE]
//        [--exit-at-once] [--noisy] [--stubborn] [--cancel-file FILE] [--late-tools] [--once FILE]
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync, appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};

if (value('--pid-file')) appendFileSync(value('--pid-file'), `${process.pid}\n`);

// --child: behave like `npx`/`npm exec`, a wrapper whose child is the real server, both in our
// process group. The wrapper ignores SIGTERM, as some wrappers do, so only a group kill ends it.
if (flag('--child')) {
  const rest = args.filter((a) => a !== '--child');
  const child = spawn(process.execPath, [new URL(import.meta.url).pathname, ...rest], { stdio: 'inherit' });
  process.on('SIGTERM', () => {});
  child.on('exit', (code) => process.exit(code ?? 0));
  setInterval(() => {}, 1 << 30);
} else {
  main();
}

let lateToolAdded = false;

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

function tools() {
  const count = Number(value('--tools', '3'));
  const list = [];
  list.push({ name: 'echo', description: 'Echoes the message back', inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } });
  list.push({ name: 'slow', description: 'Answers after `ms` milliseconds, reporting progress', inputSchema: { type: 'object', properties: { ms: { type: 'number' } } } });
  list.push({ name: 'big', description: 'Returns a large text', inputSchema: { type: 'object', properties: {} } });
  if (flag('--broken-schema')) {
    list.push({ name: 'broken', description: 'Has a schema no model API takes', inputSchema: { type: 'array', items: { type: 'string' } } });
    list.push({ name: 'also.broken name', description: 'A name with a dot and a space; its schema is fine', inputSchema: { type: 'object' } });
  }
  if (lateToolAdded) list.push({ name: 'late_tool', description: 'Appears after the first call', inputSchema: { type: 'object' } });
  for (let i = list.length; i < count; ++i) {
    list.push({
      name: `tool_${i}`,
      description: `Synthetic tool number ${i} for the ${['billing', 'calendar', 'issues', 'weather', 'search'][i % 5]} domain; it takes a query and a limit and returns matching records.`,
      inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'What to look for' }, limit: { type: 'integer', minimum: 1, maximum: 100 } }, required: ['query'] },
    });
  }
  return list;
}

function main() {
  // --once FILE: runs the first time only; every later start fails (a server that crashed and
  // cannot come back).
  const once = value('--once');
  if (once) {
    if (existsSync(once)) {
      process.stderr.write('faultserver: the lock file is still there, refusing to start\n');
      process.exit(4);
    }
    writeFileSync(once, 'started\n');
  }
  if (flag('--exit-at-once')) {
    process.stderr.write('faultserver: cannot open the database /nonexistent/db.sqlite: no such file\n');
    process.exit(3);
  }
  if (flag('--banner')) process.stdout.write('Welcome to the fault server v1.0!\nListening on stdio...\n');
  process.stderr.write('faultserver: started\n');
  const slowStart = Number(value('--slow-start', '0'));
  const input = createInterface({ input: process.stdin });
  let calls = 0;
  input.on('line', (line) => {
    if (!line.trim()) return;
    let message;
    try { message = JSON.parse(line); } catch { return; }
    if (message.method === 'initialize') {
      setTimeout(() => send({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'faultserver', version: '1.0.0' } } }), slowStart);
      return;
    }
    if (message.method === 'tools/list') {
      if (flag('--noisy')) process.stdout.write('[debug] listing tools\n');
      send({ jsonrpc: '2.0', id: message.id, result: { tools: tools() } });
      return;
    }
    if (message.method === 'tools/call') {
      ++calls;
      if (String(calls) === value('--die-on', '')) {
        process.stderr.write('faultserver: segmentation fault (pretend)\n');
        process.exit(139);
      }
      if (flag('--never-answer')) return;
      // --late-tools: the first call makes a new tool appear, announced with list_changed.
      if (flag('--late-tools') && !lateToolAdded) {
        lateToolAdded = true;
        send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
      }
      const name = message.params.name;
      const a = message.params.arguments || {};
      if (name === 'echo') {
        send({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: `echo: ${a.message}` }] } });
      } else if (name === 'slow') {
        const token = message.params._meta?.progressToken;
        const ms = Number(a.ms ?? 1000);
        let step = 0;
        const timer = setInterval(() => {
          ++step;
          if (token !== undefined) send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: step, total: 4, message: `step ${step}` } });
          if (step >= 4) {
            clearInterval(timer);
            send({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: `done after ${ms} ms` }] } });
          }
        }, ms / 4);
      } else if (name === 'big') {
        const bytes = Number(value('--big', String(1024 * 1024)));
        const line = 'the quick brown fox jumps over the lazy dog 0123456789\n';
        const text = line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
        send({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text }] } });
      } else {
        send({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: `called ${name} with ${JSON.stringify(a)}` }] } });
      }
      return;
    }
    if (message.method === 'notifications/cancelled') {
      process.stderr.write(`faultserver: cancelled ${message.params.requestId}: ${message.params.reason}\n`);
      const file = value('--cancel-file');
      if (file) appendFileSync(file, `${message.params.requestId}\n`);
      return;
    }
    if (message.id !== undefined && message.method) send({ jsonrpc: '2.0', id: message.id, result: {} });
  });
  // The spec's shutdown: a closed stdin is the signal to go. --stubborn ignores it and SIGTERM,
  // so only SIGKILL ends it (what a group kill must cope with).
  if (flag('--stubborn')) {
    process.on('SIGTERM', () => {});
    setInterval(() => {}, 1 << 30);
  } else {
    input.on('close', () => process.exit(0));
  }
}
