// Runs the tests of one file: one connection per server (opened on first use, closed at the
// end), the servers concurrently, each server's tests in file order; results are reported as
// they finish and returned in file order.

import path from 'node:path';
import type { ServerSpec } from '../config/types.js';
import type { Session } from '../mcp/session/session.js';
import { type McpctlError, toMcpctlError } from '../errors.js';
import { check, type Failure } from './expect.js';
import { runStep, type StepOutcome } from './steps.js';
import type { TestCase, TestFile } from './load.js';
import { redact, specSecrets } from './redact.js';
import { snapshotContract, type Contract } from '../contract/snapshot.js';
import { diffContracts } from '../contract/diff.js';
import { readContract } from '../contract/read.js';

export type TestStatus = 'passed' | 'failed' | 'skipped';

export interface TestResult {
  file: string;
  name: string;
  server: string;
  step: TestCase['step']['kind'];
  /** `file:line:col` of the test. */
  at: string;
  status: TestStatus;
  failures: Failure[];
  skipReason?: string;
  durationMs: number;
}

export interface RunnerDeps {
  /** A server the file defines, else one of the configuration. */
  resolve(name: string): Promise<ServerSpec>;
  /** A session for the duration of `fn`, always closed. */
  session<T>(spec: ServerSpec, fn: (session: Session) => Promise<T>): Promise<T>;
  now(): number;
  /** Aborted on Ctrl-C or when the run's time limit expires: no new test starts. */
  signal: AbortSignal;
  onResult(result: TestResult): void;
}

export interface RunSettings {
  filter?: RegExp;
  bail: boolean;
}

export interface Bail {
  tripped: boolean;
}

export async function runTestFile(
  file: TestFile,
  deps: RunnerDeps,
  settings: RunSettings,
  bail: Bail,
): Promise<TestResult[]> {
  const selected = file.tests.filter((t) => !settings.filter || settings.filter.test(t.name));
  const onlyMode = selected.some((t) => t.only);
  const results = new Map<TestCase, TestResult>();
  const secrets = new Set(file.secrets);
  const finish = (result: TestResult, test: TestCase) => {
    const clean = redact(result, secrets);
    results.set(test, clean);
    if (clean.status === 'failed' && settings.bail) bail.tripped = true;
    deps.onResult(clean);
  };
  const base = (test: TestCase) => ({
    file: file.shownAs,
    name: test.name,
    server: test.server,
    step: test.step.kind,
    at: test.at,
  });
  const skipped = (test: TestCase, reason: string) =>
    finish({ ...base(test), status: 'skipped', failures: [], skipReason: reason, durationMs: 0 }, test);

  const byServer = new Map<string, TestCase[]>();
  for (const test of selected) byServer.set(test.server, [...(byServer.get(test.server) ?? []), test]);

  await Promise.all(
    [...byServer].map(async ([server, tests]) => {
      const skipReason = (test: TestCase): string | undefined => {
        if (test.skip) return test.skip === true ? 'skip' : test.skip;
        if (onlyMode && !test.only) return 'not marked only';
        if (bail.tripped) return '--bail: an earlier test failed';
        if (deps.signal.aborted) return 'the run was stopped';
        return undefined;
      };
      if (tests.every((t) => skipReason(t) !== undefined)) return tests.forEach((t) => skipped(t, skipReason(t)!));
      const pending = [...tests];
      const failAll = (error: McpctlError) => {
        for (const test of pending.splice(0)) {
          const reason = skipReason(test);
          if (reason) skipped(test, reason);
          else
            finish(
              {
                ...base(test),
                status: 'failed',
                failures: [{ expectation: 'error', expected: 'none', actual: error.kind, message: error.message }],
                durationMs: 0,
              },
              test,
            );
        }
      };
      let spec: ServerSpec;
      try {
        spec = await deps.resolve(server);
      } catch (err) {
        return failAll(toMcpctlError(err));
      }
      const entry = file.servers.find((s) => s.name === server);
      specSecrets(spec, [...Object.keys(entry?.raw.env ?? {}), ...(entry?.raw.envFrom ?? [])]).forEach((s) =>
        secrets.add(s),
      );
      try {
        await deps.session(spec, async (session) => {
          while (pending.length) {
            const test = pending.shift()!;
            const reason = skipReason(test);
            if (reason) {
              skipped(test, reason);
              continue;
            }
            const started = deps.now();
            const failures = await runOne(session, test, file, deps);
            finish(
              {
                ...base(test),
                status: failures.length ? 'failed' : 'passed',
                failures,
                durationMs: Math.round(deps.now() - started),
              },
              test,
            );
          }
        });
      } catch (err) {
        failAll(toMcpctlError(err));
      }
    }),
  );
  return selected.map((t) => results.get(t)!).filter(Boolean);
}

async function runOne(session: Session, test: TestCase, file: TestFile, deps: RunnerDeps): Promise<Failure[]> {
  const limit = test.timeoutMs === undefined ? {} : { timeout: test.timeoutMs, maxTotalTimeout: test.timeoutMs };
  const options = session.requestOptions({ ...limit, signal: deps.signal });
  const outcome: StepOutcome = await runStep(session, test.step, options, deps.now);
  let breaking: string[] | undefined;
  const snapshot = test.expect.tools?.snapshot;
  if (snapshot !== undefined && !outcome.error) {
    let before: Contract;
    try {
      before = await readContract(path.resolve(path.dirname(file.file), snapshot), snapshot);
    } catch (err) {
      return [
        {
          expectation: 'tools.snapshot',
          expected: `a snapshot at ${snapshot}`,
          actual: undefined,
          message: toMcpctlError(err).message,
        },
      ];
    }
    breaking = (await diffContracts(before, await snapshotContract(session)))
      .filter((c) => c.class === 'breaking')
      .map((c) => `${c.path}: ${c.message}`);
  }
  return check(test, outcome, { breaking });
}
