#!/usr/bin/env node
// A local stand-in for Daytona: the control plane (`/api/sandbox...`, as @daytona/api-client
// calls it) and the toolbox proxy (`/toolbox/{sandboxId}/...`, as @daytona/toolbox-api-client
// calls it) on one loopback port. Sandboxes are folders under a temporary directory; their
// commands are real local processes with HOME and the working directory set to that folder.
// Command logs also stream over a WebSocket (`.../logs?follow=true`, the `ws` package).
//
//   node server.mjs [--port 0] [--api-key KEY] [--start-delay-ms 150] [--page-size 100] [--max-page-size 200]
//                   [--fault JSON]... [--exit-with-stdin]
//
// Prints the port on stdout once listening. Faults are rules matched against requests:
//   {"method":"POST","path":"^/api/sandbox$","skip":0,"times":1,"action":"quota"}
// actions: "429" (with Retry-After: retryAfter seconds), "drop" (close the connection without
// an answer), "quota" (403 from the organization's CPU quota), "bad-snapshot" (400),
// "build-failed" / "error-state" / "never-start" (the created sandbox ends in that state),
// "stop-sandbox" (the request goes through, then the sandbox stops after afterMs, killing
// its processes). Rules are also set with POST /_standin/faults {rules:[...]} (replacing the
// list); GET /_standin/state shows sandboxes, rules and the requests seen; POST
// /_standin/reset deletes everything.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { WebSocketServer } from 'ws';

import { apiError, proxyError, sendJson } from './errors.mjs';
import { Toolbox } from './toolbox.mjs';

const options = { port: 0, apiKey: null, startDelayMs: 150, pageSize: 100, maxPageSize: 200, faults: [] };
for (let i = 2; i < process.argv.length; ++i) {
    const arg = process.argv[i];
    const value = () => process.argv[++i];
    if (arg === '--port') options.port = Number(value());
    else if (arg === '--api-key') options.apiKey = value();
    else if (arg === '--start-delay-ms') options.startDelayMs = Number(value());
    else if (arg === '--page-size') options.pageSize = Number(value());
    else if (arg === '--max-page-size') options.maxPageSize = Number(value());
    else if (arg === '--fault') options.faults.push(JSON.parse(value()));
    else if (arg === '--exit-with-stdin') options.exitWithStdin = true;
    else {
        process.stderr.write(`unknown argument ${arg}\n`);
        process.exit(2);
    }
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'daytona-standin-'));
const sandboxes = new Map();
let rules = options.faults.map(normaliseRule);
const requests = [];
let port = 0;

function normaliseRule(rule) {
    return { skip: 0, times: 1, retryAfter: 1, afterMs: 0, ...rule, seen: 0, fired: 0 };
}

function matchingRule(req, pathname) {
    for (const rule of rules) {
        if (rule.fired >= rule.times)
            continue;
        if (rule.method && rule.method !== req.method)
            continue;
        if (rule.path && !new RegExp(rule.path).test(pathname))
            continue;
        if (rule.seen++ < rule.skip)
            continue;
        rule.fired++;
        return rule;
    }
    return null;
}

function dto(sandbox, { full = true } = {}) {
    const base = {
        id: sandbox.id,
        organizationId: 'standin-organization',
        name: sandbox.name,
        snapshot: sandbox.snapshot,
        user: 'daytona',
        labels: sandbox.labels,
        public: sandbox.public,
        networkBlockAll: false,
        target: sandbox.target,
        cpu: sandbox.cpu,
        gpu: 0,
        memory: sandbox.memory,
        disk: sandbox.disk,
        state: sandbox.state,
        desiredState: sandbox.desiredState,
        errorReason: sandbox.errorReason,
        recoverable: false,
        autoStopInterval: sandbox.autoStopInterval,
        autoArchiveInterval: sandbox.autoArchiveInterval,
        autoDeleteInterval: sandbox.autoDeleteInterval,
        createdAt: sandbox.createdAt,
        updatedAt: sandbox.updatedAt,
        lastActivityAt: sandbox.lastActivityAt,
        daemonVersion: 'v0.218.0-standin',
        runnerId: 'standin-runner',
        toolboxProxyUrl: `http://127.0.0.1:${port}/toolbox`,
    };
    if (full)
        Object.assign(base, { env: sandbox.env, buildInfo: sandbox.buildInfo, volumes: [] });
    return base;
}

