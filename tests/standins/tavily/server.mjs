// A local stand-in for the Tavily API (https://api.tavily.com) that speaks its wire protocol:
// POST /search and POST /extract with bearer keys, the request fields checked by type, results
// served from a test's JSON corpus (search-common/corpus.mjs), and Tavily's error shape
// {"detail": {"error": "..."}} with 400, 401, 429 (+ Retry-After), 432 and 433. Its fidelity is
// checked by the official SDK (@tavily/core) in sdk-oracle.mjs.
//
//   node server.mjs --corpus FILE [--port N] [--key KEY] [--fail429On N] [--retryAfter S]
//                   [--statusOn N:STATUS,...]
// prints TAVILY_STANDIN_PORT=<port> once it listens. The test-only paths /__standin/requests,
// /__standin/faults and /__standin/reset are described in search-common/standin.mjs.
import { answerFor, dateMs, loadCorpus, match, plainText, rangeDays, withinDays } from '../search-common/corpus.mjs';
import { hostMatches, hostOf, parseArguments, readJsonFile, startStandin } from '../search-common/standin.mjs';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';

export const DEFAULT_KEY = 'tvly-dev-standin';

const MESSAGES = {
    400: 'Bad request.',
    401: 'Unauthorized: missing or invalid API key.',
    403: 'Forbidden.',
    429: 'Your request has been blocked due to excessive requests. Please reduce rate of requests.',
    432: "This request exceeds your plan's set usage limit. Please upgrade your plan or contact support@tavily.com",
    433: 'This request exceeds the pay-as-you-go limit. You can increase your limit on the Tavily dashboard.',
    500: 'Internal server error.',
};

class BadRequest extends Error {}

const isBool = (v) => typeof v === 'boolean';
const isInt = (v) => Number.isInteger(v);

function check(body) {
    const fail = (message) => { throw new BadRequest(message); };
    const oneOf = (name, values) => {
        if (body[name] !== undefined && body[name] !== null && !values.includes(body[name]))
            fail(`Invalid ${name}: must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}.`);
    };
    const boolean = (name) => {
        if (body[name] !== undefined && body[name] !== null && !isBool(body[name]))
            fail(`Invalid ${name}: must be a boolean.`);
    };
    const integer = (name, min, max) => {
        const v = body[name];
        if (v !== undefined && v !== null && (!isInt(v) || v < min || v > max))
            fail(`Invalid ${name}: must be an integer between ${min} and ${max}.`);
    };
    const strings = (name, max) => {
        const v = body[name];
        if (v === undefined || v === null)
            return;
        if (!Array.isArray(v) || v.some((s) => typeof s !== 'string'))
            fail(`Invalid ${name}: must be a list of strings.`);
        if (v.length > max)
            fail(`Invalid ${name}: at most ${max} domains.`);
    };
    const date = (name) => {
        const v = body[name];
        if (v !== undefined && v !== null && (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || dateMs(v) === undefined))
            fail(`Invalid ${name}: must be a date in the format YYYY-MM-DD.`);
    };
    return { fail, oneOf, boolean, integer, strings, date };
}

function checkSearch(body) {
    const c = check(body);
    if (typeof body.query !== 'string' || body.query.trim() === '')
        c.fail('Query is missing or empty.');
    c.oneOf('search_depth', ['basic', 'advanced', 'fast', 'ultra-fast']);
    c.oneOf('topic', ['general', 'news', 'finance']);
    c.oneOf('time_range', ['day', 'week', 'month', 'year', 'd', 'w', 'm', 'y']);
    c.integer('max_results', 0, 20);
    c.integer('chunks_per_source', 1, 3);
    c.integer('days', 1, 3650);
    c.date('start_date');
    c.date('end_date');
    for (const name of ['include_images', 'include_image_descriptions', 'include_favicon', 'include_usage', 'auto_parameters', 'exact_match'])
        c.boolean(name);
    if (body.include_answer !== undefined && body.include_answer !== null && !isBool(body.include_answer))
        c.oneOf('include_answer', ['basic', 'advanced']);
    if (body.include_raw_content !== undefined && body.include_raw_content !== null && !isBool(body.include_raw_content))
        c.oneOf('include_raw_content', ['markdown', 'text']);
    c.strings('include_domains', 300);
    c.strings('exclude_domains', 150);
    if (body.country !== undefined && body.country !== null && typeof body.country !== 'string')
        c.fail('Invalid country: must be a string.');
}

function checkExtract(body) {
    const c = check(body);
    const urls = typeof body.urls === 'string' ? [body.urls] : body.urls;
    if (!Array.isArray(urls) || urls.length === 0 || urls.some((u) => typeof u !== 'string'))
        c.fail('urls must be a URL or a list of URLs.');
    if (urls.length > 20)
        c.fail('At most 20 URLs can be extracted at once.');
    c.oneOf('extract_depth', ['basic', 'advanced']);
    c.oneOf('format', ['markdown', 'text']);
    c.integer('timeout', 1, 60);
    c.integer('chunks_per_source', 1, 5);
    for (const name of ['include_images', 'include_favicon', 'include_usage'])
        c.boolean(name);
    return urls;
}

