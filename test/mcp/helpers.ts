// Shared test scaffolding for the session layer: a Context, specs for
// fixture and reference servers, and process-table checks for leftovers.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HttpServerSpec, ServerSpec, StdioServerSpec } from '../../src/config/types.js';
import type { Context } from '../../src/io.js';
import type { PlanChoices, Session, SessionStart } from '../../src/mcp/session/index.js';
import { fakeContext, type FakeContext } from '../helpers/context.js';
import { McpctlError } from '../../src/errors.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root (dist/test/mcp → ../../..). */
export const root = join(here, '..', '..', '..');
export const fixtures = join(here, '..', 'fixtures');
/** A reference server as installed, bundled into one file by the build (scripts/bundle-fixtures.mjs): 40% less CPU a start. */
export const reference = (name: string) => join(here, '..', 'servers', name, 'dist', 'index.js');
export const everything = reference('server-everything');
export const filesystem = reference('server-filesystem');
export const memory = reference('server-memory');

export interface TestContext extends FakeContext {
  /** Resolves once stderr matches `pattern` (server lines reach it with `verbose`); fails after `ms`. */
  stderrMatch(pattern: RegExp, ms?: number): Promise<void>;
}

/** A Context in the repository root with a fresh home. */
export function makeCtx(env: Record<string, string | undefined> = process.env): TestContext {
  const ctx = fakeContext({ env, cwd: root, home: tempDir('home') });
  return Object.assign(ctx, {
    stderrMatch: async (pattern: RegExp, ms = 20_000) => {
      assert.ok(
        await eventually(() => pattern.test(ctx.stderrText()), ms),
        `stderr never matched ${pattern}:
${ctx.stderrText()}`,
      );
    },
  });
}

/**
 * A session to `spec` as withSession opens one, planned with `choices` (the spec's own limits for
 * the rest). The session module is imported here, not at the top: it loads the SDK client (~0.17 s
 * of CPU), and most of the files that use these helpers never open a session of their own.
 */
export async function openSession<T>(
  spec: ServerSpec,
  ctx: Context,
  choices: PlanChoices & SessionStart,
  fn: (s: Session) => Promise<T>,
): Promise<T> {
  const { planSession, withSession } = await import('../../src/mcp/session/index.js');
  const { launcher, teardown, ...rest } = choices;
  return withSession(planSession(spec, ctx, rest), ctx, fn, { launcher, teardown });
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `mcpctl-${prefix}-`));
}

function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  return { ...env, ...extra };
}

export function stdioSpec(
  name: string,
  command: string,
  args: string[],
  overrides: Partial<StdioServerSpec> = {},
): StdioServerSpec {
  return {
    name,
    source: 'test',
    timeoutMs: 10_000,
    protocol: 'legacy',
    transport: 'stdio',
    command,
    args,
    env: cleanEnv(),
    ...overrides,
  };
}

/** A fixture server under test/fixtures, started with this node. */
export function fixtureSpec(
  name: string,
  file: string,
  args: string[],
  overrides: Partial<StdioServerSpec> = {},
): StdioServerSpec {
  return stdioSpec(name, process.execPath, [join(fixtures, file), ...args], overrides);
}

export function withEnv(extra: Record<string, string>): Record<string, string> {
  return cleanEnv(extra);
}

export function httpSpec(name: string, url: string, overrides: Partial<HttpServerSpec> = {}): HttpServerSpec {
  return {
    name,
    source: 'test',
    timeoutMs: 10_000,
    protocol: 'auto',
    transport: 'http',
    url,
    headers: {},
    sseFallback: false,
    ...overrides,
  };
}

/** Lines a fixture appended to its SPAWN_LOG file. */
export function logLines(file: string): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
}

/** The pids among `pids` that are still running (zombies, which nobody may reap here, don't count). */
export function alive(pids: number[]): number[] {
  const table = processTable(pids);
  return pids.filter((pid) => table.some((row) => row.pid === pid && !row.stat.startsWith('Z')));
}

/**
 * Fails unless `pids` names at least one process and none of them runs any more: an empty
 * list (a spawn log nobody wrote) would make "nothing left behind" pass without looking.
 */
export function assertAllEnded(pids: number[]): void {
  assert.ok(pids.length > 0, 'no process ids were logged: the check would see nothing');
  assert.deepEqual(alive(pids), [], 'still running');
}

/** Running (non-zombie) processes in a process group. */
export function aliveInGroup(pgid: number): number[] {
  return processTable()
    .filter((row) => row.pgid === pgid && !row.stat.startsWith('Z'))
    .map((row) => row.pid);
}

export function groupOf(pid: number): number | undefined {
  return processTable([pid]).find((row) => row.pid === pid)?.pgid;
}

interface ProcessRow {
  pid: number;
  pgid: number;
  stat: string;
}

/**
 * The processes `pids` (all, without), with group and state: read from /proc where there is one
 * (a run of ps reads all of it, and costs a process started from the test's), else from ps.
 */
function processTable(pids?: number[]): ProcessRow[] {
  if (!existsSync('/proc/self/stat')) return psTable();
  const entries = pids?.map(String) ?? readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  return entries.flatMap((entry) => procRow(entry) ?? []);
}

function procRow(pid: string): ProcessRow | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone
  }
  // The command name, in parentheses, may hold spaces and ')': the fields start past the last ')'.
  const [state, , pgid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { pid: Number(pid), pgid: Number(pgid), stat: state ?? '' };
}

function psTable(): ProcessRow[] {
  const out = execFileSync('ps', ['-eo', 'pid=,pgid=,stat='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 3)
    .map(([pid, pgid, stat]) => ({ pid: Number(pid), pgid: Number(pgid), stat: stat ?? '' }));
}

/** A TCP port that was free a moment ago (for servers that take their port from PORT). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls until `check` holds, at most `ms`; returns whether it did. */
export async function eventually(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The McpctlError a session or request ended in; fails the test when it did not fail. */
export async function failure(work: Promise<unknown>): Promise<McpctlError> {
  try {
    await work;
  } catch (err) {
    assert.ok(err instanceof McpctlError, `expected an McpctlError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the session to fail');
}
