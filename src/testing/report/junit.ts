// The junit reporter: JUnit XML as CI systems read it (one <testsuite> per file, one <testcase>
// per test, <failure> with expected vs actual, <skipped> with the reason).

import type { TestResult } from '../run.js';
import { shownValue, type RunReport } from './model.js';

/** Characters XML 1.0 cannot carry at all; shown as \uXXXX instead. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

export function renderJunit(report: RunReport): string {
  const { summary } = report;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcpctl test" tests="${summary.total}" failures="${summary.failed}" errors="0" skipped="${summary.skipped}" time="${seconds(report.durationMs)}">`,
  ];
  for (const file of report.files) {
    const count = (s: TestResult['status']) => file.results.filter((r) => r.status === s).length;
    const time = file.results.reduce((sum, r) => sum + r.durationMs, 0);
    lines.push(
      `  <testsuite name="${xmlText(file.file)}" tests="${file.results.length}" failures="${count('failed')}" errors="0" skipped="${count('skipped')}" time="${seconds(time)}">`,
    );
    for (const r of file.results) {
      const open = `    <testcase name="${xmlText(r.name)}" classname="${xmlText(`${file.file}.${r.server}`)}" time="${seconds(r.durationMs)}"`;
      if (r.status === 'passed') {
        lines.push(`${open}/>`);
        continue;
      }
      lines.push(`${open}>`);
      if (r.status === 'skipped') lines.push(`      <skipped message="${xmlText(r.skipReason ?? 'skipped')}"/>`);
      else {
        const first = r.failures[0];
        const message = first
          ? `${first.expectation}: expected ${shownValue(first.expected)}, actual ${shownValue(first.actual)}`
          : 'failed';
        const body = [
          `at ${r.at} (server ${r.server}, step ${r.step})`,
          ...r.failures.map(
            (f) =>
              `${f.expectation}\n  expected: ${shownValue(f.expected)}\n  actual:   ${shownValue(f.actual)}${f.message ? `\n  ${f.message}` : ''}`,
          ),
        ].join('\n');
        lines.push(
          `      <failure message="${xmlText(message)}" type="${xmlText(first?.expectation ?? 'failure')}">${xmlText(body)}</failure>`,
        );
      }
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
