// The reference the token tests compare with: gpt-tokenizer (OpenAI's rank files, tiktoken's
// algorithm in JavaScript). Reads JSON lines {"encoding": "...", "text": "..."} on standard
// input and writes one JSON array of token ids per line, special-token text treated as
// ordinary text (tiktoken's encode_ordinary).
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const encoders = {
  o200k_base: require('gpt-tokenizer/encoding/o200k_base'),
  cl100k_base: require('gpt-tokenizer/encoding/cl100k_base'),
};

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
for await (const line of lines) {
  if (!line.trim())
    continue;
  const { encoding, text } = JSON.parse(line);
  const encoder = encoders[encoding];
  if (!encoder)
    throw new Error(`unknown encoding ${encoding}`);
  out.push(JSON.stringify(encoder.encode(text, { disallowedSpecial: new Set() })));
}
process.stdout.write(out.join('\n') + '\n');
