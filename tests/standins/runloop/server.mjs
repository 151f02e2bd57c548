// A local stand-in for Runloop's devboxes API (https://api.runloop.ai), speaking its wire shapes as
// @runloop/api-client 1.32.0 uses them (../../../../shared/docs/notes/remote-and-web-apis.md §2),
// over HTTP/1.1 and cleartext HTTP/2 on one port (the SDK defaults to HTTP/2, Qt to HTTP/1.1).
// Commands run as real local subprocesses; the faults a client must survive are switched on with
// flags or POST /_standin/faults. Prints its port on stdout once listening.
//
// Usage: node server.mjs [--port N] [--api-key KEY] [--boot-delay-ms MS] [--long-poll-ms MS]
//   [--refuse-create quota|rate] [--bad-blueprint NAME]... [--rate-limit-nth N]
//   [--rate-limit-count K] [--retry-after S] [--drop-stream-after N] [--stream-timeout-after N]
//   [--shutdown-on MARKER] [--shutdown-delay-ms MS] [--exit-with-stdin]
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { readFileSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Devbox, TERMINAL, utf8Boundary, waitUntil } from './devboxes.mjs';

const args = process.argv.slice(2);
const value = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const values = (name) => args.flatMap((a, i) => (a === name && i + 1 < args.length ? [args[i + 1]] : []));

const options = {
  apiKey: value('--api-key', null),
  bootDelayMs: Number(value('--boot-delay-ms', '100')),
  longPollMs: Number(value('--long-poll-ms', '25000')),
};

let requestCount = 0;
let faults = {};
function setFaults(update) {
  faults = { ...faults, ...update };
  // Timing is set through the same door, so one server can serve every scenario of a test.
  if (update.bootDelayMs !== undefined) options.bootDelayMs = update.bootDelayMs;
  if (update.longPollMs !== undefined) options.longPollMs = update.longPollMs;
  if (update.rateLimit) faults.rateLimit = { count: 1, ...update.rateLimit, base: requestCount };
}
function faultsFromArgs() {
  const update = {};
  if (value('--refuse-create')) update.refuseCreate = value('--refuse-create');
  if (values('--bad-blueprint').length) update.badBlueprints = values('--bad-blueprint');
  if (value('--rate-limit-nth'))
    update.rateLimit = { nth: Number(value('--rate-limit-nth')), count: Number(value('--rate-limit-count', '1')),
                         retryAfter: value('--retry-after', '1') };
  if (value('--drop-stream-after')) update.dropStreamAfter = Number(value('--drop-stream-after'));
  if (value('--stream-timeout-after')) update.streamTimeoutAfter = Number(value('--stream-timeout-after'));
  if (value('--shutdown-on'))
    update.shutdownOn = { marker: value('--shutdown-on'), delayMs: Number(value('--shutdown-delay-ms', '200')) };
  setFaults(update);
}
faultsFromArgs();

