// The prompt store as MCP prompts: valis-cli mcp serve --stdio driven by the official TypeScript
// SDK client, against a fresh VALIS_HOME whose prompts `valis-cli prompts set` writes from other
// processes. prompts/list gives each prompt's variables (includes followed) as arguments,
// prompts/get renders with them, and a prompt set or removed meanwhile is announced with
// notifications/prompts/list_changed. VALIS_CLI names the valis-cli binary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { PromptListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

const cli = process.env.VALIS_CLI;
assert.ok(cli, 'VALIS_CLI must name the valis-cli binary');
const home = mkdtempSync(join(tmpdir(), 'valis-mcpprompts-'));
const env = { ...process.env, VALIS_HOME: home };
process.on('exit', () => rmSync(home, { recursive: true, force: true }));

function setPrompt(key, text, description) {
    const args = ['prompts', 'set', key];
    if (description) args.push('--description', description);
    execFileSync(cli, args, { env, input: text, encoding: 'utf8' });
}

function waitFor(predicate, what, ms = 20000) {
    return new Promise((resolve, reject) => {
        const started = Date.now();
        const tick = () => {
            if (predicate()) return resolve();
            if (Date.now() - started > ms) return reject(new Error('timed out waiting for ' + what));
            setTimeout(tick, 50);
        };
        tick();
    });
}

test('stored prompts are MCP prompts', async () => {
    setPrompt('house-style', 'Answer in {{lang}}.', 'Tone of answers');
    setPrompt('review', 'Review {{file}} for {{focus}}. {{> house-style}}', 'Review one file');

    const transport = new StdioClientTransport({ command: cli, args: ['mcp', 'serve', '--stdio'], env, stderr: 'pipe' });
    const client = new Client({ name: 'prompts-probe', version: '1.0.0' });
    await client.connect(transport);
    try {
        assert.ok(client.getServerCapabilities().prompts, 'the server offers prompts');
        let changed = 0;
        client.setNotificationHandler(PromptListChangedNotificationSchema, () => { changed += 1; });

        // prompts/list: the built-in recall, then the stored ones with their arguments.
        const { prompts } = await client.listPrompts();
        const byName = Object.fromEntries(prompts.map((p) => [p.name, p]));
        assert.ok(byName.recall, 'recall is still listed');
        assert.equal(byName.review.description, 'Review one file');
        assert.deepEqual(byName.review.arguments.map((a) => [a.name, a.required]),
            [['file', true], ['focus', true], ['lang', true]]);
        assert.deepEqual(byName['house-style'].arguments.map((a) => a.name), ['lang']);

        // prompts/get renders with the arguments, includes expanded.
        const got = await client.getPrompt({ name: 'review', arguments: { file: 'src/a.cpp', focus: 'leaks', lang: 'French' } });
        assert.equal(got.description, 'Review one file');
        assert.equal(got.messages.length, 1);
        assert.equal(got.messages[0].role, 'user');
        assert.equal(got.messages[0].content.type, 'text');
        assert.equal(got.messages[0].content.text, 'Review src/a.cpp for leaks. Answer in French.');

        // A missing argument and an unknown prompt are errors the client sees.
        await assert.rejects(client.getPrompt({ name: 'review', arguments: { file: 'a' } }), /focus/);
        await assert.rejects(client.getPrompt({ name: 'no-such-prompt', arguments: {} }), /no-such-prompt/);

        // Another process sets a prompt: list_changed follows, and the list has it.
        const before = changed;
        setPrompt('summarise', 'Summarise {{text}} in {{words}} words.', 'Short summary');
        await waitFor(() => changed > before, 'list_changed after valis-cli prompts set');
        const again = await client.listPrompts();
        const summarise = again.prompts.find((p) => p.name === 'summarise');
        assert.ok(summarise, 'the new prompt is listed');
        assert.deepEqual(summarise.arguments.map((a) => a.name), ['text', 'words']);

        // A new version is used at once by prompts/get.
        setPrompt('house-style', 'Answer in {{lang}}, briefly.');
        const newer = await client.getPrompt({ name: 'review', arguments: { file: 'b', focus: 'names', lang: 'Dutch' } });
        assert.equal(newer.messages[0].content.text, 'Review b for names. Answer in Dutch, briefly.');

        // Removing one is announced too, and it is gone.
        const beforeRemove = changed;
        execFileSync(cli, ['prompts', 'rm', 'summarise'], { env, encoding: 'utf8' });
        await waitFor(() => changed > beforeRemove, 'list_changed after valis-cli prompts rm');
        const after = await client.listPrompts();
        assert.ok(!after.prompts.some((p) => p.name === 'summarise'), 'the removed prompt is not listed');
    } finally {
        await client.close();
    }
});
