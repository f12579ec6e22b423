// `mcpctl test FILE…`: run test files of steps with expectations against MCP servers; report on
// a terminal as a live list, or as JUnit XML, TAP 14 or JSON for a CI system. Exit 8 when a
// test failed, 2 for a bad test file.

import { Command, Option } from 'commander';
import path from 'node:path';
import type { RunState } from './common/run-state.js';
import type { Invocation } from './common/invocation.js';
import { examples } from './common/options.js';
import { McpctlError, usageError } from '../src/errors.js';
import type { ServerSpec } from '../src/config/types.js';
import type { TestFile } from '../src/testing/load.js';
import type { TestResult } from '../src/testing/run.js';
import type { FileResults } from '../src/testing/report/model.js';

export const REPORTERS = ['terminal', 'junit', 'tap', 'json'] as const;
export type Reporter = (typeof REPORTERS)[number];

export interface TestOptions {
  files: string[];
  reporter: Reporter;
  output?: string;
  filter?: string;
  bail: boolean;
}

export function testCommand(state: RunState): Command {
  return new Command('test')
    .description('run test files (YAML or JSON) of steps with expectations; exit 8 when a test fails')
    .argument('<files...>', 'test files (their format: mcpctl-test.schema.json)')
    .addOption(new Option('--reporter <name>', 'how results are reported').choices([...REPORTERS]).default('terminal'))
    .option('--output <file>', 'write the report to this new file (the live list still goes to stdout)')
    .option('--filter <regex>', 'run only the tests whose name matches')
    .option('--bail', 'stop after the first failed test (the rest are reported as skipped)')
    .addHelpText(
      'after',
      examples(
        'mcpctl test mcp-tests.yaml',
        'mcpctl test tests/*.yaml --reporter junit --output junit.xml',
        'mcpctl test mcp-tests.yaml --reporter tap',
        'mcpctl test mcp-tests.yaml --filter "^echo" --bail',
      ),
    )
    .action(
      async (
        files: string[],
        flags: { reporter: Reporter; output?: string; filter?: string; bail?: boolean },
        cmd: Command,
      ) => {
        await runTest(state.begin(cmd), {
          files,
          reporter: flags.reporter,
          output: flags.output,
          filter: flags.filter,
          bail: flags.bail === true,
        });
      },
    );
}

export async function runTest(inv: Invocation, opts: TestOptions): Promise<void> {
  const { out, ctx } = inv;
  const reporter: Reporter = out.json ? 'json' : opts.reporter;
  let filter: RegExp | undefined;
  try {
    filter = opts.filter === undefined ? undefined : new RegExp(opts.filter);
  } catch (err) {
    throw usageError(
      `--filter ${opts.filter}: not a regular expression (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  const [
    { loadTestFile },
    { runTestFile },
    { resolveServer },
    model,
    terminal,
    { escapeControls },
    { SdkError, SdkErrorCode },
  ] = await Promise.all([
    import('../src/testing/load.js'),
    import('../src/testing/run.js'),
    import('../src/config/resolve.js'),
    import('../src/testing/report/model.js'),
    import('../src/testing/report/terminal.js'),
    import('../src/output/escape.js'),
    import('@modelcontextprotocol/client'),
  ]);
  // Every file is checked before anything runs: a bad one is exit 2 with nothing started.
  const loaded: TestFile[] = [];
  for (const file of opts.files) loaded.push(await loadTestFile(file, ctx));
  loaded.flatMap((f) => f.warnings).forEach((w) => out.warn(w));

  const style = { tty: out.tty, chalk: out.chalk, safe: out.tty ? escapeControls : (s: string) => s };
  const live = reporter === 'terminal' || opts.output !== undefined;
  let printing = Promise.resolve();
  const show = (text: string) => {
    printing = printing.then(() => out.print(text));
  };

  const deadline = new AbortController();
  const limitMs = inv.global.timeout === undefined ? undefined : Math.round(inv.global.timeout * 1000);
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
            return entry ? resolveServer(entry, ctx, { protocol: inv.global.protocol }) : inv.resolve(name);
          },
          // The run's --timeout is the deadline above, not a limit per request; each file's
          // servers are ended when its tests are done.
          session: (spec, fn) =>
            inv.session(spec, fn, { commandDeadline: undefined, deferClose: undefined, closeAfter: undefined }),
          now: ctx.now,
          signal,
          onResult: (r) => {
            if (live) show(terminal.renderResultLine(r, style));
          },
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
  const report = model.runReport(files, Math.round(ctx.now() - started));
  if (live) await out.print(terminal.renderSummary(report, style));
  if (reporter !== 'terminal' || opts.output !== undefined) {
    const text = await renderReport(reporter, report, style);
    if (opts.output !== undefined) {
      const { writeNewFile } = await import('../src/output/report-file.js');
      await writeNewFile(path.resolve(ctx.cwd, opts.output), text, opts.output);
    } else await out.print(text);
  }

  if (ctx.signal.aborted)
    throw new McpctlError('interrupted', 'the test run was interrupted', {
      hint: 'the tests that had finished are reported above',
    });
  if (deadline.signal.aborted)
    throw new McpctlError('timeout', `the test run did not finish within --timeout ${inv.global.timeout}s`, {
      hint: 'raise --timeout, or give slow tests their own "timeout"',
    });
  const { failed, total } = report.summary;
  if (failed > 0) throw new McpctlError('check', `${failed} of ${total} test${total === 1 ? '' : 's'} failed`);
  if (total === 0) out.warn(filter ? `no test matches --filter ${opts.filter}` : 'no tests were run');
}

async function renderReport(
  reporter: Reporter,
  report: import('../src/testing/report/model.js').RunReport,
  style: import('../src/testing/report/terminal.js').TerminalStyle,
): Promise<string> {
  switch (reporter) {
    case 'junit':
      return (await import('../src/testing/report/junit.js')).renderJunit(report);
    case 'tap':
      return (await import('../src/testing/report/tap.js')).renderTap(report);
    case 'json':
      return (await import('../src/testing/report/json.js')).renderJson(report);
    case 'terminal': {
      const { renderResultLine, renderSummary } = await import('../src/testing/report/terminal.js');
      const { makeChalk } = await import('../src/output/color.js');
      const plain = { ...style, tty: false, chalk: makeChalk(0) };
      return (
        report.files.flatMap((f) => f.results.map((r) => renderResultLine(r, plain))).join('') +
        renderSummary(report, plain)
      );
    }
  }
}
