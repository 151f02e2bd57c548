#!/usr/bin/env node
// Writes npm-sources.json for the Flatpak manifest: the npm packages the build reads from
// node_modules, as archive sources pinned by package-lock.json (same version, same sha512).
// Flatpak builds have no network, so `npm ci` cannot run inside one.
//   node packaging/flatpak/npm-sources.mjs [OUTPUT]   (default: beside the manifest)
// The tarballs come from the registry npm is configured with here (`npm config get registry`).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// What CMake copies or reads from node_modules: desktop/conversation/conversation.cmake (the
// page's libraries and their licences), harness/src/tokens/tokens.cmake (the rank files) and
// the copyright file of the Linux packages. tests/packaging/check-flatpak.py checks this list
// against those files.
export const packages = [
    'markdown-it', 'entities', 'linkify-it', 'mdurl', 'punycode.js', 'uc.micro',
    'dompurify', '@highlightjs/cdn-assets', 'gpt-tokenizer',
];

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

function registry() {
    const configured = process.env.npm_config_registry
        || execFileSync('npm', ['config', 'get', 'registry'], { cwd: root, encoding: 'utf8' }).trim();
    return configured.endsWith('/') ? configured : configured + '/';
}

export function npmSources(lock, base) {
    return packages.map((name) => {
        const entry = lock.packages?.[`node_modules/${name}`];
        if (!entry)
            throw new Error(`${name} is not in package-lock.json`);
        const [algorithm, digest] = (entry.integrity ?? '').split('-');
        if (algorithm !== 'sha512' || !digest)
            throw new Error(`${name}: package-lock.json has no sha512 integrity`);
        const file = `${name.split('/').pop()}-${entry.version}.tgz`;
        return {
            type: 'archive',
            url: entry.resolved ?? `${base}${name}/-/${file}`,
            sha512: Buffer.from(digest, 'base64').toString('hex'),
            dest: `node_modules/${name}`,
            'strip-components': 1,
        };
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    const output = process.argv[2] ?? join(here, 'npm-sources.json');
    writeFileSync(output, JSON.stringify(npmSources(lock, registry()), null, 2) + '\n');
    console.log(`wrote ${output} (${packages.length} packages)`);
}
