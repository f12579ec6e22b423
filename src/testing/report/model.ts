// What every reporter renders: the results of each file, in file order, and the totals.

import type { TestResult } from '../run.js';

export interface FileResults {
  file: string;
  results: TestResult[];
}

export interface RunReport {
  files: FileResults[];
  summary: { total: number; passed: number; failed: number; skipped: number };
  durationMs: number;
}

export function runReport(files: FileResults[], durationMs: number): RunReport {
  const all = files.flatMap((f) => f.results);
  const count = (status: TestResult['status']) => all.filter((r) => r.status === status).length;
  return {
    files,
    summary: { total: all.length, passed: count('passed'), failed: count('failed'), skipped: count('skipped') },
    durationMs,
  };
}

/** A value as a report shows it: strings as JSON strings (quotes, escapes), the rest as compact JSON. */
export function shownValue(value: unknown): string {
  if (value === undefined) return '(nothing)';
  const json = JSON.stringify(value);
  return json.length > 2000 ? `${json.slice(0, 2000)}… (${json.length} characters)` : json;
}
