// A local stand-in for the Perplexity API (https://api.perplexity.ai) that speaks its wire
// protocol: the Search API (POST /search) and the sonar chat models (POST /chat/completions),
// non-streamed and streamed as server-sent events whose final chunk carries search_results,
// citations and usage; results come from a test's JSON corpus (search-common/corpus.mjs). Errors
// take Perplexity's two shapes: {"error": {message, type, code}} and, for request validation,
// {"detail": [{loc, msg, type}]} (422); 429 carries retry-after. Its fidelity is checked by the
// official SDK (@perplexity-ai/perplexity_ai) in sdk-oracle.mjs.
//
//   node server.mjs --corpus FILE [--port N] [--key KEY] [--fail429On N] [--retryAfter S]
//                   [--statusOn N:STATUS,...] [--cutStreamOn N] [--sendDone true]
// (a 422 status fault answers with the validation shape {"detail": [...]}, the others with {"error": ...})
// prints PERPLEXITY_STANDIN_PORT=<port> once it listens. The test-only paths under /__standin/
// are described in search-common/standin.mjs.
import { answerFor, dateMs, loadCorpus, match, rangeDays, withinDays } from '../search-common/corpus.mjs';
import { hostMatches, hostOf, parseArguments, readJsonFile, startStandin } from '../search-common/standin.mjs';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';

export const DEFAULT_KEY = 'pplx-standin';
export const MODELS = ['sonar', 'sonar-pro', 'sonar-reasoning', 'sonar-reasoning-pro', 'sonar-deep-research'];

const ERRORS = {
    400: ['Bad request.', 'bad_request'],
    401: ['Invalid API key provided. You can find your API key at https://www.perplexity.ai/settings/api.', 'invalid_api_key'],
    403: ['Forbidden.', 'forbidden'],
    429: ['Rate limit exceeded. Please slow down your requests.', 'rate_limit_exceeded'],
    500: ['Internal server error.', 'internal_server_error'],
    503: ['The service is temporarily unavailable.', 'service_unavailable'],
};

class Invalid extends Error {
    constructor(items) {
        super('validation');
        this.items = items;
    }
}

/// Collects pydantic-style validation errors for one body.
function validator(body) {
    const items = [];
    const add = (name, type, msg, input) => items.push({ type, loc: ['body', ...[].concat(name)], msg, input });
    const present = (name) => body[name] !== undefined && body[name] !== null;
    return {
        items,
        add,
        integer(name, min, max) {
            if (!present(name))
                return;
            const v = body[name];
            if (!Number.isInteger(v))
                add(name, 'int_type', 'Input should be a valid integer', v);
            else if (min !== undefined && v < min)
                add(name, 'greater_than_equal', `Input should be greater than or equal to ${min}`, v);
            else if (max !== undefined && v > max)
                add(name, 'less_than_equal', `Input should be less than or equal to ${max}`, v);
        },
        boolean(name) {
            if (present(name) && typeof body[name] !== 'boolean')
                add(name, 'bool_type', 'Input should be a valid boolean', body[name]);
        },
        string(name) {
            if (present(name) && typeof body[name] !== 'string')
                add(name, 'string_type', 'Input should be a valid string', body[name]);
        },
        literal(name, values) {
            if (present(name) && !values.includes(body[name]))
                add(name, 'literal_error', `Input should be ${values.map((v) => `'${v}'`).join(', ')}`, body[name]);
        },
        strings(name, max) {
            if (!present(name))
                return;
            const v = body[name];
            if (!Array.isArray(v))
                add(name, 'list_type', 'Input should be a valid list', v);
            else if (v.some((s) => typeof s !== 'string'))
                add(name, 'string_type', 'Input should be a valid string', v.find((s) => typeof s !== 'string'));
            else if (max !== undefined && v.length > max)
                add(name, 'too_long', `List should have at most ${max} items after validation, not ${v.length}`, v);
        },
        usDate(name) {
            if (present(name) && (typeof body[name] !== 'string' || !/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(body[name])))
                add(name, 'value_error', 'Value error, date must be in the format MM/DD/YYYY', body[name]);
        },
        done() {
            if (items.length > 0)
                throw new Invalid(items);
        },
    };
}

const RECENCY = ['hour', 'day', 'week', 'month', 'year'];

function checkFilters(v) {
    v.strings('search_domain_filter', 20);
    v.literal('search_recency_filter', RECENCY);
    for (const name of ['search_after_date_filter', 'search_before_date_filter', 'last_updated_after_filter', 'last_updated_before_filter'])
        v.usDate(name);
    v.literal('search_mode', ['web', 'academic', 'sec']);
    v.string('country');
    v.strings('search_language_filter', 10);
}

function usDateMs(text) {
    if (!text)
        return undefined;
    const [m, d, y] = text.split('/').map(Number);
    return Date.UTC(y, m - 1, d);
}