const devboxes = new Map();
const log = [];

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function send(res, status, body, headers = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

// Ends the connection abruptly, as a proxy or a lost network would.
function drop(req, res) {
  if (req.httpVersionMajor === 2) req.stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
  else res.socket.destroy();
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function jsonBody(raw) {
  if (!raw.length) return {};
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
}

// The parts of a multipart/form-data body, by field name: {filename?, data}.
function multipart(raw, contentType) {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  if (!match) throw new HttpError(400, 'Expected a multipart/form-data body');
  const delimiter = Buffer.from(`--${match[1] ?? match[2]}`);
  const parts = {};
  let start = raw.indexOf(delimiter);
  while (start >= 0) {
    start += delimiter.length;
    if (raw.subarray(start, start + 2).toString() === '--') break;
    const next = raw.indexOf(delimiter, start);
    if (next < 0) break;
    const part = raw.subarray(start + 2, next - 2); // skip CRLF after the delimiter and before the next
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    if (name !== undefined) parts[name] = { filename, data: part.subarray(split + 4) };
    start = next;
  }
  return parts;
}

function devboxOf(id) {
  const devbox = devboxes.get(id);
  if (!devbox) throw new HttpError(404, `Devbox ${id} not found`);
  return devbox;
}

function runningDevbox(id) {
  const devbox = devboxOf(id);
  if (devbox.status !== 'running')
    throw new HttpError(400, `Devbox ${id} is not running (status: ${devbox.status})`);
  return devbox;
}

function executionOf(devbox, eid) {
  const execution = devbox.executions.get(eid);
  if (!execution) throw new HttpError(404, `Execution ${eid} not found on devbox ${devbox.id}`);
  return execution;
}

function lastN(query) {
  const n = Number(query.get('last_n') ?? '100');
  return Number.isFinite(n) && n > 0 ? n : 100;
}

function holdMs(requestedSeconds, maxSeconds) {
  const requested = requestedSeconds ? Number(requestedSeconds) * 1000 : maxSeconds * 1000;
  return Math.min(requested, maxSeconds * 1000, options.longPollMs);
}

function create(params) {
  if (faults.refuseCreate === 'quota')
    throw new HttpError(403, 'Devbox quota exceeded: the account may run at most 0 more devboxes');
  if (faults.refuseCreate === 'rate') throw Object.assign(new HttpError(429, 'Too many devbox creations'), { retryAfter: '0' });
  if (params.blueprint_id && !String(params.blueprint_id).startsWith('bpt_'))
    throw new HttpError(400, `Invalid blueprint id ${params.blueprint_id}`);
  const blueprint = params.blueprint_id ?? params.blueprint_name;
  const fail = blueprint !== undefined && (faults.badBlueprints ?? []).includes(blueprint);
  const devbox = new Devbox(params, { bootDelayMs: options.bootDelayMs, fail });
  devboxes.set(devbox.id, devbox);
  return devbox;
}

function startExecution(devbox, command, commandId) {
  if (typeof command !== 'string' || !command) throw new HttpError(400, 'command is required');
  const execution = devbox.execute(command, commandId);
  const marker = faults.shutdownOn?.marker;
  if (marker && command.includes(marker))
    setTimeout(() => devbox.shutdown('entrypoint_exit'), faults.shutdownOn.delayMs);
  return execution;
}

function executionView(devbox, execution, n) {
  if (TERMINAL.includes(devbox.status))
    throw new HttpError(400, `Devbox ${devbox.id} is not running (status: ${devbox.status})`);
  return execution.view(n);
}

function list(query) {
  let items = [...devboxes.values()].sort((a, b) => b.createTime - a.createTime || (a.id < b.id ? 1 : -1));
  const status = query.get('status');
  if (status) items = items.filter((d) => d.status === status);
  for (const [key, wanted] of query) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m) items = items.filter((d) => (d.params.metadata ?? {})[m[1]] === wanted);
  }
  const total = items.length;
  const after = query.get('starting_after');
  if (after) {
    const index = items.findIndex((d) => d.id === after);
    items = index >= 0 ? items.slice(index + 1) : [];
  }
  const limit = Math.min(Number(query.get('limit') ?? '20') || 20, 5000);
  return { devboxes: items.slice(0, limit).map((d) => d.view()), has_more: items.length > limit, total_count: total };
}

function stream(req, res, devbox, execution, channel, offset) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let sent = Math.max(0, Math.min(offset, execution.output[channel].length));
  let events = 0;
  const key = `${execution.id}/${channel}`;
  const cleanup = () => {
    execution.off('output', onOutput);
    execution.off('change', onOutput);
  };
  const onOutput = (which) => {
    if (which && which !== channel && which !== undefined) return;
    const buffer = execution.output[channel];
    const done = execution.status === 'completed' || TERMINAL.includes(devbox.status);
    const end = done ? buffer.length : sent + utf8Boundary(buffer.subarray(sent));
    if (end > sent) {
      const output = buffer.subarray(sent, end).toString('utf8');
      sent = end;
      res.write(`data: ${JSON.stringify({ output, offset: sent })}\n\n`);
      ++events;
      if (faults.dropStreamAfter && events >= faults.dropStreamAfter && !dropped.has(key)) {
        dropped.add(key);
        cleanup();
        return drop(req, res);
      }
      if (faults.streamTimeoutAfter && events >= faults.streamTimeoutAfter && !timedOut.has(key)) {
        timedOut.add(key);
        cleanup();
        res.end(`event: error\ndata: ${JSON.stringify({ code: '408', message: 'Stream idle timeout' })}\n\n`);
        return;
      }
    }
    if (done) {
      cleanup();
      res.end();
    }
  };
  execution.on('output', onOutput);
  execution.on('change', onOutput);
  res.on('close', cleanup);
  onOutput();
}
const dropped = new Set();
const timedOut = new Set();

