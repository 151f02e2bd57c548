// Drives `valis-cli serve` with the official openai npm client, one scenario per run; prints one
// JSON line with what it saw (tst_apiserver asserts on it and on what the upstream received).
// Usage: node apiclient.mjs SCENARIO BASE_URL TOKEN MODEL
import OpenAI from 'openai';
import http from 'node:http';

const [scenario, baseURL, apiKey, model] = process.argv.slice(2);
const client = new OpenAI({ baseURL, apiKey, maxRetries: 0, timeout: 120000 });

// Plain English words, about a token each, varied per turn.
const WORDS = ('the river keeps moving while people talk about weather music gardens trains bread coffee letters '
    + 'windows mountains lamps stories rooms doors maps clocks friends cities boats fields books songs').split(' ');
function filler(turn, words) {
    const out = [];
    for (let i = 0; i < words; ++i)
        out.push(WORDS[(turn * 31 + i * 7 + ((i * i) % 13)) % WORDS.length]);
    return out.join(' ');
}

async function status(promise) {
    try {
        await promise;
        return { status: 200 };
    } catch (error) {
        return { status: error.status ?? -1, code: error.code ?? error.error?.code ?? null, type: error.type ?? null,
                 message: error.message };
    }
}

async function raw(path, init) {
    const response = await fetch(baseURL + path, init);
    const text = await response.text();
    let body = null;
    try { body = JSON.parse(text); } catch { body = text; }
    return { status: response.status, body };
}

// A body over the server's limit, announced by its Content-Length with Expect: 100-continue as
// curl does for large bodies: the 413 comes before any of it is sent (a client that sends it
// regardless may see the connection reset under it once the server closes).
function oversized(bytes, headers) {
    return new Promise((resolve) => {
        const url = new URL(baseURL + '/chat/completions');
        const request = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST',
                                       headers: { ...headers, 'Content-Length': bytes, Expect: '100-continue' } });
        request.on('response', (response) => {
            let text = '';
            response.on('data', (piece) => { text += piece; });
            response.on('end', () => {
                let body = text;
                try { body = JSON.parse(text); } catch { /* not JSON */ }
                resolve({ status: response.statusCode, body });
            });
        });
        request.on('error', (error) => resolve({ status: -1, body: String(error) }));
        const piece = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        const pump = () => {
            while (sent < bytes) {
                sent += piece.length;
                if (!request.write(piece)) { request.once('drain', pump); return; }
            }
            request.end();
        };
        request.on('continue', pump);
    });
}

async function conversation() {
    const messages = [{ role: 'system', content: 'You are the long-conversation test.' }];
    let streamedTurns = 0, maxChunks = 0, lastReply = '', usageSeen = 0;
    for (let turn = 1; turn <= 300; ++turn) {
        messages.push({ role: 'user', content: `turn ${turn}: ${filler(turn, 300)}` });
        if (turn % 25 === 0) {
            const stream = await client.chat.completions.create({ model, messages, stream: true,
                                                                  stream_options: { include_usage: true } });
            let text = '', chunks = 0;
            for await (const chunk of stream) {
                if (chunk.usage) usageSeen++;
                const delta = chunk.choices[0]?.delta?.content;
                if (delta) { text += delta; chunks++; }
            }
            streamedTurns++;
            maxChunks = Math.max(maxChunks, chunks);
            lastReply = text;
        } else {
            const completion = await client.chat.completions.create({ model, messages });
            if (completion.usage?.prompt_tokens > 0) usageSeen++;
            lastReply = completion.choices[0].message.content;
        }
        messages.push({ role: 'assistant', content: lastReply });
    }
    const bytes = JSON.stringify(messages).length;
    return { turns: 300, streamedTurns, maxChunks, lastReply, usageSeen, clientHistoryBytes: bytes };
}

async function streaming() {
    const stream = await client.chat.completions.create({ model, stream: true, stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'stream test: tell me five things' }] });
    const deltas = [];
    let finish = null, usage = null, ids = new Set(), objects = new Set();
    for await (const chunk of stream) {
        ids.add(chunk.id);
        objects.add(chunk.object);
        if (chunk.usage) usage = chunk.usage;
        const choice = chunk.choices[0];
        if (choice?.delta?.content) deltas.push(choice.delta.content);
        if (choice?.finish_reason) finish = choice.finish_reason;
    }
    return { deltas, finish, usage, ids: ids.size, objects: [...objects] };
}

