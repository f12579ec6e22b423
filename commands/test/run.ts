// `mcpctl test FILE…`: run test files of steps with expectations against MCP servers; report on
// a terminal as a live list, and as JUnit XML, TAP 14, JSON or GitHub annotations for a CI
// system, several at once. Everything that can be wrong with the files, their servers or the
// report files is found before any server starts (exit 2). Exit 8 when a test failed.

import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import type { Shard, TestOptions } from './command.js';
import { planReports, writeReports } from './reports.js';
import { configError, McpctlError, toMcpctlError, usageError, type ErrorKind } from '../../src/errors.js';
import type { ServerSpec } from '../../src/config/types.js';
import { resolveServer } from '../../src/config/resolve.js';
import { escapeControls } from '../../src/escape.js';
import { Secrets } from '../../src/redact.js';
import { loadTestFile, type TestCase, type TestFile } from '../../src/testing/load.js';
import { resolveStartedServer, type StartSpec } from '../../src/testing/server-start.js';
import { type FileRun, runTestFile } from '../../src/testing/run.js';
import { type FileResults, type RunReport, runReport } from '../../src/testing/report/model.js';
import { renderResultLine, renderSummary } from '../../src/testing/report/terminal.js';

export async function runTest(deps: Deps, opts: TestOptions): Promise<Outcome> {
  const { out, ctx } = deps;
  const secrets = ctx.secrets ?? new Secrets();
  const filter = parseFilter(opts.filter);
  // Everything is checked before anything runs: a bad file, server or report path is exit 2
  // with nothing started.
  const plan = await planReports(deps, opts);
  const loaded: TestFile[] = [];
  for (const file of opts.files) loaded.push(await loadTestFile(file, ctx));
  loaded.flatMap((f) => f.warnings).forEach((w) => out.warn(w));
  if (opts.forbidOnly) refuseOnly(loaded);
  const specs = await resolveServers(deps, loaded);
  const chosen = choose(loaded, filter, opts.shard);
  if (chosen.size === 0 && !opts.passWithNoTests)
    throw usageError(`no test to run: ${nothingLeftBy(opts)}`, {
      hint: 'check the pattern and the file names, or pass --pass-with-no-tests when an empty run is fine',
    });

  const style = { tty: out.tty, chalk: out.chalk, safe: out.tty ? escapeControls : (s: string) => s };
  let printing = Promise.resolve();
  // Reports are mcpctl's words, not data the user asked for: masked even into a pipe or a file.
  // A failed write is held by the chain until it is awaited below, after the last test.
  const show = (text: string) => {
    printing = printing.then(() => out.print(secrets.mask(text)));
    printing.catch(() => {});
  };
  // No new test starts after --timeout, and the one in flight is cancelled.
  const deadline = deps.deadline.timer(
    (ms) => new SdkError(SdkErrorCode.RequestTimeout, 'Maximum total timeout exceeded', { maxTotalTimeout: ms }),
  );
  const signal = AbortSignal.any([ctx.signal, deadline.signal]);
  const started = ctx.now();
  const bail = { tripped: false };
  const files: FileResults[] = [];
  const runs: FileRun[] = [];
  try {
    for (const file of loaded) {
      if (plan.live && out.tty && loaded.length > 1) show(`${out.chalk.bold(file.shownAs)}\n`);
      const run = await runTestFile(
        file,
        {
          resolve: async (name) => specs.get(file)!.get(name)!.spec,
          startOf: (name) => specs.get(file)!.get(name)?.start,
          serverLog: out.verbose ? (server, line) => void ctx.io.stderr.write(`${server}: ${line}\n`) : undefined,
          // The run's --timeout is the deadline above, not a limit per request; each file's
          // servers are ended when its tests are done.
          session: (spec, fn) =>
            deps.sessions.open(spec, (session) => fn(session), { ownDeadline: true, endWhenDone: true }),
          now: ctx.now,
          signal,
          onResult: (r) => {
            if (plan.live) show(renderResultLine(r, style));
          },
          secrets,
        },
        { include: (t) => chosen.has(t), bail: opts.bail },
        bail,
      );
      runs.push(run);
      files.push({ file: file.shownAs, results: run.results });
    }
  } finally {
    deadline.stop();
  }
  await printing;
  const report = runReport(files, Math.round(ctx.now() - started), mergeCoverage(runs, loaded));
  if (plan.live) await out.print(secrets.mask(renderSummary(report, style)));
  await writeReports(deps, plan, report, style, secrets);

  if (ctx.signal.aborted)
    throw new McpctlError('interrupted', 'the test run was interrupted', {
      hint: 'the tests that had finished are reported above',
    });
  if (deadline.signal.aborted)
    throw new McpctlError('timeout', `the test run did not finish within --timeout ${deps.global.timeout}s`, {
      hint: 'raise --timeout, or give slow tests their own "timeout"',
    });
  verdict(report);
  if (report.summary.total === 0) out.warn(`no test was run: ${nothingLeftBy(opts)}`);
  return SUCCESS;
}

function parseFilter(pattern: string | undefined): RegExp | undefined {
  try {
    return pattern === undefined ? undefined : new RegExp(pattern);
  } catch (err) {
    throw usageError(
      `--filter ${pattern}: not a regular expression (${err instanceof Error ? err.message : String(err)})`,
    );
  }
}

