// The Perplexity stand-in checked by the official SDK (@perplexity-ai/perplexity_ai, pinned in
// package.json): the SDK's public API pointed at the stand-in's 127.0.0.1 URL must return what
// a real Perplexity answer gives it (Search API, sonar chat completions, streamed and not), and
// raise its error classes for the error paths. Run: node --test sdk-oracle.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Perplexity from '@perplexity-ai/perplexity_ai';
import { startPerplexityStandin, DEFAULT_KEY } from './server.mjs';

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
    standin = await startPerplexityStandin({ corpus, quiet: 'true' });
    client = new Perplexity({ apiKey: DEFAULT_KEY, baseURL: standin.url, maxRetries: 0 });
});

after(() => standin.server.close());

async function collect(stream) {
    const chunks = [];
    for await (const chunk of stream)
        chunks.push(chunk);
    return chunks;
}

test('Search API: results with the request filters applied', async () => {
    await control('reset');
    const response = await client.search.create({
        query: 'Lionel Messi', max_results: 2, search_domain_filter: ['-espn.com'],
        max_tokens_per_page: 8, display_server_time: true, country: 'AR',
    });
    assert.equal(typeof response.id, 'string');
    assert.deepEqual(response.results.map((r) => r.url), ['https://www.britannica.com/facts/Lionel-Messi', 'https://en.wikipedia.org/wiki/Lionel_Messi']);
    assert.equal(response.results[0].title, 'Lionel Messi Facts | Britannica');
    assert.equal(response.results[0].snippet.length, 32); // 4 characters a token, 8 tokens a page
    assert.equal(response.results[0].date, '2026-11-20');
    assert.equal(response.results[1].last_updated, '2026-11-25');
    assert.equal(response.server_time, '2026-11-27T00:00:00.000Z');
    const [request] = received();
    assert.equal(request.path, '/search');
    assert.equal(request.headers.authorization, `Bearer ${DEFAULT_KEY}`);
    assert.deepEqual(request.body.search_domain_filter, ['-espn.com']);
    assert.equal(request.body.max_results, 2);
});

test('Search API: an allow list, a date window and several queries at once', async () => {
    const allowed = await client.search.create({ query: 'Messi', search_domain_filter: ['wikipedia.org'] });
    assert.deepEqual(allowed.results.map((r) => r.url), ['https://en.wikipedia.org/wiki/Lionel_Messi']);
    const window = await client.search.create({ query: 'Messi', search_after_date_filter: '11/21/2026', search_before_date_filter: '11/30/2026' });
    assert.deepEqual(window.results.map((r) => r.url), ['https://www.espn.com/soccer/story/messi-scores-twice']);
    const recent = await client.search.create({ query: 'Lionel Messi', search_recency_filter: 'year' });
    assert.deepEqual(recent.results.map((r) => r.published_date ?? r.date), ['2026-11-20', '2026-11-26']);
    const multi = await client.search.create({ query: ['QNetworkAccessManager', 'NVIDIA stock'] });
    assert.deepEqual(multi.results.map((r) => r.url).sort(),
        ['https://doc.qt.io/qt-6/qnetworkaccessmanager.html', 'https://finance.example.com/markets/nvda']);
});

test('sonar chat completion: answer, citations, search results and usage', async () => {
    const response = await client.chat.completions.create({
        model: 'sonar', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Who is Leo Messi?' }],
        search_domain_filter: ['-espn.com'], web_search_options: { search_context_size: 'medium' },
    });
    assert.equal(response.model, 'sonar');
    assert.equal(response.choices[0].message.role, 'assistant');
    assert.equal(response.choices[0].message.content, 'Lionel Messi, born in 1987, is an Argentine footballer who plays as a forward for Inter Miami [1][2].');
    assert.equal(response.choices[0].finish_reason, 'stop');
    assert.deepEqual(response.citations, ['https://www.britannica.com/facts/Lionel-Messi', 'https://en.wikipedia.org/wiki/Lionel_Messi']);
    assert.deepEqual(response.search_results.map((r) => r.url), response.citations);
    assert.equal(response.search_results[0].source, 'web');
    assert.equal(response.usage.search_context_size, 'medium');
    assert.ok(response.usage.cost.total_cost > 0);
    assert.equal(response.usage.total_tokens, response.usage.prompt_tokens + response.usage.completion_tokens);
});

