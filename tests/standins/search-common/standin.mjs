// What the Tavily and Perplexity stand-ins share: an HTTP/1.1 server on 127.0.0.1 that records
// every API request (for tests to assert what a client sent), counts them for the fault flags,
// and answers the test-only control paths under /__standin/. The services' own wire shapes live
// in each stand-in; nothing here is part of either API.
//
// Fault flags (command line or POST /__standin/faults, all optional):
//   key                 the only bearer key accepted (a wrong or missing one: the service's 401)
//   fail429On           answer the N-th API request (1-based, since the last reset) with 429
//   fail429Count        how many requests from fail429On on get 429 (default 1)
//   retryAfter          the Retry-After header of those 429s, in seconds (default "1")
//   statusOn            {"N": status}: answer the N-th API request with that error status
//   cutStreamOn         the N-th API request's response is cut mid-answer (socket destroyed)
import http from 'node:http';
import fs from 'node:fs';

/// Reads --name value pairs ("--fail429On 2", "--corpus FILE") into an object; numbers stay strings.
export function parseArguments(argv) {
    const options = {};
    for (let i = 0; i < argv.length; ++i) {
        const arg = argv[i];
        if (!arg.startsWith('--'))
            continue;
        const eq = arg.indexOf('=');
        if (eq > 0) {
            options[arg.slice(2, eq)] = arg.slice(eq + 1);
        } else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) {
            options[arg.slice(2)] = argv[++i];
        } else {
            options[arg.slice(2)] = 'true';
        }
    }
    return options;
}

export function readJsonFile(path) {
    return JSON.parse(fs.readFileSync(path, 'utf8'));
}

function faultsFrom(options) {
    const faults = {};
    const number = (value) => (value === undefined ? undefined : Number(value));
    faults.key = options.key;
    faults.fail429On = number(options.fail429On);
    faults.fail429Count = number(options.fail429Count) ?? 1;
    faults.retryAfter = options.retryAfter === undefined ? '1' : String(options.retryAfter);
    faults.cutStreamOn = number(options.cutStreamOn);
    faults.statusOn = {};
    if (typeof options.statusOn === 'string') {
        // "3:432,4:433" on the command line
        for (const pair of options.statusOn.split(',')) {
            const [n, status] = pair.split(':');
            faults.statusOn[String(Number(n))] = Number(status);
        }
    } else if (options.statusOn && typeof options.statusOn === 'object') {
        for (const [n, status] of Object.entries(options.statusOn))
            faults.statusOn[String(Number(n))] = Number(status);
    }
    return faults;
}

/// Starts the stand-in. `handle(request, context)` answers one API request; `context` carries
/// the parsed JSON body (or a parse error), the request's number, the faults and helpers:
///   context.json(status, object, headers)   a JSON answer
///   context.shouldFail429 / context.statusFault / context.cutStream   what the faults ask of this request
/// `name` prefixes the port line: "<NAME>_STANDIN_PORT=<port>".
export function startStandin({ name, options, defaultKey, handle }) {
    const state = {
        requests: [],
        count: 0,
        faults: faultsFrom({ key: defaultKey, ...options }),
    };

    const server = http.createServer((req, res) => {
        const chunks = [];
        req.on('data', (chunk) => chunks.push(chunk));
        req.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            const json = (status, object, headers = {}) => {
                const body = JSON.stringify(object);
                res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers });
                res.end(body);
            };
            const url = new URL(req.url, 'http://127.0.0.1');
            if (url.pathname.startsWith('/__standin/')) {
                control(url.pathname, raw, json);
                return;
            }
            state.count += 1;
            let body;
            let parseError;
            if (raw.length > 0) {
                try {
                    body = JSON.parse(raw);
                } catch (error) {
                    parseError = String(error.message || error);
                }
            }
            state.requests.push({ method: req.method, path: url.pathname, headers: req.headers, body: body ?? null, raw });
            const n = state.count;
            const faults = state.faults;
            const context = {
                n,
                body,
                parseError,
                faults,
                json,
                shouldFail429: faults.fail429On !== undefined && n >= faults.fail429On && n < faults.fail429On + faults.fail429Count,
                statusFault: faults.statusOn[String(n)],
                cutStream: faults.cutStreamOn === n,
                bearer: (req.headers.authorization || '').replace(/^Bearer\s+/i, ''),
            };
            try {
                handle(req, res, context);
            } catch (error) {
                json(500, { error: String(error && error.stack || error) });
            }
        });
    });

    function control(path, raw, json) {
        if (path === '/__standin/requests') {
            json(200, state.requests);
        } else if (path === '/__standin/reset') {
            state.requests = [];
            state.count = 0;
            json(200, { ok: true });
        } else if (path === '/__standin/faults') {
            let options = {};
            try {
                options = raw ? JSON.parse(raw) : {};
            } catch (error) {
                json(400, { error: String(error.message) });
                return;
            }
            state.faults = faultsFrom({ key: state.faults.key, ...options });
            state.requests = [];
            state.count = 0;
            json(200, state.faults);
        } else {
            json(404, { error: 'unknown control path' });
        }
    }

    return new Promise((resolve) => {
        server.listen(Number(options.port || 0), '127.0.0.1', () => {
            const port = server.address().port;
            if (options.quiet !== 'true')
                process.stdout.write(`${name}_STANDIN_PORT=${port}\n`);
            resolve({ server, port, state, url: `http://127.0.0.1:${port}` });
        });
    });
}

/// Whether `host` is `domain` or one of its subdomains (case-insensitive).
export function hostMatches(host, domain) {
    const h = String(host).toLowerCase().replace(/\.$/, '');
    const d = String(domain).toLowerCase().replace(/^\*\./, '').replace(/\.$/, '');
    return h === d || h.endsWith('.' + d);
}

export function hostOf(url) {
    try {
        return new URL(url).hostname;
    } catch {
        return '';
    }
}
