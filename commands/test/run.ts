// `mcpctl test FILE…`: run test files of steps with expectations against MCP servers; report on
// a terminal as a live list, or as JUnit XML, TAP 14 or JSON for a CI system. Exit 8 when a
// test failed, 2 for a bad test file.

import path from 'node:path';
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import type { Reporter, TestOptions } from './command.js';
import { McpctlError, usageError } from '../../src/errors.js';
import type { ServerSpec } from '../../src/config/types.js';
import { resolveServer } from '../../src/config/resolve.js';
import { makeChalk } from '../../src/output/color.js';
import { Secrets } from '../../src/redact.js';
import { escapeControls } from '../../src/output/escape.js';
import { writeNewFile } from '../../src/output/report-file.js';
import { loadTestFile, type TestFile } from '../../src/testing/load.js';
import { runTestFile, type TestResult } from '../../src/testing/run.js';
import { type FileResults, type RunReport, runReport } from '../../src/testing/report/model.js';
import { renderJson } from '../../src/testing/report/json.js';
import { renderJunit } from '../../src/testing/report/junit.js';
import { renderTap } from '../../src/testing/report/tap.js';
import { renderResultLine, renderSummary, type TerminalStyle } from '../../src/testing/report/terminal.js';

export async function runTest(deps: Deps, opts: TestOptions): Promise<Outcome> {
  const { out, ctx } = deps;
  const secrets = ctx.secrets ?? new Secrets();
  const reporter: Reporter = out.json ? 'json' : opts.reporter;
  let filter: RegExp | undefined;
  try {
    filter = opts.filter === undefined ? undefined : new RegExp(opts.filter);
  } catch (err) {
    throw usageError(
      `--filter ${opts.filter}: not a regular expression (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  // Every file is checked before anything runs: a bad one is exit 2 with nothing started.
  const loaded: TestFile[] = [];
  for (const file of opts.files) loaded.push(await loadTestFile(file, ctx));
  loaded.flatMap((f) => f.warnings).forEach((w) => out.warn(w));

  const style = { tty: out.tty, chalk: out.chalk, safe: out.tty ? escapeControls : (s: string) => s };
  const live = reporter === 'terminal' || opts.output !== undefined;
  let printing = Promise.resolve();
  // Reports are mcpctl's words, not data the user asked for: masked even into a pipe or a file.
  const show = (text: string) => {
    printing = printing.then(() => out.print(secrets.mask(text)));
  };

  const deadline = new AbortController();
  const limitMs = deps.global.timeout === undefined ? undefined : Math.round(deps.global.timeout * 1000);
  const timer =
    limitMs === undefined
      ? undefined
      : setTimeout(
          () =>
            deadline.abort(
              new SdkError(SdkErrorCode.RequestTimeout, 'Maximum total timeout exceeded', { maxTotalTimeout: limitMs }),
            ),
          limitMs,
        );
  timer?.unref();
  const signal = AbortSignal.any([ctx.signal, deadline.signal]);
  const started = ctx.now();
  const bail = { tripped: false };
  const files: FileResults[] = [];
  try {
    for (const file of loaded) {
      if (live && out.tty && loaded.length > 1) show(`${out.chalk.bold(file.shownAs)}\n`);
      const results: TestResult[] = await runTestFile(
        file,
        {
          resolve: async (name): Promise<ServerSpec> => {
            const entry = file.servers.find((s) => s.name === name);
            return entry ? resolveServer(entry, ctx, { protocol: deps.global.protocol }) : deps.servers.resolve(name);
          },
          // The run's --timeout is the deadline above, not a limit per request; each file's
          // servers are ended when its tests are done.
          session: (spec, fn) =>
            deps.sessions.open(spec, (session) => fn(session), {
              commandDeadline: undefined,
              deferClose: undefined,
              closeAfter: undefined,
            }),
          now: ctx.now,
          signal,
          onResult: (r) => {
            if (live) show(renderResultLine(r, style));
          },
          secrets,
        },
        { filter, bail: opts.bail },
        bail,
      );
      files.push({ file: file.shownAs, results });
    }
  } finally {
    if (timer) clearTimeout(timer);
  }
  await printing;
  const report = runReport(files, Math.round(ctx.now() - started));
  if (live) await out.print(renderSummary(report, style));
  if (reporter !== 'terminal' || opts.output !== undefined) {
    const text = secrets.mask(renderReport(reporter, report, style));
    if (opts.output !== undefined) {
      await writeNewFile(path.resolve(ctx.cwd, opts.output), text, opts.output);
    } else await out.print(text);
  }

  if (ctx.signal.aborted)
    throw new McpctlError('interrupted', 'the test run was interrupted', {
      hint: 'the tests that had finished are reported above',
    });
  if (deadline.signal.aborted)
    throw new McpctlError('timeout', `the test run did not finish within --timeout ${deps.global.timeout}s`, {
      hint: 'raise --timeout, or give slow tests their own "timeout"',
    });
  const { failed, total } = report.summary;
  if (failed > 0) throw new McpctlError('check', `${failed} of ${total} test${total === 1 ? '' : 's'} failed`);
  if (total === 0) out.warn(filter ? `no test matches --filter ${opts.filter}` : 'no tests were run');
  return SUCCESS;
}

function renderReport(reporter: Reporter, report: RunReport, style: TerminalStyle): string {
  switch (reporter) {
    case 'junit':
      return renderJunit(report);
    case 'tap':
      return renderTap(report);
    case 'json':
      return renderJson(report);
    case 'terminal': {
      const plain = { ...style, tty: false, chalk: makeChalk(0) };
      return (
        report.files.flatMap((f) => f.results.map((r) => renderResultLine(r, plain))).join('') +
        renderSummary(report, plain)
      );
    }
  }
}