function setState(sandbox, state, errorReason) {
    sandbox.state = state;
    sandbox.errorReason = errorReason;
    sandbox.updatedAt = new Date().toISOString();
}

function stopSandbox(sandbox) {
    clearTimeout(sandbox.timer);
    sandbox.toolbox.shutdown();
    sandbox.desiredState = 'stopped';
    setState(sandbox, 'stopped');
}

function scheduleStart(sandbox, outcome) {
    clearTimeout(sandbox.timer);
    sandbox.timer = setTimeout(() => {
        if (!sandboxes.has(sandbox.id))
            return;
        if (outcome === 'build-failed')
            setState(sandbox, 'build_failed', `Failed to build image: manifest for ${sandbox.image} not found`);
        else if (outcome === 'error-state')
            setState(sandbox, 'error', 'Failed to start sandbox: runner unavailable');
        else if (outcome !== 'never-start')
            setState(sandbox, 'started');
    }, options.startDelayMs);
}

function destroySandbox(sandbox) {
    clearTimeout(sandbox.timer);
    sandbox.toolbox.shutdown();
    sandboxes.delete(sandbox.id);
    fs.rmSync(sandbox.home, { recursive: true, force: true });
}

function createSandbox(req, res, body, rule) {
    let request;
    try {
        request = JSON.parse(body.toString('utf8') || '{}');
    } catch {
        return apiError(res, req, 400, 'Invalid JSON body');
    }
    if (rule && rule.action === 'quota') {
        return apiError(res, req, 403,
            'Total CPU limit exceeded. Maximum allowed: 4.\nTo increase concurrency limits, upgrade your organization\'s Tier by visiting https://app.daytona.io/dashboard/limits.');
    }
    if (rule && rule.action === 'bad-snapshot')
        return apiError(res, req, 400, `Snapshot ${request.snapshot || 'daytonaio/sandbox'} not found. Did you add it through the Daytona Dashboard?`);
    for (const field of ['cpu', 'memory', 'disk', 'autoStopInterval']) {
        if (request[field] !== undefined && (!Number.isInteger(request[field]) || request[field] < 0))
            return apiError(res, req, 400, [`${field} must be a non-negative integer`]);
    }
    if (request.snapshot && request.buildInfo)
        return apiError(res, req, 400, 'Cannot specify both snapshot and buildInfo');
    const id = randomUUID();
    const now = new Date().toISOString();
    const home = path.join(root, id);
    fs.mkdirSync(home, { recursive: true });
    const image = request.buildInfo ? /^FROM\s+(\S+)/m.exec(request.buildInfo.dockerfileContent || '')?.[1] : undefined;
    const sandbox = {
        id, home, image,
        name: request.name || id,
        snapshot: request.buildInfo ? undefined : (request.snapshot || 'daytonaio/sandbox:0.5.0'),
        buildInfo: request.buildInfo ? { dockerfileContent: request.buildInfo.dockerfileContent, contextHashes: request.buildInfo.contextHashes || [] } : undefined,
        env: request.env || {},
        labels: request.labels || {},
        public: Boolean(request.public),
        target: request.target || 'us',
        cpu: request.cpu ?? 1,
        memory: request.memory ?? 1,
        disk: request.disk ?? 3,
        state: request.buildInfo ? 'pending_build' : 'creating',
        desiredState: 'started',
        autoStopInterval: request.autoStopInterval ?? 15,
        autoArchiveInterval: request.autoArchiveInterval ?? 10080,
        autoDeleteInterval: request.autoDeleteInterval ?? -1,
        createdAt: now, updatedAt: now, lastActivityAt: now,
    };
    sandbox.toolbox = new Toolbox(sandbox);
    sandboxes.set(id, sandbox);
    scheduleStart(sandbox, rule && rule.action);
    sendJson(res, 200, dto(sandbox));
}

function findSandbox(idOrName) {
    if (sandboxes.has(idOrName))
        return sandboxes.get(idOrName);
    return [...sandboxes.values()].find((s) => s.name === idOrName);
}

