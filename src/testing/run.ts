// Runs the tests of one file: one connection per server (opened on first use, closed at the
// end), the servers concurrently, each server's tests in file order; results are reported as
// they finish and returned in file order.

import path from 'node:path';
import type { ServerSpec } from '../config/types.js';
import type { Session } from '../mcp/session/session.js';
import { McpctlError, toMcpctlError } from '../errors.js';
import { check, type Failure } from './expect.js';
import { runStep, type StepOutcome } from './steps.js';
import type { FixtureStep, StepCase, TestCase, TestFile } from './load.js';
import { lookup } from './path.js';
import { specSecrets } from './redact.js';
import { listAll } from '../mcp/requests/lists.js';
import { toolAllowed } from '../mcp/requests/filters.js';
import type { Secrets } from '../redact.js';
import { snapshotContract, type Contract } from '../contract/snapshot.js';
import { diffContracts } from '../contract/diff.js';
import { readContract } from '../contract/read.js';
import { classifyError } from '../mcp/session/classify.js';
import type { StartSpec } from './server-start.js';
import { whileServing } from './serve.js';

/** `error`: the test could not be judged (the server did not start, the connection broke, a time limit outside an expectation). */
export type TestStatus = 'passed' | 'failed' | 'error' | 'skipped';

/** Error kinds that mean the infrastructure failed, not the server's answer. */
const INFRASTRUCTURE: ReadonlySet<string> = new Set(['connection', 'timeout', 'interrupted', 'internal', 'auth']);

export interface TestResult {
  file: string;
  name: string;
  server: string;
  step: StepCase['step']['kind'];
  /** `file:line:col` of the test. */
  at: string;
  status: TestStatus;
  failures: Failure[];
  /** status error: what went wrong, with the exit code it would have alone. */
  error?: { kind: string; message: string; exitCode: number };
  skipReason?: string;
  durationMs: number;
  /** With retries: the attempts made (1 when the first one settled it). */
  attempts?: number;
  /** Passed after failing attempts. */
  flaky?: boolean;
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
  /** The run's secrets: every result is masked with them before anyone sees it. */
  secrets: Secrets;
  /** Values the file's setup captured, for every test (filled in by runTestFile). */
  captures?: ReadonlyMap<string, unknown>;
  /** How a server the file starts itself is started; undefined for the others. */
  startOf?(name: string): StartSpec | undefined;
  /** Each line of output of a server the file starts (shown with -v). */
  serverLog?(server: string, line: string): void;
}

export interface RunSettings {
  /** Whether a test belongs to this run (--filter, --shard); the others are not reported at all. */
  include(test: TestCase): boolean;
  bail: boolean;
}

export interface Bail {
  tripped: boolean;
}

export interface FileRun {
  results: TestResult[];
  /** `coverage: tools`: per server the file tested, the tools it lists that no test of the file called. */
  coverage: { server: string; uncalled: string[] }[];
}

export async function runTestFile(
  file: TestFile,
  deps: RunnerDeps,
  settings: RunSettings,
  bail: Bail,
): Promise<FileRun> {
  const run = new FileRunner(file, deps, settings, bail);
  const selected = file.tests.filter((t) => settings.include(t));
  const byServer = new Map<string, TestCase[]>();
  for (const test of selected) byServer.set(test.server, [...(byServer.get(test.server) ?? []), test]);
  const onlyMode = selected.some((t) => t.only);
  await Promise.all([...byServer].map(([server, tests]) => run.onServer(server, tests, onlyMode)));
  return {
    results: [...selected.map((t) => run.results.get(t)!).filter(Boolean), ...run.extra],
    coverage: run.coverage.sort((a, b) => a.server.localeCompare(b.server)),
  };
}

/** One file's run: the results as they come, each reported (masked) the moment it is known. */
class FileRunner {
  readonly results = new Map<TestCase, TestResult>();
  readonly coverage: FileRun['coverage'] = [];
  /** Results that belong to no test: a teardown that failed. */
  readonly extra: TestResult[] = [];

  constructor(
    private readonly file: TestFile,
    private readonly deps: RunnerDeps,
    private readonly settings: RunSettings,
    private readonly bail: Bail,
  ) {}

