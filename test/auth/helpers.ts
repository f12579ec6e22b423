// Shared test scaffolding for the auth tests: a Context for a config home, a temp
// config home, an HTTP server spec, the stand-in browser, and an MCP client wired to
// a provider the way the session layer wires it.

import type { Client, OAuthClientProvider } from '@modelcontextprotocol/client';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HttpServerSpec, OAuthSettings } from '../../src/config/types.js';
import { type BrowserMode, standInBrowser } from '../fixtures/oauth/stand-in-browser.js';
import { fakeContext, type FakeContext } from '../helpers/context.js';

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURES = join(here, '..', 'fixtures', 'oauth');

export type TestContext = FakeContext;

/** A Context whose config home, cwd and home are `configHome`. */
export function makeCtx(configHome: string, env: Record<string, string> = {}): TestContext {
  return fakeContext({ env: { XDG_CONFIG_HOME: configHome, ...env }, cwd: configHome, home: configHome });
}

/** `oauth: null` for a server entry without an `oauth` key. */
export function makeSpec(url: string, oauth: OAuthSettings | null = {}, name = 'demo'): HttpServerSpec {
  const spec: HttpServerSpec = {
    name,
    source: 'test',
    transport: 'http',
    url,
    headers: {},
    sseFallback: false,
    timeoutMs: 10_000,
    protocol: 'legacy',
  };
  if (oauth !== null) spec.oauth = oauth;
  return spec;
}

export interface TempHome {
  dir: string;
  authFile: string;
  cleanup(): Promise<void>;
}

export async function tempHome(): Promise<TempHome> {
  const dir = await mkdtemp(join(tmpdir(), 'mcpctl-auth-'));
  return {
    dir,
    authFile: join(dir, 'mcpctl', 'auth.json'),
    cleanup: () => rm(dir, { recursive: true, force: true, maxRetries: 5 }),
  };
}

export interface FakeBrowser {
  /** Value for $BROWSER. */
  program: string;
  entries(): Promise<Array<Record<string, unknown>>>;
}

/** A $BROWSER program whose sign-ins in `mode` this process walks (the stand-in browser). */
export async function fakeBrowser(dir: string, mode: BrowserMode = 'follow'): Promise<FakeBrowser> {
  const browser = await standInBrowser(dir, mode);
  return { program: browser.program, entries: async () => [...browser.visits] };
}

/** Waits (bounded) until the fake browser has finished `count` visits: mcpctl does not wait for it. */
export async function browserEntries(
  browser: FakeBrowser,
  count: number,
  timeoutMs = 10_000,
): Promise<Array<Record<string, unknown>>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entries = await browser.entries();
    if (entries.length >= count || Date.now() > deadline) return entries;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Connects an MCP client the way the session layer does: the provider on the transport. The SDK
 * is imported here, not at the top: it costs ~0.15 s of CPU, and not every file of these helpers connects.
 */
export async function connect(url: string, authProvider: OAuthClientProvider | undefined): Promise<Client> {
  const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
  const client = new Client({ name: 'mcpctl-test', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), authProvider === undefined ? {} : { authProvider });
  await client.connect(transport, { timeout: 10_000 });
  return client;
}

/** Every token value in the store file, to check messages against. */
export async function storedSecrets(authFile: string): Promise<string[]> {
  const text = await readFile(authFile, 'utf8').catch(() => '{}');
  const data = JSON.parse(text) as {
    servers?: Record<string, { tokens?: Record<string, Record<string, unknown>> }>;
    clients?: Record<string, Record<string, unknown>>;
  };
  const secrets: string[] = [];
  for (const server of Object.values(data.servers ?? {})) {
    for (const entry of Object.values(server.tokens ?? {})) {
      for (const field of ['access_token', 'refresh_token', 'id_token'])
        if (typeof entry[field] === 'string') secrets.push(entry[field] as string);
    }
  }
  for (const client of Object.values(data.clients ?? {}))
    if (typeof client.client_secret === 'string') secrets.push(client.client_secret);
  return secrets;
}

export function assertNoSecrets(texts: string[], secrets: string[]): void {
  for (const text of texts) {
    for (const secret of secrets) {
      if (secret.length > 0 && text.includes(secret)) throw new Error('a message contains a token or secret value');
    }
  }
}
