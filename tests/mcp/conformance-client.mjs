// node tests/mcp/conformance-client.mjs --scenario NAME --client PATH [--baseline FILE]
//
// Runs one client scenario of @modelcontextprotocol/conformance (from node_modules) against
// PATH (tests/mcp/conformanceclient.cpp) and decides the CTest outcome from the checks it
// recorded: any check with status FAILURE fails the test, and so does a client that crashed or
// timed out where the scenario does not allow that. WARNING checks are printed and allowed (the
// suite's own exit status counts them as failures, which is why it is not used). A scenario in
// the baseline file (--expected-failures, `client:` list) passes only while it still fails, so
// a fixed one is noticed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { readConformanceChecks } from './conformancechecks.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.resolve(here, '..', '..');
const args = Object.fromEntries(
    process.argv.slice(2).reduce((pairs, value, index, all) => (index % 2 === 0 ? [...pairs, [value.replace(/^--/, ''), all[index + 1]]] : pairs), []));
if (!args.scenario || !args.client) {
    console.error('usage: conformance-client.mjs --scenario NAME --client PATH [--baseline FILE]');
    process.exit(2);
}
const cli = path.join(source, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
if (!fs.existsSync(cli)) {
    console.error(`${cli} is missing: run npm ci in ${source}`);
    process.exit(1);
}
const shim = path.join(source, 'tests/support/node-fs-globsync-shim.mjs');
const output = fs.mkdtempSync(path.join(os.tmpdir(), 'valis-conformance-'));
const cliArgs = ['--import', shim, cli, 'client', '--command', args.client, '--scenario', args.scenario,
                 '--timeout', '60000', '-o', output];
if (args.baseline)
    cliArgs.push('--expected-failures', args.baseline);
const run = spawnSync(process.execPath, cliArgs, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
process.stdout.write(run.stdout ?? '');
process.stderr.write(run.stderr ?? '');

const { checksFile, problems, succeeded } = readConformanceChecks(output);
if (checksFile)
    console.log(`${succeeded} checks succeeded (${checksFile})`);
const log = `${run.stdout ?? ''}${run.stderr ?? ''}`;
if (log.includes('CLIENT TIMED OUT'))
    problems.push('the client timed out');
if (log.includes('CLIENT EXITED WITH ERROR'))
    problems.push('the client exited with an error (see its stderr above)');
if (run.error)
    problems.push(`the conformance CLI did not run: ${run.error.message}`);
fs.rmSync(output, { recursive: true, force: true });

let expected = false;
if (args.baseline && fs.existsSync(args.baseline)) {
    expected = fs.readFileSync(args.baseline, 'utf8').split('\n')
        .some((line) => line.replace(/#.*/, '').trim().replace(/^-\s*/, '').replace(/^['"]|['"]$/g, '') === args.scenario);
}
for (const problem of problems)
    console.log(problem);
if (expected) {
    if (problems.length > 0) {
        console.log(`EXPECTED FAILURE: ${args.scenario} is listed in ${args.baseline}`);
        process.exit(0);
    }
    console.log(`${args.scenario} passes now: remove it from ${args.baseline}`);
    process.exit(1);
}
console.log(problems.length === 0 ? `${args.scenario}: passed` : `${args.scenario}: FAILED`);
process.exit(problems.length === 0 ? 0 : 1);