  /**
   * The tests of one server: in one session between the file's setup and teardown for it, or,
   * for a server the file starts afresh for each test, in a session (and a server) of their own.
   */
  async onServer(server: string, tests: TestCase[], onlyMode: boolean): Promise<void> {
    const { deps, file } = this;
    if (tests.every((t) => this.skipReason(t, onlyMode) !== undefined))
      return tests.forEach((t) => this.skipped(t, this.skipReason(t, onlyMode)!));
    let spec: ServerSpec;
    try {
      spec = await deps.resolve(server);
    } catch (err) {
      return this.failAll([...tests], toMcpctlError(err), onlyMode);
    }
    specSecrets(spec).forEach((s) => deps.secrets.add(s));
    const start = deps.startOf?.(server);
    const batches = start?.per === 'test' ? tests.map((t) => [t]) : [tests];
    let listed: string[] | undefined;
    for (const batch of batches) {
      // A server started for each test is not started for a test that is skipped.
      if (batch.every((t) => this.skipReason(t, onlyMode) !== undefined))
        batch.forEach((t) => this.skipped(t, this.skipReason(t, onlyMode)!));
      else listed = (await this.onConnection(server, spec, start, [...batch], onlyMode)) ?? listed;
    }
    if (file.coverage.includes('tools') && listed)
      this.coverage.push({ server, uncalled: uncalledTools(listed, tests, this.results) });
  }

  /** One connection (and the server's process, when the file starts it) for `pending`; the tools it lists when coverage asks. */
  private async onConnection(
    server: string,
    spec: ServerSpec,
    start: StartSpec | undefined,
    pending: TestCase[],
    onlyMode: boolean,
  ): Promise<string[] | undefined> {
    const { deps, file } = this;
    const log = deps.serverLog;
    let began = false;
    try {
      return await whileServing(start, { signal: deps.signal, log: log && ((line) => log(server, line)) }, () =>
        deps.session(spec, async (session) => {
          const captures = new Map<string, unknown>();
          began = true;
          const setupError = await this.fixtureSteps(session, 'setup', server, captures);
          if (setupError) {
            this.failAll(pending, setupError, onlyMode);
            return undefined;
          }
          try {
            await this.runPending(session, pending, onlyMode, { ...deps, captures });
          } finally {
            const teardownError = await this.fixtureSteps(session, 'teardown', server, captures);
            if (teardownError) this.teardownFailed(server, teardownError);
          }
          return file.coverage.includes('tools') ? await listedTools(session) : undefined;
        }),
      );
    } catch (err) {
      // Stopped before the first test began (its server starting, or connecting): that test was in flight.
      this.failAll(pending, toMcpctlError(err), onlyMode, !began && deps.signal.aborted);
      return undefined;
    }
  }

  /**
   * Every test still pending could not run because of `error`; a test skipped anyway is
   * reported as skipped. `firstInFlight`: the run was stopped while the first was on its way; it
   * gets the error, the rest are skipped as the run was stopped.
   */
  private failAll(pending: TestCase[], error: McpctlError, onlyMode: boolean, firstInFlight = false): void {
    let inFlight = firstInFlight;
    for (const test of pending.splice(0)) {
      const chosen = this.chosenSkip(test, onlyMode);
      const reason = chosen ?? (inFlight ? undefined : this.skipReason(test, onlyMode));
      if (reason) {
        this.skipped(test, reason);
        continue;
      }
      inFlight = false;
      this.finish({ ...this.base(test), ...errored(error), durationMs: 0 }, test);
    }
  }

  /** A reason to skip that the file or the run's choices give (skip, only), not the run being stopped. */
  private chosenSkip(test: TestCase, onlyMode: boolean): string | undefined {
    if (test.skip) return test.skip === true ? 'skip' : test.skip;
    if (onlyMode && !test.only) return 'not marked only';
    return undefined;
  }

  private async runPending(session: Session, pending: TestCase[], onlyMode: boolean, stepDeps: RunnerDeps) {
    while (pending.length) {
      const test = pending.shift()!;
      const reason = this.skipReason(test, onlyMode);
      if (reason) {
        this.skipped(test, reason);
        continue;
      }
      const started = this.deps.now();
      // Whatever goes wrong while this test runs is its own error, never the next one's.
      const verdict = await attempts(session, test, this.file, stepDeps).catch((err: unknown) =>
        errored(toMcpctlError(err)),
      );
      this.finish({ ...this.base(test), ...verdict, durationMs: Math.round(this.deps.now() - started) }, test);
    }
  }

  private skipReason(test: TestCase, onlyMode: boolean): string | undefined {
    const chosen = this.chosenSkip(test, onlyMode);
    if (chosen) return chosen;
    if (this.bail.tripped) return '--bail: an earlier test failed';
    if (this.deps.signal.aborted) return 'the run was stopped';
    return undefined;
  }

  private finish(result: TestResult, test: TestCase): void {
    const clean = this.deps.secrets.maskDeep(result);
    this.results.set(test, clean);
    if ((clean.status === 'failed' || clean.status === 'error') && this.settings.bail) this.bail.tripped = true;
    this.deps.onResult(clean);
  }

  private base(test: TestCase) {
    return {
      file: this.file.shownAs,
      name: test.name,
      server: test.server,
      step: test.steps[0]!.step.kind,
      at: test.at,
    };
  }