async function route(req, res, url) {
  const method = req.method;
  const parts = url.pathname.split('/').filter(Boolean);
  const raw = await readBody(req);

  if (parts[0] === '_standin') {
    if (method === 'POST' && parts[1] === 'faults') return send(res, 200, (setFaults(jsonBody(raw)), faults));
    if (method === 'POST' && parts[1] === 'reset') {
      faults = {};
      return send(res, 200, {});
    }
    if (method === 'GET' && parts[1] === 'state')
      return send(res, 200, { requests: log, devboxes: [...devboxes.values()].map((d) => d.view()) });
    if (method === 'POST' && parts[1] === 'devboxes' && parts[3] === 'shutdown') {
      devboxOf(parts[2]).shutdown(jsonBody(raw).reason ?? 'idle');
      return send(res, 200, devboxOf(parts[2]).view());
    }
    throw new HttpError(404, `No stand-in control ${url.pathname}`);
  }

  if (parts[0] !== 'v1' || parts[1] !== 'devboxes') throw new HttpError(404, `No route ${method} ${url.pathname}`);
  const auth = req.headers.authorization ?? '';
  if (!auth.startsWith('Bearer ') || (options.apiKey && auth !== `Bearer ${options.apiKey}`))
    throw new HttpError(401, 'Invalid or missing API key');

  const limit = faults.rateLimit;
  if (limit) {
    const index = requestCount - limit.base - 1; // 0: the first request after the fault was set
    if (index >= limit.nth && index < limit.nth + limit.count) {
      const headers = {};
      if (limit.retryAfter !== undefined) headers['retry-after'] = String(limit.retryAfter);
      if (limit.retryAfterMs !== undefined) headers['retry-after-ms'] = String(limit.retryAfterMs);
      return send(res, 429, { message: 'Rate limit exceeded' }, headers);
    }
  }

  const id = parts[2];
  const op = parts[3];
  if (parts.length === 2) {
    if (method === 'POST') return send(res, 200, create(jsonBody(raw)).view());
    if (method === 'GET') return send(res, 200, list(url.searchParams));
  }
  if (parts.length === 3 && id === 'create_and_await_running' && method === 'POST') {
    const devbox = create(jsonBody(raw));
    await waitUntil(devbox, () => !['provisioning', 'initializing'].includes(devbox.status), options.longPollMs);
    return send(res, 200, devbox.view());
  }
  if (parts.length === 3 && method === 'GET') return send(res, 200, devboxOf(id).view());

  if (parts.length === 4 && method === 'POST') {
    const body = () => jsonBody(raw);
    switch (op) {
    case 'wait_for_status': {
      const devbox = devboxOf(id);
      const statuses = body().statuses ?? [];
      const reached = await waitUntil(devbox, () => statuses.includes(devbox.status), holdMs(body().timeout_seconds, 30));
      if (!reached) return send(res, 408, { message: `Devbox ${id} did not reach ${statuses.join('|')} in time` });
      return send(res, 200, devbox.view());
    }
    case 'shutdown': {
      const devbox = devboxOf(id);
      devbox.shutdown('api_shutdown');
      return send(res, 200, devbox.view());
    }
    case 'keep_alive':
      runningDevbox(id);
      return send(res, 200, {});
    case 'execute': {
      const devbox = runningDevbox(id);
      const { command, command_id: commandId, optimistic_timeout: timeout } = body();
      if (!commandId) throw new HttpError(400, 'command_id is required');
      const execution = startExecution(devbox, command, commandId);
      await waitUntil(execution, () => execution.status === 'completed' || TERMINAL.includes(devbox.status),
                      holdMs(timeout, 25));
      return send(res, 200, executionView(devbox, execution, lastN(url.searchParams)));
    }
    case 'execute_async': {
      const devbox = runningDevbox(id);
      return send(res, 200, startExecution(devbox, body().command).view());
    }
    case 'execute_sync': {
      const devbox = runningDevbox(id);
      const execution = startExecution(devbox, body().command);
      await waitUntil(execution, () => execution.status === 'completed' || TERMINAL.includes(devbox.status), 1 << 30);
      const view = executionView(devbox, execution, Infinity);
      return send(res, 200, { devbox_id: id, exit_status: view.exit_status, stdout: view.stdout, stderr: view.stderr, shell_name: null });
    }
    case 'read_file_contents': {
      const devbox = runningDevbox(id);
      const file = devbox.resolve(String(body().file_path ?? ''));
      try {
        return send(res, 200, readFileSync(file).toString('utf8'));
      } catch (e) {
        throw new HttpError(e.code === 'ENOENT' ? 404 : 400, `Cannot read ${body().file_path}: ${e.code ?? e.message}`);
      }
    }
    case 'write_file_contents': {
      const devbox = runningDevbox(id);
      const { file_path: filePath, contents } = body();
      writeFile(devbox, filePath, Buffer.from(String(contents ?? ''), 'utf8'));
      return send(res, 200, { devbox_id: id, exit_status: 0, stdout: '', stderr: '', shell_name: null });
    }
    case 'upload_file': {
      const devbox = runningDevbox(id);
      const form = multipart(raw, req.headers['content-type']);
      if (!form.path || !form.file) throw new HttpError(400, 'upload_file needs the fields path and file');
      writeFile(devbox, form.path.data.toString('utf8'), form.file.data);
      return send(res, 200, {});
    }
    case 'download_file': {
      const devbox = runningDevbox(id);
      const file = devbox.resolve(String(body().path ?? ''));
      let data;
      try {
        data = readFileSync(file);
      } catch (e) {
        throw new HttpError(e.code === 'ENOENT' ? 404 : 400, `Cannot read ${body().path}: ${e.code ?? e.message}`);
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.length });
      return res.end(data);
    }
    }
  }

  if (op === 'executions' && parts.length >= 5) {
    const devbox = devboxOf(id);
    const execution = executionOf(devbox, parts[4]);
    const action = parts[5];
    if (!action && method === 'GET') return send(res, 200, executionView(devbox, execution, lastN(url.searchParams)));
    if (action === 'wait_for_status' && method === 'POST') {
      const { statuses = [], timeout_seconds: timeout } = jsonBody(raw);
      const reached = await waitUntil(execution, () => statuses.includes(execution.status) || TERMINAL.includes(devbox.status),
                                      holdMs(timeout, 25));
      if (!reached)
        return send(res, 408, { message: `Execution ${execution.id} did not reach ${statuses.join('|')} in time` },
                    { 'x-should-retry': 'true' });
      return send(res, 200, executionView(devbox, execution, lastN(url.searchParams)));
    }
    if (action === 'kill' && method === 'POST') {
      execution.kill();
      await waitUntil(execution, () => execution.status === 'completed', 5000);
      return send(res, 200, executionView(devbox, execution, lastN(url.searchParams)));
    }
    if ((action === 'stream_stdout_updates' || action === 'stream_stderr_updates') && method === 'GET') {
      if (TERMINAL.includes(devbox.status))
        throw new HttpError(400, `Devbox ${id} is not running (status: ${devbox.status})`);
      const offset = Number(url.searchParams.get('offset') ?? '0') || 0;
      return stream(req, res, devbox, execution, action === 'stream_stdout_updates' ? 'stdout' : 'stderr', offset);
    }
  }
  throw new HttpError(404, `No route ${method} ${url.pathname}`);
}

