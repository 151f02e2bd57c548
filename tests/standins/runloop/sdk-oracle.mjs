// The fidelity check of the Runloop stand-in: Runloop's official SDK (@runloop/api-client, pinned
// in package.json) pointed at the stand-in on 127.0.0.1 through its baseURL option, driven through
// its public API; every assertion is on what the SDK returns or raises. Over HTTP/2 (the SDK's
// default on Node) and HTTP/1.1 (what Valis's Qt client speaks).
// Usage: node sdk-oracle.mjs   (exit status 0 when every scenario passes)
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Runloop from '@runloop/api-client';

const here = path.dirname(fileURLToPath(import.meta.url));
const KEY = 'rl-test-key';

const server = spawn(process.execPath, [path.join(here, 'server.mjs'), '--api-key', KEY, '--boot-delay-ms', '50',
                                        '--long-poll-ms', '400', '--exit-with-stdin'],
                     { stdio: ['pipe', 'pipe', 'inherit'] });
const port = await new Promise((resolve, reject) => {
  createInterface({ input: server.stdout }).once('line', (line) => resolve(Number(line)));
  server.once('exit', (code) => reject(new Error(`stand-in exited with ${code}`)));
});
const baseURL = `http://127.0.0.1:${port}`;
const client = new Runloop({ bearerToken: KEY, baseURL });
const http1 = new Runloop({ bearerToken: KEY, baseURL, http2: false });
const created = [];

async function control(what, body = {}) {
  const response = await fetch(`${baseURL}/_standin/${what}`, {
    method: what === 'state' ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: what === 'state' ? undefined : JSON.stringify(body),
  });
  return response.json();
}

async function running(api = client, params = {}) {
  const devbox = await api.devboxes.createAndAwaitRunning(params, { longPoll: { timeoutMs: 20000 } });
  created.push(devbox.id);
  return devbox;
}

async function collect(streamPromise) {
  let text = '';
  let last = 0;
  for await (const chunk of await streamPromise) {
    text += chunk.output;
    assert.ok(chunk.offset > last, 'offsets grow with each chunk');
    last = chunk.offset;
  }
  return { text, last };
}

