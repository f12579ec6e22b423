// The suite's runner bounds how long a test process may stay open once its tests are done
// (scripts/test-exit-bound.cjs): a handle left open fails that file, naming the handle, rather
// than holding the suite until CI gives up; a file that leaves nothing open passes as before.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/run.js';
import { tempDir } from '../mcp/helpers.js';

const EXIT_BOUND = path.join(ROOT, 'scripts', 'test-exit-bound.cjs');

/** `node --test` on one test file with the bound preloaded, as scripts/test-node.mjs runs it. */
function runTestFile(body: string, boundMs: number) {
  const file = path.join(tempDir('exit-bound'), 'leaky.test.cjs');
  writeFileSync(file, `const { test } = require('node:test');\n${body}\n`);
  const { NODE_TEST_CONTEXT: _own, ...env } = process.env;
  const r = spawnSync(process.execPath, ['--require', EXIT_BOUND, '--test', '--test-reporter=tap', file], {
    encoding: 'utf8',
    env: { ...env, MCPCTL_TEST_EXIT_BOUND_MS: String(boundMs) },
    // Without the bound the leaky file would never end: this one fails the test instead.
    timeout: 120_000,
    killSignal: 'SIGKILL',
  });
  return { status: r.status, signal: r.signal, output: `${r.stdout}${r.stderr}` };
}

test('a test process held open by a handle a test left fails once the bound passes, naming the handle', () => {
  const r = runTestFile("test('leaves a timer running', () => { setInterval(() => {}, 1000); });", 500);
  assert.equal(r.signal, null, `ended by ${r.signal}: the bound did not end it\n${r.output}`);
  assert.equal(r.status, 1, r.output);
  assert.match(r.output, /ok 1 - leaves a timer running/);
  assert.match(
    r.output,
    /the tests of .*leaky\.test\.cjs are done, but the process was still held open 0\.5 s later by: .*Timeout/,
  );
});

test('a test process that leaves nothing open ends with its tests, passing', () => {
  const r = runTestFile("test('tidy', () => { clearInterval(setInterval(() => {}, 1000)); });", 60_000);
  assert.equal(r.status, 0, r.output);
  assert.doesNotMatch(r.output, /test-exit-bound/);
});
