// The fixture servers of the in-process runner tests (run-steps.test.ts, run-file.test.ts), served
// in the test's own process over Streamable HTTP, a server of its own for each session: ci
// (ci-server.ts), call (call-server.ts, also as "narrow" with tools disabled), odd (instructions,
// completions, structured echoes and hooks the test runs), broken (its tools cannot be listed),
// stuck (its tools list never comes; as "slow" with a time limit of its own), half (its tools
// listed, its prompts not; lagging: its prompts never), expiring (odd, until the test makes it
// answer HTTP 401), a stdio server that crashes mid-request and two stdio servers whose command
// does not exist, with a secret in their environment.

import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ProtocolError, Server } from '@modelcontextprotocol/server';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { callServer } from '../fixtures/call-server.js';
import { serveFetch } from '../fixtures/node-http.js';
import { serveSessions, sessionsHandler } from '../fixtures/session-http.js';
import { ciServer } from './ci-server.js';

/** A raw JSON-RPC server over stdio whose `crash` tool exits mid-request (fault-server.ts). */
const FAULT_SERVER = fileURLToPath(new URL('../fixtures/fault-server.js', import.meta.url));

export const SECRET = 'sekret-header-0123456789';
const ENV_SECRET = 'sekret-env-9876543210';
/** The value of PASSED in the context's environment, passed to a server by envFrom. */
export const PASSED_SECRET = 'sekret-passed-5555555555';

/** What the test does when the odd server's `hook` tool is called with `{ name }`: run before it answers. */
export const onCall = new Map<string, () => Promise<void> | void>();

const object = { type: 'object' as const, properties: {} };

/** Settles once the client cancels the request: no timer holds the test's process. */
function untilCancelled(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
}
const ODD_TOOLS: Tool[] = [
  { name: 'echo', description: 'Its arguments back as structuredContent', inputSchema: object },
  { name: 'hook', description: 'Runs the hook of the test named by its argument', inputSchema: object },
  { name: 'hang', description: 'Answers only once the request is cancelled', inputSchema: object },
  { name: 'z-last', description: 'Never called', inputSchema: object },
];

/** A server with instructions, completions, structured echoes and test hooks. */
function oddServer(): Server {
  const server = new Server(
    { name: 'odd', version: '2.0.0' },
    { capabilities: { tools: {}, completions: {}, prompts: {} }, instructions: 'Handle with care' },
  );
  server.setRequestHandler('tools/list', async () => ({ tools: ODD_TOOLS }));
  server.setRequestHandler('tools/call', async (request, ctx): Promise<CallToolResult> => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    if (request.params.name === 'hook') await onCall.get(String(args.name))?.();
    // No timer: a request the client gave up on holds nothing of this process.
    if (request.params.name === 'hang') await untilCancelled(ctx.mcpReq.signal);
    return { content: [{ type: 'text', text: JSON.stringify(args) }], structuredContent: args };
  });
  server.setRequestHandler('prompts/list', async () => ({ prompts: [{ name: 'p', arguments: [{ name: 'a' }] }] }));
  server.setRequestHandler('completion/complete', async (request) => ({
    completion: {
      values: [
        `${request.params.ref.type}:${request.params.argument.name}=${request.params.argument.value}`,
        JSON.stringify(request.params.context?.arguments ?? null),
      ],
    },
  }));
  return server;
}

