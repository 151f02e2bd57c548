// The toolbox API of one sandbox (`{toolboxProxyUrl}/{sandboxId}/...`): the daemon's process,
// session and file endpoints, run against a real local folder that stands for the sandbox's
// disk (its $HOME). Commands are real local processes in their own process groups.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

import { daemonError, sendJson } from './errors.mjs';
import { buildMultipart, parseMultipart } from './multipart.mjs';

// Splits a command line as the daemon's parseCommand does (execute.go): spaces separate
// words outside quotes, ' and " group, no backslash escapes, no shell.
export function parseCommand(command) {
    const args = [];
    let current = '';
    let quote = null;
    for (const ch of command) {
        if (ch === '"' || ch === "'") {
            if (!quote)
                quote = ch;
            else if (quote === ch)
                quote = null;
            else
                current += ch;
        } else if (ch === ' ' && !quote) {
            if (current.length > 0) {
                args.push(current);
                current = '';
            }
        } else {
            current += ch;
        }
    }
    if (current.length > 0)
        args.push(current);
    return args;
}

function killGroup(child) {
    if (child && child.exitCode === null && child.signalCode === null) {
        try {
            process.kill(-child.pid, 'SIGKILL');
        } catch {
            try { child.kill('SIGKILL'); } catch { /* already gone */ }
        }
    }
}

function fileInfo(file) {
    const st = fs.statSync(file);
    const mode = (st.mode & 0o777).toString(8).padStart(3, '0');
    return {
        name: path.basename(file),
        path: file,
        isDir: st.isDirectory(),
        size: st.size,
        mode: `0${mode}`,
        permissions: `${st.isDirectory() ? 'd' : '-'}${mode}`,
        owner: String(st.uid),
        group: String(st.gid),
        modTime: st.mtime.toISOString(),
        modifiedAt: st.mtime.toISOString(),
    };
}

export class Toolbox {
    constructor(sandbox) {
        this.sandbox = sandbox;
        this.sessions = new Map();
        this.processes = new Set();
        this.pending = new Set();
    }

    // Ends every process (the sandbox stopped or was deleted); sessions do not survive a stop,
    // and requests still waiting for the daemon lose their connection, as when a runner goes.
    shutdown() {
        for (const res of this.pending)
            res.socket?.destroy();
        this.pending.clear();
        for (const child of this.processes)
            killGroup(child);
        this.processes.clear();
        this.sessions.clear();
    }

    resolve(p) {
        const home = this.sandbox.home;
        if (!p)
            return home;
        if (p === '~' || p.startsWith('~/'))
            return path.join(home, p.slice(1));
        return path.isAbsolute(p) ? p : path.join(home, p);
    }

    environment(extra) {
        return { ...process.env, ...this.sandbox.env, ...(extra || {}), HOME: this.sandbox.home };
    }

    spawn(argv, options) {
        const child = spawn(argv[0], argv.slice(1), { detached: true, stdio: ['ignore', 'pipe', 'pipe'], ...options });
        this.processes.add(child);
        child.on('close', () => this.processes.delete(child));
        child.on('error', () => this.processes.delete(child));
        return child;
    }

