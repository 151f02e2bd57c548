// The official TypeScript SDK's client against the same server as bench_mcp's Valis client:
// start-to-tools time, then N sequential echo calls, with the client's own CPU time per call.
// Usage: node sdkclient.mjs CALLS SERVER_COMMAND [ARGS...]; prints one JSON line.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [calls, command, ...args] = process.argv.slice(2);
const started = performance.now();
const client = new Client({ name: 'bench-sdk', version: '1.0.0' }, { capabilities: {} });
const transport = new StdioClientTransport({ command, args, stderr: 'ignore' });
await client.connect(transport);
const tools = await client.listTools();
const ready = performance.now() - started;
const latencies = [];
// Warm up as bench_mcp does, so neither side pays its first-call costs in the figures.
for (let i = 0; i < 20; ++i) await client.callTool({ name: 'echo', arguments: { message: `warm ${i}` } });
const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
for (let i = 0; i < Number(calls); ++i) {
  const t = performance.now();
  await client.callTool({ name: 'echo', arguments: { message: `call ${i}` } });
  latencies.push(performance.now() - t);
}
const wall = performance.now() - wallBefore;
const cpu = process.cpuUsage(cpuBefore);
await client.close();
console.log(JSON.stringify({ readyMs: ready, tools: tools.tools.length, latencies, wallMs: wall, cpuMs: (cpu.user + cpu.system) / 1000 }));