test('streamed sonar completion: deltas add up to the answer; citations and usage come last', async () => {
    const stream = await client.chat.completions.create({ model: 'sonar-pro', stream: true, messages: [{ role: 'user', content: 'Who is Leo Messi?' }] });
    const chunks = await collect(stream);
    assert.ok(chunks.length > 3, `only ${chunks.length} chunks`);
    const text = chunks.map((c) => c.choices[0].delta.content ?? '').join('');
    assert.equal(text, 'Lionel Messi, born in 1987, is an Argentine footballer who plays as a forward for Inter Miami [1][2].');
    const last = chunks[chunks.length - 1];
    assert.equal(last.choices[0].finish_reason, 'stop');
    assert.equal(last.choices[0].message.content, text);
    assert.equal(last.citations.length, 3);
    assert.equal(last.search_results.length, 3);
    assert.ok(last.usage.completion_tokens > 0);
    for (const chunk of chunks.slice(0, -1)) {
        assert.equal(chunk.citations, undefined);
        assert.equal(chunk.usage, undefined);
    }
});

test('a streamed answer ending with data: [DONE] reads the same', async () => {
    const withDone = await startPerplexityStandin({ corpus, quiet: 'true', sendDone: 'true' });
    try {
        const other = new Perplexity({ apiKey: DEFAULT_KEY, baseURL: withDone.url, maxRetries: 0 });
        const chunks = await collect(await other.chat.completions.create({ model: 'sonar', stream: true, messages: [{ role: 'user', content: 'Qt network requests' }] }));
        const last = chunks[chunks.length - 1];
        assert.equal(last.choices[0].finish_reason, 'stop');
        assert.ok(last.citations.includes('https://doc.qt.io/qt-6/qnetworkaccessmanager.html'));
    } finally {
        withDone.server.close();
    }
});

test('a wrong key is an AuthenticationError with the error body', async () => {
    const wrong = new Perplexity({ apiKey: 'pplx-wrong', baseURL: standin.url, maxRetries: 0 });
    await assert.rejects(wrong.search.create({ query: 'Messi' }), (error) => {
        assert.ok(error instanceof Perplexity.AuthenticationError);
        assert.equal(error.status, 401);
        assert.equal(error.error.error.type, 'invalid_api_key');
        assert.match(error.error.error.message, /Invalid API key/);
        return true;
    });
});

test('validation errors are 422 {detail: [...]}; an unknown model is a 400 {error: ...}', async () => {
    await assert.rejects(client.search.create({ query: 'Messi', max_results: 50 }), (error) => {
        assert.ok(error instanceof Perplexity.UnprocessableEntityError);
        assert.deepEqual(error.error.detail[0].loc, ['body', 'max_results']);
        assert.equal(error.error.detail[0].type, 'less_than_equal');
        return true;
    });
    await assert.rejects(client.chat.completions.create({ model: 'sonar', messages: [{ role: 'user', content: 'x' }], search_recency_filter: 'decade' }),
        (error) => error instanceof Perplexity.UnprocessableEntityError && error.error.detail[0].loc[1] === 'search_recency_filter');
    await assert.rejects(client.chat.completions.create({ model: 'gpt-nope', messages: [{ role: 'user', content: 'x' }] }), (error) => {
        assert.ok(error instanceof Perplexity.BadRequestError);
        assert.equal(error.error.error.type, 'invalid_model');
        assert.match(error.message, /^400 .*Invalid model 'gpt-nope'/s);
        return true;
    });
});

test('429 carries retry-after: a RateLimitError without retries, a success after the SDK retries', async () => {
    await control('faults', { fail429On: 1, retryAfter: '0' });
    await assert.rejects(client.search.create({ query: 'Messi' }), (error) => {
        assert.ok(error instanceof Perplexity.RateLimitError);
        assert.equal(error.status, 429);
        assert.equal(error.headers.get('retry-after'), '0');
        assert.equal(error.error.error.type, 'rate_limit_exceeded');
        return true;
    });
    await control('faults', { fail429On: 1, retryAfter: '0' });
    const retrying = new Perplexity({ apiKey: DEFAULT_KEY, baseURL: standin.url, maxRetries: 2 });
    const response = await retrying.search.create({ query: 'Messi' });
    assert.ok(response.results.length > 0);
    assert.equal(received().length, 2);
    await control('faults', {});
});

test('a stream cut mid-answer makes the SDK raise after the first pieces', async () => {
    await control('faults', { cutStreamOn: 1 });
    const stream = await client.chat.completions.create({ model: 'sonar', stream: true, messages: [{ role: 'user', content: 'Who is Leo Messi?' }] });
    const seen = [];
    await assert.rejects((async () => {
        for await (const chunk of stream)
            seen.push(chunk);
    })());
    assert.equal(seen.length, 2);
    assert.ok(seen.every((c) => c.choices[0].finish_reason === null && c.citations === undefined));
    await control('faults', {});
});
