// node tests/server/conformance-server.mjs --scenario NAME --cli PATH
//
// Runs one server scenario of @modelcontextprotocol/conformance (from node_modules) against
// `valis-cli mcp serve --http 0` in a fresh VALIS_HOME (run it inside tests/support/with-keyring.sh:
// the bearer token is generated into that private keychain with --new-token and read off stderr).
// The runner's requests get the token from tests/server/conformance-bearer-shim.mjs, since the
// suite cannot send headers. The outcome comes from the checks the scenario recorded: a FAILURE
// check fails the test, WARNINGs are printed and allowed. The scenarios that do not apply to
// Valis's server are not registered at all (tests/server/conformance-server-skipped.yaml says why
// for each), so nothing skipped is counted as passed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

import { readConformanceChecks } from '../mcp/conformancechecks.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.resolve(here, '..', '..');
const args = Object.fromEntries(
    process.argv.slice(2).reduce((pairs, value, index, all) => (index % 2 === 0 ? [...pairs, [value.replace(/^--/, ''), all[index + 1]]] : pairs), []));
if (!args.scenario || !args.cli) {
    console.error('usage: conformance-server.mjs --scenario NAME --cli PATH');
    process.exit(2);
}
const suite = path.join(source, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
if (!fs.existsSync(suite)) {
    console.error(`${suite} is missing: run npm ci in ${source}`);
    process.exit(1);
}

const home = fs.mkdtempSync(path.join(os.tmpdir(), 'valis-conformance-home-'));
const output = fs.mkdtempSync(path.join(os.tmpdir(), 'valis-conformance-'));
const cleanup = () => {
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(output, { recursive: true, force: true });
};

const server = spawn(args.cli, ['mcp', 'serve', '--http', '0', '--new-token'], {
    env: { ...process.env, VALIS_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
});
let stderr = '';
server.stderr.on('data', (chunk) => { stderr += chunk; });
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" line within 30 s; stderr:\n${stderr}`)), 30000);
    readline.createInterface({ input: server.stdout }).on('line', (line) => {
        const match = /^MCP server listening on (\S+)$/.exec(line);
        if (match) {
            clearTimeout(timer);
            resolve(match[1]);
        }
    });
    server.on('exit', () => reject(new Error(`valis-cli exited before listening; stderr:\n${stderr}`)));
}).catch((error) => {
    console.log(error.message);
    server.kill('SIGKILL');
    cleanup();
    process.exit(1);
});
const token = /valis-mcp-[A-Za-z0-9_-]+/.exec(stderr)?.[0];
if (!token) {
    console.log(`no bearer token on stderr:\n${stderr}`);
    server.kill('SIGKILL');
    cleanup();
    process.exit(1);
}

// spawnSync would block this process's event loop, which is fine: the server is another process.
const run = await new Promise((resolve) => {
    const child = spawn(process.execPath,
        ['--import', path.join(source, 'tests/support/node-fs-globsync-shim.mjs'),
         '--import', path.join(here, 'conformance-bearer-shim.mjs'),
         suite, 'server', '--url', url, '--scenario', args.scenario, '-o', output],
        { env: { ...process.env, VALIS_TEST_MCP_BEARER: token, VALIS_TEST_MCP_URL: url } });
    let out = '';
    child.stdout.on('data', (chunk) => { out += chunk; });
    child.stderr.on('data', (chunk) => { out += chunk; });
    child.on('exit', (code) => resolve({ code, out }));
});
process.stdout.write(run.out);

const { checksFile, problems, succeeded } = readConformanceChecks(output);
if (checksFile) {
    console.log(`${succeeded} checks succeeded`);
    // A scenario that only warned (a test tool missing, say) tested nothing: not a pass.
    if (succeeded === 0)
        problems.push('no check succeeded');
}

server.kill('SIGTERM');
const { code, signal } = await exited;
if (code !== 0)
    problems.push(`valis-cli mcp serve did not stop cleanly on SIGTERM (exit ${code}, signal ${signal}); stderr:\n${stderr}`);
cleanup();
for (const problem of problems)
    console.log(problem);
console.log(problems.length === 0 ? `${args.scenario}: passed` : `${args.scenario}: FAILED`);
process.exit(problems.length === 0 ? 0 : 1);
