// A local stand-in for Firecrawl's scrape API (POST /v2/scrape), speaking its wire shape:
// the request fields (formats as strings or {type} objects, onlyMainContent, maxAge/minAge,
// storeInCache, timeout ...), the response envelope {success, data:{markdown, html, rawHtml,
// links, metadata{title, sourceURL, url, statusCode, contentType, scrapeId, cacheState,
// cachedAt, creditsUsed ...}}}, and the error envelope {success:false, error, code?, details?}
// with the statuses the API documents (400, 401, 402, 404, 408, 429 + Retry-After, 500).
//
// It "scrapes" from a directory of saved pages instead of the web: the URL
// https://host/a/b.html is read from PAGES/host/a/b.html, else PAGES/a/b.html ("/" is
// index.html). A sidecar PAGE.meta.json may say {"delayMs", "statusCode", "contentType"}: a
// delay longer than the request's timeout answers 408 as the real service does.
//
// Test control (not part of Firecrawl's API, under /_standin/): POST /_standin/faults
// {"faults":[{"status":429,"retryAfter":3}, ...]} makes the next scrapes fail that way, in
// order; GET /_standin/requests lists the scrape requests received (headers and body);
// POST /_standin/reset forgets requests, faults and the cache.
//
//   node server.mjs --pages DIR [--port 0] [--api-key KEY] [--exit-with-stdin]
// prints one JSON line {"url":"http://127.0.0.1:PORT"} once it listens.

import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join, normalize, extname } from 'node:path';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { htmlToMarkdown, mainContent, pageTitle, metaContent, pageLinks, pageImages } from './htmltomarkdown.mjs';

const KNOWN_FIELDS = new Set([
    'url', 'formats', 'headers', 'includeTags', 'excludeTags', 'onlyMainContent', 'timeout', 'waitFor',
    'mobile', 'parsers', 'actions', 'location', 'skipTlsVerification', 'removeBase64Images', 'fastMode',
    'useMock', 'blockAds', 'proxy', 'maxAge', 'minAge', 'storeInCache', 'lockdown', 'redactPII',
    'threatProtection', 'auditMetadata', 'profile', 'integration', 'origin', 'domainTools', 'zeroDataRetention',
]);
const SUPPORTED_FORMATS = new Set(['markdown', 'html', 'rawHtml', 'links', 'images', 'summary']);
const ALL_FORMATS = new Set([...SUPPORTED_FORMATS, 'screenshot', 'json', 'changeTracking', 'attributes', 'branding',
    'product', 'menu', 'audio', 'video']);
const DEFAULT_MAX_AGE = 172800000;

const MESSAGES = {
    401: 'Unauthorized: Invalid token',
    402: 'Payment Required: Insufficient credits to perform this request. For more credits, you can upgrade your plan at https://firecrawl.dev/pricing.',
    408: 'Scrape timed out',
    429: 'Rate limit exceeded. Consumed (req/min): 11, Remaining (req/min): 0. Upgrade your plan at https://firecrawl.dev/pricing for increased rate limits or please retry after {s}s.',
    500: 'An unexpected error occurred. Please contact help@firecrawl.com for help.',
};

function send(res, status, body, headers = {}) {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
    res.end(text);
}

function failure(res, status, error, extra = {}, headers = {}) {
    send(res, status, { success: false, error, ...extra }, headers);
}

function badRequest(res, issues) {
    failure(res, 400, 'Bad Request', { code: 'BAD_REQUEST', details: issues });
}

/// The zod-like issues of a scrape body; empty when it is valid.
function validate(body) {
    const issues = [];
    const issue = (path, message) => issues.push({ code: 'custom', path, message });
    if (typeof body !== 'object' || body === null || Array.isArray(body))
        return [{ code: 'invalid_type', path: [], message: 'Expected object' }];
    for (const key of Object.keys(body)) {
        if (!KNOWN_FIELDS.has(key))
            issues.push({ code: 'unrecognized_keys', keys: [key], path: [], message: `Unrecognized key in body -- please review the v2 API documentation for request body changes` });
    }
    let url;
    try {
        url = new URL(body.url);
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
            issue(['url'], 'Invalid URL');
    } catch {
        issue(['url'], 'Invalid URL');
    }
    if (body.formats !== undefined) {
        if (!Array.isArray(body.formats)) {
            issue(['formats'], 'Expected array');
        } else {
            body.formats.forEach((f, i) => {
                const type = typeof f === 'string' ? f : (f && typeof f === 'object' ? f.type : undefined);
                if (!ALL_FORMATS.has(type))
                    issue(['formats', i], `Invalid format: ${JSON.stringify(f)}`);
                else if (type === 'json' && typeof f === 'string')
                    issue(['formats', i], 'json format must be an object with { type: \'json\', prompt, schema }');
            });
        }
    }
    for (const key of ['onlyMainContent', 'storeInCache', 'mobile', 'blockAds', 'skipTlsVerification', 'removeBase64Images']) {
        if (body[key] !== undefined && typeof body[key] !== 'boolean')
            issue([key], 'Expected boolean');
    }
    for (const key of ['maxAge', 'minAge', 'waitFor']) {
        if (body[key] !== undefined && (!Number.isInteger(body[key]) || body[key] < 0))
            issue([key], 'Expected a non-negative integer');
    }
    if (body.timeout !== undefined && (!Number.isInteger(body.timeout) || body.timeout < 1000 || body.timeout > 300000))
        issue(['timeout'], 'Number must be between 1000 and 300000');
    return issues;
}