function writeFile(devbox, filePath, data) {
  const file = devbox.resolve(String(filePath ?? ''));
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR' });
    writeFileSync(file, data);
  } catch (e) {
    throw new HttpError(400, `Cannot write ${filePath}: ${e.code ?? e.message}`);
  }
}

async function handler(req, res) {
  const url = new URL(req.url, 'http://standin');
  const counted = !url.pathname.startsWith('/_standin');
  if (counted) ++requestCount;
  const entry = { method: req.method, path: url.pathname, query: url.search, status: 0 };
  if (counted) {
    log.push(entry);
    if (log.length > 5000) log.shift();
  }
  res.on('finish', () => (entry.status = res.statusCode));
  try {
    await route(req, res, url);
  } catch (e) {
    if (res.headersSent) return drop(req, res);
    if (e instanceof HttpError) {
      const headers = e.retryAfter !== undefined ? { 'retry-after': e.retryAfter } : {};
      return send(res, e.status, { message: e.message }, headers);
    }
    send(res, 500, { message: String(e?.stack ?? e) });
  }
}

// One port for both protocols: a connection that opens with the HTTP/2 preface goes to the h2c
// server, any other to the HTTP/1.1 one.
const h1 = http.createServer(handler);
h1.keepAliveTimeout = 60000;
const h2 = http2.createServer({}, handler);
const server = net.createServer((socket) => {
  socket.once('data', (first) => {
    socket.pause();
    socket.unshift(first);
    (first.subarray(0, 3).toString('latin1') === 'PRI' ? h2 : h1).emit('connection', socket);
    process.nextTick(() => socket.resume());
  });
  socket.on('error', () => {});
});

server.listen(Number(value('--port', '0')), '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});

function exit() {
  for (const devbox of devboxes.values()) devbox.dispose();
  process.exit(0);
}
process.on('SIGTERM', exit);
process.on('SIGINT', exit);
// --exit-with-stdin: the test that started us may die without stopping us; stdin closing is our
// cue then.
if (args.includes('--exit-with-stdin')) {
  process.stdin.on('end', exit);
  process.stdin.resume();
}
