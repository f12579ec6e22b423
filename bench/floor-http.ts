// The Streamable HTTP floor: initialize, initialized, tools/list and session DELETE with plain
// node:http, no SDK. Usage: node floor-http.js URL

// Taken from Node's own registry, not by an ES import: Node 24's node:http has getters for
// undici's WebSocket classes, and the namespace an ES import builds reads every export, so an
// `import http from 'node:http'` loads all of undici first (about 40 ms, nothing of it used).
const http = process.getBuiltinModule('node:http');

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
