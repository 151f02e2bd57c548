// The Modal stand-in as a process, for the C++ tests: prints two lines
//   MODAL_STANDIN_PORT=P
//   MODAL_STANDIN {"port":P,"routerPort":R,"url":"http://127.0.0.1:P","tokenId":...,"tokenSecret":...}
// when both services listen (the control plane on P), then reads JSON control lines on stdin, answering each with one
// JSON line {"id":..,"ok":true,...} on stdout:
//   {"id":1,"cmd":"faults","faults":{...}}   replace the faults (see standin.mjs)
//   {"id":2,"cmd":"terminate","sandboxId":"sb-..."}  stop a sandbox from the service's side
//   {"id":3,"cmd":"state"}                   the sandboxes, their folders and live processes
// It exits (killing every process it started) when stdin closes.
import readline from 'node:readline';
import { startModalStandin } from './standin.mjs';

const standin = await startModalStandin({ tokenId: process.env.MODAL_STANDIN_TOKEN_ID, tokenSecret: process.env.MODAL_STANDIN_TOKEN_SECRET });
const { port, routerPort, url, tokenId, tokenSecret } = standin;
process.stdout.write(`MODAL_STANDIN_PORT=${port}\nMODAL_STANDIN ${JSON.stringify({ port, routerPort, url, tokenId, tokenSecret })}\n`);

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
    if (!line.trim()) return;
    let message;
    try {
        message = JSON.parse(line);
        let extra = {};
        if (message.cmd === 'faults') standin.setFaults(message.faults);
        else if (message.cmd === 'terminate') standin.terminate(message.sandboxId, message.status, message.exception);
        else if (message.cmd === 'state') extra = { sandboxes: standin.state() };
        else throw new Error(`unknown command ${message.cmd}`);
        process.stdout.write(`${JSON.stringify({ id: message.id, ok: true, ...extra })}\n`);
    } catch (err) {
        process.stdout.write(`${JSON.stringify({ id: message?.id, ok: false, error: String(err.message ?? err) })}\n`);
    }
});
lines.on('close', async () => {
    await standin.close();
    process.exit(0);
});