/** A server whose tools list never comes: it answers only once the request is cancelled. */
function stuckServer(): Server {
  const server = new Server({ name: 'stuck', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async (_request, ctx) => {
    await untilCancelled(ctx.mcpReq.signal);
    return { tools: [] };
  });
  return server;
}

/** A server whose tools cannot be listed. */
function brokenServer(): Server {
  const server = new Server({ name: 'broken', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => {
    throw new ProtocolError(-32603, 'the tool registry is down');
  });
  return server;
}

/** A server named `name` whose one tool can be listed and whose prompts list is answered by `prompts`. */
function toolsOnlyServer(name: string, prompts: (signal: AbortSignal) => Promise<{ prompts: [] }>): () => Server {
  return () => {
    const server = new Server({ name, version: '1.0.0' }, { capabilities: { tools: {}, prompts: {} } });
    server.setRequestHandler('tools/list', async () => ({ tools: [{ name: 'whole', inputSchema: object }] }));
    server.setRequestHandler('prompts/list', async (_request, ctx) => prompts(ctx.mcpReq.signal));
    return server;
  };
}

/** Its prompts cannot be listed (a contract that cannot be taken whole). */
const halfServer = toolsOnlyServer('half', async () => {
  throw new ProtocolError(-32603, 'the prompt store is down');
});

/** Its prompts never come: they are answered only once the request is cancelled. */
const laggingServer = toolsOnlyServer('lagging', async (signal) => {
  await untilCancelled(signal);
  return { prompts: [] };
});

export interface RunnerFixtures {
  /** The `servers:` lines of a test file naming them. */
  lines: string[];
  /** From now on the "expiring" server (odd's tools) answers every request with HTTP 401: its token has expired. */
  expire(): void;
  /** The URL of each HTTP server. */
  urls: { ci: string; call: string; odd: string; broken: string };
  close(): Promise<unknown>;
}

/**
 * The servers, started before the file's tests and closed after them (hooks registered as the file
 * loads, so they are the file's own); what the returned function gives is there once they started.
 */
export function runnerFixtures(): () => RunnerFixtures {
  let fixtures: RunnerFixtures | undefined;
  before(async () => {
    fixtures = await serveRunnerFixtures();
  });
  after(() => fixtures?.close());
  return () => {
    if (!fixtures) throw new Error('the runner fixtures are started by the before hook of the test file');
    return fixtures;
  };
}

/** The servers started; close() ends them. */
async function serveRunnerFixtures(): Promise<RunnerFixtures> {
  const ci = await serveSessions(ciServer);
  const call = await serveSessions(() => callServer('legacy'));
  const odd = await serveSessions(oddServer);
  const broken = await serveSessions(brokenServer);
  const stuck = await serveSessions(stuckServer);
  const half = await serveSessions(halfServer);
  const lagging = await serveSessions(laggingServer);
  let expired = false;
  const odds = sessionsHandler(oddServer);
  const expiring = await serveFetch(async (request) =>
    expired ? new Response('token expired', { status: 401 }) : odds(request),
  );
  // The odd server's connections cut while it handles a request: the connection lost mid-request.
  onCall.set('drop', () => odd.server.closeAllConnections());
  const lines = [
    'servers:',
    `  ci: { url: "${ci.url}", headers: { Authorization: "Bearer ${SECRET}" } }`,
    `  call: { url: "${call.url}" }`,
    `  narrow: { url: "${call.url}", disabledTools: [fails, "b*"] }`,
    `  odd: { url: "${odd.url}" }`,
    `  broken: { url: "${broken.url}" }`,
    `  stuck: { url: "${stuck.url}" }`,
    // Its own time limit for each request (the stuck server never answers, so it is always reached);
    // a second, so that the handshake before it, answered at once, never reaches it on a busy machine.
    `  slow: { url: "${stuck.url}", timeout: 1 }`,
    `  half: { url: "${half.url}" }`,
    `  lagging: { url: "${lagging.url}", timeout: 1 }`,
    `  expiring: { url: "${expiring.url}" }`,
    `  fault: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(FAULT_SERVER)}, serve] }`,
    `  missing: { command: "/nonexistent/${ENV_SECRET}", env: { TOKEN: ${ENV_SECRET} } }`,
    '  passed: { command: "/nonexistent/${PASSED}", envFrom: [PASSED] }',
  ];
  const expire = () => {
    expired = true;
  };
  const close = () => Promise.all([ci, call, odd, broken, stuck, half, lagging, expiring].map((s) => s.close()));
  return { lines, expire, urls: { ci: ci.url, call: call.url, odd: odd.url, broken: broken.url }, close };
}
