// The Firecrawl stand-in's fidelity, with Firecrawl's official SDK (@mendable/firecrawl-js,
// pinned in package.json) as the oracle: the SDK's public API pointed at the stand-in through
// its apiUrl option, and assertions on what it returns and on the errors it raises.
//
//   node --test tests/standins/firecrawl/sdk-oracle.test.mjs

import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { startFirecrawlStandin } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const API_KEY = 'fc-standin-key';
let standin;
let firecrawl;

async function injectFaults(faults) {
    const res = await fetch(`${standin.url}/_standin/faults`, { method: 'POST', body: JSON.stringify({ faults }) });
    assert.equal(res.status, 200);
}

async function scrapeError(promise) {
    try {
        await promise;
    } catch (error) {
        return error;
    }
    assert.fail('the scrape should have raised');
}

before(async () => {
    standin = await startFirecrawlStandin({ pagesDir: join(here, 'pages'), apiKey: API_KEY });
    firecrawl = new Firecrawl({ apiKey: API_KEY, apiUrl: standin.url });
});

after(async () => standin.close());

beforeEach(async () => {
    await fetch(`${standin.url}/_standin/reset`, { method: 'POST' });
});

test('scrape with the defaults gives the main content as markdown, with its metadata', async () => {
    const doc = await firecrawl.scrape('https://tides.example.org/article.html');
    assert.match(doc.markdown, /^# Tide Tables/m);
    assert.match(doc.markdown, /\*\*twice a day\*\*/);
    assert.match(doc.markdown, /- High water: the top of the tide/);
    assert.match(doc.markdown, /\[glossary\]\(https:\/\/tides\.example\.org\/glossary\.html\)/);
    assert.doesNotMatch(doc.markdown, /Copyright|Shop/, 'onlyMainContent defaults to true');
    assert.equal(doc.html, undefined, 'only markdown by default');
    assert.equal(doc.metadata.title, 'Tide Tables & Moons');
    assert.equal(doc.metadata.description, 'Why the sea rises twice a day.');
    assert.equal(doc.metadata.language, 'en');
    assert.equal(doc.metadata.sourceURL, 'https://tides.example.org/article.html');
    assert.equal(doc.metadata.statusCode, 200);
    assert.match(doc.metadata.contentType, /^text\/html/);
    assert.equal(doc.metadata.cacheState, 'miss');
    assert.ok(doc.metadata.scrapeId);

    const [request] = standin.state.requests;
    assert.equal(request.headers.authorization, `Bearer ${API_KEY}`);
    assert.match(request.body.origin, /^js-sdk@/);
});

test('formats as strings and {type} objects, onlyMainContent off', async () => {
    const doc = await firecrawl.scrape('https://tides.example.org/article.html', {
        formats: ['markdown', { type: 'html' }, 'rawHtml', 'links'],
        onlyMainContent: false,
    });
    assert.match(doc.markdown, /Copyright Tide Co\./);
    assert.match(doc.html, /<footer>/);
    assert.match(doc.rawHtml, /<title>Tide Tables &amp; Moons<\/title>/);
    assert.ok(doc.links.includes('https://tides.example.org/glossary.html'));
    assert.deepEqual(standin.state.requests[0].body.formats, ['markdown', { type: 'html' }, 'rawHtml', 'links']);
    assert.equal(standin.state.requests[0].body.onlyMainContent, false);
});

test('maxAge serves from the cache; maxAge 0 scrapes fresh', async () => {
    const url = 'https://tides.example.org/article.html';
    assert.equal((await firecrawl.scrape(url, { formats: ['markdown'] })).metadata.cacheState, 'miss');
    const hit = await firecrawl.scrape(url, { formats: ['markdown'], maxAge: 60000 });
    assert.equal(hit.metadata.cacheState, 'hit');
    assert.ok(Date.parse(hit.metadata.cachedAt) > 0);
    assert.equal((await firecrawl.scrape(url, { formats: ['markdown'], maxAge: 0 })).metadata.cacheState, 'miss');
    assert.equal(standin.state.requests[1].body.maxAge, 60000);
});

test('minAge without cached data is 404 SCRAPE_NO_CACHED_DATA', async () => {
    const error = await scrapeError(firecrawl.scrape('https://tides.example.org/article.html', { minAge: 1000 }));
    assert.ok(error instanceof SdkError);
    assert.equal(error.status, 404);
    assert.equal(error.code, 'SCRAPE_NO_CACHED_DATA');
});

test('pages by host, and the target site\'s 404 as a successful scrape', async () => {
    const guide = await firecrawl.scrape('https://docs.example.com/guide.html');
    assert.match(guide.markdown, /Only on docs\.example\.com/);
    const missing = await firecrawl.scrape('https://tides.example.org/nowhere.html');
    assert.equal(missing.metadata.statusCode, 404);
    assert.equal(missing.metadata.error, 'Not Found');
    const text = await firecrawl.scrape('https://tides.example.org/notes.txt');
    assert.match(text.markdown, /Plain notes, line one\./);
    assert.match(text.metadata.contentType, /^text\/plain/);
});

test('400: the request body fails validation', async () => {
    const badTimeout = await scrapeError(firecrawl.scrape('https://tides.example.org/article.html', { timeout: 500 }));
    assert.ok(badTimeout instanceof SdkError);
    assert.equal(badTimeout.status, 400);
    assert.equal(badTimeout.code, 'BAD_REQUEST');
    assert.equal(badTimeout.message, 'Bad Request');
    assert.deepEqual(badTimeout.details[0].path, ['timeout']);

    const badUrl = await scrapeError(firecrawl.scrape('ftp://tides.example.org/x'));
    assert.equal(badUrl.status, 400);
    assert.deepEqual(badUrl.details[0].path, ['url']);
});

test('401: a wrong key', async () => {
    const wrong = new Firecrawl({ apiKey: 'fc-wrong', apiUrl: standin.url });
    const error = await scrapeError(wrong.scrape('https://tides.example.org/article.html'));
    assert.ok(error instanceof SdkError);
    assert.equal(error.status, 401);
    assert.equal(error.message, 'Unauthorized: Invalid token');
});

test('402: out of credits', async () => {
    await injectFaults([{ status: 402 }]);
    const error = await scrapeError(firecrawl.scrape('https://tides.example.org/article.html'));
    assert.equal(error.status, 402);
    assert.match(error.message, /^Payment Required: Insufficient credits/);
});

test('408: the page takes longer than the request\'s timeout', async () => {
    const error = await scrapeError(firecrawl.scrape('https://tides.example.org/slow.html', { timeout: 1000 }));
    assert.ok(error instanceof SdkError);
    assert.equal(error.status, 408);
    assert.equal(error.code, 'SCRAPE_TIMEOUT');
    assert.equal(error.message, 'Scrape timed out');
});

test('429: rate limited, with Retry-After; the SDK does not retry it', async () => {
    await injectFaults([{ status: 429, retryAfter: 7 }]);
    const error = await scrapeError(firecrawl.scrape('https://tides.example.org/article.html'));
    assert.ok(error instanceof SdkError);
    assert.equal(error.status, 429);
    assert.match(error.message, /^Rate limit exceeded\..*retry after 7s/);
    assert.equal(standin.state.requests.length, 1);

    // The header the SDK does not surface, read on the wire.
    await injectFaults([{ status: 429, retryAfter: 7 }]);
    const raw = await fetch(`${standin.url}/v2/scrape`, {
        method: 'POST',
        headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://tides.example.org/article.html' }),
    });
    assert.equal(raw.status, 429);
    assert.equal(raw.headers.get('retry-after'), '7');
    assert.equal((await raw.json()).success, false);
});

test('500: UNKNOWN_ERROR', async () => {
    await injectFaults([{ status: 500 }]);
    const error = await scrapeError(firecrawl.scrape('https://tides.example.org/article.html'));
    assert.equal(error.status, 500);
    assert.equal(error.code, 'UNKNOWN_ERROR');
    assert.match(error.message, /unexpected error/);
});

test('502 is retried by the SDK and the scrape then succeeds', async () => {
    await injectFaults([{ status: 502, error: 'Bad Gateway' }]);
    const doc = await firecrawl.scrape('https://tides.example.org/article.html');
    assert.match(doc.markdown, /^# Tide Tables/m);
    assert.equal(standin.state.requests.length, 2);
});