function listSandboxes(req, res, query) {
    let labels = {};
    if (query.get('labels')) {
        try {
            labels = JSON.parse(query.get('labels'));
        } catch {
            return apiError(res, req, 400, 'Invalid label filter: labels must be a JSON object');
        }
    }
    const states = query.getAll('states');
    const limit = Math.min(Number(query.get('limit') || options.pageSize) || options.pageSize, options.maxPageSize);
    let offset = 0;
    if (query.get('cursor')) {
        try {
            offset = JSON.parse(Buffer.from(query.get('cursor'), 'base64url').toString('utf8')).offset;
        } catch {
            return apiError(res, req, 400, 'Invalid cursor');
        }
    }
    const matching = [...sandboxes.values()]
        .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        .filter((s) => states.length === 0 || states.includes(s.state))
        .filter((s) => !query.get('name') || s.name === query.get('name'))
        .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id.localeCompare(b.id)));
    const page = matching.slice(offset, offset + limit);
    const nextCursor = offset + limit < matching.length
        ? Buffer.from(JSON.stringify({ offset: offset + limit })).toString('base64url') : null;
    sendJson(res, 200, { items: page.map((s) => dto(s, { full: false })), nextCursor });
}

function controlPlane(req, res, pathname, query, body, rule) {
    let match;
    if (pathname === '/api/sandbox' && req.method === 'POST')
        return createSandbox(req, res, body, rule);
    if (pathname === '/api/sandbox' && req.method === 'GET')
        return listSandboxes(req, res, query);
    if ((match = /^\/api\/sandbox\/([^/]+)(\/.*)?$/.exec(pathname))) {
        const sandbox = findSandbox(decodeURIComponent(match[1]));
        if (!sandbox)
            return apiError(res, req, 404, `Sandbox with ID or name ${decodeURIComponent(match[1])} not found`);
        const action = match[2] || '';
        if (action === '' && req.method === 'GET')
            return sendJson(res, 200, dto(sandbox));
        if (action === '' && req.method === 'DELETE') {
            destroySandbox(sandbox);
            return sendJson(res, 200, { ...dto(sandbox), state: 'destroying', desiredState: 'destroyed' });
        }
        if (action === '/toolbox-proxy-url' && req.method === 'GET')
            return sendJson(res, 200, { url: `http://127.0.0.1:${port}/toolbox` });
        if (action === '/stop' && req.method === 'POST') {
            stopSandbox(sandbox);
            return sendJson(res, 200, dto(sandbox));
        }
        if (action === '/start' && req.method === 'POST') {
            if (sandbox.state !== 'started') {
                sandbox.desiredState = 'started';
                setState(sandbox, 'starting');
                scheduleStart(sandbox);
            }
            return sendJson(res, 200, dto(sandbox));
        }
        if ((match = /^\/autostop\/(-?\d+)$/.exec(action)) && req.method === 'POST') {
            sandbox.autoStopInterval = Number(match[1]);
            res.writeHead(200, { 'Content-Length': 0 });
            return res.end();
        }
        if (action === '/labels' && req.method === 'PUT') {
            try {
                sandbox.labels = JSON.parse(body.toString('utf8')).labels || {};
            } catch {
                return apiError(res, req, 400, 'Invalid JSON body');
            }
            return sendJson(res, 200, { labels: sandbox.labels });
        }
    }
    return apiError(res, req, 404, `Cannot ${req.method} ${pathname}`);
}

function toolboxRequest(req, res, pathname, query, body) {
    const match = /^\/toolbox\/([^/]+)(\/.*)?$/.exec(pathname);
    const sandbox = match && sandboxes.get(decodeURIComponent(match[1]));
    if (!sandbox)
        return proxyError(res, req, 404, 'SANDBOX_NOT_FOUND', 'sandbox not found');
    if (sandbox.state !== 'started')
        return proxyError(res, req, 400, 'SANDBOX_NOT_STARTED', `sandbox is not started (state: ${sandbox.state})`);
    sandbox.lastActivityAt = new Date().toISOString();
    return sandbox.toolbox.handle(req, res, match[2] || '/', query, body);
}