function formatTypes(formats) {
    return (formats ?? ['markdown']).map((f) => (typeof f === 'string' ? f : f.type));
}

function findPage(pagesDir, url) {
    let path = decodeURIComponent(url.pathname);
    if (path.endsWith('/'))
        path += 'index.html';
    const safe = normalize(path).replace(/^(\.\.[/\\])+/, '');
    for (const candidate of [join(pagesDir, url.hostname, safe), join(pagesDir, safe)]) {
        if (candidate.startsWith(pagesDir) && existsSync(candidate) && statSync(candidate).isFile())
            return candidate;
    }
    return null;
}

function contentTypeOf(file) {
    const ext = extname(file).toLowerCase();
    if (ext === '.html' || ext === '.htm')
        return 'text/html; charset=utf-8';
    if (ext === '.txt' || ext === '.md')
        return 'text/plain; charset=utf-8';
    return 'application/octet-stream';
}

/// Builds the document the real service would return for the page, in the formats asked.
function scrapeDocument(pagesDir, body, types) {
    const url = new URL(body.url);
    const file = findPage(pagesDir, url);
    let meta = {};
    let raw = '<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>';
    let statusCode = 404;
    let contentType = 'text/html; charset=utf-8';
    if (file) {
        raw = readFileSync(file, 'utf8');
        statusCode = 200;
        contentType = contentTypeOf(file);
        if (existsSync(`${file}.meta.json`))
            meta = JSON.parse(readFileSync(`${file}.meta.json`, 'utf8'));
        statusCode = meta.statusCode ?? statusCode;
        contentType = meta.contentType ?? contentType;
    }
    const isHtml = contentType.startsWith('text/html');
    const onlyMain = body.onlyMainContent !== false;
    const selected = isHtml ? (onlyMain ? mainContent(raw) : raw) : raw;
    const doc = {};
    for (const type of types) {
        if (type === 'markdown')
            doc.markdown = isHtml ? htmlToMarkdown(selected, url) : raw;
        else if (type === 'html')
            doc.html = selected;
        else if (type === 'rawHtml')
            doc.rawHtml = raw;
        else if (type === 'links')
            doc.links = isHtml ? pageLinks(raw, url) : [];
        else if (type === 'images')
            doc.images = isHtml ? pageImages(raw, url) : [];
        else if (type === 'summary')
            doc.summary = (isHtml ? htmlToMarkdown(selected, url) : raw).split('\n').filter((l) => l.trim()).slice(0, 2).join(' ');
    }
    const metadata = {
        title: isHtml ? pageTitle(raw) : undefined,
        description: isHtml ? metaContent(raw, 'description') : undefined,
        language: isHtml ? (/<html[^>]*\blang="([^"]+)"/i.exec(raw)?.[1] ?? undefined) : undefined,
        sourceURL: body.url,
        url: url.href,
        statusCode,
        contentType,
        proxyUsed: 'basic',
        creditsUsed: 1,
    };
    if (statusCode >= 400)
        metadata.error = statusCode === 404 ? 'Not Found' : `HTTP ${statusCode}`;
    return { doc, metadata, delayMs: meta.delayMs ?? 0 };
}

