// The stdio floor: the least any client must do to list tools (or call one) over stdio: spawn
// the server, write initialize / initialized / the request as JSON lines, read the answers,
// print the result, end the server. No SDK, no validation, no teardown grace.
// Usage: node floor-stdio.cjs [--parallel N] [--call TOOL JSON] -- COMMAND ARGS...
// CommonJS, as mcpctl's own bin and bundle are: an ES module would make Node 20 start its ES
// module loader first, about 9 ms that no client needs to spend.

import { spawn } from 'node:child_process';

const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const flags = argv.slice(0, dash);
const [command, ...args] = argv.slice(dash + 1);
const at = (flag: string) => flags.indexOf(flag);
const parallel = at('--parallel') >= 0 ? Number(flags[at('--parallel') + 1]) : 1;
const call =
  at('--call') >= 0 ? { name: flags[at('--call') + 1], arguments: JSON.parse(flags[at('--call') + 2]) } : undefined;

function session(): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    let buffer = '';
    const send = (msg: unknown) => child.stdin.write(JSON.stringify(msg) + '\n');
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'floor', version: '0' } },
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        let msg: { id?: number; result?: { tools?: { name: string }[]; content?: { text?: string }[] } };
        try {
          msg = JSON.parse(line);
        } catch {
          continue;
        }
        if (msg.id === 1) {
          send({ jsonrpc: '2.0', method: 'notifications/initialized' });
          send(
            call
              ? { jsonrpc: '2.0', id: 2, method: 'tools/call', params: call }
              : { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
          );
        } else if (msg.id === 2) {
          child.stdin.end();
          child.kill('SIGTERM');
          resolve(
            call
              ? (msg.result?.content ?? []).map((c) => c.text ?? '').join('\n')
              : (msg.result?.tools ?? []).map((t) => t.name).join('\n'),
          );
        }
      }
    });
  });
}

void Promise.all(Array.from({ length: parallel }, session)).then((results) => {
  process.stdout.write(results.join('\n') + '\n');
});
