// The Daytona stand-in's fidelity, with Daytona's official SDK (@daytonaio/sdk, pinned in
// package.json) as the oracle: the SDK's public API pointed at the stand-in through its apiUrl
// option, and assertions on what it returns and on the error classes it raises.
//
//   node --test tests/standins/daytona/sdk-oracle.test.mjs

import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import {
    Daytona,
    DaytonaError,
    DaytonaAuthenticationError,
    DaytonaConnectionError,
    DaytonaFileNotFoundError,
    DaytonaForbiddenError,
    DaytonaNotFoundError,
    DaytonaRateLimitError,
    DaytonaTimeoutError,
    DaytonaValidationError,
} from '@daytonaio/sdk';

const here = dirname(fileURLToPath(import.meta.url));
const API_KEY = 'dtn_standin_key';
let server;
let baseUrl;
let daytona;

function client(apiKey = API_KEY) {
    // The SDK would also open Daytona's socket.io event gateway; the stand-in has none, and the
    // SDK's documented polling mode is what it falls back to when the gateway is unreachable.
    return new Daytona({ apiKey, apiUrl: `${baseUrl}/api`, target: 'us', useDeprecatedPolling: true });
}

async function control(path, body) {
    const res = await fetch(`${baseUrl}/_standin/${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
    assert.equal(res.status, 200);
    return res.json();
}

async function rejection(promise) {
    try {
        await promise;
    } catch (error) {
        return error;
    }
    assert.fail('the call should have raised');
}

async function waitForExit(sandbox, sessionId, cmdId) {
    for (let i = 0; i < 200; ++i) {
        const command = await sandbox.process.getSessionCommand(sessionId, cmdId);
        if (command.exitCode !== undefined && command.exitCode !== null)
            return command;
        await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.fail('the session command did not finish');
}

before(async () => {
    server = spawn(process.execPath, [join(here, 'server.mjs'), '--port', '0', '--api-key', API_KEY, '--start-delay-ms', '100'],
        { stdio: ['pipe', 'pipe', 'inherit'] });
    const [line] = await once(server.stdout, 'data');
    baseUrl = `http://127.0.0.1:${Number(String(line).trim())}`;
    daytona = client();
});

after(async () => {
    server.kill('SIGTERM');
    await once(server, 'exit');
});

beforeEach(async () => {
    await control('reset', {});
});

test('create with labels, environment and resources waits until started', async () => {
    const sandbox = await daytona.create({
        snapshot: 'valis-snap', envVars: { FOO: 'bar baz' }, labels: { 'valis-session': 's1', app: 'valis' },
        resources: { cpu: 2, memory: 4, disk: 10 }, autoStopInterval: 30,
    }, { timeout: 10 });
    assert.equal(sandbox.state, 'started');
    assert.match(sandbox.id, /^[0-9a-f-]{36}$/);
    assert.deepEqual(sandbox.labels, { 'valis-session': 's1', app: 'valis', 'code-toolbox-language': 'python' });
    assert.deepEqual(sandbox.env, { FOO: 'bar baz' });
    assert.equal(sandbox.cpu, 2);
    assert.equal(sandbox.memory, 4);
    assert.equal(sandbox.disk, 10);
    assert.equal(sandbox.snapshot, 'valis-snap');
    assert.equal(sandbox.autoStopInterval, 30);
    assert.equal(sandbox.toolboxProxyUrl, `${baseUrl}/toolbox`);

    const state = await control('state');
    const created = state.requests.find((r) => r.method === 'POST' && r.path === '/api/sandbox');
    const body = JSON.parse(created.body);
    assert.equal(body.snapshot, 'valis-snap');
    assert.equal(body.target, 'us');
    assert.equal(body.autoStopInterval, 30);

    const home = await sandbox.getUserHomeDir();
    const echoed = await sandbox.process.executeCommand(`sh -c 'printf %s "$HOME:$FOO"'`);
    assert.equal(echoed.result, `${home}:bar baz`);
    await sandbox.delete();
});

