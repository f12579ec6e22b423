// Where the reports of a `mcpctl test` run go: each reporter to its file or to stdout, checked
// before anything starts (a stdout holds one document, or the live list and annotations), and
// every text masked with the run's secrets before it is written.

import path from 'node:path';
import type { Deps } from '../common/deps.js';
import type { ReportTarget, Reporter, TestOptions } from './command.js';
import { usageError } from '../../src/errors.js';
import { makeChalk } from '../../src/output/color.js';
import { checkReportFile, writeReportFile } from '../../src/output/report-file.js';
import type { Secrets } from '../../src/redact.js';
import type { RunReport } from '../../src/testing/report/model.js';
import { renderJson } from '../../src/testing/report/json.js';
import { renderJunit } from '../../src/testing/report/junit.js';
import { renderTap } from '../../src/testing/report/tap.js';
import { renderGithub, renderGithubSummary } from '../../src/testing/report/github.js';
import { renderResultLine, renderSummary, type TerminalStyle } from '../../src/testing/report/terminal.js';
import { promises as fs } from 'node:fs';

/** Reporters that make one document of their own: two of them cannot share stdout. */
const DOCUMENTS: readonly Reporter[] = ['junit', 'tap', 'json'];

export interface ReportPlan {
  targets: ReportTarget[];
  /** Results appear on stdout as they finish. */
  live: boolean;
}

/** The reports asked for, with --output given to the one that names no file; refused when stdout would mix. */
export async function planReports(deps: Deps, opts: TestOptions): Promise<ReportPlan> {
  let targets: ReportTarget[] = opts.reports?.length
    ? opts.reports
    : [{ reporter: deps.out.json ? 'json' : 'terminal' }];
  if (opts.output !== undefined) {
    const open = targets.filter((t) => t.file === undefined);
    if (open.length !== 1)
      throw usageError(`--output ${opts.output}: ${open.length ? 'several reporters' : 'no reporter'} could take it`, {
        hint: 'name each report file with --reporter NAME:FILE instead',
      });
    targets = targets.map((t) => (t === open[0] ? { ...t, file: opts.output } : t));
  }
  const onStdout = targets.filter((t) => t.file === undefined).map((t) => t.reporter);
  const documents = onStdout.filter((r) => DOCUMENTS.includes(r));
  if (documents.length > 1 || (documents.length === 1 && onStdout.length > 1))
    throw usageError(`--reporter: ${onStdout.join(' and ')} would all write to stdout`, {
      hint: `give all but one a file: --reporter ${documents[0]}:${documents[0]}.out`,
    });
  const files = targets.flatMap((t) => (t.file === undefined ? [] : [t.file]));
  const seen = new Set<string>();
  for (const file of files) {
    const full = path.resolve(deps.ctx.cwd, file);
    if (seen.has(full)) throw usageError(`--reporter: two reports would be written to ${file}`);
    seen.add(full);
    await checkReportFile(full, file);
  }
  return { targets, live: documents.length === 0 && (onStdout.includes('terminal') || onStdout.length === 0) };
}

export function render(reporter: Reporter, report: RunReport, style: TerminalStyle): string {
  switch (reporter) {
    case 'junit':
      return renderJunit(report);
    case 'tap':
      return renderTap(report);
    case 'json':
      return renderJson(report);
    case 'github':
      return renderGithub(report);
    case 'terminal': {
      const plain = { ...style, tty: false, chalk: makeChalk(0) };
      return (
        report.files.flatMap((f) => f.results.map((r) => renderResultLine(r, plain))).join('') +
        renderSummary(report, plain)
      );
    }
  }
}

/** Every report to its place, masked; the live terminal list has been printed already. */
export async function writeReports(
  deps: Deps,
  plan: ReportPlan,
  report: RunReport,
  style: TerminalStyle,
  secrets: Secrets,
): Promise<void> {
  const { out, ctx } = deps;
  for (const target of plan.targets) {
    if (target.reporter === 'terminal' && target.file === undefined) continue;
    const text = secrets.mask(render(target.reporter, report, style));
    if (target.file !== undefined) await writeReportFile(path.resolve(ctx.cwd, target.file), text, target.file);
    else await out.print(text);
    const summary = ctx.env.GITHUB_STEP_SUMMARY;
    if (target.reporter === 'github' && summary)
      await fs
        .appendFile(summary, secrets.mask(renderGithubSummary(report)))
        .catch((err: Error) =>
          out.warn(`$GITHUB_STEP_SUMMARY (${summary}): cannot append the summary: ${err.message}`),
        );
  }
}
