// A local stand-in for Modal's two gRPC services: the control plane (modal.client.ModalClient)
// and the task command router (modal.task_command_router.TaskCommandRouter), loaded from the
// hand-written minimal protos the Valis plugin is built from. Sandboxes are per-sandbox temporary
// folders on this machine; commands run in them as real local processes with HOME and the
// working directory set to that folder. Faults are injected through setFaults() (or the stdin
// control lines of server.mjs). Fidelity is checked by sdk-oracle.mjs with the official `modal`
// JavaScript SDK; see there for what is proven.
import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const protoDir = path.resolve(here, '../../../plugins/sandboxes/modal/proto');

const Status = grpc.status;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// GenericStatus values of Modal's api.proto.
export const GenericStatus = { SUCCESS: 1, FAILURE: 2, TERMINATED: 3, TIMEOUT: 4 };

function modalId(prefix) {
    const bytes = randomBytes(22);
    let s = '';
    for (const b of bytes) s += ALPHABET[b % ALPHABET.length];
    return `${prefix}-${s}`;
}

function base64url(value) {
    return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

// A JWT-shaped token: both SDKs read its `exp` claim to know when to fetch a new one.
function makeJwt(claims) {
    return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.${base64url(randomBytes(16).toString('hex'))}`;
}

function grpcError(code, details) {
    const err = new Error(details);
    err.code = code;
    err.details = details;
    return err;
}

function metadataValue(call, key) {
    const values = call.metadata.get(key);
    return values.length ? String(values[0]) : '';
}

const loaderOptions = { includeDirs: [protoDir], keepCase: false, longs: Number, enums: Number, defaults: false, arrays: true, objects: true, oneofs: true };

export async function startModalStandin(options = {}) {
    const tokenId = options.tokenId ?? 'ak-valis-standin';
    const tokenSecret = options.tokenSecret ?? 'as-valis-standin';
    const api = grpc.loadPackageDefinition(protoLoader.loadSync(path.join(protoDir, 'modal_api_minimal.proto'), loaderOptions));
    const router = grpc.loadPackageDefinition(protoLoader.loadSync(path.join(protoDir, 'task_command_router_minimal.proto'), loaderOptions));

    let faults = {};
    const calls = {};          // method -> calls since the faults were last set
    const authTokens = new Set();
    const apps = new Map();    // "env/name" -> app id
    const images = new Map();  // dockerfile commands joined -> { id, built }
    const secrets = new Map(); // id -> env
    const sandboxes = new Map();
    const tasks = new Map();   // task id -> sandbox
    const requests = [];       // every call: { method, request, metadata } for assertions
    let routerPort = 0;

    function setFaults(next) {
        faults = next ?? {};
        for (const key of Object.keys(calls)) delete calls[key];
    }

    // Returns an error when a failCalls fault matches this (counted) call.
    function injectedFailure(method) {
        calls[method] = (calls[method] ?? 0) + 1;
        for (const rule of faults.failCalls ?? []) {
            if (rule.method !== method || calls[method] < (rule.nth ?? 1)) continue;
            if ((rule.times ?? 1) <= 0) continue;
            rule.times = (rule.times ?? 1) - 1;
            return grpcError(Status[rule.code] ?? Status.UNAVAILABLE, rule.message ?? `${method} failed (stand-in fault)`);
        }
        return null;
    }

    function checkControlPlaneAuth(call, method) {
        if (metadataValue(call, 'x-modal-token-id') !== tokenId || metadataValue(call, 'x-modal-token-secret') !== tokenSecret)
            return grpcError(Status.UNAUTHENTICATED, 'Token ID or secret is invalid. Please check your Modal token credentials.');
        if (method !== 'AuthTokenGet' && !authTokens.has(metadataValue(call, 'x-modal-auth-token')))
            return grpcError(Status.UNAUTHENTICATED, 'Missing or expired x-modal-auth-token: call AuthTokenGet first.');
        return null;
    }

    // Wraps a handler: records the call, checks auth, applies failCalls, turns throws into statuses.
    function unary(method, handler, check = checkControlPlaneAuth) {
        return (call, callback) => {
            requests.push({ method, request: call.request, metadata: call.metadata.getMap() });
            const refused = check(call, method) ?? injectedFailure(method);
            if (refused) return callback(refused);
            Promise.resolve()
                .then(() => handler(call.request, call))
                .then((reply) => callback(null, reply ?? {}), (err) => callback(err.code !== undefined ? err : grpcError(Status.INTERNAL, String(err))));
        };
    }

    function sandboxOf(id) {
        const sb = sandboxes.get(id);
        if (!sb) throw grpcError(Status.NOT_FOUND, `Sandbox ${id} not found`);
        return sb;
    }

    function finishSandbox(sb, status, exception) {
        if (sb.result) return;
        sb.result = { status, exception: exception ?? '', exitcode: 0 };
        sb.finishedAt = Date.now() / 1000;
        clearTimeout(sb.lifetimeTimer);
        clearTimeout(sb.scheduleTimer);
        for (const exec of sb.execs.values()) killExec(exec);
        // The container is gone: its files go with it, once its processes have let go of them.
        const dir = sb.dir;
        const removeWhenIdle = () => {
            if ([...sb.execs.values()].some((e) => !e.exited)) return setTimeout(removeWhenIdle, 20).unref();
            rmSync(dir, { recursive: true, force: true });
        };
        removeWhenIdle();
        for (const waiter of sb.waiters.splice(0)) waiter();
    }

    function killExec(exec) {
        if (exec.exited) return;
        try { process.kill(-exec.child.pid, 'SIGKILL'); } catch { /* already gone */ }
    }

    function scheduleSandbox(sb) {
        if (faults.neverSchedule) return;
        const start = () => {
            if (sb.result) return;
            sb.taskId = modalId('ta');
            sb.startedAt = Date.now() / 1000;
            tasks.set(sb.taskId, sb);
            for (const waiter of sb.waiters.splice(0)) waiter();
        };
        if (faults.scheduleDelayMs) sb.scheduleTimer = setTimeout(start, faults.scheduleDelayMs);
        else start();
    }

    // Resolves when the sandbox changes state or `seconds` pass.
    function waitForChange(sb, seconds) {
        if (!seconds || seconds <= 0) return Promise.resolve();
        return new Promise((resolve) => {
            const timer = setTimeout(resolve, seconds * 1000);
            sb.waiters.push(() => { clearTimeout(timer); resolve(); });
        });
    }

    function imageTag(image) {
        const from = (image?.dockerfileCommands ?? []).find((c) => c.startsWith('FROM '));
        return from ? from.slice(5).trim() : '';
    }

    function imageResult(entry) {
        const failure = (faults.imageFailures ?? []).find((f) => entry.tag.includes(f.match));
        if (failure) return { status: GenericStatus.FAILURE, exception: failure.exception ?? `Image build for ${entry.id} failed: pull access denied for ${entry.tag}, repository does not exist` };
        return { status: GenericStatus.SUCCESS };
    }

    const controlPlane = {
        AuthTokenGet: unary('AuthTokenGet', () => {
            const token = makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, sub: tokenId });
            authTokens.add(token);
            return { token };
        }),
        EnvironmentGetOrCreate: unary('EnvironmentGetOrCreate', (req) => ({
            environmentId: 'en-standinEnvironment00000',
            metadata: { name: req.deploymentName || 'main', settings: { imageBuilderVersion: '2025.06', webhookSuffix: 'modal.run' } },
        })),
        AppGetOrCreate: unary('AppGetOrCreate', (req) => {
            const key = `${req.environmentName ?? ''}/${req.appName}`;
            if (!apps.has(key)) {
                if (req.objectCreationType !== 1) throw grpcError(Status.NOT_FOUND, `App '${req.appName}' not found`);
                apps.set(key, modalId('ap'));
            }
            return { appId: apps.get(key) };
        }),
        ImageGetOrCreate: unary('ImageGetOrCreate', (req) => {
            if (![...apps.values()].includes(req.appId)) throw grpcError(Status.NOT_FOUND, `App ${req.appId} not found`);
            const tag = imageTag(req.image);
            if (!tag) throw grpcError(Status.INVALID_ARGUMENT, 'Image has no FROM command');
            const key = (req.image.dockerfileCommands ?? []).join('\n');
            let entry = images.get(key);
            if (!entry) {
                // A first request starts a build, finished later: the client joins it with
                // ImageJoinStreaming, as with Modal's builders.
                entry = { id: modalId('im'), tag, built: false };
                images.set(key, entry);
                return { imageId: entry.id };
            }
            return { imageId: entry.id, result: imageResult(entry) };
        }),
        ImageJoinStreaming: (call) => {
            requests.push({ method: 'ImageJoinStreaming', request: call.request, metadata: call.metadata.getMap() });
            const refused = checkControlPlaneAuth(call, 'ImageJoinStreaming') ?? injectedFailure('ImageJoinStreaming');
            if (refused) return call.emit('error', refused);
            const entry = [...images.values()].find((e) => e.id === call.request.imageId);
            if (!entry) return call.emit('error', grpcError(Status.NOT_FOUND, `Image ${call.request.imageId} not found`));
            entry.built = true;
            call.write({ entryId: '1-0' });
            call.write({ result: imageResult(entry), entryId: '2-0', eof: true });
            call.end();
        },
        SecretGetOrCreate: unary('SecretGetOrCreate', (req) => {
            if (req.objectCreationType !== 5) throw grpcError(Status.NOT_FOUND, `Secret '${req.deploymentName}' not found`);
            const id = modalId('st');
            secrets.set(id, { ...(req.envDict ?? {}) });
            return { secretId: id };
        }),
        SandboxCreate: unary('SandboxCreate', (req) => {
            const def = req.definition ?? {};
            if (![...apps.values()].includes(req.appId)) throw grpcError(Status.NOT_FOUND, `App ${req.appId} not found`);
            const image = [...images.values()].find((e) => e.id === def.imageId);
            if (!image) throw grpcError(Status.NOT_FOUND, `Image ${def.imageId} not found`);
            for (const sid of def.secretIds ?? []) if (!secrets.has(sid)) throw grpcError(Status.NOT_FOUND, `Secret ${sid} not found`);
            const dir = mkdtempSync(path.join(options.rootDir ?? tmpdir(), 'modal-standin-sb-'));
            const sb = {
                id: modalId('sb'), appId: req.appId, imageId: def.imageId, imageTag: image.tag, definition: def,
                tags: req.tags ?? [], dir, createdAt: Date.now() / 1000, execs: new Map(), waiters: [],
                env: Object.assign({}, ...(def.secretIds ?? []).map((sid) => secrets.get(sid))),
            };
            if (def.workdir) mkdirSync(path.join(dir, def.workdir), { recursive: true });
            sandboxes.set(sb.id, sb);
            const lifetime = def.timeoutSecs || 300;
            sb.lifetimeTimer = setTimeout(() => finishSandbox(sb, GenericStatus.TIMEOUT, `Sandbox ${sb.id} reached its timeout of ${lifetime}s`), lifetime * 1000);
            sb.lifetimeTimer.unref();
            scheduleSandbox(sb);
            return { sandboxId: sb.id, metadata: { appId: sb.appId } };
        }),
        SandboxGetTaskId: unary('SandboxGetTaskId', async (req) => {
            const sb = sandboxOf(req.sandboxId);
            if (!sb.taskId && !sb.result && req.timeout !== undefined) await waitForChange(sb, req.timeout);
            if (sb.result) return { taskResult: sb.result };
            return sb.taskId ? { taskId: sb.taskId } : {};
        }),
        SandboxWait: unary('SandboxWait', async (req) => {
            const sb = sandboxOf(req.sandboxId);
            if (!sb.result) await waitForChange(sb, req.timeout ?? 0);
            return sb.result ? { result: sb.result, metadata: { appId: sb.appId, result: sb.result } } : { metadata: { appId: sb.appId } };
        }),
        SandboxTerminate: unary('SandboxTerminate', (req) => {
            const sb = sandboxOf(req.sandboxId);
            const existing = sb.result;
            finishSandbox(sb, GenericStatus.TERMINATED, 'Sandbox terminated by the client');
            return existing ? { existingResult: existing } : {};
        }),
        SandboxList: unary('SandboxList', (req) => {
            const wanted = req.tags ?? [];
            const list = [...sandboxes.values()]
                .filter((sb) => !req.appId || sb.appId === req.appId)
                .filter((sb) => req.includeFinished || !sb.result)
                .filter((sb) => !req.beforeTimestamp || sb.createdAt < req.beforeTimestamp)
                .filter((sb) => wanted.every((t) => sb.tags.some((s) => s.tagName === t.tagName && s.tagValue === t.tagValue)))
                .sort((a, b) => b.createdAt - a.createdAt)
                .slice(0, faults.listPageSize ?? 100);
            return {
                sandboxes: list.map((sb) => ({
                    id: sb.id, createdAt: sb.createdAt, appId: sb.appId, tags: sb.tags, imageId: sb.imageId,
                    name: sb.definition.name ?? '', timeoutSecs: sb.definition.timeoutSecs ?? 0,
                    idleTimeoutSecs: sb.definition.idleTimeoutSecs,
                    taskInfo: { id: sb.taskId ?? '', startedAt: sb.startedAt ?? 0, finishedAt: sb.finishedAt ?? 0, result: sb.result, sandboxId: sb.id },
                })),
            };
        }),
        TaskGetCommandRouterAccess: unary('TaskGetCommandRouterAccess', (req) => {
            const sb = tasks.get(req.taskId);
            if (!sb) throw grpcError(Status.NOT_FOUND, `Task ${req.taskId} not found`);
            if (sb.result) throw grpcError(Status.NOT_FOUND, `Task ${req.taskId} has finished`);
            sb.jwt ??= makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, task_id: req.taskId });
            // Modal's routers are https; the SDKs dial loopback ones without TLS.
            return { jwt: sb.jwt, url: `https://127.0.0.1:${routerPort}` };
        }),
    };

    function checkRouterAuth(call) {
        const sb = tasks.get(call.request.taskId);
        if (!sb) return grpcError(Status.NOT_FOUND, `Task ${call.request.taskId} not found`);
        if (metadataValue(call, 'authorization') !== `Bearer ${sb.jwt}`)
            return grpcError(Status.UNAUTHENTICATED, 'Invalid or missing command router token');
        return null;
    }

    function execOf(req) {
        const sb = tasks.get(req.taskId);
        const exec = sb?.execs.get(req.execId);
        if (!exec) throw grpcError(Status.NOT_FOUND, `Exec ${req.execId} not found`);
        return exec;
    }

    function exitStatus(exec) {
        return exec.signal ? { signal: exec.signal } : { code: exec.code };
    }

    function startExec(sb, req) {
        const args = req.commandArgs ?? [];
        if (!args.length) throw grpcError(Status.INVALID_ARGUMENT, 'command_args must not be empty');
        const cwd = req.workdir ? path.join(sb.dir, path.isAbsolute(req.workdir) && req.workdir.startsWith(sb.dir) ? path.relative(sb.dir, req.workdir) : req.workdir) : (sb.definition.workdir ? path.join(sb.dir, sb.definition.workdir) : sb.dir);
        if (!existsSync(cwd) || !statSync(cwd).isDirectory()) throw grpcError(Status.INVALID_ARGUMENT, `workdir ${req.workdir} does not exist`);
        const env = {
            PATH: process.env.PATH, LANG: 'C.UTF-8', HOME: sb.dir, MODAL_TASK_ID: sb.taskId, MODAL_SANDBOX_ID: sb.id,
            ...sb.env,
            ...Object.assign({}, ...(req.secretIds ?? []).map((sid) => secrets.get(sid) ?? {})),
            ...(req.env ?? {}),
            ...Object.assign({}, ...(req.secretSources ?? []).map((s) => (s.secretId ? secrets.get(s.secretId) : s.env?.contents) ?? {})),
        };
        const child = spawn(args[0], args.slice(1), { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
        const exec = { id: req.execId, child, out: [Buffer.alloc(0), Buffer.alloc(0)], ended: [false, false], listeners: new Set(), exitWaiters: [], exited: false };
        const merge = req.stderrConfig === 2;
        const keep = [req.stdoutConfig === 1, req.stderrConfig === 1 || merge];
        const append = (fd, data) => {
            if (!keep[fd === 1 && merge ? 1 : fd]) return;
            const target = fd === 1 && merge ? 0 : fd;
            exec.out[target] = Buffer.concat([exec.out[target], data]);
            for (const l of exec.listeners) l();
            const rule = faults.terminateOnOutput;
            if (rule && data.toString().includes(rule.match)) finishSandbox(sb, rule.status ?? GenericStatus.TERMINATED, rule.exception ?? `Sandbox ${sb.id} was stopped`);
        };
        let open = 2;
        const streamEnded = () => {
            if (--open > 0) return;
            exec.ended = [true, true];
            for (const l of exec.listeners) l();
        };
        child.stdout.on('data', (d) => append(0, d));
        child.stderr.on('data', (d) => append(1, d));
        child.stdout.on('end', streamEnded);
        child.stderr.on('end', streamEnded);
        child.on('error', (err) => {
            // A program that does not exist: the shell's answer.
            exec.out[1] = Buffer.concat([exec.out[1], Buffer.from(`${args[0]}: ${err.code === 'ENOENT' ? 'command not found' : err.message}\n`)]);
            exec.code = 127; exec.exited = true; exec.ended = [true, true];
            for (const l of exec.listeners) l();
            for (const w of exec.exitWaiters.splice(0)) w();
        });
        child.on('exit', (code, signal) => {
            exec.code = code ?? 0;
            exec.signal = signal ? (signal === 'SIGKILL' ? 9 : signal === 'SIGTERM' ? 15 : 9) : 0;
            exec.exited = true;
            clearTimeout(exec.timer);
            for (const w of exec.exitWaiters.splice(0)) w();
        });
        if (req.timeoutSecs) exec.timer = setTimeout(() => killExec(exec), req.timeoutSecs * 1000);
        sb.execs.set(req.execId, exec);
        return exec;
    }

    const commandRouter = {
        TaskExecStart: unary('TaskExecStart', (req) => {
            const sb = tasks.get(req.taskId);
            if (sb.result) throw grpcError(Status.NOT_FOUND, `Task ${req.taskId} has finished`);
            if (!sb.execs.has(req.execId)) startExec(sb, req); // a retried start is not run twice
            return {};
        }, checkRouterAuth),
        TaskExecWait: unary('TaskExecWait', (req, call) => {
            const exec = execOf(req);
            if (exec.exited) return exitStatus(exec);
            return new Promise((resolve) => {
                exec.exitWaiters.push(() => resolve(exitStatus(exec)));
                call.on('cancelled', () => resolve({}));
            });
        }, checkRouterAuth),
        TaskExecPoll: unary('TaskExecPoll', (req) => {
            const exec = execOf(req);
            return exec.exited ? exitStatus(exec) : {};
        }, checkRouterAuth),
        TaskExecStdioRead: (call) => {
            requests.push({ method: 'TaskExecStdioRead', request: call.request, metadata: call.metadata.getMap() });
            const refused = checkRouterAuth(call) ?? injectedFailure('TaskExecStdioRead');
            if (refused) return call.emit('error', refused);
            let exec;
            try { exec = execOf(call.request); } catch (err) { return call.emit('error', err); }
            const fd = call.request.fileDescriptor ?? 0;
            let offset = call.request.offset ?? 0;
            let sentThisCall = 0;
            let done = false;
            const finish = (err) => {
                if (done) return;
                done = true;
                exec.listeners.delete(pump);
                if (err) call.emit('error', err); else call.end();
            };
            const pump = () => {
                if (done) return;
                const buffer = exec.out[fd];
                while (offset < buffer.length) {
                    const cut = faults.cutStream;
                    let chunk = buffer.subarray(offset, offset + 16384);
                    if (cut && (cut.times ?? 1) > 0 && sentThisCall + chunk.length > (cut.afterBytes ?? 0)) {
                        chunk = chunk.subarray(0, Math.max(0, (cut.afterBytes ?? 0) - sentThisCall));
                        if (chunk.length) call.write({ data: chunk });
                        cut.times = (cut.times ?? 1) - 1;
                        return finish(grpcError(Status[cut.code ?? 'UNAVAILABLE'], cut.message ?? 'Connection reset by peer (stand-in fault)'));
                    }
                    call.write({ data: chunk });
                    offset += chunk.length;
                    sentThisCall += chunk.length;
                }
                if (exec.ended[fd]) finish();
            };
            exec.listeners.add(pump);
            call.on('cancelled', () => { done = true; exec.listeners.delete(pump); });
            pump();
        },
    };

    const cpServer = new grpc.Server();
    cpServer.addService(api.modal.client.ModalClient.service, controlPlane);
    const routerServer = new grpc.Server();
    routerServer.addService(router.modal.task_command_router.TaskCommandRouter.service, commandRouter);
    const bind = (server) => new Promise((resolve, reject) =>
        server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) => (err ? reject(err) : resolve(port))));
    const port = await bind(cpServer);
    routerPort = await bind(routerServer);

    return {
        port,
        routerPort,
        url: `http://127.0.0.1:${port}`,
        tokenId,
        tokenSecret,
        requests,
        setFaults,
        terminate(sandboxId, status = GenericStatus.TERMINATED, exception = 'Sandbox stopped') {
            finishSandbox(sandboxOf(sandboxId), status, exception);
        },
        // What a test may check: each sandbox, its folder and whether any of its processes lives.
        state() {
            return [...sandboxes.values()].map((sb) => ({
                id: sb.id, appId: sb.appId, image: sb.imageTag, tags: Object.fromEntries(sb.tags.map((t) => [t.tagName, t.tagValue])),
                running: !sb.result, status: sb.result?.status ?? 0, taskId: sb.taskId ?? '', dir: sb.dir, dirExists: existsSync(sb.dir),
                env: sb.env, milliCpu: sb.definition.resources?.milliCpu ?? 0, memoryMb: sb.definition.resources?.memoryMb ?? 0,
                ephemeralDiskMb: sb.definition.resources?.ephemeralDiskMb ?? 0,
                timeoutSecs: sb.definition.timeoutSecs ?? 0, idleTimeoutSecs: sb.definition.idleTimeoutSecs ?? 0,
                liveExecs: [...sb.execs.values()].filter((e) => !e.exited).length,
            }));
        },
        async close() {
            for (const sb of sandboxes.values()) finishSandbox(sb, GenericStatus.TERMINATED, 'stand-in shut down');
            for (const sb of sandboxes.values()) for (const e of sb.execs.values()) killExec(e);
            cpServer.forceShutdown();
            routerServer.forceShutdown();
            for (const sb of sandboxes.values()) rmSync(sb.dir, { recursive: true, force: true });
        },
    };
}
