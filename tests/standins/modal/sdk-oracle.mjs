// The Modal stand-in checked by Modal's official JavaScript SDK (`modal` on npm, pinned in
// package.json): the SDK, pointed at the stand-in through MODAL_SERVER_URL / MODAL_TOKEN_ID /
// MODAL_TOKEN_SECRET, drives the public API (apps, images, sandboxes, exec, terminate, fromId,
// list) and every assertion is on what the SDK returns or raises. The SDK is told to use the V1
// sandbox calls (MODAL_SANDBOX_V2=0), the ones Valis's plugin speaks; its own default is V2.
// Run: node tests/standins/modal/sdk-oracle.mjs (registered with CTest as modal_sdk_oracle).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { GenericStatus, startModalStandin } from './standin.mjs';

const standin = await startModalStandin();
process.env.MODAL_SERVER_URL = standin.url;
process.env.MODAL_TOKEN_ID = standin.tokenId;
process.env.MODAL_TOKEN_SECRET = standin.tokenSecret;
process.env.MODAL_SANDBOX_V2 = '0';
process.env.MODAL_CONFIG_PATH = '/nonexistent/valis-modal-oracle.toml';
process.env.MODAL_LOGLEVEL = 'error';
const { ModalClient, NotFoundError } = await import('modal');

const calls = (method) => standin.requests.filter((r) => r.method === method);