export async function startFirecrawlStandin({ pagesDir, apiKey = null, port = 0, host = '127.0.0.1' }) {
    const state = { requests: [], faults: [], cache: new Map() };
    const root = normalize(pagesDir);

    const server = createServer((req, res) => {
        const chunks = [];
        req.on('data', (c) => chunks.push(c));
        req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((e) => {
            failure(res, 500, `${MESSAGES[500]} (${e.message})`, { code: 'UNKNOWN_ERROR' });
        }));
    });

    async function handle(req, res, text) {
        const path = new URL(req.url, 'http://standin').pathname;
        if (path === '/_standin/faults' && req.method === 'POST') {
            state.faults.push(...(JSON.parse(text).faults ?? []));
            return send(res, 200, { ok: true });
        }
        if (path === '/_standin/requests' && req.method === 'GET')
            return send(res, 200, { requests: state.requests });
        if (path === '/_standin/reset' && req.method === 'POST') {
            state.requests = [];
            state.faults = [];
            state.cache.clear();
            return send(res, 200, { ok: true });
        }
        if (path !== '/v2/scrape')
            return failure(res, 404, `Cannot ${req.method} ${path}`, { code: 'NOT_FOUND' });
        if (req.method !== 'POST')
            return failure(res, 405, `Method ${req.method} not allowed`);

        let body;
        try {
            body = JSON.parse(text);
        } catch {
            return badRequest(res, [{ code: 'invalid_json', path: [], message: 'Body is not valid JSON' }]);
        }
        state.requests.push({ headers: req.headers, body });

        if (apiKey !== null && req.headers.authorization !== `Bearer ${apiKey}`)
            return failure(res, 401, MESSAGES[401]);

        const fault = state.faults.shift();
        if (fault) {
            const status = fault.status;
            if (status === 429) {
                const seconds = fault.retryAfter ?? 1;
                return failure(res, 429, fault.error ?? MESSAGES[429].replace('{s}', seconds), {}, { 'Retry-After': String(seconds) });
            }
            const code = status === 500 ? 'UNKNOWN_ERROR' : fault.code;
            return failure(res, status, fault.error ?? MESSAGES[status] ?? `HTTP ${status}`, code ? { code } : {});
        }

        const issues = validate(body);
        if (issues.length)
            return badRequest(res, issues);

        const types = formatTypes(body.formats);
        const unsupported = types.filter((t) => !SUPPORTED_FORMATS.has(t));
        if (unsupported.length)
            return badRequest(res, [{ code: 'custom', path: ['formats'], message: `The stand-in does not produce ${unsupported.join(', ')}` }]);

        // The service's cache: keyed by the URL and what shapes the content.
        const key = JSON.stringify([body.url, types, body.onlyMainContent !== false, body.mobile ?? false]);
        const maxAge = body.maxAge ?? DEFAULT_MAX_AGE;
        const cached = state.cache.get(key);
        const now = Date.now();
        if (body.minAge !== undefined) {
            if (!cached || now - cached.at < body.minAge)
                return failure(res, 404, 'No cached data for this URL that meets the specified age requirements.', { code: 'SCRAPE_NO_CACHED_DATA' });
        }
        if (cached && maxAge > 0 && now - cached.at <= maxAge) {
            const data = { ...cached.doc, metadata: { ...cached.metadata, cacheState: 'hit', cachedAt: new Date(cached.at).toISOString(), scrapeId: randomUUID() } };
            return send(res, 200, { success: true, data });
        }

        const { doc, metadata, delayMs } = scrapeDocument(root, body, types);
        const timeout = body.timeout ?? 60000;
        if (delayMs > timeout) {
            await new Promise((r) => setTimeout(r, Math.min(timeout, 2000)));
            return failure(res, 408, MESSAGES[408], { code: 'SCRAPE_TIMEOUT' });
        }
        if (delayMs)
            await new Promise((r) => setTimeout(r, delayMs));
        if (body.storeInCache !== false)
            state.cache.set(key, { doc, metadata, at: now });
        const data = { ...doc, metadata: { ...metadata, cacheState: 'miss', cachedAt: new Date(now).toISOString(), scrapeId: randomUUID() } };
        return send(res, 200, { success: true, data });
    }

    await new Promise((resolve) => server.listen(port, host, resolve));
    const url = `http://${host}:${server.address().port}`;
    return { url, state, close: () => new Promise((resolve) => server.close(resolve)) };
}

function argument(name, fallback) {
    const i = process.argv.indexOf(name);
    return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
    const pagesDir = argument('--pages', null);
    if (!pagesDir) {
        console.error('usage: node server.mjs --pages DIR [--port 0] [--api-key KEY]');
        process.exit(2);
    }
    const standin = await startFirecrawlStandin({ pagesDir, apiKey: argument('--api-key', null), port: Number(argument('--port', '0')) });
    process.stdout.write(`${JSON.stringify({ url: standin.url })}\n`);
    if (process.argv.includes('--exit-with-stdin')) {
        // Ends with its parent (a test that dies must not leave a server behind).
        process.stdin.on('end', () => process.exit(0));
        process.stdin.resume();
    }
}