async function tools() {
    const toolsOffered = [{ type: 'function', function: { name: 'get_weather', description: 'The weather in a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }];
    const messages = [{ role: 'user', content: 'tools test: what is the weather in Oslo?' }];
    const first = await client.chat.completions.create({ model, messages, tools: toolsOffered });
    const call = first.choices[0].message.tool_calls?.[0];
    messages.push(first.choices[0].message);
    messages.push({ role: 'tool', tool_call_id: call.id, content: 'Oslo: 4 degrees and sleet' });
    // The second round streams, so tool calls are seen in both shapes.
    const stream = await client.chat.completions.create({ model, messages, tools: toolsOffered, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    // A call streams as the model writes it: id and name first, then its arguments in pieces.
    const streamedCall = await client.chat.completions.create({ model, tools: toolsOffered, stream: true,
        messages: [{ role: 'user', content: 'tools stream test: and in Bergen?' }] });
    const callChunks = [];
    let streamedFinish = null;
    for await (const chunk of streamedCall) {
        for (const delta of chunk.choices[0]?.delta?.tool_calls ?? []) callChunks.push(delta);
        streamedFinish = chunk.choices[0]?.finish_reason ?? streamedFinish;
    }
    return { firstFinish: first.choices[0].finish_reason, call: call ? { id: call.id, name: call.function.name,
             arguments: JSON.parse(call.function.arguments) } : null, answer: text, callChunks, streamedFinish };
}

// A client tool returns a whole file: upstream sees a MemoryRef, and the model reads it back
// with retrieve_memory, which Valis runs without the client ever seeing it.
async function memoryref() {
    const toolsOffered = [{ type: 'function', function: { name: 'read_source', description: 'Reads a source file',
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } } }];
    const messages = [{ role: 'user', content: 'memoryref test: what is the secret in main.c?' }];
    const first = await client.chat.completions.create({ model, messages, tools: toolsOffered });
    const call = first.choices[0].message.tool_calls?.[0];
    messages.push(first.choices[0].message);
    const lines = [];
    for (let i = 1; i <= 3000; ++i)
        lines.push(i === 1500 ? 'line 1500: const char *secret = "SECRET-7731";' : `line ${i}: ${filler(i, 12)}`);
    const content = lines.join('\n');
    messages.push({ role: 'tool', tool_call_id: call.id, content });
    // Streamed, so a hidden call would show as a tool_calls delta.
    const stream = await client.chat.completions.create({ model, messages, tools: toolsOffered, stream: true });
    let text = '';
    let toolCallDeltas = 0;
    let finish = null;
    for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        if (chunk.choices[0]?.delta?.tool_calls) ++toolCallDeltas;
        finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    messages.push({ role: 'assistant', content: text });
    messages.push({ role: 'user', content: 'memoryref follow-up: thanks' });
    const third = await client.chat.completions.create({ model, messages, tools: toolsOffered });
    return { firstCall: call?.function?.name ?? null, contentBytes: content.length, answer: text, finish, toolCallDeltas,
             followUp: third.choices[0].message.content, followUpCalls: third.choices[0].message.tool_calls ?? [] };
}

// One answer calls a Valis tool and a client tool: the client sees only its own call.
async function mixed() {
    const toolsOffered = [{ type: 'function', function: { name: 'get_weather', description: 'The weather in a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }];
    const messages = [{ role: 'user', content: 'mixed test: weather in Oslo, and what do you remember?' }];
    const first = await client.chat.completions.create({ model, messages, tools: toolsOffered });
    const calls = first.choices[0].message.tool_calls ?? [];
    messages.push(first.choices[0].message);
    for (const call of calls)
        messages.push({ role: 'tool', tool_call_id: call.id, content: 'Oslo: 4 degrees and sleet' });
    const second = await client.chat.completions.create({ model, messages, tools: toolsOffered });
    messages.push(second.choices[0].message);
    messages.push({ role: 'user', content: 'mixed follow-up: thanks' });
    const third = await client.chat.completions.create({ model, messages, tools: toolsOffered });
    return { finish: first.choices[0].finish_reason, calls: calls.map((call) => call.function.name),
             answer: second.choices[0].message.content, followUp: third.choices[0].message.content };
}

// Sampling parameters go upstream for the request that names them, and only for it.
async function sampling() {
    const messages = [{ role: 'user', content: 'sampling test: be creative' }];
    const first = await client.chat.completions.create({ model, messages, temperature: 0.3, top_p: 0.9, max_tokens: 77,
                                                          stop: ['END'], seed: 42 });
    messages.push(first.choices[0].message);
    messages.push({ role: 'user', content: 'sampling test again: defaults' });
    const second = await client.chat.completions.create({ model, messages });
    const third = await client.responses.create({ model, input: 'sampling responses: short', temperature: 0.5,
                                                  max_output_tokens: 55 });
    const wrong = await status(client.chat.completions.create({ model, messages, temperature: 'hot' }));
    return { first: first.choices[0].message.content, second: second.choices[0].message.content, third: third.output_text,
             wrong };
}

// Upstream failures: a 429 that clears on retry, and a 500 that does not.
async function failures() {
    const limited = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'failure test 429: hi' }] });
    const broken = [{ role: 'user', content: 'failure test 500: hi' }];
    const whole = await status(client.chat.completions.create({ model, messages: broken }));
    let streamed;
    try {
        const stream = await client.chat.completions.create({ model, messages: broken, stream: true });
        for await (const chunk of stream) void chunk;
        streamed = { status: 200 };
    } catch (error) {
        streamed = { status: error.status ?? -1, code: error.code ?? null, type: error.type ?? null };
    }
    // The client sends the same history again once the upstream is back.
    const again = await client.chat.completions.create({ model, messages: broken });
    return { limited: limited.choices[0].message.content, whole, streamed, again: again.choices[0].message.content };
}

async function responses() {
    const whole = await client.responses.create({ model, instructions: 'Be brief.', input: 'responses test: say hi' });
    const events = [];
    let text = '';
    const stream = await client.responses.create({ model, instructions: 'Be brief.', stream: true,
        input: [{ role: 'user', content: 'responses streamed: say hi' }] });
    let completed = null;
    for await (const event of stream) {
        events.push(event.type);
        if (event.type === 'response.output_text.delta') text += event.delta;
        if (event.type === 'response.completed') completed = event.response;
    }
    // A client tool's call streams as function_call_arguments.delta events.
    const callStream = await client.responses.create({ model, stream: true, input: 'responses tools stream test: Bergen?',
        tools: [{ type: 'function', name: 'get_weather', description: 'The weather in a city',
                  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }] });
    const callEvents = [];
    let argumentDeltas = '';
    let callDone = null;
    for await (const event of callStream) {
        callEvents.push(event.type);
        if (event.type === 'response.function_call_arguments.delta') argumentDeltas += event.delta;
        if (event.type === 'response.completed') callDone = event.response.output.find((item) => item.type === 'function_call') ?? null;
    }
    return { wholeText: whole.output_text, wholeStatus: whole.status, usage: whole.usage, events, streamText: text,
             completedText: completed?.output?.[0]?.content?.[0]?.text ?? null, callEvents, argumentDeltas,
             callDone: callDone ? { name: callDone.name, call_id: callDone.call_id, arguments: callDone.arguments } : null };
}

async function errors() {
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` };
    const malformed = await raw('/chat/completions', { method: 'POST', headers, body: '{"model": "x", "messages": [' });
    const wrongToken = await status(new OpenAI({ baseURL, apiKey: 'valis-api-wrong', maxRetries: 0 }).models.list());
    const noToken = await raw('/models', { method: 'GET' });
    const origin = await raw('/models', { method: 'GET', headers: { ...headers, Origin: 'https://evil.example' } });
    const localOrigin = await raw('/models', { method: 'GET', headers: { ...headers, Origin: 'http://localhost:3000' } });
    const oversize = await oversized(3 * 1024 * 1024, headers);
    const unknownModel = await status(client.chat.completions.create({ model: 'no-such-model',
                                                                        messages: [{ role: 'user', content: 'hi' }] }));
    const badMessages = await status(client.chat.completions.create({ model, messages: [] }));
    const models = await client.models.list();
    return { malformed, wrongToken, noToken, origin, localOrigin: localOrigin.status, oversize, unknownModel, badMessages,
             models: models.data.map((m) => m.id) };
}

async function disconnect() {
    const controller = new AbortController();
    const messages = [{ role: 'user', content: 'disconnect test: write a long story' }];
    const stream = await client.chat.completions.create({ model, messages, stream: true }, { signal: controller.signal });
    let received = '';
    try {
        for await (const chunk of stream) {
            received += chunk.choices[0]?.delta?.content ?? '';
            if (received.length > 0) controller.abort();
        }
    } catch (error) {
        // the abort
    }
    // Give the server time to hear the close and cancel upstream, then ask again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const again = await client.chat.completions.create({ model, messages });
    return { received, again: again.choices[0].message.content };
}

const scenarios = { conversation, streaming, tools, memoryref, mixed, sampling, failures, responses, errors, disconnect };
try {
    const result = await scenarios[scenario]();
    process.stdout.write(JSON.stringify(result) + '\n');
} catch (error) {
    process.stdout.write(JSON.stringify({ failed: String(error?.stack ?? error), status: error?.status ?? null }) + '\n');
    process.exitCode = 1;
}