test('an image becomes a Dockerfile, and a failed build is reported', async () => {
    const sandbox = await daytona.create({ image: 'python:3.12-slim' }, { timeout: 10 });
    assert.equal(sandbox.buildInfo.dockerfileContent, 'FROM python:3.12-slim\n');
    assert.equal(sandbox.snapshot, undefined);
    await sandbox.delete();

    await control('faults', { rules: [{ method: 'POST', path: '^/api/sandbox$', action: 'build-failed' }] });
    const error = await rejection(daytona.create({ image: 'no-such/image:1' }, { timeout: 10 }));
    assert.ok(error instanceof DaytonaError);
    assert.match(error.message, /build_failed/);
    assert.match(error.message, /manifest for no-such\/image:1 not found/);
    const [leftover] = (await control('state')).sandboxes;
    assert.equal(leftover.state, 'build_failed');
});

test('a sandbox that never starts times out', async () => {
    await control('faults', { rules: [{ method: 'POST', path: '^/api/sandbox$', action: 'never-start' }] });
    const error = await rejection(daytona.create({}, { timeout: 1 }));
    assert.ok(error instanceof DaytonaTimeoutError);
});

test('process.executeCommand runs without a shell, with exit codes, cwd and timeouts', async () => {
    const sandbox = await daytona.create({}, { timeout: 10 });
    const home = await sandbox.getUserHomeDir();
    const hello = await sandbox.process.executeCommand('echo "hello   world" \'a b\'');
    assert.equal(hello.exitCode, 0);
    assert.equal(hello.result, 'hello   world a b\n');
    const literal = await sandbox.process.executeCommand('echo $HOME;x');
    assert.equal(literal.result, '$HOME;x\n', 'no shell expands or splits the command');
    const failing = await sandbox.process.executeCommand("sh -c 'echo out; echo err >&2; exit 3'");
    assert.equal(failing.exitCode, 3);
    assert.equal(failing.result, 'out\nerr\n');
    await sandbox.fs.createFolder(`${home}/sub`, '755');
    const cwd = await sandbox.process.executeCommand('pwd', `${home}/sub`);
    assert.equal(cwd.result, `${home}/sub\n`);
    const slow = await rejection(sandbox.process.executeCommand('sleep 5', undefined, undefined, 1));
    assert.ok(slow instanceof DaytonaTimeoutError);
    assert.equal(slow.statusCode, 408);
    await sandbox.delete();
});

test('sessions run commands synchronously and asynchronously, with logs', async () => {
    const sandbox = await daytona.create({}, { timeout: 10 });
    await sandbox.process.createSession('s1');
    const sync = await sandbox.process.executeSessionCommand('s1', { command: 'echo one; echo two >&2; exit 4' });
    assert.equal(sync.exitCode, 4);
    assert.equal(sync.stdout, 'one\n');
    assert.equal(sync.stderr, 'two\n');

    const started = await sandbox.process.executeSessionCommand('s1', { command: 'echo a; sleep 0.3; echo b >&2', runAsync: true });
    assert.ok(started.cmdId);
    assert.equal(started.exitCode, undefined);
    const running = await sandbox.process.getSessionCommand('s1', started.cmdId);
    assert.equal(running.command, 'echo a; sleep 0.3; echo b >&2');
    assert.equal(running.exitCode, undefined, 'no exit code while running');
    const finished = await waitForExit(sandbox, 's1', started.cmdId);
    assert.equal(finished.exitCode, 0);
    assert.equal(finished.command, 'echo a; sleep 0.3; echo b >&2');
    const logs = await sandbox.process.getSessionCommandLogs('s1', started.cmdId);
    assert.equal(logs.stdout, 'a\n');
    assert.equal(logs.stderr, 'b\n');
    assert.equal(logs.output, 'a\nb\n');

    // follow=true: the WebSocket stream, demultiplexed by the SDK, ends with the command.
    const streamed = await sandbox.process.executeSessionCommand('s1', { command: 'echo x; sleep 0.3; echo y >&2; echo z', runAsync: true });
    const out = [];
    const err = [];
    await sandbox.process.getSessionCommandLogs('s1', streamed.cmdId, (chunk) => out.push(chunk), (chunk) => err.push(chunk));
    assert.equal(out.join(''), 'x\nz\n');
    assert.equal(err.join(''), 'y\n');
    assert.ok(out.length >= 2, 'stdout came in pieces, as it was written');
    assert.equal((await sandbox.process.getSessionCommand('s1', streamed.cmdId)).exitCode, 0);

    const session = await sandbox.process.getSession('s1');
    assert.equal(session.commands.length, 3);
    assert.deepEqual((await sandbox.process.listSessions()).map((s) => s.sessionId), ['s1']);
    await sandbox.process.deleteSession('s1');
    const gone = await rejection(sandbox.process.getSession('s1'));
    assert.ok(gone instanceof DaytonaNotFoundError);
    await sandbox.delete();
});

