// Test results as the runner returns them, for the reporter tests: one per status, with the
// fields a reporter reads, and a report of several files built from them.

import type { TestResult } from '../../src/testing/run.js';

export function result(
  file: string,
  name: string,
  status: TestResult['status'],
  extra: Partial<TestResult> = {},
): TestResult {
  return {
    file,
    name,
    server: 'srv',
    step: 'call',
    at: `${file}:1:1`,
    status,
    failures: [],
    durationMs: 250,
    ...extra,
  };
}
