// The Streamable HTTP floor: initialize, initialized, tools/list and session DELETE with plain
// node:http, no SDK. Usage: node floor-http.cjs URL
// CommonJS, as mcpctl's own bin and bundle are. As an ES module it would pay for two things no
// client needs: Node 20 starts its ES module loader (about 9 ms), and on Node 24 the namespace an
// ES import of node:http builds reads every export, among them getters for undici's WebSocket
// classes, so all of undici is loaded before the first request (about 40 ms).

import http from 'node:http';

const url = new URL(process.argv[2]);
const agent = new http.Agent({ keepAlive: true });

function post(body: unknown, session?: string): Promise<{ session?: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
          ...(session ? { 'mcp-session-id': session } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ session: res.headers['mcp-session-id'] as string | undefined, text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** The JSON of a response that may be plain JSON or one SSE event. */
function payload(text: string): { result?: { tools?: { name: string }[] } } {
  const data = text
    .split('\n')
    .filter((l) => l.startsWith('data:'))
    .map((l) => l.slice(5))
    .join('');
  return JSON.parse(data || text);
}

async function main(): Promise<void> {
  const init = await post({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'floor', version: '0' } },
  });
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, init.session);
  const list = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, init.session);
  process.stdout.write((payload(list.text).result?.tools ?? []).map((t) => t.name).join('\n') + '\n');
  await new Promise<void>((resolve) => {
    const req = http.request(
      url,
      {
        method: 'DELETE',
        agent,
        headers: { 'mcp-session-id': init.session ?? '', 'mcp-protocol-version': '2025-06-18' },
      },
      (res) => {
        res.resume();
        res.on('end', resolve);
      },
    );
    req.on('error', () => resolve());
    req.end();
  });
  agent.destroy();
}

void main();