/// The corpus's documents for `query` under the request's Perplexity filters.
function searchCorpus(corpus, query, body, limit) {
    let found = match(corpus, query);
    const filter = body.search_domain_filter ?? [];
    const allow = filter.filter((d) => !d.startsWith('-'));
    const deny = filter.filter((d) => d.startsWith('-')).map((d) => d.slice(1));
    if (allow.length > 0)
        found = found.filter(({ doc }) => allow.some((d) => hostMatches(hostOf(doc.url), d)));
    found = found.filter(({ doc }) => !deny.some((d) => hostMatches(hostOf(doc.url), d)));
    const days = rangeDays(body.search_recency_filter);
    if (days !== undefined)
        found = found.filter(({ doc }) => withinDays(corpus, doc, days));
    const after = usDateMs(body.search_after_date_filter);
    const before = usDateMs(body.search_before_date_filter);
    if (after !== undefined)
        found = found.filter(({ doc }) => (dateMs(doc.published_date) ?? -Infinity) >= after);
    if (before !== undefined)
        found = found.filter(({ doc }) => (dateMs(doc.published_date) ?? Infinity) <= before);
    return found.slice(0, limit);
}

function page(doc, maxChars) {
    const result = { title: doc.title, url: doc.url, snippet: String(doc.content ?? '').slice(0, maxChars) };
    result.date = doc.published_date ?? null;
    result.last_updated = doc.last_updated ?? doc.published_date ?? null;
    return result;
}

function searchApi(corpus, body) {
    const v = validator(body);
    if (body.query === undefined)
        v.add('query', 'missing', 'Field required', undefined);
    else if (!(typeof body.query === 'string' || (Array.isArray(body.query) && body.query.length > 0 && body.query.every((q) => typeof q === 'string'))))
        v.add('query', 'string_type', 'Input should be a valid string or a list of strings', body.query);
    v.integer('max_results', 1, 20);
    v.integer('max_tokens', 1, 1000000);
    v.integer('max_tokens_per_page', 1, 1000000);
    v.boolean('display_server_time');
    checkFilters(v);
    v.done();
    const limit = body.max_results ?? 10;
    const maxChars = 4 * (body.max_tokens_per_page ?? 1024);
    const seen = new Set();
    const results = [];
    for (const query of [].concat(body.query)) {
        for (const { doc } of searchCorpus(corpus, query, body, limit)) {
            if (seen.has(doc.url))
                continue;
            seen.add(doc.url);
            results.push(page(doc, maxChars));
        }
    }
    const response = { id: randomUUID(), results };
    if (body.display_server_time)
        response.server_time = new Date(corpus.now).toISOString();
    return response;
}

function textOf(content) {
    if (typeof content === 'string')
        return content;
    if (Array.isArray(content))
        return content.filter((c) => c && c.type === 'text').map((c) => c.text).join(' ');
    return '';
}

/// The completion's pieces: the answer text, search results, citations and usage.
function completion(corpus, body) {
    const v = validator(body);
    if (body.model === undefined)
        v.add('model', 'missing', 'Field required', undefined);
    else
        v.string('model');
    if (body.messages === undefined)
        v.add('messages', 'missing', 'Field required', undefined);
    else if (!Array.isArray(body.messages))
        v.add('messages', 'list_type', 'Input should be a valid list', body.messages);
    else
        body.messages.forEach((m, i) => {
            if (!m || !['system', 'user', 'assistant', 'tool'].includes(m.role))
                v.add(['messages', i, 'role'], 'enum', "Input should be 'system', 'user', 'assistant' or 'tool'", m && m.role);
        });
    v.boolean('stream');
    v.boolean('disable_search');
    v.boolean('return_images');
    v.boolean('return_related_questions');
    v.integer('max_tokens', 1, 128000);
    v.integer('num_search_results', 1, 50);
    if (body.temperature !== undefined && body.temperature !== null && (typeof body.temperature !== 'number' || body.temperature < 0 || body.temperature >= 2))
        v.add('temperature', 'value_error', 'Input should be a number in [0, 2)', body.temperature);
    if (body.web_search_options !== undefined && (typeof body.web_search_options !== 'object' || body.web_search_options === null))
        v.add('web_search_options', 'model_type', 'Input should be a valid dictionary', body.web_search_options);
    checkFilters(v);
    v.done();
    if (!MODELS.includes(body.model))
        return { invalidModel: true };
    const user = [...body.messages].reverse().find((m) => m.role === 'user');
    const query = user ? textOf(user.content) : '';
    const found = body.disable_search ? [] : searchCorpus(corpus, query, body, body.num_search_results ?? 5);
    const answer = body.disable_search ? `I answered without searching: ${query}` : answerFor(corpus, query, found);
    const searchResults = found.map(({ doc }) => ({ ...page(doc, 400), source: 'web' }));
    const promptTokens = Math.max(1, Math.ceil(query.length / 4));
    const completionTokens = Math.max(1, Math.ceil(answer.length / 4));
    const usage = {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
        search_context_size: body.web_search_options?.search_context_size ?? 'low',
        num_search_queries: body.disable_search ? 0 : 1,
        cost: { input_tokens_cost: promptTokens * 1e-6, output_tokens_cost: completionTokens * 1e-6, request_cost: 0.005, total_cost: 0.005 + (promptTokens + completionTokens) * 1e-6 },
    };
    return { answer, searchResults, citations: found.map(({ doc }) => doc.url), usage, query };
}

