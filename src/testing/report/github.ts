// The github reporter: a GitHub Actions workflow command per failed or errored test
// (`::error file=…,line=…,col=…::`), pointing at the line of the expectation that failed so the
// pull request shows it there, and a Markdown summary for $GITHUB_STEP_SUMMARY.

import type { TestResult } from '../run.js';
import { coverageLines, errorCount, headline, type RunReport } from './model.js';

/** Workflow command data: `%`, CR and LF are escaped, as the runner reads them. */
function data(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value also escapes the separators `:` and `,`. */
function property(text: string): string {
  return data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `file:line:col` → its parts; the file may itself hold colons. */
function position(at: string): { file: string; line?: string; col?: string } {
  const m = /^(.*):(\d+):(\d+)$/.exec(at);
  return m ? { file: m[1]!, line: m[2]!, col: m[3]! } : { file: at };
}

function annotation(r: TestResult): string {
  const where = position(r.failures[0]?.at ?? r.at);
  const props = [`file=${property(where.file)}`];
  if (where.line) props.push(`line=${where.line}`, `col=${where.col}`);
  props.push(`title=${property(`${r.status === 'error' ? 'could not run' : 'failed'}: ${r.name}`)}`);
  const body = [headline(r), ...r.failures.slice(1).map((f) => `${f.expectation}${f.at ? ` (${f.at})` : ''}`)];
  return `::error ${props.join(',')}::${data(body.join('\n'))}`;
}

export function renderGithub(report: RunReport): string {
  const lines = report.files.flatMap((f) =>
    f.results.filter((r) => r.status === 'failed' || r.status === 'error').map(annotation),
  );
  for (const f of report.files)
    for (const r of f.results.filter((x) => x.flaky))
      lines.push(
        `::warning ${`file=${property(position(r.at).file)},title=${property(`flaky: ${r.name}`)}`}::${data(`passed on attempt ${r.attempts}`)}`,
      );
  lines.push(...coverageLines(report).map((l) => `::error title=coverage::${data(l)}`));
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** Markdown table cells: `|` and newlines would break the row. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

export function renderGithubSummary(report: RunReport): string {
  const { total, passed, failed, errors, skipped, flaky } = report.summary;
  const out = [
    '## mcpctl test',
    '',
    `${passed} passed, ${failed} failed, ${skipped} skipped${errors ? `, ${errorCount(errors)}` : ''}${flaky ? `, ${flaky} flaky` : ''} (${total} tests)`,
    '',
  ];
  const bad = report.files.flatMap((f) => f.results.filter((r) => r.status === 'failed' || r.status === 'error'));
  if (bad.length) {
    out.push('| test | server | where | what |', '| --- | --- | --- | --- |');
    for (const r of bad)
      out.push(`| ${cell(r.name)} | ${cell(r.server)} | ${cell(r.failures[0]?.at ?? r.at)} | ${cell(headline(r))} |`);
    out.push('');
  }
  for (const l of coverageLines(report)) out.push(`- ${cell(l)}`);
  return `${out.join('\n')}\n`;
}