  private skipped(test: TestCase, reason: string): void {
    this.finish({ ...this.base(test), status: 'skipped', failures: [], skipReason: reason, durationMs: 0 }, test);
  }

  private fixtureSteps(session: Session, key: 'setup' | 'teardown', server: string, captures: Map<string, unknown>) {
    const steps = this.file[key].filter((f) => f.server === server);
    return runFixture(session, this.file, steps, key, captures, this.deps).catch(toMcpctlError);
  }

  private teardownFailed(server: string, error: McpctlError): void {
    const first = this.file.teardown.find((t) => t.server === server)!;
    const result = this.deps.secrets.maskDeep({
      file: this.file.shownAs,
      name: `teardown (${server})`,
      server,
      step: first.step.kind,
      at: first.at,
      ...errored(error),
      durationMs: 0,
    });
    this.extra.push(result);
    this.deps.onResult(result);
  }
}

/** A file's setup or teardown steps on one server; the error that stopped them, if one did. */
async function runFixture(
  session: Session,
  file: TestFile,
  steps: FixtureStep[],
  key: 'setup' | 'teardown',
  captures: Map<string, unknown>,
  deps: RunnerDeps,
): Promise<McpctlError | undefined> {
  for (const step of steps) {
    const verdict = await runStepCase(session, step, captures, undefined, file, deps);
    if ('infrastructure' in verdict) return verdict.infrastructure;
    const first = verdict.failures[0];
    if (first)
      return new McpctlError(
        'check',
        `${key} step at ${step.at} failed: ${first.expectation}: expected ${JSON.stringify(first.expected)}, actual ${JSON.stringify(first.actual)}${first.message ? ` (${first.message})` : ''}`,
      );
  }
  return undefined;
}

/** The names of the tools the server lists (its filters applied). */
async function listedTools(session: Session): Promise<string[]> {
  const { items } = await listAll(session.client, 'tools', { requestOptions: session.requestOptions({}) });
  return items.filter((t) => toolAllowed(session.spec, t.name)).map((t) => t.name);
}

/** The tools listed that none of the tests that ran called. */
function uncalledTools(listed: string[], tests: TestCase[], results: Map<TestCase, TestResult>): string[] {
  const called = new Set(
    tests.flatMap((t) =>
      results.get(t)?.status === 'skipped' ? [] : t.steps.flatMap((s) => (s.step.kind === 'call' ? [s.step.tool] : [])),
    ),
  );
  return listed.filter((name) => !called.has(name)).sort();
}

/** The failure with the position of its expectation: `structured[1] at /x: equals` is under `structured[1]`. */
function locate(step: StepCase, failure: Failure): Failure {
  for (let key = failure.expectation.split(/[ :]/)[0]!; key !== ''; ) {
    const at = step.expectAt[key];
    if (at !== undefined) return { ...failure, at };
    const shorter = key.replace(/(\.[^.[\]]*|\[\d+\])$/, '');
    key = shorter === key ? '' : shorter;
  }
  return { ...failure, at: step.at };
}

type Verdict = Pick<TestResult, 'status' | 'failures' | 'error' | 'attempts' | 'flaky'>;

function errored(error: McpctlError): Verdict {
  return {
    status: 'error',
    failures: [],
    error: { kind: error.kind, message: error.message, exitCode: error.exitCode },
  };
}

/** A test run once, and again up to its `retries` while it fails; an infrastructure error is not retried. */
async function attempts(session: Session, test: TestCase, file: TestFile, deps: RunnerDeps): Promise<Verdict> {
  const allowed = 1 + (test.retries ?? 0);
  for (let attempt = 1; ; attempt++) {
    const outcome = await runOne(session, test, file, deps);
    const counted = test.retries ? { attempts: attempt } : {};
    if ('infrastructure' in outcome) return { ...errored(outcome.infrastructure), ...counted };
    if (outcome.failures.length === 0)
      return { status: 'passed', failures: [], ...counted, ...(attempt > 1 ? { flaky: true } : {}) };
    if (attempt >= allowed || deps.signal.aborted) return { status: 'failed', failures: outcome.failures, ...counted };
  }
}

type StepVerdict = { failures: Failure[] } | { infrastructure: McpctlError };

/** A test's steps in order, each with the values the earlier ones (and the file's setup) captured; the first failing step ends it. */
async function runOne(session: Session, test: TestCase, file: TestFile, deps: RunnerDeps): Promise<StepVerdict> {
  const captures = new Map(deps.captures);
  for (const [i, step] of test.steps.entries()) {
    const verdict = await runStepCase(session, step, captures, test.timeoutMs, file, deps);
    if ('infrastructure' in verdict) return verdict;
    if (verdict.failures.length) {
      const prefix = test.steps.length > 1 ? `steps[${i}].` : '';
      return { failures: verdict.failures.map((f) => ({ ...f, expectation: `${prefix}${f.expectation}` })) };
    }
  }
  return { failures: [] };
}