/// The answer cut into pieces of a few words, as a model streams it.
function pieces(text) {
    return text.match(/\S+\s*/g) ?? [text];
}

export function startPerplexityStandin(options) {
    const corpus = loadCorpus(options.corpusJson ?? (options.corpus ? readJsonFile(options.corpus) : {}));
    const sendDone = String(options.sendDone ?? 'false') === 'true';
    return startStandin({
        name: 'PERPLEXITY',
        options,
        defaultKey: DEFAULT_KEY,
        handle(req, res, ctx) {
            const error = (status, headers = {}) => {
                const [message, type] = ERRORS[status] ?? [`Error ${status}.`, 'error'];
                ctx.json(status, { error: { message, type, code: String(status) } }, headers);
            };
            const route = `${req.method} ${new URL(req.url, 'http://x').pathname}`;
            if (route !== 'POST /search' && route !== 'POST /chat/completions')
                return ctx.json(404, { detail: 'Not Found' });
            if (ctx.bearer !== ctx.faults.key)
                return error(401);
            if (ctx.shouldFail429)
                return error(429, { 'retry-after': ctx.faults.retryAfter });
            if (ctx.statusFault === 422)
                return ctx.json(422, { detail: [{ type: 'missing', loc: ['body', 'query'], msg: 'Field required', input: {} }] });
            if (ctx.statusFault)
                return error(ctx.statusFault, ctx.statusFault === 429 ? { 'retry-after': ctx.faults.retryAfter } : {});
            if (ctx.parseError || typeof ctx.body !== 'object' || ctx.body === null || Array.isArray(ctx.body))
                return ctx.json(422, { detail: [{ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error', input: {} }] });
            try {
                if (route === 'POST /search')
                    return ctx.json(200, searchApi(corpus, ctx.body));
                const made = completion(corpus, ctx.body);
                if (made.invalidModel) {
                    return ctx.json(400, { error: { message: `Invalid model '${ctx.body.model}'. Permitted models can be found in the documentation at https://docs.perplexity.ai/guides/model-cards.`, type: 'invalid_model', code: '400' } });
                }
                const id = randomUUID();
                const created = Math.floor(corpus.now / 1000);
                const base = { id, model: ctx.body.model, created };
                const extras = {};
                if (ctx.body.return_related_questions)
                    extras.related_questions = [`What else is known about ${made.query}?`];
                if (ctx.body.return_images)
                    extras.images = [];
                if (!ctx.body.stream) {
                    if (ctx.cutStream)
                        return res.socket.destroy();
                    return ctx.json(200, {
                        ...base, usage: made.usage, citations: made.citations, search_results: made.searchResults, ...extras,
                        object: 'chat.completion',
                        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: made.answer }, delta: { role: 'assistant', content: '' } }],
                    });
                }
                res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
                const parts = pieces(made.answer);
                const send = (object) => res.write(`data: ${JSON.stringify(object)}\r\n\r\n`);
                let sofar = '';
                let i = 0;
                // One chunk per turn of the event loop, so a client sees the answer arrive in
                // pieces (and, for a cut stream, receives the first pieces before the drop).
                const next = () => {
                    if (res.destroyed)
                        return;
                    if (i < parts.length) {
                        if (ctx.cutStream && i === Math.min(2, parts.length - 1)) {
                            // The connection drops mid-answer: no final chunk, no end of the chunked body.
                            res.socket.destroy();
                            return;
                        }
                        sofar += parts[i];
                        send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, finish_reason: null, message: { role: 'assistant', content: sofar }, delta: { role: 'assistant', content: parts[i] } }] });
                        i += 1;
                        setTimeout(next, 5);
                        return;
                    }
                    send({
                        ...base, usage: made.usage, citations: made.citations, search_results: made.searchResults, ...extras,
                        object: 'chat.completion.chunk',
                        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: sofar }, delta: { role: 'assistant', content: '' } }],
                    });
                    if (sendDone)
                        res.write('data: [DONE]\r\n\r\n');
                    res.end();
                };
                next();
            } catch (e) {
                if (e instanceof Invalid)
                    return ctx.json(422, { detail: e.items });
                throw e;
            }
        },
    });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
    startPerplexityStandin(parseArguments(process.argv.slice(2)));
