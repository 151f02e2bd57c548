// The Tavily stand-in checked by the official SDK (@tavily/core, pinned in package.json): the
// SDK's public API pointed at the stand-in's 127.0.0.1 URL must return what a real Tavily
// answer gives it, and raise its errors for the error paths. Run: node --test sdk-oracle.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tavily } from '@tavily/core';
import { startTavilyStandin, DEFAULT_KEY } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.join(here, '..', 'search-common', 'test-corpus.json');

let standin;
let client;

async function control(what, body) {
    const response = await fetch(`${standin.url}/__standin/${what}`, { method: 'POST', body: body ? JSON.stringify(body) : undefined });
    return response.json();
}
const received = () => standin.state.requests;

before(async () => {
    // Requests to the stand-in must not go through a proxy the environment may name.
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy', 'TAVILY_HTTP_PROXY', 'TAVILY_HTTPS_PROXY'])
        delete process.env[name];
    standin = await startTavilyStandin({ corpus, quiet: 'true' });
    client = tavily({ apiKey: DEFAULT_KEY, apiBaseURL: standin.url });
});

after(() => standin.server.close());

test('search with every option returns what the stand-in serves, through the SDK', async () => {
    await control('reset');
    const response = await client.search('Who is Leo Messi?', {
        searchDepth: 'advanced', topic: 'general', maxResults: 2, includeAnswer: true, includeRawContent: 'markdown',
        includeImages: true, includeImageDescriptions: true, includeFavicon: true, includeUsage: true, country: 'argentina',
        chunksPerSource: 2, exactMatch: false, autoParameters: false,
    });
    assert.equal(response.query, 'Who is Leo Messi?');
    assert.equal(response.answer, 'Lionel Messi, born in 1987, is an Argentine footballer who plays as a forward for Inter Miami [1][2].');
    assert.equal(response.results.length, 2);
    assert.equal(response.results[0].url, 'https://www.britannica.com/facts/Lionel-Messi');
    assert.equal(response.results[0].title, 'Lionel Messi Facts | Britannica');
    assert.equal(typeof response.results[0].score, 'number');
    assert.ok(response.results[0].score >= response.results[1].score);
    assert.match(response.results[0].rawContent, /^# Lionel Messi/);
    assert.equal(response.results[0].publishedDate, '2026-11-20');
    assert.equal(response.results[0].favicon, 'https://www.britannica.com/favicon.ico');
    assert.deepEqual(response.images, [{ url: 'https://images.example.org/messi.jpg', description: 'Lionel Messi holding the World Cup trophy' }]);
    assert.deepEqual(response.usage, { credits: 2 });
    assert.equal(typeof response.requestId, 'string');
    assert.ok(response.requestId.length > 0);

    // What went over the wire: Tavily's snake_case fields, the bearer key and the client header.
    const [request] = received();
    assert.equal(request.path, '/search');
    assert.equal(request.headers.authorization, `Bearer ${DEFAULT_KEY}`);
    assert.equal(request.headers['x-client-source'], 'tavily-js');
    assert.equal(request.body.query, 'Who is Leo Messi?');
    assert.equal(request.body.search_depth, 'advanced');
    assert.equal(request.body.max_results, 2);
    assert.equal(request.body.include_raw_content, 'markdown');
    assert.equal(request.body.include_answer, true);
    assert.equal(request.body.chunks_per_source, 2);
    assert.equal(request.body.country, 'argentina');
});

test('without include flags: no answer, no raw content, images empty', async () => {
    const response = await client.search('Messi footballer');
    assert.equal(response.answer, undefined);
    assert.deepEqual(response.images, []);
    assert.ok(response.results.length >= 2);
    for (const result of response.results)
        assert.equal(result.rawContent, null);
});

test('response_time comes as a string on one answer and as a number on the next', async () => {
    await control('reset');
    const first = await client.search('Messi');
    const second = await client.search('Messi');
    assert.deepEqual([typeof first.responseTime, typeof second.responseTime].sort(), ['number', 'string']);
});

test('max_results is honoured', async () => {
    const one = await client.search('Messi', { maxResults: 1 });
    assert.equal(one.results.length, 1);
    const none = await client.search('Messi', { maxResults: 0 });
    assert.equal(none.results.length, 0);
});

test('include and exclude domains filter the results, subdomains included', async () => {
    const only = await client.search('Lionel Messi', { includeDomains: ['wikipedia.org'] });
    assert.deepEqual(only.results.map((r) => r.url), ['https://en.wikipedia.org/wiki/Lionel_Messi']);
    const without = await client.search('Lionel Messi', { excludeDomains: ['britannica.com', 'espn.com'] });
    assert.ok(without.results.length > 0);
    assert.ok(without.results.every((r) => !r.url.includes('britannica') && !r.url.includes('espn')));
});

test('time range and topic narrow the results', async () => {
    const week = await client.search('Messi', { timeRange: 'week' });
    assert.deepEqual(week.results.map((r) => r.publishedDate).sort(), ['2026-11-20', '2026-11-26']);
    const day = await client.search('Messi', { timeRange: 'd' });
    assert.deepEqual(day.results.map((r) => r.url), ['https://www.espn.com/soccer/story/messi-scores-twice']);
    const news = await client.search('Messi', { topic: 'news' });
    assert.deepEqual(news.results.map((r) => r.title), ['Messi scores twice as Inter Miami win the final']);
    const dated = await client.search('Messi', { startDate: '2026-01-01', endDate: '2026-11-21' });
    assert.deepEqual(dated.results.map((r) => r.url), ['https://www.britannica.com/facts/Lionel-Messi']);
});

test('raw content as text drops the Markdown', async () => {
    const response = await client.search('QNetworkAccessManager', { includeRawContent: 'text', maxResults: 1 });
    assert.equal(response.results[0].url, 'https://doc.qt.io/qt-6/qnetworkaccessmanager.html');
    assert.ok(response.results[0].rawContent.startsWith('QNetworkAccessManager Class'));
    assert.ok(!response.results[0].rawContent.includes('#'));
});

test('extract returns pages it knows and reports the others as failed', async () => {
    const response = await client.extract(['https://en.wikipedia.org/wiki/Lionel_Messi', 'https://nowhere.example/x'], { format: 'markdown', includeUsage: true });
    assert.equal(response.results.length, 1);
    assert.equal(response.results[0].url, 'https://en.wikipedia.org/wiki/Lionel_Messi');
    assert.match(response.results[0].rawContent, /## Early life/);
    assert.deepEqual(response.failedResults, [{ url: 'https://nowhere.example/x', error: 'Failed to fetch url' }]);
    assert.deepEqual(response.usage, { credits: 1 });
});

test('a wrong key is refused with the 401 message', async () => {
    const wrong = tavily({ apiKey: 'tvly-wrong', apiBaseURL: standin.url });
    await assert.rejects(wrong.search('Messi'), { message: 'Unauthorized: missing or invalid API key.' });
});

test('an invalid field value is a 400 with its reason', async () => {
    await assert.rejects(client.search('Messi', { topic: 'sports' }), { message: /Invalid topic/ });
    await assert.rejects(client.search('Messi', { maxResults: 50 }), { message: /max_results/ });
    await assert.rejects(client.search('Messi', { includeDomains: 'wikipedia.org' }), { message: /include_domains/ });
    await assert.rejects(client.search('', {}), { message: /Query is missing/ });
});

test('429 on the N-th request, with Retry-After; 432 and 433 with their messages', async () => {
    await control('faults', { fail429On: 2, retryAfter: '7', statusOn: { 3: 432, 4: 433 } });
    await client.search('Messi');
    await assert.rejects(client.search('Messi'), { message: /excessive requests/ });
    await assert.rejects(client.search('Messi'), { message: /plan's set usage limit/ });
    await assert.rejects(client.search('Messi'), { message: /pay-as-you-go limit/ });
    const after = await client.search('Messi');
    assert.ok(after.results.length > 0);
    // The SDK keeps no status or headers on its Error: the raw answer shows Retry-After.
    await control('faults', { fail429On: 1, retryAfter: '7' });
    const raw = await fetch(`${standin.url}/search`, { method: 'POST', headers: { Authorization: `Bearer ${DEFAULT_KEY}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ query: 'Messi' }) });
    assert.equal(raw.status, 429);
    assert.equal(raw.headers.get('retry-after'), '7');
    assert.deepEqual(await raw.json(), { detail: { error: 'Your request has been blocked due to excessive requests. Please reduce rate of requests.' } });
    await control('faults', {});
});