    async handle(req, res, route, query, body) {
        this.pending.add(res);
        res.on('close', () => this.pending.delete(res));
        const json = () => {
            try {
                return body.length ? JSON.parse(body.toString('utf8')) : {};
            } catch {
                return null;
            }
        };
        const m = (re) => re.exec(route);
        let match;
        if (req.method === 'GET' && route === '/user-home-dir')
            return sendJson(res, 200, { dir: this.sandbox.home });
        if (req.method === 'GET' && route === '/work-dir')
            return sendJson(res, 200, { dir: this.sandbox.home });
        if (req.method === 'GET' && route === '/version')
            return sendJson(res, 200, { version: 'v0.218.0-standin' });
        if (req.method === 'POST' && route === '/process/execute')
            return this.execute(req, res, json());
        if (req.method === 'POST' && route === '/process/session') {
            const request = json();
            if (!request || typeof request.sessionId !== 'string' || !request.sessionId)
                return daemonError(res, req, 400, 'BAD_REQUEST', 'sessionId is required');
            if (this.sessions.has(request.sessionId))
                return daemonError(res, req, 409, 'CONFLICT', `session ${request.sessionId} already exists`);
            this.sessions.set(request.sessionId, { id: request.sessionId, commands: new Map() });
            res.writeHead(201, { 'Content-Length': 0 });
            return res.end();
        }
        if (req.method === 'GET' && route === '/process/session')
            return sendJson(res, 200, [...this.sessions.values()].map((s) => this.sessionDto(s)));
        if ((match = m(/^\/process\/session\/([^/]+)$/))) {
            const session = this.sessions.get(decodeURIComponent(match[1]));
            if (!session)
                return daemonError(res, req, 404, 'NOT_FOUND', 'session not found');
            if (req.method === 'GET')
                return sendJson(res, 200, this.sessionDto(session));
            if (req.method === 'DELETE') {
                for (const command of session.commands.values())
                    killGroup(command.child);
                this.sessions.delete(session.id);
                res.writeHead(204);
                return res.end();
            }
        }
        if (req.method === 'POST' && (match = m(/^\/process\/session\/([^/]+)\/exec$/)))
            return this.sessionExec(req, res, decodeURIComponent(match[1]), json());
        if (req.method === 'GET' && (match = m(/^\/process\/session\/([^/]+)\/command\/([^/]+)(\/logs)?$/))) {
            const session = this.sessions.get(decodeURIComponent(match[1]));
            if (!session)
                return daemonError(res, req, 404, 'NOT_FOUND', 'session not found');
            const command = session.commands.get(decodeURIComponent(match[2]));
            if (!command)
                return daemonError(res, req, 404, 'NOT_FOUND', 'command not found');
            if (!match[3])
                return sendJson(res, 200, this.commandDto(command));
            if (query.get('follow') === 'true')
                return daemonError(res, req, 400, 'BAD_REQUEST', 'follow=true needs a WebSocket upgrade');
            const output = Buffer.concat(command.output).toString('utf8');
            if (!/application\/json/.test(req.headers.accept || '')) {
                res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(output) });
                return res.end(output);
            }
            return sendJson(res, 200, {
                output,
                stdout: Buffer.concat(command.stdout).toString('utf8'),
                stderr: Buffer.concat(command.stderr).toString('utf8'),
            });
        }
        if (route.startsWith('/files'))
            return this.files(req, res, route, query, body, json);
        return daemonError(res, req, 404, 'NOT_FOUND', `no route ${req.method} ${route}`);
    }

    // `GET .../command/{cid}/logs?follow=true` as a WebSocket: binary frames, each stream's
    // bytes behind its marker (01 01 01 stdout, 02 02 02 stderr), closed when the command ends.
    follow(route, accept) {
        const match = /^\/process\/session\/([^/]+)\/command\/([^/]+)\/logs$/.exec(route);
        const session = match && this.sessions.get(decodeURIComponent(match[1]));
        const command = session && session.commands.get(decodeURIComponent(match[2]));
        if (!command)
            return false;
        accept((ws) => {
            const marker = { stdout: Buffer.from([1, 1, 1]), stderr: Buffer.from([2, 2, 2]) };
            const send = (kind, data) => ws.send(Buffer.concat([marker[kind], data]), { binary: true });
            for (const { kind, data } of command.chunks)
                send(kind, data);
            if (command.exitCode !== null)
                return ws.close(1000);
            const listener = { chunk: send, end: () => ws.close(1000) };
            command.listeners.add(listener);
            ws.on('close', () => command.listeners.delete(listener));
        });
        return true;
    }

    sessionDto(session) {
        return { sessionId: session.id, commands: [...session.commands.values()].map((c) => this.commandDto(c)) };
    }

    commandDto(command) {
        return { id: command.id, command: command.command, ...(command.exitCode === null ? {} : { exitCode: command.exitCode }) };
    }

    execute(req, res, request) {
        if (!request || typeof request.command !== 'string')
            return daemonError(res, req, 400, 'BAD_REQUEST', 'command is required');
        const argv = parseCommand(request.command);
        if (argv.length === 0)
            return daemonError(res, req, 400, 'BAD_REQUEST', 'empty command');
        const output = [];
        let child;
        try {
            child = this.spawn(argv, { cwd: this.resolve(request.cwd), env: this.environment(request.envs) });
        } catch (error) {
            return sendJson(res, 200, { exitCode: -1, result: String(error.message) });
        }
        let timedOut = false;
        const timer = request.timeout > 0 ? setTimeout(() => { timedOut = true; killGroup(child); }, request.timeout * 1000) : null;
        child.stdout.on('data', (d) => output.push(d));
        child.stderr.on('data', (d) => output.push(d));
        child.on('error', (error) => {
            clearTimeout(timer);
            sendJson(res, 200, { exitCode: -1, result: `exec: ${error.message}` });
        });
        child.on('close', (code, signal) => {
            clearTimeout(timer);
            if (res.writableEnded || res.destroyed)
                return;
            if (timedOut) {
                return daemonError(res, req, 408, 'REQUEST_TIMEOUT',
                    `Command execution timed out after ${request.timeout} seconds. The timeout can be increased by adjusting the timeout parameter in the request.`);
            }
            sendJson(res, 200, { exitCode: code === null ? (signal ? -1 : -1) : code, result: Buffer.concat(output).toString('utf8') });
        });
    }

    sessionExec(req, res, sessionId, request) {
        const session = this.sessions.get(sessionId);
        if (!session)
            return daemonError(res, req, 404, 'NOT_FOUND', 'session not found');
        if (!request || typeof request.command !== 'string' || !request.command)
            return daemonError(res, req, 400, 'BAD_REQUEST', 'command is required');
        // chunks keeps both streams in arrival order for the follow=true WebSocket; listeners
        // are the open ones ({chunk(kind, data), end()}).
        const command = { id: randomUUID(), command: request.command, exitCode: null, stdout: [], stderr: [], output: [],
            chunks: [], listeners: new Set(), child: null };
        session.commands.set(command.id, command);
        // The daemon runs session commands in the session's shell; a fresh `sh -c` per command
        // gives the same output and exit status (shell state such as `cd` is not carried over).
        const child = this.spawn(['/bin/sh', '-c', request.command], { cwd: this.sandbox.home, env: this.environment() });
        command.child = child;
        const record = (kind, d) => {
            command[kind].push(d);
            command.output.push(d);
            command.chunks.push({ kind, data: d });
            for (const listener of command.listeners)
                listener.chunk(kind, d);
        };
        child.stdout.on('data', (d) => record('stdout', d));
        child.stderr.on('data', (d) => record('stderr', d));
        const ended = () => {
            for (const listener of command.listeners)
                listener.end();
            command.listeners.clear();
        };
        const done = new Promise((resolve) => {
            child.on('close', (code, signal) => {
                command.exitCode = code === null ? 128 + (signal === 'SIGKILL' ? 9 : 15) : code;
                ended();
                resolve();
            });
            child.on('error', () => { command.exitCode = 127; ended(); resolve(); });
        });
        if (request.runAsync || request.async)
            return sendJson(res, 202, { cmdId: command.id });
        done.then(() => {
            if (res.writableEnded || res.destroyed)
                return;
            sendJson(res, 200, {
                cmdId: command.id,
                exitCode: command.exitCode,
                output: Buffer.concat(command.output).toString('utf8'),
                stdout: Buffer.concat(command.stdout).toString('utf8'),
                stderr: Buffer.concat(command.stderr).toString('utf8'),
            });
        });
    }

    files(req, res, route, query, body, json) {
        const notFound = (p) => daemonError(res, req, 404, 'FILE_NOT_FOUND', `file not found: ${p}`);
        const target = this.resolve(query.get('path'));
        try {
            if (req.method === 'GET' && route === '/files') {
                if (!fs.existsSync(target))
                    return notFound(query.get('path'));
                if (!fs.statSync(target).isDirectory())
                    return daemonError(res, req, 400, 'BAD_REQUEST', `not a directory: ${query.get('path')}`);
                const names = fs.readdirSync(target).sort();
                return sendJson(res, 200, names.map((n) => fileInfo(path.join(target, n))));
            }
            if (req.method === 'GET' && route === '/files/info') {
                if (!fs.existsSync(target))
                    return notFound(query.get('path'));
                return sendJson(res, 200, fileInfo(target));
            }
            if (req.method === 'POST' && route === '/files/folder') {
                fs.mkdirSync(target, { recursive: true, mode: parseInt(query.get('mode') || '755', 8) });
                res.writeHead(201, { 'Content-Length': 0 });
                return res.end();
            }
            if (req.method === 'DELETE' && route === '/files') {
                if (!fs.existsSync(target))
                    return notFound(query.get('path'));
                const recursive = query.get('recursive') === 'true';
                if (fs.statSync(target).isDirectory()) {
                    if (!recursive && fs.readdirSync(target).length > 0)
                        return daemonError(res, req, 400, 'BAD_REQUEST', `directory not empty: ${query.get('path')}`);
                    fs.rmSync(target, { recursive: true, force: true });
                } else {
                    fs.unlinkSync(target);
                }
                res.writeHead(204);
                return res.end();
            }
            if (req.method === 'POST' && route === '/files/move') {
                // As move_file.go: the destination's folder must exist, and the destination not.
                const source = this.resolve(query.get('source'));
                const destination = this.resolve(query.get('destination'));
                if (!query.get('source') || !query.get('destination'))
                    return daemonError(res, req, 400, 'BAD_REQUEST', 'source and destination paths are required');
                if (!fs.existsSync(source))
                    return notFound(query.get('source'));
                if (!fs.existsSync(path.dirname(destination)))
                    return notFound(path.dirname(destination));
                if (fs.existsSync(destination))
                    return daemonError(res, req, 409, 'CONFLICT', 'destination already exists');
                fs.renameSync(source, destination);
                res.writeHead(200, { 'Content-Length': 0 });
                return res.end();
            }
            if (req.method === 'GET' && route === '/files/download') {
                if (!fs.existsSync(target))
                    return notFound(query.get('path'));
                if (fs.statSync(target).isDirectory())
                    return daemonError(res, req, 400, 'BAD_REQUEST', `path is a directory: ${query.get('path')}`);
                const data = fs.readFileSync(target);
                res.writeHead(200, {
                    'Content-Type': 'application/octet-stream',
                    'Content-Disposition': `attachment; filename=${path.basename(target)}`,
                    'Content-Length': data.length,
                });
                return res.end(data);
            }
            if (req.method === 'POST' && route === '/files/upload-v2') {
                // As upload_file.go: multipart field "file", or the raw body; parents are created.
                if (!query.get('path'))
                    return daemonError(res, req, 400, 'BAD_REQUEST', 'path is required');
                let data = body;
                if (/^multipart\/form-data/i.test(req.headers['content-type'] || '')) {
                    const parts = parseMultipart(body, req.headers['content-type']);
                    const file = parts && parts.find((p) => p.name === 'file');
                    if (!file)
                        return daemonError(res, req, 400, 'BAD_REQUEST', 'multipart field "file" is required');
                    data = file.data;
                }
                if (fs.existsSync(target) && fs.statSync(target).isDirectory())
                    return daemonError(res, req, 400, 'BAD_REQUEST', `is a directory: ${query.get('path')}`);
                this.writeFile(target, data);
                return sendJson(res, 200, { name: path.basename(target), path: target, type: 'file' });
            }
            if (req.method === 'POST' && route === '/files/bulk-upload') {
                const parts = parseMultipart(body, req.headers['content-type']);
                if (!parts)
                    return daemonError(res, req, 400, 'BAD_REQUEST', 'invalid multipart body');
                const paths = new Map();
                const files = new Map();
                for (const part of parts) {
                    const field = /^files\[(\d+)\]\.(path|file)$/.exec(part.name);
                    if (field && field[2] === 'path')
                        paths.set(field[1], part.data.toString('utf8'));
                    else if (field)
                        files.set(field[1], part.data);
                }
                for (const [index, data] of files) {
                    if (!paths.has(index))
                        return daemonError(res, req, 400, 'BAD_REQUEST', `files[${index}].path is missing`);
                    this.writeFile(this.resolve(paths.get(index)), data);
                }
                res.writeHead(200, { 'Content-Length': 0 });
                return res.end();
            }
            if (req.method === 'POST' && route === '/files/bulk-download') {
                const request = json();
                if (!request || !Array.isArray(request.paths))
                    return daemonError(res, req, 400, 'BAD_REQUEST', 'paths are required');
                const parts = request.paths.map((p) => {
                    const file = this.resolve(p);
                    if (fs.existsSync(file) && fs.statSync(file).isFile())
                        return { name: 'file', filename: p, contentType: 'application/octet-stream', data: fs.readFileSync(file) };
                    const error = { message: `file not found: ${p}`, statusCode: 404, code: 'FILE_NOT_FOUND' };
                    return { name: 'error', filename: p, contentType: 'application/json', data: JSON.stringify(error) };
                });
                const { body: payload, contentType } = buildMultipart(parts);
                res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': payload.length });
                return res.end(payload);
            }
        } catch (error) {
            if (error.code === 'ENOENT')
                return notFound(query.get('path'));
            if (error.code === 'EACCES' || error.code === 'EPERM')
                return daemonError(res, req, 403, 'FILE_ACCESS_DENIED', error.message);
            return daemonError(res, req, 500, 'INTERNAL_SERVER_ERROR', error.message);
        }
        return daemonError(res, req, 404, 'NOT_FOUND', `no route ${req.method} ${route}`);
    }

    writeFile(file, data) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, data);
    }
}
