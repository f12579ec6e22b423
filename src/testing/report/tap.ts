// The tap reporter: TAP version 14, one test point per test, a YAML diagnostic block with
// expected vs actual under each failure, `# SKIP` with the reason.

import { stringify } from 'yaml';
import type { RunReport } from './model.js';

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

export function renderTap(report: RunReport): string {
  const lines = ['TAP version 14', `1..${report.summary.total}`];
  let n = 0;
  for (const file of report.files) {
    lines.push(`# ${description(file.file)}`);
    for (const r of file.results) {
      n++;
      const name = description(r.name);
      if (r.status === 'passed') lines.push(`ok ${n} - ${name}`);
      else if (r.status === 'skipped')
        lines.push(`ok ${n} - ${name} # SKIP ${description(r.skipReason ?? '')}`.trimEnd());
      else {
        lines.push(`not ok ${n} - ${name}`);
        lines.push(
          ...diagnostics({
            at: r.at,
            server: r.server,
            step: r.step,
            failures: r.failures.map((f) => ({
              expectation: f.expectation,
              expected: f.expected ?? null,
              actual: f.actual ?? null,
              ...(f.message ? { message: f.message } : {}),
            })),
          }),
        );
      }
    }
  }
  const { passed, failed, skipped } = report.summary;
  lines.push(`# ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  return `${lines.join('\n')}\n`;
}
