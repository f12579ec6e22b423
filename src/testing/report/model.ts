// What every reporter renders: the results of each file, in file order, and the totals.

import type { TestResult } from '../run.js';

export interface FileResults {
  file: string;
  results: TestResult[];
}

export interface RunReport {
  files: FileResults[];
  summary: { total: number; passed: number; failed: number; errors: number; skipped: number; flaky: number };
  /** `coverage: tools`: per server, the tools it lists that no test called. */
  coverage?: { server: string; uncalled: string[] }[];
  durationMs: number;
}

/** `1 error`, `2 errors`: the errors' count as every summary line words it. */
export function errorCount(n: number): string {
  return `${n} error${n === 1 ? '' : 's'}`;
}

export function runReport(files: FileResults[], durationMs: number, coverage?: RunReport['coverage']): RunReport {
  const all = files.flatMap((f) => f.results);
  const count = (status: TestResult['status']) => all.filter((r) => r.status === status).length;
  return {
    files,
    summary: {
      total: all.length,
      passed: count('passed'),
      failed: count('failed'),
      errors: count('error'),
      skipped: count('skipped'),
      flaky: all.filter((r) => r.flaky).length,
    },
    ...(coverage ? { coverage } : {}),
    durationMs,
  };
}

/** A value as a report shows it: strings as JSON strings (quotes, escapes), the rest as compact JSON. */
export function shownValue(value: unknown): string {
  if (value === undefined) return '(nothing)';
  const json = JSON.stringify(value);
  return json.length > 2000 ? `${json.slice(0, 2000)}… (${json.length} characters)` : json;
}

/** One line of what went wrong with a test: its first failed expectation, or its error. */
export function headline(r: TestResult): string {
  if (r.error) return `${r.error.kind} error: ${r.error.message}`;
  const first = r.failures[0];
  return first
    ? `${first.expectation}: expected ${shownValue(first.expected)}, actual ${shownValue(first.actual)}`
    : 'failed';
}

/** The run's coverage gaps in words, one line per server; empty when every listed tool was called. */
export function coverageLines(report: RunReport): string[] {
  return (report.coverage ?? [])
    .filter((c) => c.uncalled.length > 0)
    .map((c) => `coverage: server "${c.server}": no test calls ${c.uncalled.join(', ')}`);
}
