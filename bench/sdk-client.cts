// A reference, not a floor: the client anyone would write on the SDK that mcpctl speaks through,
// and nothing else: its Client and transport as they ship (the SDK's own fetch, stdio process and
// result checks), connect, `tools/list`, print the names, close. No config, no trust, no output
// layer. Node's compile cache is on where Node has it (22.1 and later), in the bench's directory.
// Usage: node sdk-client.cjs CACHE_DIR URL | node sdk-client.cjs CACHE_DIR -- COMMAND ARGS...
// CommonJS, as mcpctl's bin and the floors are; the SDK's CommonJS build is what it loads.

import module from 'node:module';
import type * as Sdk from '@modelcontextprotocol/client';
import type * as Stdio from '@modelcontextprotocol/client/stdio';

const [cacheDir, target, ...rest] = process.argv.slice(2);
// Typed here: the Node 20 types this project builds with do not know it.
(module as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache?.(cacheDir!);
// Required after the cache is on, so that the SDK's own code is what it caches.
const { Client, StreamableHTTPClientTransport } = require('@modelcontextprotocol/client') as typeof Sdk;

async function listTools(client: Sdk.Client): Promise<void> {
  const { tools } = await client.listTools();
  process.stdout.write(tools.map((t) => t.name).join('\n') + '\n');
}

async function main(): Promise<void> {
  const client = new Client({ name: 'sdk-reference', version: '0' });
  if (target === '--') {
    // Loaded only here, as a client that speaks HTTP alone would not load it.
    const { StdioClientTransport } = require('@modelcontextprotocol/client/stdio') as typeof Stdio;
    const [command, ...args] = rest;
    await client.connect(new StdioClientTransport({ command: command!, args, stderr: 'ignore' }));
    await listTools(client);
    await client.close();
  } else {
    const transport = new StreamableHTTPClientTransport(new URL(target!));
    await client.connect(transport);
    await listTools(client);
    // The session's DELETE, as mcpctl and the floor send it.
    await transport.terminateSession();
    await client.close();
  }
}

void main();
