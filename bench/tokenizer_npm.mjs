// The npm tokenizers bench_tokenizer compares with, on the same files: gpt-tokenizer (pure
// JavaScript) and tiktoken (OpenAI's Rust core compiled to WASM). Usage:
//   node bench/tokenizer_npm.mjs ENCODING RUNS FILE...
// Prints one JSON object per file and tokenizer: {file, tokenizer, tokens, mbPerSecond, loadMs}.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const [encoding, runsText, ...files] = process.argv.slice(2);
const runs = Number(runsText);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

let started = performance.now();
const gpt = require(`gpt-tokenizer/encoding/${encoding}`);
gpt.encode('warm up');
const gptLoad = performance.now() - started;
started = performance.now();
const { get_encoding } = require('tiktoken');
const wasm = get_encoding(encoding);
wasm.encode_ordinary('warm up');
const wasmLoad = performance.now() - started;

const tokenizers = [
  ['gpt-tokenizer', (text) => gpt.encode(text, { disallowedSpecial: new Set() }).length, gptLoad],
  ['tiktoken (WASM)', (text) => wasm.encode_ordinary(text).length, wasmLoad],
];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const bytes = Buffer.byteLength(text, 'utf8');
  for (const [name, count, loadMs] of tokenizers) {
    let tokens = 0;
    const times = [];
    for (let run = 0; run < runs; ++run) {
      const start = performance.now();
      tokens = count(text);
      times.push(performance.now() - start);
    }
    const seconds = median(times) / 1000;
    console.log(JSON.stringify({ file, tokenizer: name, tokens, mbPerSecond: bytes / 1e6 / seconds, loadMs }));
  }
}
wasm.free();