function rawContent(doc, mode) {
    if (mode === false || mode === undefined || mode === null)
        return null;
    const markdown = doc.raw_content ?? doc.content ?? '';
    return mode === 'text' ? plainText(markdown) : markdown;
}

function search(corpus, body, n) {
    const topic = body.topic ?? 'general';
    const maxResults = body.max_results ?? 5;
    let found = match(corpus, body.query);
    if (topic !== 'general')
        found = found.filter(({ doc }) => doc.topic === topic);
    const include = body.include_domains ?? [];
    const exclude = body.exclude_domains ?? [];
    if (include.length > 0)
        found = found.filter(({ doc }) => include.some((d) => hostMatches(hostOf(doc.url), d)));
    found = found.filter(({ doc }) => !exclude.some((d) => hostMatches(hostOf(doc.url), d)));
    const days = rangeDays(body.time_range) ?? (topic === 'news' && body.days ? body.days : undefined);
    if (days !== undefined)
        found = found.filter(({ doc }) => withinDays(corpus, doc, days));
    const start = dateMs(body.start_date);
    const end = dateMs(body.end_date);
    if (start !== undefined)
        found = found.filter(({ doc }) => (dateMs(doc.published_date) ?? -Infinity) >= start);
    if (end !== undefined)
        found = found.filter(({ doc }) => (dateMs(doc.published_date) ?? Infinity) <= end);
    found = found.slice(0, maxResults);

    const results = found.map(({ doc, score }) => {
        const result = { url: doc.url, title: doc.title, content: doc.content ?? '', score, raw_content: rawContent(doc, body.include_raw_content) };
        if (doc.published_date)
            result.published_date = doc.published_date;
        if (body.include_favicon)
            result.favicon = doc.favicon ?? `${new URL(doc.url).origin}/favicon.ico`;
        return result;
    });
    const response = {
        query: body.query,
        follow_up_questions: null,
        images: body.include_images
            ? corpus.images.map((image) => (body.include_image_descriptions ? { url: image.url, description: image.description ?? '' } : image.url))
            : [],
        results,
        // The real service sends response_time as a number or as a string ("1.67"): both, alternately.
        response_time: n % 2 === 1 ? (0.11 * n).toFixed(2) : Number((0.11 * n).toFixed(2)),
        request_id: randomUUID(),
    };
    if (body.include_answer)
        response.answer = answerFor(corpus, body.query, found);
    if (body.include_usage)
        response.usage = { credits: body.search_depth === 'advanced' ? 2 : 1 };
    if (body.auto_parameters)
        response.auto_parameters = { topic, search_depth: body.search_depth ?? 'basic' };
    return response;
}

function extract(corpus, body, urls, n) {
    const results = [];
    const failed = [];
    for (const url of urls) {
        const doc = corpus.documents.find((d) => d.url === url);
        if (!doc) {
            failed.push({ url, error: 'Failed to fetch url' });
            continue;
        }
        const result = { url, title: doc.title, raw_content: rawContent(doc, body.format ?? 'markdown'), images: body.include_images ? [] : undefined };
        if (body.include_favicon)
            result.favicon = doc.favicon ?? `${new URL(url).origin}/favicon.ico`;
        results.push(result);
    }
    const response = { results, failed_results: failed, response_time: Number((0.07 * n).toFixed(2)), request_id: randomUUID() };
    if (body.include_usage)
        response.usage = { credits: Math.max(1, Math.ceil(results.length / 5)) };
    return response;
}

export function startTavilyStandin(options) {
    const corpus = loadCorpus(options.corpusJson ?? (options.corpus ? readJsonFile(options.corpus) : {}));
    return startStandin({
        name: 'TAVILY',
        options,
        defaultKey: DEFAULT_KEY,
        handle(req, res, ctx) {
            const error = (status, message, headers) => ctx.json(status, { detail: { error: message ?? MESSAGES[status] ?? `Error ${status}.` } }, headers);
            const route = `${req.method} ${new URL(req.url, 'http://x').pathname}`;
            if (route !== 'POST /search' && route !== 'POST /extract')
                return ctx.json(404, { detail: 'Not Found' });
            if (ctx.bearer !== ctx.faults.key)
                return error(401);
            if (ctx.shouldFail429)
                return error(429, undefined, { 'Retry-After': ctx.faults.retryAfter });
            if (ctx.statusFault)
                return error(ctx.statusFault, undefined, ctx.statusFault === 429 ? { 'Retry-After': ctx.faults.retryAfter } : {});
            if (ctx.parseError || typeof ctx.body !== 'object' || ctx.body === null || Array.isArray(ctx.body))
                return error(400, 'The request body must be a JSON object.');
            try {
                if (route === 'POST /search') {
                    checkSearch(ctx.body);
                    return ctx.json(200, search(corpus, ctx.body, ctx.n));
                }
                const urls = checkExtract(ctx.body);
                return ctx.json(200, extract(corpus, ctx.body, urls, ctx.n));
            } catch (e) {
                if (e instanceof BadRequest)
                    return error(400, e.message);
                throw e;
            }
        },
    });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
    startTavilyStandin(parseArguments(process.argv.slice(2)));
