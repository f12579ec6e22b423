// Tests that need a program outside Node (zsh, fish, util-linux `script`) run where it is
// installed and are reported as skipped, with the reason, where it is not — so `npm test` passes
// on a machine with only Node and npm. CI sets MCPCTL_TEST_NO_SKIP=1: there a missing program
// fails the run instead, since CI installs every one of them and a skip would hide a lost test.

import { spawnSync } from 'node:child_process';

const found = new Map<string, boolean>();

/** Whether `program` can be started from PATH (asked once per program and process). */
export function installed(program: string): boolean {
  let known = found.get(program);
  if (known === undefined) {
    // `command -v` is POSIX sh: no `which` needed, and nothing of the program itself runs.
    known = spawnSync('sh', ['-c', 'command -v "$1"', 'sh', program], { stdio: 'ignore' }).status === 0;
    found.set(program, known);
  }
  return known;
}

/**
 * The `skip` option of node:test for a test that runs `programs`: false when all are there, else
 * the reason (`zsh is not installed`). Under MCPCTL_TEST_NO_SKIP=1 a missing program throws, which
 * fails the test file, naming the program.
 */
export function unlessInstalled(...programs: string[]): false | string {
  const missing = programs.filter((p) => !installed(p));
  if (missing.length === 0) return false;
  const reason = `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not installed`;
  if (process.env.MCPCTL_TEST_NO_SKIP === '1')
    throw new Error(`${reason}, and MCPCTL_TEST_NO_SKIP=1 forbids skipping: install it (.ci/run does)`);
  return reason;
}