test('files: upload, download, list, details, folders, move and delete', async () => {
    const sandbox = await daytona.create({}, { timeout: 10 });
    const home = await sandbox.getUserHomeDir();
    const content = Buffer.from([0, 1, 2, 255, 10, 13, 10]);
    await sandbox.fs.uploadFile(content, `${home}/work/deep/data.bin`);
    await sandbox.fs.uploadFiles([
        { source: Buffer.from('alpha\n'), destination: `${home}/work/a.txt` },
        { source: Buffer.from('beta\n'), destination: 'work/b.txt' },
    ]);
    assert.deepEqual(await sandbox.fs.downloadFile(`${home}/work/deep/data.bin`), content);
    const both = await sandbox.fs.downloadFiles([{ source: `${home}/work/a.txt` }, { source: `${home}/work/missing.txt` }]);
    assert.equal(both[0].result.toString(), 'alpha\n');
    assert.match(both[1].error, /not found/);
    assert.equal(both[1].errorDetails.statusCode, 404);
    const missing = await rejection(sandbox.fs.downloadFile(`${home}/work/missing.txt`));
    assert.ok(missing instanceof DaytonaNotFoundError);

    const listing = await sandbox.fs.listFiles(`${home}/work`);
    assert.deepEqual(listing.map((f) => [f.name, f.isDir]), [['a.txt', false], ['b.txt', false], ['deep', true]]);
    const details = await sandbox.fs.getFileDetails(`${home}/work/a.txt`);
    assert.equal(details.size, 6);
    assert.equal(details.isDir, false);
    assert.ok(!Number.isNaN(Date.parse(details.modTime)));
    const noFile = await rejection(sandbox.fs.getFileDetails(`${home}/nothing`));
    assert.ok(noFile instanceof DaytonaFileNotFoundError);
    assert.equal(noFile.code, 'FILE_NOT_FOUND');

    await sandbox.fs.createFolder(`${home}/work/empty`, '755');
    await sandbox.fs.moveFiles(`${home}/work/a.txt`, `${home}/work/empty/moved.txt`);
    assert.equal((await sandbox.fs.downloadFile(`${home}/work/empty/moved.txt`)).toString(), 'alpha\n');
    await sandbox.fs.deleteFile(`${home}/work/empty/moved.txt`);
    await sandbox.fs.deleteFile(`${home}/work/empty`);
    await sandbox.fs.deleteFile(`${home}/work`, true);
    assert.deepEqual(await sandbox.fs.listFiles(home), []);
    await sandbox.delete();
});

test('list filters by labels and pages with a cursor; delete removes', async () => {
    const mine = [];
    for (let i = 0; i < 3; ++i)
        mine.push(await daytona.create({ labels: { 'valis-session': 'list-test' } }, { timeout: 10 }));
    const other = await daytona.create({ labels: { 'valis-session': 'other' } }, { timeout: 10 });
    const seen = [];
    for await (const sandbox of daytona.list({ labels: { 'valis-session': 'list-test' }, limit: 2 }))
        seen.push(sandbox.id);
    assert.deepEqual(seen.sort(), mine.map((s) => s.id).sort());
    const pages = (await control('state')).requests.filter((r) => r.method === 'GET' && r.path === '/api/sandbox');
    assert.equal(pages.length, 2);
    assert.match(pages[1].query, /cursor=/);

    for (const sandbox of [...mine, other])
        await daytona.delete(sandbox);
    const gone = await rejection(daytona.get(other.id));
    assert.ok(gone instanceof DaytonaNotFoundError);
    assert.match(gone.message, /not found/);
    const left = [];
    for await (const sandbox of daytona.list())
        left.push(sandbox);
    assert.equal(left.length, 0);
});

