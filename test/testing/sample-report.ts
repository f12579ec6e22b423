// A run report with one test of every kind, for the reporter tests: passed, passed on a retry,
// skipped with and without a reason, failed with two expectations (one with a position and a
// message of two lines), a test that could not run, and coverage gaps; names and messages hold
// the characters each format must escape.

import { runReport, type RunReport } from '../../src/testing/report/model.js';
import { result } from './results.js';

export const FILE_A = 'checks/a #1, 100%.yaml';
export const FILE_B = 'b.yaml';

export function sampleReport(): RunReport {
  return runReport(
    [
      {
        file: FILE_A,
        results: [
          result(FILE_A, 'lists tools', 'passed', { at: `${FILE_A}:3:5`, durationMs: 12 }),
          result(FILE_A, 'retried', 'passed', { at: `${FILE_A}:5:5`, attempts: 3, flaky: true }),
          result(FILE_A, 'later', 'skipped', { at: `${FILE_A}:7:5`, skipReason: 'not yet # soon' }),
          result(FILE_A, 'bare skip', 'skipped', { at: `${FILE_A}:9:5` }),
          result(FILE_A, 'echo | says: hi\\', 'failed', {
            at: `${FILE_A}:11:5`,
            attempts: 2,
            failures: [
              {
                expectation: 'text.contains',
                expected: 'hi',
                actual: 'ho\u001b[31m',
                message: 'line one\nline two',
                at: `${FILE_A}:14:9`,
              },
              { expectation: 'isError', expected: false, actual: true },
            ],
          }),
        ],
      },
      {
        file: FILE_B,
        results: [
          result(FILE_B, 'down', 'error', {
            step: 'tools',
            at: `${FILE_B}:2:3`,
            error: { kind: 'connection', message: 'server "srv" exited\nwith code 1', exitCode: 5 },
          }),
        ],
      },
    ],
    1234,
    [
      { server: 'srv', uncalled: ['add', 'echo'] },
      { server: 'other', uncalled: [] },
    ],
  );
}
