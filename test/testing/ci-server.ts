// A fixture server for the CI features of `mcpctl test`, over stdio: `flaky` reports failure on
// its first call of a session and success after; `create` makes an item and answers with its id
// in structuredContent; `get` reads one back by id; `never-called` exists to be missed by a
// coverage check. Run: node ci-server.js serve (stdio); tests may import ciServer to serve it
// in-process, or serveCiHttp for it over Streamable HTTP (a server of its own for each session).

import { Server } from '@modelcontextprotocol/server';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { RunningHttpServer } from '../fixtures/node-http.js';
import { serveSessions } from '../fixtures/session-http.js';

const object = { type: 'object' as const, properties: {} };

const TOOLS: Tool[] = [
  { name: 'flaky', description: 'Fails on the first call, then passes', inputSchema: object },
  { name: 'create', description: 'Creates an item; its id is in structuredContent', inputSchema: object },
  {
    name: 'get',
    description: 'Reads an item by id',
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  },
  { name: 'never-called', description: 'No test calls it', inputSchema: object },
];

export function ciServer(): Server {
  const server = new Server({ name: 'ci-fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
  let flakyCalls = 0;
  const items = new Set<string>();
  server.setRequestHandler('tools/list', async () => ({ tools: TOOLS }));
  server.setRequestHandler('tools/call', async (request): Promise<CallToolResult> => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    switch (request.params.name) {
      case 'flaky':
        flakyCalls += 1;
        return flakyCalls === 1
          ? { content: [{ type: 'text', text: 'not yet' }], isError: true }
          : { content: [{ type: 'text', text: `fine on call ${flakyCalls}` }] };
      case 'create': {
        const id = `item-${items.size + 1}`;
        items.add(id);
        return { content: [{ type: 'text', text: `created ${id}` }], structuredContent: { id } };
      }
      case 'get':
        return items.has(String(args.id))
          ? { content: [{ type: 'text', text: `item ${String(args.id)}` }] }
          : { content: [{ type: 'text', text: `no item ${String(args.id)}` }], isError: true };
      default:
        return { content: [{ type: 'text', text: 'called' }] };
    }
  });
  return server;
}

/** The fixture over stateful Streamable HTTP on 127.0.0.1, in the calling process: each session starts afresh. */
export function serveCiHttp(): Promise<RunningHttpServer> {
  return serveSessions(ciServer);
}

// Loaded without "serve" (a test runner given the whole dist/test directory): nothing to do.
if (process.argv[2] === 'serve') void ciServer().connect(new StdioServerTransport());