test('refused creation: quota, bad snapshot, bad key', async () => {
    await control('faults', { rules: [{ method: 'POST', path: '^/api/sandbox$', action: 'quota' }] });
    const quota = await rejection(daytona.create({}, { timeout: 10 }));
    assert.ok(quota instanceof DaytonaForbiddenError);
    assert.equal(quota.statusCode, 403);
    assert.match(quota.message, /Total CPU limit exceeded/);

    await control('faults', { rules: [{ method: 'POST', path: '^/api/sandbox$', action: 'bad-snapshot' }] });
    const snapshot = await rejection(daytona.create({ snapshot: 'nope' }, { timeout: 10 }));
    assert.ok(snapshot instanceof DaytonaValidationError);
    assert.match(snapshot.message, /Snapshot nope not found/);

    const denied = await rejection(client('wrong-key').create({}, { timeout: 10 }));
    assert.ok(denied instanceof DaytonaAuthenticationError);
    assert.equal(denied.statusCode, 401);
    assert.equal((await control('state')).sandboxes.length, 0);
});

test('429 carries Retry-After', async () => {
    await control('faults', { rules: [{ method: 'GET', path: '^/api/sandbox$', skip: 1, action: '429', retryAfter: 7 }] });
    for await (const sandbox of daytona.list())
        assert.fail(`unexpected ${sandbox.id}`);
    const limited = await rejection(daytona.list().next());
    assert.ok(limited instanceof DaytonaRateLimitError);
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.headers['retry-after'], '7');
    for await (const sandbox of daytona.list())
        assert.fail(`unexpected ${sandbox.id}`);
});

test('a sandbox stopping mid-command and dropped connections are errors', async () => {
    const sandbox = await daytona.create({}, { timeout: 10 });
    await sandbox.process.createSession('s');
    await control('faults', { rules: [{ method: 'POST', path: '/process/session/s/exec$', action: 'stop-sandbox', afterMs: 150 }] });
    const { cmdId } = await sandbox.process.executeSessionCommand('s', { command: 'sleep 30', runAsync: true });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const stopped = await rejection(sandbox.process.getSessionCommand('s', cmdId));
    assert.ok(stopped instanceof DaytonaValidationError);
    assert.match(stopped.message, /not started/);
    await sandbox.refreshData();
    assert.equal(sandbox.state, 'stopped');
    assert.equal((await control('state')).sandboxes[0].processes, 0, 'the command was killed');

    await sandbox.start(10);
    await sandbox.process.createSession('t');
    const { cmdId: quick } = await sandbox.process.executeSessionCommand('t', { command: 'echo hi', runAsync: true });
    await waitForExit(sandbox, 't', quick);
    // One dropped answer to a GET is retried by the SDK; three are not.
    await control('faults', { rules: [{ method: 'GET', path: '/logs$', action: 'drop', times: 1 }] });
    assert.equal((await sandbox.process.getSessionCommandLogs('t', quick)).stdout, 'hi\n');
    await control('faults', { rules: [{ method: 'GET', path: '/logs$', action: 'drop', times: 3 }] });
    const dropped = await rejection(sandbox.process.getSessionCommandLogs('t', quick));
    assert.ok(dropped instanceof DaytonaConnectionError);
    await control('faults', { rules: [{ method: 'POST', path: '/exec$', action: 'drop' }] });
    const droppedExec = await rejection(sandbox.process.executeSessionCommand('t', { command: 'true', runAsync: true }));
    assert.ok(droppedExec instanceof DaytonaConnectionError);
    await sandbox.delete();
});
