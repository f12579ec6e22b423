// The junit reporter: JUnit XML in the Jenkins/Surefire vocabulary CI systems read (one
// <testsuite> per file, one <testcase> per test, <failure> with expected vs actual, <error> for a
// test that could not run, <skipped> with the reason, <flakyFailure> for a pass on a retry).

import type { TestResult } from '../run.js';
import { coverageLines, headline, shownValue, type RunReport } from './model.js';

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
  // <testsuites> carries no skipped count in the Jenkins/Surefire vocabulary: each suite has its own.
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcpctl test" tests="${summary.total}" failures="${summary.failed}" errors="${summary.errors}" time="${seconds(report.durationMs)}">`,
  ];
  for (const file of report.files) {
    const count = (s: TestResult['status']) => file.results.filter((r) => r.status === s).length;
    const time = file.results.reduce((sum, r) => sum + r.durationMs, 0);
    lines.push(
      `  <testsuite name="${xmlText(file.file)}" tests="${file.results.length}" failures="${count('failed')}" errors="${count('error')}" skipped="${count('skipped')}" time="${seconds(time)}">`,
    );
    for (const r of file.results) lines.push(...testcase(r, file.file));
    // Coverage gaps are the run's, not a test's: told once, in the last suite's output.
    const gaps = coverageLines(report);
    if (gaps.length && file === report.files.at(-1))
      lines.push(`    <system-out>${xmlText(gaps.join('\n'))}</system-out>`);
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

function testcase(r: TestResult, file: string): string[] {
  const open = `    <testcase name="${xmlText(r.name)}" classname="${xmlText(`${file}.${r.server}`)}" time="${seconds(r.durationMs)}"`;
  if (r.status === 'passed' && !r.flaky) return [`${open}/>`];
  const inner: string[] = [];
  const message = xmlText(headline(r));
  if (r.status === 'skipped') inner.push(`      <skipped message="${xmlText(r.skipReason ?? 'skipped')}"/>`);
  else if (r.status === 'error')
    inner.push(
      `      <error message="${message}" type="${xmlText(r.error?.kind ?? 'error')}">${xmlText(`at ${r.at} (server ${r.server}, step ${r.step})\n${r.error?.message ?? ''}`)}</error>`,
    );
  else if (r.status === 'failed')
    inner.push(
      `      <failure message="${message}" type="${xmlText(r.failures[0]?.expectation ?? 'failure')}">${xmlText(failureBody(r))}</failure>`,
    );
  // Surefire's word for a test that passed on a retry after failing.
  else
    inner.push(
      `      <flakyFailure message="${xmlText(`passed on attempt ${r.attempts}, after ${(r.attempts ?? 1) - 1} failed`)}" type="flaky"/>`,
    );
  return [`${open}>`, ...inner, '    </testcase>'];
}

function failureBody(r: TestResult): string {
  return [
    `at ${r.at} (server ${r.server}, step ${r.step})`,
    ...r.failures.map(
      (f) =>
        `${f.expectation}${f.at ? ` (${f.at})` : ''}\n  expected: ${shownValue(f.expected)}\n  actual:   ${shownValue(f.actual)}${f.message ? `\n  ${f.message}` : ''}`,
    ),
  ].join('\n');
}