function nothingLeftBy(opts: TestOptions): string {
  const by = [
    opts.filter !== undefined ? `--filter ${opts.filter} matches no test name` : '',
    opts.shard ? `shard ${opts.shard.index}/${opts.shard.count} got none` : '',
  ].filter(Boolean);
  return by.length ? by.join(', and ') : 'the files hold none';
}

/** --forbid-only: a committed `only: true` would silently run a fraction of the suite in CI. */
function refuseOnly(files: TestFile[]): void {
  const marked = files.flatMap((f) => f.tests.filter((t) => t.only).map((t) => `${t.at}: test "${t.name}"`));
  if (marked.length === 0) return;
  throw usageError(
    `--forbid-only: ${marked.length === 1 ? marked[0] : `\n  ${marked.join('\n  ')}\n`} is marked only: true`,
    {
      hint: 'remove "only: true" before committing; locally, run without --forbid-only',
    },
  );
}

/** A server of the run, resolved; `start` when the test file starts it itself. */
interface RunServer {
  spec: ServerSpec;
  start?: StartSpec;
}

/**
 * Every server every test names, resolved (variables expanded, trust checked, a free port
 * picked for `${port}`) before any starts: a name no config or test file defines is exit 2 at
 * the test's file:line:col.
 */
async function resolveServers(deps: Deps, files: TestFile[]): Promise<Map<TestFile, Map<string, RunServer>>> {
  const out = new Map<TestFile, Map<string, RunServer>>();
  for (const file of files) {
    const specs = new Map<string, RunServer>();
    for (const test of file.tests) {
      if (specs.has(test.server)) continue;
      const entry = file.servers.find((s) => s.name === test.server);
      const start = file.starts[test.server];
      const opts = { protocol: deps.global.protocol };
      try {
        specs.set(
          test.server,
          entry && start
            ? await resolveStartedServer(entry, start, deps.ctx, opts)
            : { spec: entry ? resolveServer(entry, deps.ctx, opts) : await deps.servers.resolve(test.server) },
        );
      } catch (err) {
        const e = toMcpctlError(err);
        if (e.kind !== 'usage') throw e;
        throw configError(`${test.serverAt}: test "${test.name}": ${e.message}`, {
          server: test.server,
          phase: 'config',
          hint: e.hint ?? 'define the server under "servers" in the test file, or in the configuration',
        });
      }
    }
    out.set(file, specs);
  }
  return out;
}

/**
 * The tests of this run: those --filter lets through, then this shard's part. Shards split
 * whole files while there are at least as many files as shards, else single tests; the order
 * is the files' names, so every job of a matrix computes the same split.
 */
function choose(files: TestFile[], filter: RegExp | undefined, shard: Shard | undefined): Set<TestCase> {
  const sorted = [...files].sort((a, b) => (a.shownAs < b.shownAs ? -1 : a.shownAs > b.shownAs ? 1 : 0));
  const passing = sorted.map((f) => f.tests.filter((t) => !filter || filter.test(t.name)));
  if (!shard) return new Set(passing.flat());
  const mine = (i: number) => i % shard.count === shard.index - 1;
  if (files.length >= shard.count) return new Set(passing.flatMap((tests, i) => (mine(i) ? tests : [])));
  return new Set(passing.flat().filter((_, i) => mine(i)));
}

/** Per server, the tools no file of the run called (a tool one file calls is covered). */
function mergeCoverage(runs: FileRun[], files: TestFile[]): RunReport['coverage'] {
  if (!files.some((f) => f.coverage.length)) return undefined;
  const uncalled = new Map<string, Set<string>>();
  for (const { server, uncalled: names } of runs.flatMap((r) => r.coverage)) {
    const before = uncalled.get(server);
    uncalled.set(server, before ? new Set(names.filter((n) => before.has(n))) : new Set(names));
  }
  return [...uncalled].map(([server, names]) => ({ server, uncalled: [...names].sort() }));
}

/** Exit 8 when a test failed or coverage fell short; else a test that could not run gives its error's exit code. */
function verdict(report: RunReport): void {
  const { failed, errors, total } = report.summary;
  const couldNotRun = errors ? `, ${errors} could not run` : '';
  if (failed > 0)
    throw new McpctlError('check', `${failed} of ${total} test${total === 1 ? '' : 's'} failed${couldNotRun}`);
  const gaps = (report.coverage ?? []).filter((c) => c.uncalled.length);
  if (gaps.length)
    throw new McpctlError(
      'check',
      `coverage: ${gaps.map((c) => `server "${c.server}" has tools no test calls: ${c.uncalled.join(', ')}`).join('; ')}`,
      { hint: 'add a test that calls each, or leave "coverage: tools" out of the file' },
    );
  const first = report.files.flatMap((f) => f.results).find((r) => r.error)?.error;
  if (first)
    throw new McpctlError(
      first.kind as ErrorKind,
      `${errors} of ${total} test${total === 1 ? '' : 's'} could not run: ${first.message}`,
      {
        exitCode: first.exitCode,
        hint: 'an error is the infrastructure failing (start, connection, time limit), not a wrong answer',
      },
    );
}