/** One step: run with the captured values filled in, checked, its captures taken from the result. */
export async function runStepCase(
  session: Session,
  stepCase: StepCase,
  captures: Map<string, unknown>,
  timeoutMs: number | undefined,
  file: TestFile,
  deps: Pick<RunnerDeps, 'signal' | 'now'>,
): Promise<StepVerdict> {
  const step = fillCaptures(stepCase.step, captures);
  const limit = timeoutMs === undefined ? {} : { timeout: timeoutMs, maxTotalTimeout: timeoutMs };
  const options = session.requestOptions({ ...limit, signal: deps.signal });
  const outcome: StepOutcome = await runStep(session, step, options, deps.now);
  if (outcome.error && INFRASTRUCTURE.has(outcome.error.kind) && stepCase.expect.error !== outcome.error.kind)
    return { infrastructure: outcome.error };
  const expect = fillCaptures(stepCase.expect, captures);
  const checked = await expectations(session, { step, expect }, outcome, file);
  if ('infrastructure' in checked) return checked;
  const failures = checked.failures.map((f) => locate(stepCase, f));
  if (failures.length === 0) failures.push(...takeCaptures(stepCase, outcome, captures));
  return { failures };
}

/** `${name}` markers replaced by captured values: a string that is only the marker takes the value as it is (a number stays a number). */
function fillCaptures<T>(value: T, captures: ReadonlyMap<string, unknown>): T {
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const whole = /^\uE100([^\uE101]*)\uE101$/.exec(v);
      if (whole && captures.has(whole[1]!)) return captures.get(whole[1]!);
      return v.replace(/\uE100([^\uE101]*)\uE101/g, (_m, name: string) => {
        const got = captures.get(name);
        return typeof got === 'string' ? got : JSON.stringify(got ?? null);
      });
    }
    if (Array.isArray(v)) return v.map(fill);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(value) as T;
}

/** The step's captures into `captures`; a path that finds nothing is a failure of the step. */
function takeCaptures(stepCase: StepCase, outcome: StepOutcome, captures: Map<string, unknown>): Failure[] {
  const failures: Failure[] = [];
  for (const [name, where] of Object.entries(stepCase.capture)) {
    const found = lookup(outcome.value, pointerOf(where));
    if (found.exists) captures.set(name, found.value);
    else
      failures.push({
        expectation: `capture.${name}`,
        expected: `a value at ${where}`,
        actual: undefined,
        at: stepCase.at,
      });
  }
  return failures;
}

/** `$.structuredContent.items[0].id` or `$['a b']` as a JSON Pointer; a pointer stays as it is. */
function pointerOf(path: string): string {
  if (!path.startsWith('$')) return path;
  const segments = [...path.slice(1).matchAll(/\.([^.[\]]+)|\[(\d+)\]|\['([^']*)'\]|\["([^"]*)"\]/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '',
  );
  return segments.map((seg) => `/${seg.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

async function expectations(
  session: Session,
  test: Pick<StepCase, 'step' | 'expect'>,
  outcome: StepOutcome,
  file: TestFile,
): Promise<StepVerdict> {
  let breaking: string[] | undefined;
  const snapshot = test.expect.tools?.snapshot;
  if (snapshot !== undefined && !outcome.error) {
    let before: Contract;
    try {
      before = await readContract(path.resolve(path.dirname(file.file), snapshot), snapshot);
    } catch (err) {
      return {
        failures: [
          {
            expectation: 'tools.snapshot',
            expected: `a snapshot at ${snapshot}`,
            actual: undefined,
            message: toMcpctlError(err).message,
          },
        ],
      };
    }
    // Its prompts and resources are listed too: a list that fails must end this test, not escape it.
    const now = await snapshotContract(session).catch((err: unknown) =>
      classifyError(err, session.spec, 'request', { stderrTail: session.stderrTail() }),
    );
    if (now instanceof McpctlError) return unlisted(now);
    breaking = (await diffContracts(before, now))
      .filter((c) => c.class === 'breaking')
      .map((c) => `${c.path}: ${c.message}`);
  }
  return { failures: check(test, outcome, { breaking }) };
}

/** The server's contract could not be listed for tools.snapshot: an error as a step's own would be (a wrong answer, or the infrastructure's). */
function unlisted(error: McpctlError): StepVerdict {
  if (INFRASTRUCTURE.has(error.kind)) return { infrastructure: error };
  return {
    failures: [
      { expectation: 'tools.snapshot', expected: "the server's contract", actual: undefined, message: error.message },
    ],
  };
}
