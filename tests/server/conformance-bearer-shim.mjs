// node --import tests/server/conformance-bearer-shim.mjs ...
//
// The @modelcontextprotocol/conformance server scenarios (0.1.16) have no way to send headers:
// their SDK client, their raw fetch() calls and their undici request() all go out bare. Valis's
// MCP server requires a bearer token on every request and is not weakened for a test, so this
// module adds "Authorization: Bearer $VALIS_TEST_MCP_BEARER" on the runner's side to every request
// for $VALIS_TEST_MCP_URL's origin: global fetch is wrapped, and importers of "undici" get a module
// whose request() does the same. Requests to anything else, and requests that already carry an
// Authorization header, are left alone.
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const token = process.env.VALIS_TEST_MCP_BEARER;
const target = process.env.VALIS_TEST_MCP_URL ? new URL(process.env.VALIS_TEST_MCP_URL).origin : null;
const VIRTUAL = 'valis-shim:undici-with-bearer';

function forUs(url) {
    try {
        return target !== null && new URL(String(url)).origin === target;
    } catch {
        return false;
    }
}

function withBearer(headers) {
    const copy = new Headers(headers ?? {});
    if (!copy.has('authorization'))
        copy.set('authorization', `Bearer ${token}`);
    return copy;
}

// The hooks below run on a loader thread, where this module is evaluated again: only the main
// thread wraps fetch and registers them.
if (isMainThread && token && target) {
    const original = globalThis.fetch;
    globalThis.fetch = (input, init = {}) => {
        const url = input instanceof Request ? input.url : input;
        if (!forUs(url))
            return original(input, init);
        if (input instanceof Request)
            return original(new Request(input, { headers: withBearer(init.headers ?? input.headers) }), init.headers ? { ...init, headers: withBearer(init.headers) } : init);
        return original(input, { ...init, headers: withBearer(init.headers) });
    };
    globalThis.__valisBearer = { token, forUs };
    register(import.meta.url, { data: {} });
}

// Module hooks (they run on the loader thread): "undici" resolves to a wrapper of the real one.
export async function resolve(specifier, context, nextResolve) {
    // The importer rides along in the URL, so the real undici is the one it would have found.
    if (specifier === 'undici' && context.parentURL && !context.parentURL.startsWith(VIRTUAL))
        return { url: `${VIRTUAL}?from=${encodeURIComponent(context.parentURL)}`, shortCircuit: true };
    if (context.parentURL?.startsWith(VIRTUAL) && specifier === 'valis-real-undici') {
        const from = decodeURIComponent(new URL(context.parentURL).searchParams.get('from'));
        return nextResolve('undici', { ...context, parentURL: from });
    }
    return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
    if (!url.startsWith(VIRTUAL))
        return nextLoad(url, context);
    const source = [
        "import * as real from 'valis-real-undici';",
        "export * from 'valis-real-undici';",
        'export default real.default;',
        'export function request(url, options = {}) {',
        '    const bearer = globalThis.__valisBearer;',
        '    if (!bearer || !bearer.forUs(url)) return real.request(url, options);',
        '    const headers = { ...(options.headers ?? {}) };',
        "    if (!Object.keys(headers).some((k) => k.toLowerCase() === 'authorization'))",
        "        headers.authorization = `Bearer ${bearer.token}`;",
        '    return real.request(url, { ...options, headers });',
        '}',
    ].join('\n');
    return { format: 'module', source, shortCircuit: true };
}
