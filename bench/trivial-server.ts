// A stdio MCP server that answers at once with no SDK: the bench's "trivial server", so the
// client's own cost shows. Tools: `echo` (returns its message) and `big` (returns `bytes` of text).

import { createInterface } from 'node:readline';

const TOOLS = [
  {
    name: 'echo',
    description: 'Echo a message',
    inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  },
  {
    name: 'big',
    description: 'Return a large text',
    inputSchema: { type: 'object', properties: { bytes: { type: 'integer' } }, required: ['bytes'] },
  },
];

function reply(id: unknown, result: unknown): void {
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result }) + '\n');
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let msg: { id?: unknown; method?: string; params?: Record<string, unknown> };
  try {
    msg = JSON.parse(line);
  } catch {
    return;
  }
  if (msg.id === undefined) return;
  switch (msg.method) {
    case 'initialize':
      return reply(msg.id, {
        protocolVersion: (msg.params?.protocolVersion as string) ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'trivial', version: '1.0.0' },
      });
    case 'tools/list':
      return reply(msg.id, { tools: TOOLS });
    case 'tools/call': {
      const args = (msg.params?.arguments ?? {}) as Record<string, unknown>;
      const text = msg.params?.name === 'big' ? 'x'.repeat(Number(args.bytes)) : String(args.message);
      return reply(msg.id, { content: [{ type: 'text', text }] });
    }
    case 'ping':
      return reply(msg.id, {});
    default:
      process.stdout.write(
        JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } }) + '\n',
      );
  }
});
process.stdin.on('end', () => process.exit(0));
