// The tap reporter: TAP version 14, one test point per test, a YAML diagnostic block with
// expected vs actual under each failure and the error under a test that could not run
// (`not ok … # error`: not a directive TAP 14 knows, so a strict reader keeps it as the point's
// description and still counts a failure),
// `# SKIP` with the reason.

import { stringify } from 'yaml';
import { coverageLines, errorCount, type RunReport } from './model.js';
import type { TestResult } from '../run.js';

/** `#` starts a directive and `\` escapes in a TAP description; newlines would end the line. */
function description(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/#/g, '\\#')
    .replace(/[\r\n]+/g, ' ');
}

function diagnostics(value: object): string[] {
  const body = stringify(value, { lineWidth: 0 }).trimEnd().split('\n');
  return ['  ---', ...body.map((l) => `  ${l}`), '  ...'];
}

function point(n: number, r: TestResult): string[] {
  const name = description(r.name);
  const where = { at: r.at, server: r.server, step: r.step };
  switch (r.status) {
    case 'passed':
      return r.flaky
        ? [`ok ${n} - ${name}`, ...diagnostics({ ...where, flaky: true, attempts: r.attempts })]
        : [`ok ${n} - ${name}`];
    case 'skipped':
      return [`ok ${n} - ${name} # SKIP ${description(r.skipReason ?? '')}`.trimEnd()];
    case 'error':
      return [`not ok ${n} - ${name} # error`, ...diagnostics({ ...where, severity: 'error', error: r.error ?? null })];
    case 'failed':
      return [
        `not ok ${n} - ${name}`,
        ...diagnostics({
          ...where,
          failures: r.failures.map((f) => ({
            expectation: f.expectation,
            ...(f.at ? { at: f.at } : {}),
            expected: f.expected ?? null,
            actual: f.actual ?? null,
            ...(f.message ? { message: f.message } : {}),
          })),
          ...(r.attempts ? { attempts: r.attempts } : {}),
        }),
      ];
  }
}

export function renderTap(report: RunReport): string {
  const lines = ['TAP version 14', `1..${report.summary.total}`];
  let n = 0;
  for (const file of report.files) {
    lines.push(`# ${description(file.file)}`);
    for (const r of file.results) lines.push(...point(++n, r));
  }
  lines.push(...coverageLines(report).map((l) => `# ${description(l)}`));
  const { passed, failed, errors, skipped, flaky } = report.summary;
  const extra = [
    errors ? `, ${errorCount(errors)}` : '',
    skipped ? `, ${skipped} skipped` : '',
    flaky ? `, ${flaky} flaky` : '',
  ];
  lines.push(`# ${passed} passed, ${failed} failed${extra.join('')}`);
  return `${lines.join('\n')}\n`;
}