function control(req, res, pathname, body) {
    if (pathname === '/_standin/state' && req.method === 'GET') {
        return sendJson(res, 200, {
            root,
            sandboxes: [...sandboxes.values()].map((s) => ({ ...dto(s), home: s.home, processes: s.toolbox.processes.size })),
            rules: rules.map(({ seen, fired, ...rule }) => ({ ...rule, seen, fired })),
            requests,
        });
    }
    if (pathname === '/_standin/faults' && req.method === 'POST') {
        rules = (JSON.parse(body.toString('utf8') || '{}').rules || []).map(normaliseRule);
        return sendJson(res, 200, { rules });
    }
    if (pathname === '/_standin/reset' && req.method === 'POST') {
        for (const sandbox of [...sandboxes.values()])
            destroySandbox(sandbox);
        rules = [];
        requests.length = 0;
        return sendJson(res, 200, {});
    }
    return sendJson(res, 404, { message: 'unknown control endpoint' });
}

function authorised(req) {
    const header = req.headers.authorization || '';
    const match = /^Bearer (.+)$/.exec(header);
    if (!match)
        return false;
    return options.apiKey === null || match[1] === options.apiKey;
}

const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
        const body = Buffer.concat(chunks);
        const url = new URL(req.url, 'http://127.0.0.1');
        const pathname = url.pathname;
        if (pathname.startsWith('/_standin/'))
            return control(req, res, pathname, body);
        requests.push({ method: req.method, path: pathname, query: url.search,
            body: /json/.test(req.headers['content-type'] || '') ? body.toString('utf8') : undefined });
        if (requests.length > 2000)
            requests.shift();
        const rule = matchingRule(req, pathname);
        if (rule && rule.action === 'drop')
            return req.socket.destroy();
        if (rule && rule.action === '429') {
            return apiError(res, req, 429, 'ThrottlerException: Too Many Requests',
                { 'Retry-After': String(rule.retryAfter), 'X-RateLimit-Limit-authenticated': '1000', 'X-RateLimit-Remaining-authenticated': '0' });
        }
        if (rule && rule.action === 'stop-sandbox') {
            const id = /^\/(?:api\/sandbox|toolbox)\/([^/]+)/.exec(pathname)?.[1];
            const sandbox = id && findSandbox(decodeURIComponent(id));
            if (sandbox)
                setTimeout(() => sandboxes.has(sandbox.id) && stopSandbox(sandbox), rule.afterMs);
        }
        if (!authorised(req)) {
            if (pathname.startsWith('/toolbox/'))
                return proxyError(res, req, 401, 'UNAUTHORIZED', 'Unauthorized');
            return apiError(res, req, 401, 'Unauthorized');
        }
        try {
            if (pathname.startsWith('/api/'))
                return controlPlane(req, res, pathname, url.searchParams, body, rule);
            if (pathname.startsWith('/toolbox/'))
                return toolboxRequest(req, res, pathname, url.searchParams, body);
            return apiError(res, req, 404, `Cannot ${req.method} ${pathname}`);
        } catch (error) {
            return apiError(res, req, 500, String(error && error.message));
        }
    });
});

// The follow=true log streams are WebSocket upgrades on the toolbox's logs path.
const sockets = new WebSocketServer({ noServer: true });
server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const match = /^\/toolbox\/([^/]+)(\/.*)$/.exec(url.pathname);
    const sandbox = match && sandboxes.get(decodeURIComponent(match[1]));
    const refuse = (status, text) => {
        socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (!authorised(req))
        return refuse(401, 'Unauthorized');
    if (!sandbox || sandbox.state !== 'started' || url.searchParams.get('follow') !== 'true')
        return refuse(404, 'Not Found');
    const accepted = sandbox.toolbox.follow(match[2], (onOpen) =>
        sockets.handleUpgrade(req, socket, head, (ws) => onOpen(ws)));
    if (!accepted)
        refuse(404, 'Not Found');
});

function shutdown() {
    for (const sandbox of [...sandboxes.values()])
        destroySandbox(sandbox);
    fs.rmSync(root, { recursive: true, force: true });
    process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
if (options.exitWithStdin) {
    // The test that started the stand-in may die without a signal: end with its pipe.
    process.stdin.on('end', shutdown);
    process.stdin.resume();
}

server.listen(options.port, '127.0.0.1', () => {
    port = server.address().port;
    process.stdout.write(`${port}\n`);
});
