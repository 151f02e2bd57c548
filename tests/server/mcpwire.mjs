// What the MCP server tests read off the wire beside the SDK client's own handling.
import assert from 'node:assert/strict';

/// Every message the client's transport delivers, recorded before the SDK handles it. The SDK
/// (1.32.2) runs notification handlers a microtask later, and a response read in the same chunk
/// has by then dropped its request's progress handler, so onprogress alone misses progress that
/// a fast call sends just before its answer: the wire is checked instead.
export function recordIncoming(client) {
    const seen = [];
    const transport = client.transport;
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => { seen.push(message); deliver(message, extra); };
    return seen;
}

/// The progress notifications of the call answered last in `seen`, checked to come before its
/// response and to increase.
export function progressOfLastCall(seen) {
    const answer = seen.findLastIndex((m) => 'id' in m && ('result' in m || 'error' in m));
    const token = seen[answer].id; // the SDK uses the request id as the progress token
    const steps = seen.map((m, i) => ({ m, i }))
        .filter(({ m }) => m.method === 'notifications/progress' && m.params.progressToken === token);
    assert.ok(steps.every(({ i }) => i < answer), 'progress comes before the response');
    return steps.map(({ m }) => m.params);
}
