// The Node converter bench_webfetch compares with, on the same pages: jsdom parses the page,
// @mozilla/readability extracts the article (Firefox's reader view), turndown with its GFM
// plugin writes Markdown; the whole body when readability finds no article. Usage:
//   node bench/webfetch_npm.mjs RUNS TARGET_BYTES FILE...
// Converts the files in turn until TARGET_BYTES have been read, RUNS times, and prints one JSON
// object: {mbPerSecond (median run), bytes, outputChars, runs, loadMs}.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const [runsText, targetText, ...files] = process.argv.slice(2);
const runs = Number(runsText);
const target = Number(targetText);

let started = performance.now();
const { JSDOM, VirtualConsole } = require('jsdom');
const { Readability } = require('@mozilla/readability');
const TurndownService = require('turndown');
const { gfm } = require('turndown-plugin-gfm');
const loadMs = performance.now() - started;

const pages = files.map((file) => readFileSync(file));
const quiet = new VirtualConsole();
const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.use(gfm);
turndown.remove(['script', 'style', 'noscript']);

function convert(bytes) {
  // A Buffer lets jsdom sniff the charset (BOM, <meta>) as a browser does.
  const dom = new JSDOM(bytes, { url: 'https://example.org/page.html', contentType: 'text/html', virtualConsole: quiet });
  const article = new Readability(dom.window.document).parse();
  const markdown = turndown.turndown(article && article.content ? article.content : dom.window.document.body);
  dom.window.close();
  return markdown.length;
}

const rates = [];
let outputChars = 0;
let bytes = 0;
for (let run = 0; run < runs; ++run) {
  bytes = 0;
  outputChars = 0;
  const start = performance.now();
  for (let i = 0; bytes < target; i = (i + 1) % pages.length) {
    outputChars += convert(pages[i]);
    bytes += pages[i].length;
  }
  rates.push(bytes / 1e6 / ((performance.now() - start) / 1000));
}
rates.sort((a, b) => a - b);
console.log(JSON.stringify({ mbPerSecond: rates[Math.floor(rates.length / 2)], bytes, outputChars, runs, loadMs }));
