// A test file's http/sse server that mcpctl starts itself (`start` in its entry), resolved before
// anything starts: the command as a stdio entry's is (variables, working directory, environment),
// the readiness to wait for, its bound. `${port}` anywhere in the entry is a free TCP port picked
// here, so parallel CI jobs never fight over a fixed one.

import { createServer } from 'node:net';
import type { Context } from '../io.js';
import { configError } from '../errors.js';
import type { ConfigEntry } from '../config/load.js';
import { resolveServer, type ResolveOptions } from '../config/resolve.js';
import type { HttpServerSpec, StdioServerSpec } from '../config/types.js';
import { linearPattern, type LinearRegExp } from '../schema/linear-regexp.js';

/** `start` as the test file writes it (its shape checked by the test-file schema). */
export interface RawStart {
  command: string;
  args?: string[];
  cwd?: string;
  env?: Record<string, string>;
  envFrom?: string[];
  inheritEnv?: boolean;
  ready?: { port?: true | number; log?: { contains?: string; matches?: string } };
  timeout?: number;
  per?: 'file' | 'test';
  reuseExisting?: boolean;
}

export interface Address {
  host: string;
  port: number;
}

export type Readiness =
  | { kind: 'port'; address: Address }
  | {
      kind: 'log';
      /** What the line should have done, for messages: `contained "listening"`. */
      shown: string;
      test(line: string): boolean;
    };

/** A server to start, resolved. */
export interface StartSpec {
  server: string;
  /** What runs, as a stdio server's process would: the complete environment, an absolute cwd. */
  process: Pick<StdioServerSpec, 'command' | 'args' | 'cwd' | 'env'>;
  ready: Readiness;
  /** Where the URL points: something already answering there is not the server we start. */
  address: Address;
  timeoutMs: number;
  per: 'file' | 'test';
  reuseExisting: boolean;
}

export const DEFAULT_READY_SECONDS = 30;

const PORT_VARIABLE = /\$\{port(?::-[^}]*)?\}/;

/** The ready-to-connect spec of the entry and what to start for it; `${port}` chosen now. */
export async function resolveStartedServer(
  entry: ConfigEntry,
  start: RawStart,
  ctx: Context,
  opts: ResolveOptions,
): Promise<{ spec: HttpServerSpec; start: StartSpec }> {
  const usesPort = PORT_VARIABLE.test(JSON.stringify(entry.raw)) || PORT_VARIABLE.test(JSON.stringify(start));
  const variables: Record<string, string> = usesPort ? { port: String(await freePort()) } : {};
  const spec = resolveServer(entry, ctx, { ...opts, variables }) as HttpServerSpec;
  const proc = resolveServer(processEntry(entry, start), ctx, { ...opts, variables }) as StdioServerSpec;
  const address = addressOf(spec.url);
  return {
    spec,
    start: {
      server: entry.name,
      process: { command: proc.command, args: proc.args, cwd: proc.cwd, env: proc.env },
      ready: readiness(entry, start, address),
      address,
      timeoutMs: Math.round((start.timeout ?? DEFAULT_READY_SECONDS) * 1000),
      per: start.per ?? 'file',
      reuseExisting: start.reuseExisting === true,
    },
  };
}

/**
 * `start` as a stdio entry of the same file, its positions those of `start.*`: resolved by the
 * config layer, it gets a stdio server's rules (cwd relative to the file and checked, the base
 * environment plus env and envFrom) and its messages point at the right line.
 */
function processEntry(entry: ConfigEntry, start: RawStart): ConfigEntry {
  const { command, args, cwd, env, envFrom, inheritEnv } = start;
  const locations = Object.fromEntries(
    Object.entries(entry.locations)
      .filter(([key]) => key.startsWith('start.'))
      .map(([key, loc]) => [key.slice('start.'.length), loc]),
  );
  return {
    ...entry,
    type: 'stdio',
    raw: { command, args, cwd, env, envFrom, inheritEnv },
    locations,
    jsonPath: `${entry.jsonPath}.start`,
  };
}

function readiness(entry: ConfigEntry, start: RawStart, address: Address): Readiness {
  const { port, log } = start.ready ?? { port: true };
  if (port !== undefined) return { kind: 'port', address: port === true ? address : { ...address, port } };
  if (log?.contains !== undefined) {
    const part = log.contains;
    return { kind: 'log', shown: `contained ${JSON.stringify(part)}`, test: (line) => line.includes(part) };
  }
  const regexp = logPattern(entry, log?.matches ?? '');
  return { kind: 'log', shown: `matched /${log?.matches}/`, test: (line) => regexp.test(line) };
}

/** The compiled `ready.log.matches` (the loader has refused one the linear engine cannot run). */
function logPattern(entry: ConfigEntry, pattern: string): LinearRegExp {
  const verdict = linearPattern(pattern);
  if (verdict.kind === 'ok') return verdict.regexp;
  throw configError(`server "${entry.name}": start.ready.log.matches: ${verdict.reason}`, {
    server: entry.name,
    phase: 'config',
  });
}

/** The host and port a URL points at (the scheme's port when it names none). */
function addressOf(url: string): Address {
  const parsed = new URL(url);
  const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
  // An IPv6 literal is written in brackets in a URL, and without them for a socket.
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}

/** A TCP port nobody listens on right now, from the system's own choice. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