describe('modal SDK against the stand-in', () => {
    let modal;
    let app;
    let image;
    let sb;

    before(async () => {
        modal = new ModalClient();
        app = await modal.apps.fromName('valis-oracle', { createIfMissing: true });
        image = modal.images.fromRegistry('python:3.12-slim');
    });

    after(async () => {
        modal.close();
        await standin.close();
    });

    test('app lookup creates once, then finds; a missing app is NotFoundError', async () => {
        assert.match(app.appId, /^ap-[0-9A-Za-z]{22}$/);
        const again = await modal.apps.fromName('valis-oracle');
        assert.equal(again.appId, app.appId);
        await assert.rejects(modal.apps.fromName('no-such-app'), (err) => err instanceof NotFoundError && /no-such-app/.test(err.message));
        // Every control-plane call carried the token pair and the JWT from AuthTokenGet.
        const create = calls('AppGetOrCreate')[0];
        assert.equal(create.metadata['x-modal-token-id'], standin.tokenId);
        assert.ok(String(create.metadata['x-modal-auth-token']).split('.').length === 3);
        assert.equal(create.metadata['x-modal-client-type'], '8');
    });

    test('sandbox create sends image, resources, env (as a secret), tags and timeouts', async () => {
        sb = await modal.sandboxes.create(app, image, {
            cpu: 2, memoryMiB: 1536, env: { GREETING: 'hello from env' },
            tags: { 'valis-session': 'oracle-1' }, timeoutMs: 3_600_000, idleTimeoutMs: 600_000,
        });
        assert.match(sb.sandboxId, /^sb-[0-9A-Za-z]{22}$/);
        assert.match(image.imageId, /^im-/);
        // A new image is built asynchronously: the SDK joined the build stream.
        assert.equal(calls('ImageJoinStreaming').length, 1);
        assert.deepEqual(calls('ImageGetOrCreate')[0].request.image.dockerfileCommands, ['FROM python:3.12-slim']);
        assert.equal(calls('ImageGetOrCreate')[0].request.builderVersion, '2025.06');
        const state = standin.state().find((s) => s.id === sb.sandboxId);
        assert.deepEqual(state.tags, { 'valis-session': 'oracle-1' });
        assert.equal(state.milliCpu, 2000);
        assert.equal(state.memoryMb, 1536);
        assert.equal(state.timeoutSecs, 3600);
        assert.equal(state.idleTimeoutSecs, 600);
        assert.equal(state.env.GREETING, 'hello from env');
        assert.equal(state.image, 'python:3.12-slim');
        assert.ok(state.running);
    });

    test('exec streams stdout and stderr apart and returns the exit code', async () => {
        const p = await sb.exec(['sh', '-c', 'echo out; echo err >&2; printf "%s|%s" "$HOME" "$GREETING"; exit 3']);
        const [out, err, code] = await Promise.all([p.stdout.readText(), p.stderr.readText(), p.wait()]);
        const dir = standin.state().find((s) => s.id === sb.sandboxId).dir;
        assert.equal(out, `out\n${dir}|hello from env`);
        assert.equal(err, 'err\n');
        assert.equal(code, 3);
        const start = calls('TaskExecStart').at(-1);
        assert.deepEqual(start.request.commandArgs, ['sh', '-c', 'echo out; echo err >&2; printf "%s|%s" "$HOME" "$GREETING"; exit 3']);
        assert.match(String(start.metadata.authorization), /^Bearer .+\..+\..+$/);
    });

    test('exec honours workdir and env, and a missing program exits 127', async () => {
        await (await sb.exec(['mkdir', '-p', 'work/sub'])).wait();
        const dir = standin.state().find((s) => s.id === sb.sandboxId).dir;
        const p = await sb.exec(['sh', '-c', 'pwd; echo "$EXTRA"'], { workdir: `${dir}/work/sub`, env: { EXTRA: 'x1' } });
        assert.equal(await p.stdout.readText(), `${dir}/work/sub\nx1\n`);
        assert.equal(await p.wait(), 0);
        const missing = await sb.exec(['valis-no-such-program']);
        assert.equal(await missing.wait(), 127);
    });

    test('a cut output stream is resumed at its offset: nothing lost, nothing doubled', async () => {
        standin.setFaults({ cutStream: { afterBytes: 70_000, times: 2, code: 'UNAVAILABLE' } });
        const p = await sb.exec(['sh', '-c', 'i=0; while [ $i -lt 20000 ]; do echo "line $i"; i=$((i+1)); done']);
        const out = await p.stdout.readText();
        assert.equal(await p.wait(), 0);
        standin.setFaults({});
        const lines = out.trimEnd().split('\n');
        assert.equal(lines.length, 20000);
        assert.equal(lines[19999], 'line 19999');
        const reads = calls('TaskExecStdioRead').filter((r) => r.request.fileDescriptor === 0 || r.request.fileDescriptor === undefined).slice(-3);
        assert.deepEqual(reads.map((r) => r.request.offset ?? 0), [0, 70_000, 140_000]);
    });

    test('UNAVAILABLE on a control-plane call is retried by the SDK', async () => {
        const rule = { method: 'SandboxWait', code: 'UNAVAILABLE', nth: 1, times: 1 };
        standin.setFaults({ failCalls: [rule] });
        const before = calls('SandboxWait').length;
        assert.equal(await sb.poll(), null);
        assert.equal(rule.times, 0);
        assert.equal(calls('SandboxWait').length - before, 2);
        standin.setFaults({});
    });

    test('fromId attaches to the same sandbox; list finds it by tag only', async () => {
        const other = await modal.sandboxes.fromId(sb.sandboxId);
        const p = await other.exec(['cat', '/dev/null']);
        assert.equal(await p.wait(), 0);
        const found = [];
        for await (const s of modal.sandboxes.list({ tags: { 'valis-session': 'oracle-1' } })) found.push(s.sandboxId);
        assert.deepEqual(found, [sb.sandboxId]);
        const none = [];
        for await (const s of modal.sandboxes.list({ tags: { 'valis-session': 'someone-else' } })) none.push(s.sandboxId);
        assert.deepEqual(none, []);
    });

    test('terminating mid-command: the command ends with SIGKILL, the sandbox with 137', async () => {
        const p = await sb.exec(['sh', '-c', 'echo started; exec sleep 60']);
        const reader = p.stdout.getReader();
        const first = await reader.read();
        assert.equal(first.value, 'started\n');
        const dir = standin.state().find((s) => s.id === sb.sandboxId).dir;
        await sb.terminate();
        assert.equal(await p.wait(), 137);
        assert.equal(await sb.wait(), 137);
        assert.equal(await sb.poll(), 137);
        const left = [];
        for await (const s of modal.sandboxes.list({ tags: { 'valis-session': 'oracle-1' } })) left.push(s.sandboxId);
        assert.deepEqual(left, []);
        await assert.rejects(sb.exec(['true']), /not found|finished/i);
        for (let i = 0; i < 100 && existsSync(dir); i++) await new Promise((r) => setTimeout(r, 20));
        assert.equal(existsSync(dir), false);
    });

    test('the service stopping a sandbox mid-command is seen as its timeout (exit 124)', async () => {
        const sb2 = await modal.sandboxes.create(app, image, { tags: { 'valis-session': 'oracle-2' } });
        standin.setFaults({ terminateOnOutput: { match: 'STOP-HERE', status: GenericStatus.TIMEOUT } });
        const p = await sb2.exec(['sh', '-c', 'echo STOP-HERE; exec sleep 60']);
        assert.equal(await p.wait(), 137);
        assert.equal(await sb2.wait(), 124);
        standin.setFaults({});
    });

    test('creation refused for quota is the SDK error with RESOURCE_EXHAUSTED', async () => {
        standin.setFaults({ failCalls: [{ method: 'SandboxCreate', code: 'RESOURCE_EXHAUSTED', message: 'Sandbox quota exceeded: 100 running', times: 1 }] });
        await assert.rejects(modal.sandboxes.create(app, image), (err) => err.code === 8 && /quota exceeded/.test(err.message));
        standin.setFaults({});
    });

    test('a bad image fails its build with the service exception', async () => {
        standin.setFaults({ imageFailures: [{ match: 'nonexistent' }] });
        const bad = modal.images.fromRegistry('nonexistent/image:none');
        await assert.rejects(modal.sandboxes.create(app, bad), /Image build for im-\S+ failed with the exception:\n.*repository does not exist/);
        standin.setFaults({});
    });

    test('a refused token is UNAUTHENTICATED', async () => {
        const wrong = new ModalClient({ tokenId: standin.tokenId, tokenSecret: 'wrong-secret' });
        await assert.rejects(wrong.apps.fromName('valis-oracle'), (err) => err.code === 16 && /invalid/i.test(err.message));
        wrong.close();
    });
});
