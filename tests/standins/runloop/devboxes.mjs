// The devboxes of the Runloop stand-in: their lifecycle (provisioning -> initializing -> running
// -> shutdown, or failure), and executions that are real local subprocesses run by bash with HOME
// and the working directory set to the devbox's own temporary folder.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export const TERMINAL = ['shutdown', 'failure'];

function newId(prefix) {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

// The last `n` lines of `text`, and whether lines were left off.
function lastLines(text, n) {
  if (!text) return { text: '', truncated: false };
  const lines = text.split('\n');
  const trailing = text.endsWith('\n');
  if (trailing) lines.pop();
  if (lines.length <= n) return { text, truncated: false };
  return { text: lines.slice(lines.length - n).join('\n') + (trailing ? '\n' : ''), truncated: true };
}

// The length of the longest prefix of `buf` that does not end inside a UTF-8 sequence, so a
// chunk never splits a character (offsets are byte offsets into the output).
export function utf8Boundary(buf) {
  let end = buf.length;
  for (let back = 1; back <= Math.min(3, buf.length); ++back) {
    const byte = buf[buf.length - back];
    if ((byte & 0xc0) === 0x80) continue; // continuation byte
    if (byte >= 0xc0) {
      const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (back < need) end = buf.length - back;
    }
    break;
  }
  return end;
}

export class Execution extends EventEmitter {
  constructor(devbox, command, commandId) {
    super();
    this.setMaxListeners(0);
    this.devbox = devbox;
    this.id = newId('exe');
    this.commandId = commandId;
    this.command = command;
    this.status = 'running';
    this.exitStatus = null;
    this.output = { stdout: Buffer.alloc(0), stderr: Buffer.alloc(0) };
    this.child = spawn('/bin/bash', ['-c', command], {
      cwd: devbox.home,
      env: devbox.environment(),
      detached: true, // its own process group, so kill() and a shutdown end what it started
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const channel of ['stdout', 'stderr']) {
      this.child[channel].on('data', (data) => {
        this.output[channel] = Buffer.concat([this.output[channel], data]);
        this.emit('output', channel);
      });
    }
    this.child.on('error', (error) => {
      this.output.stderr = Buffer.concat([this.output.stderr, Buffer.from(`${error.message}\n`)]);
      this.finish(127);
    });
    this.child.on('close', (code, signal) => {
      this.finish(code ?? 128 + (signal === 'SIGKILL' ? 9 : signal === 'SIGTERM' ? 15 : 1));
    });
  }

  finish(exitStatus) {
    if (this.status === 'completed') return;
    this.status = 'completed';
    this.exitStatus = exitStatus;
    this.emit('change');
    this.emit('output', 'stdout');
    this.emit('output', 'stderr');
  }

  kill() {
    if (this.status === 'completed') return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  view(lastN = 100) {
    const view = {
      devbox_id: this.devbox.id,
      execution_id: this.id,
      status: this.status,
      shell_name: null,
    };
    if (this.status === 'completed') {
      const stdout = lastLines(this.output.stdout.toString('utf8'), lastN);
      const stderr = lastLines(this.output.stderr.toString('utf8'), lastN);
      Object.assign(view, {
        exit_status: this.exitStatus,
        stdout: stdout.text,
        stderr: stderr.text,
        stdout_truncated: stdout.truncated,
        stderr_truncated: stderr.truncated,
      });
    }
    return view;
  }
}

export class Devbox extends EventEmitter {
  constructor(params, options) {
    super();
    this.setMaxListeners(0);
    this.id = newId('dbx');
    this.params = params;
    this.home = mkdtempSync(path.join(tmpdir(), 'runloop-standin-'));
    this.status = 'provisioning';
    this.failureReason = null;
    this.shutdownReason = null;
    this.createTime = Date.now();
    this.endTime = null;
    this.transitions = [{ status: 'provisioning', transition_time_ms: this.createTime }];
    this.executions = new Map();
    this.byCommandId = new Map();
    const step = options.bootDelayMs;
    this.timers = [
      setTimeout(() => this.transition('initializing'), step),
      setTimeout(() => {
        if (options.fail) {
          this.failureReason = 'execution_failed';
          this.transition('failure');
        } else {
          this.transition('running');
        }
      }, 2 * step),
    ];
  }

  environment() {
    return {
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      LANG: 'C.UTF-8',
      USER: 'user',
      HOME: this.home,
      ...(this.params.environment_variables ?? {}),
    };
  }

  transition(status) {
    if (TERMINAL.includes(this.status)) return;
    this.status = status;
    this.transitions.push({ status, transition_time_ms: Date.now() });
    if (TERMINAL.includes(status)) {
      this.endTime = Date.now();
      for (const timer of this.timers) clearTimeout(timer);
      for (const execution of this.executions.values()) {
        execution.kill();
        execution.emit('change'); // waiters then see the devbox gone
      }
    }
    this.emit('change');
  }

  shutdown(reason) {
    if (TERMINAL.includes(this.status)) return;
    this.shutdownReason = reason;
    this.transition('shutdown');
  }

  // The devbox's path for `p`: relative to its home, absolute as given (the stand-in's
  // "machine" is this one, so absolute paths are real local paths).
  resolve(p) {
    return path.isAbsolute(p) ? p : path.join(this.home, p);
  }

  execute(command, commandId) {
    if (commandId && this.byCommandId.has(commandId)) return this.byCommandId.get(commandId);
    const execution = new Execution(this, command, commandId);
    this.executions.set(execution.id, execution);
    if (commandId) this.byCommandId.set(commandId, execution);
    return execution;
  }

  view() {
    const p = this.params;
    return {
      id: this.id,
      name: p.name ?? null,
      status: this.status,
      capabilities: [],
      create_time_ms: this.createTime,
      end_time_ms: this.endTime,
      launch_parameters: p.launch_parameters ?? {},
      metadata: p.metadata ?? {},
      state_transitions: this.transitions,
      blueprint_id: p.blueprint_id ?? null,
      snapshot_id: p.snapshot_id ?? null,
      failure_reason: this.failureReason,
      shutdown_reason: this.shutdownReason,
      initiator_type: 'api',
      tunnel: null,
    };
  }

  dispose() {
    this.shutdown('api_shutdown');
    for (const timer of this.timers) clearTimeout(timer);
    rmSync(this.home, { recursive: true, force: true });
  }
}

// Resolves when `emitter` satisfies `done()` (checked now and on each 'change'), or with null
// after `ms`.
export function waitUntil(emitter, done, ms) {
  return new Promise((resolve) => {
    if (done()) return resolve(true);
    const onChange = () => {
      if (!done()) return;
      clearTimeout(timer);
      emitter.off('change', onChange);
      resolve(true);
    };
    const timer = setTimeout(() => {
      emitter.off('change', onChange);
      resolve(false);
    }, ms);
    emitter.on('change', onChange);
  });
}
