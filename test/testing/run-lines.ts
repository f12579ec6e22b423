// Runs test files as `mcpctl test` would, in process: a file of the given servers and test lines is
// written, loaded and run by runTestFile with the test's clock (each reading 10 ms after the one
// before); the run's results, the results in the order they were reported, the servers a session
// was opened for and whether --bail tripped come back.

import { after } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveServer } from '../../src/config/resolve.js';
import type { ServerSpec } from '../../src/config/types.js';
import { usageError } from '../../src/errors.js';
import { openSession } from '../mcp/helpers.js';
import { Secrets } from '../../src/redact.js';
import { loadTestFile, type TestCase } from '../../src/testing/load.js';
import { type FileRun, runTestFile, type RunnerDeps, type TestResult } from '../../src/testing/run.js';
import { fakeContext, type FakeContext } from '../helpers/context.js';

export interface Run extends FileRun {
  /** Results in the order they were reported. */
  reported: TestResult[];
  /** The servers a session was opened for. */
  opened: string[];
  tripped: boolean;
}

export interface RunOptions {
  bail?: boolean;
  include?: (t: TestCase) => boolean;
  signal?: AbortSignal;
  resolve?: RunnerDeps['resolve'];
  /** Other deps as the test gives them (startOf, serverLog, onResult…). */
  deps?: Partial<RunnerDeps>;
}

export interface FileRunner {
  dir: string;
  ctx: FakeContext;
  /** Runs a test file of these lines (after the servers). */
  runLines(lines: string[], opts?: RunOptions): Promise<Run>;
  /** `file:line:col` in the last file run, the line counted from the first of the lines given. */
  at(line: number, col: number): string;
}

/**
 * Test files that start with these `servers:` lines (or the lines a function gives when a file is
 * run), in a directory removed after the tests; `env` for the context.
 */
export function fileRunner(
  serverLines: string[] | (() => string[]),
  env: Record<string, string | undefined> = {},
): FileRunner {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-runner-'));
  const ctx = fakeContext({ cwd: dir, home: dir, env: { PATH: process.env.PATH, HOME: dir, ...env } });
  after(() => {
    ctx.interrupt();
    rmSync(dir, { recursive: true, force: true });
  });
  const servers = typeof serverLines === 'function' ? serverLines : () => serverLines;
  let files = 0;
  const runLines = async (lines: string[], opts: RunOptions = {}): Promise<Run> => {
    const file = path.join(dir, `t${++files}.yaml`);
    writeFileSync(file, [...servers(), ...lines, ''].join('\n'));
    const loaded = await loadTestFile(file, ctx);
    const reported: TestResult[] = [];
    const opened: string[] = [];
    let clock = 0;
    const bail = { tripped: false };
    const onResult = opts.deps?.onResult;
    const run = await runTestFile(
      loaded,
      {
        resolve:
          opts.resolve ??
          (async (name) => {
            const entry = loaded.servers.find((s) => s.name === name);
            if (!entry) throw usageError(`no server "${name}"`);
            return resolveServer(entry, ctx);
          }),
        session: (spec: ServerSpec, fn) => {
          opened.push(spec.name);
          return openSession(spec, ctx, { cacheDir: false }, fn);
        },
        now: () => (clock += 10),
        signal: opts.signal ?? new AbortController().signal,
        secrets: new Secrets(),
        ...opts.deps,
        onResult: (r) => {
          reported.push(r);
          onResult?.(r);
        },
      },
      { include: opts.include ?? (() => true), bail: opts.bail ?? false },
      bail,
    );
    return { ...run, reported, opened, tripped: bail.tripped };
  };
  return { dir, ctx, runLines, at: (line, col) => `t${files}.yaml:${servers().length + line}:${col}` };
}

/** A test's name, status and, when it has them, its reason, failures or error. */
export function told(r: TestResult): unknown[] {
  const out: unknown[] = [r.name, r.status];
  if (r.skipReason) out.push(r.skipReason);
  if (r.failures.length) out.push(r.failures);
  if (r.error) out.push(r.error);
  return out;
}