const scenarios = {
  async createAndAwaitRunning() {
    await control('faults', { bootDelayMs: 300 }); // boots past one long-poll hold: 408, then re-poll
    try {
      const devbox = await running(client, {
        name: 'oracle', metadata: { 'valis-session': 's-1', team: 'x' }, environment_variables: { FOO: 'bar baz' },
        launch_parameters: { resource_size_request: 'CUSTOM_SIZE', custom_cpu_cores: 2, custom_gb_memory: 4,
                             keep_alive_time_seconds: 600 },
      });
      assert.equal(devbox.status, 'running');
      assert.match(devbox.id, /^dbx_/);
      assert.deepEqual(devbox.metadata, { 'valis-session': 's-1', team: 'x' });
      assert.equal(devbox.launch_parameters.custom_cpu_cores, 2);
      assert.deepEqual(devbox.state_transitions.map((t) => t.status), ['provisioning', 'initializing', 'running']);
      const again = await client.devboxes.retrieve(devbox.id);
      assert.equal(again.name, 'oracle');
      const env = await client.devboxes.execute(devbox.id, { command: 'printf %s "$FOO|$HOME"; pwd >&2' });
      const [foo, home] = env.stdout.split('|');
      assert.equal(foo, 'bar baz');
      assert.equal(env.stderr.trim(), home, 'commands start in $HOME');
      const plain = await client.devboxes.create({});
      created.push(plain.id);
      assert.equal(plain.status, 'provisioning');
      const waited = await client.devboxes.awaitRunning(plain.id);
      assert.equal(waited.status, 'running');
    } finally {
      await control('faults', { bootDelayMs: 50 });
    }
  },

  async execute() {
    const devbox = await running();
    const result = await client.devboxes.execute(devbox.id, { command: 'echo out; echo err >&2; exit 3' });
    assert.equal(result.status, 'completed');
    assert.equal(result.exit_status, 3);
    assert.equal(result.stdout, 'out\n');
    assert.equal(result.stderr, 'err\n');
    assert.match(result.execution_id, /^exe_/);
    // The same command_id is the same execution: the command does not run twice.
    const id = '0190d6a8-7b2c-7cc3-8e1f-3c1d2b4a5e6f';
    const first = await client.devboxes.execute(devbox.id, { command: 'echo x >> once.txt', command_id: id });
    const second = await client.devboxes.execute(devbox.id, { command: 'echo x >> once.txt', command_id: id });
    assert.equal(first.execution_id, second.execution_id);
    assert.equal(await client.devboxes.readFileContents(devbox.id, { file_path: 'once.txt' }), 'x\n');
    // Longer than the optimistic timeout: "running", then wait_for_status (408 + x-should-retry) until done.
    const slow = await client.devboxes.executeAndAwaitCompletion(
      devbox.id, { command: 'sleep 1; echo late', optimistic_timeout: 1 }, { longPoll: { timeoutMs: 20000 } });
    assert.equal(slow.status, 'completed');
    assert.equal(slow.stdout, 'late\n');
    // Only the last last_n lines, flagged as truncated.
    const many = await client.devboxes.execute(devbox.id, { command: 'seq 1 150' });
    assert.equal(many.stdout_truncated, true);
    assert.equal(many.stdout.split('\n')[0], '51');
    const all = await client.devboxes.execute(devbox.id, { command: 'seq 1 150', last_n: '1000' });
    assert.equal(all.stdout_truncated, false);
    assert.equal(all.stdout.split('\n').length, 151);
  },

  async executeAsyncAndStream() {
    const devbox = await running();
    const started = await client.devboxes.executeAsync(devbox.id, {
      command: 'for i in 1 2 3 4; do echo "line $i"; echo "e$i" >&2; sleep 0.1; done; printf "é\\n"; exit 4' });
    assert.ok(['queued', 'running'].includes(started.status));
    assert.equal(started.exit_status ?? null, null);
    const out = collect(client.devboxes.executions.streamStdoutUpdates(devbox.id, started.execution_id));
    const err = collect(client.devboxes.executions.streamStderrUpdates(devbox.id, started.execution_id));
    const done = await client.devboxes.executions.awaitCompleted(devbox.id, started.execution_id);
    assert.equal(done.status, 'completed');
    assert.equal(done.exit_status, 4);
    assert.equal((await out).text, 'line 1\nline 2\nline 3\nline 4\né\n');
    assert.equal((await out).last, Buffer.byteLength('line 1\nline 2\nline 3\nline 4\né\n'));
    assert.equal((await err).text, 'e1\ne2\ne3\ne4\n');
    const fetched = await client.devboxes.executions.retrieve(devbox.id, started.execution_id);
    assert.equal(fetched.stdout, 'line 1\nline 2\nline 3\nline 4\né\n');
    // From an offset: only what follows it.
    const tail = await collect(client.devboxes.executions.streamStdoutUpdates(devbox.id, started.execution_id,
                                                                               { offset: '14' }));
    assert.equal(tail.text, 'line 3\nline 4\né\n');
  },

  async streamTimeoutReconnects() {
    const devbox = await running();
    await control('faults', { streamTimeoutAfter: 1 });
    try {
      const started = await client.devboxes.executeAsync(devbox.id, { command: 'for i in 1 2 3; do echo $i; sleep 0.1; done' });
      const out = await collect(client.devboxes.executions.streamStdoutUpdates(devbox.id, started.execution_id));
      assert.equal(out.text, '1\n2\n3\n', 'the SDK resumes from the last offset after the 408 event, no repeats');
    } finally {
      await control('faults', { streamTimeoutAfter: 0 });
    }
  },

  async droppedStreamResumesFromOffset() {
    const devbox = await running();
    await control('faults', { dropStreamAfter: 1 });
    try {
      const started = await client.devboxes.executeAsync(devbox.id, { command: 'echo a; sleep 0.2; echo b; sleep 0.2; echo c' });
      let text = '';
      let offset = 0;
      await assert.rejects(async () => {
        for await (const chunk of await client.devboxes.executions.streamStdoutUpdates(devbox.id, started.execution_id)) {
          text += chunk.output;
          offset = chunk.offset;
        }
      });
      assert.equal(text, 'a\n');
      const rest = await collect(client.devboxes.executions.streamStdoutUpdates(devbox.id, started.execution_id,
                                                                                 { offset: String(offset) }));
      assert.equal(text + rest.text, 'a\nb\nc\n');
    } finally {
      await control('faults', { dropStreamAfter: 0 });
    }
  },

  async kill() {
    const devbox = await running();
    const started = await client.devboxes.executeAsync(devbox.id, { command: 'sleep 30 & sleep 30; echo never' });
    const killed = await client.devboxes.executions.kill(devbox.id, started.execution_id);
    assert.equal(killed.status, 'completed');
    assert.equal(killed.exit_status, 137);
    assert.equal(killed.stdout, '');
  },

  async files() {
    const devbox = await running();
    const written = await client.devboxes.writeFileContents(devbox.id, { file_path: 'dir/a.txt', contents: 'héllo\n' });
    assert.equal(written.exit_status, 0);
    assert.equal(await client.devboxes.readFileContents(devbox.id, { file_path: 'dir/a.txt' }), 'héllo\n');
    const home = (await client.devboxes.execute(devbox.id, { command: 'printf %s "$HOME"' })).stdout;
    assert.equal(await client.devboxes.readFileContents(devbox.id, { file_path: `${home}/dir/a.txt` }), 'héllo\n');
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13, 0x80]);
    await client.devboxes.uploadFile(devbox.id, { path: 'bin/blob', file: await Runloop.toFile(bytes, 'blob') });
    const size = await client.devboxes.execute(devbox.id, { command: 'wc -c < bin/blob' });
    assert.equal(size.stdout.trim(), '8');
    const download = await client.devboxes.downloadFile(devbox.id, { path: 'bin/blob' });
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), bytes);
    await assert.rejects(client.devboxes.readFileContents(devbox.id, { file_path: 'missing.txt' }), Runloop.NotFoundError);
    await assert.rejects(client.devboxes.downloadFile(devbox.id, { path: 'missing.bin' }), Runloop.NotFoundError);
  },

  async listAndShutdown() {
    const mine = [];
    for (let i = 0; i < 3; ++i) mine.push((await running(client, { metadata: { 'valis-session': 'paging' } })).id);
    const seen = [];
    for await (const devbox of client.devboxes.list({ limit: 2 })) seen.push(devbox.id);
    assert.equal(new Set(seen).size, seen.length, 'no devbox twice across pages');
    for (const id of created) assert.ok(seen.includes(id), `${id} listed`);
    const page = await client.devboxes.list({ limit: 2 });
    assert.equal(page.devboxes.length, 2);
    assert.equal(page.has_more, true);
    assert.equal(page.total_count, seen.length);
    const down = await client.devboxes.shutdown(mine[0]);
    assert.equal(down.status, 'shutdown');
    assert.equal(down.shutdown_reason, 'api_shutdown');
    assert.ok(down.end_time_ms >= down.create_time_ms);
    const onlyShutdown = [];
    for await (const devbox of client.devboxes.list({ status: 'shutdown' })) onlyShutdown.push(devbox.id);
    assert.ok(onlyShutdown.includes(mine[0]));
    assert.ok(!onlyShutdown.includes(mine[1]));
    await assert.rejects(client.devboxes.execute(mine[0], { command: 'true' }), Runloop.BadRequestError);
  },

  async rateLimitRetried() {
    const devbox = await running();
    await control('faults', { rateLimit: { nth: 0, count: 2, retryAfter: '0' } });
    const before = (await control('state')).requests.length;
    const again = await client.devboxes.retrieve(devbox.id);
    assert.equal(again.id, devbox.id);
    const statuses = (await control('state')).requests.slice(before).map((r) => r.status);
    assert.deepEqual(statuses, [429, 429, 200], 'two 429s, retried by the SDK');
    await control('faults', { rateLimit: { nth: 0, count: 1, retryAfterMs: 10 } });
    const error = await client.devboxes.retrieve(devbox.id, { maxRetries: 0 }).catch((e) => e);
    assert.ok(error instanceof Runloop.RateLimitError);
    assert.equal(error.status, 429);
    assert.equal(error.headers['retry-after-ms'], '10');
  },

  async errors() {
    await assert.rejects(client.devboxes.retrieve('dbx_doesnotexist'), (e) => e instanceof Runloop.NotFoundError
                         && e.status === 404 && e.message.includes('dbx_doesnotexist'));
    const wrong = new Runloop({ bearerToken: 'wrong', baseURL, maxRetries: 0 });
    await assert.rejects(wrong.devboxes.list(), Runloop.AuthenticationError);
    await control('faults', { refuseCreate: 'quota' });
    try {
      await assert.rejects(client.devboxes.create({}), (e) => e instanceof Runloop.PermissionDeniedError
                           && /quota/i.test(e.message));
    } finally {
      await control('faults', { refuseCreate: null });
    }
    await assert.rejects(client.devboxes.create({ blueprint_id: 'not-a-blueprint' }), Runloop.BadRequestError);
    await control('faults', { badBlueprints: ['broken-image'] });
    let failed;
    await assert.rejects(client.devboxes.createAndAwaitRunning({ blueprint_name: 'broken-image' }),
                         (e) => /non-running state failure/.test(e.message));
    for await (const devbox of client.devboxes.list({ status: 'failure' })) failed = devbox;
    assert.equal(failed.failure_reason, 'execution_failed');
  },

  async shutdownMidCommand() {
    const devbox = await running();
    // 1 s: under a loaded machine the shell may not have printed "started" 200 ms in.
    await control('faults', { shutdownOn: { marker: '#gone', delayMs: 1000 } });
    try {
      const started = await client.devboxes.executeAsync(devbox.id, { command: 'echo started; sleep 20 #gone' });
      const out = await collect(client.devboxes.executions.streamStdoutUpdates(devbox.id, started.execution_id));
      assert.equal(out.text, 'started\n', 'the stream ends when the devbox goes');
      await assert.rejects(client.devboxes.executions.awaitCompleted(devbox.id, started.execution_id),
                           (e) => e instanceof Runloop.BadRequestError && /not running/.test(e.message));
      const gone = await client.devboxes.retrieve(devbox.id);
      assert.equal(gone.status, 'shutdown');
    } finally {
      await control('faults', { shutdownOn: null });
    }
  },

  async http11() {
    const devbox = await running(http1);
    const result = await http1.devboxes.execute(devbox.id, { command: 'echo one' });
    assert.equal(result.stdout, 'one\n');
    await http1.devboxes.uploadFile(devbox.id, { path: 'u.bin', file: await Runloop.toFile(Buffer.from('xyz'), 'u.bin') });
    assert.equal(await http1.devboxes.readFileContents(devbox.id, { file_path: 'u.bin' }), 'xyz');
    const started = await http1.devboxes.executeAsync(devbox.id, { command: 'echo s1; sleep 0.1; echo s2' });
    assert.equal((await collect(http1.devboxes.executions.streamStdoutUpdates(devbox.id, started.execution_id))).text, 's1\ns2\n');
  },
};

let failures = 0;
try {
  for (const [name, run] of Object.entries(scenarios)) {
    try {
      await run();
      console.log(`PASS   : ${name}`);
    } catch (e) {
      ++failures;
      console.log(`FAIL!  : ${name}: ${e?.stack ?? e}`);
    }
  }
  for (const id of created) await client.devboxes.shutdown(id);
  const left = (await control('state')).devboxes.filter((d) => !['shutdown', 'failure'].includes(d.status));
  assert.deepEqual(left, [], 'every devbox shut down');
} catch (e) {
  ++failures;
  console.log(`FAIL!  : cleanup: ${e?.stack ?? e}`);
} finally {
  server.kill('SIGTERM');
}
console.log(failures ? `${failures} scenario(s) failed` : 'all scenarios passed');
process.exit(failures ? 1 : 0);
