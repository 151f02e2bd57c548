// node --import tests/support/node-fs-globsync-shim.mjs node_modules/@modelcontextprotocol/conformance/dist/index.js ...
//
// @modelcontextprotocol/conformance 0.1.16 imports `globSync` from "fs" at the top of its single
// bundled module. fs.globSync exists from Node 22 on; on Debian 12's Node 20 the named import
// fails at link time and not one subcommand runs, although only the `tier-check` subcommand ever
// calls it (the client and server scenarios never do). This module registers a resolve/load hook
// that hands importers of "fs" a module re-exporting node:fs plus a globSync that throws, so the
// scenarios run on Node 20 and a call that would need the real thing fails loudly instead of
// quietly finding nothing. On a Node that has fs.globSync the hook changes nothing.
import fs from 'node:fs';
import { register } from 'node:module';

const VIRTUAL = 'valis-shim:fs-with-globsync';

export async function resolve(specifier, context, nextResolve) {
    if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL !== VIRTUAL)
        return { url: VIRTUAL, shortCircuit: true };
    return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
    if (url !== VIRTUAL)
        return nextLoad(url, context);
    const source = [
        "import fs from 'node:fs';",
        "export * from 'node:fs';",
        'export default fs;',
        'export function globSync() {',
        "    throw new Error('fs.globSync needs Node 22 or later (valis node-fs-globsync-shim)');",
        '}',
    ].join('\n');
    return { format: 'module', source, shortCircuit: true };
}

if (typeof fs.globSync !== 'function')
    register(import.meta.url);
