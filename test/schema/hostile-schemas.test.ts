// Tool schemas as an attacker writes them, through bin/ against a real stdio server
// (fixtures/regex-server.ts): a catastrophic pattern in an outputSchema (checked by `call` and
// by `mcpctl test`), an inputSchema and a patternProperties key can no longer hold the event
// loop, so --timeout (exit 124) and SIGTERM (exit 143) end the run; a lookahead pattern is not enforced, with a warning; a tool nested
// 1 000 levels deep is refused on its own while the server's other tools work. Patterns of our
// own run on the server's names and answers get their verdict too: a config glob against a long
// tool name, a test file's `matches` against a long text.
// Each run is bounded by runBin's kill and the test's timeout only: on a backtracking engine
// these runs never end, and the kill makes the test fail.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { EVIL_GLOB, EVIL_PATTERN, EVIL_TEXT, EVIL_TOOL } from '../fixtures/regex-data.js';
import { workspace } from '../helpers/hostile.js';
import { BIN, runBin } from '../helpers/run.js';
import { eventually, fixtures, logLines } from '../mcp/helpers.js';

const ws = workspace({
  rx: {
    command: process.execPath,
    args: [path.join(fixtures, 'regex-server.js')],
    env: { CALL_LOG: path.join('${HOME}', 'calls.log') },
  },
  globbed: {
    command: process.execPath,
    args: [path.join(fixtures, 'regex-server.js')],
    disabledTools: [EVIL_GLOB, 'deep'],
  },
});
const calls = path.join(ws.home, 'calls.log');
const bounded = { timeout: 120_000 };
const mcpctl = (args: string[]) =>
  runBin(['-c', ws.config, ...args], { cwd: ws.dir, env: ws.env, killAfterMs: 90_000 });

/** The two calls whose check takes 2^48 steps in a backtracking engine, and then never answer. */
const HANGING_CALLS: Record<string, string[]> = {
  'an input pattern': ['pattern-input', `s=${EVIL_TEXT}`],
  'a patternProperties key': ['keys-input', `${EVIL_TEXT}=1`],
};

/**
 * A test file whose first test checks the catastrophic output pattern and whose second calls a
 * tool that never answers: the output check is behind the run when --timeout or SIGTERM comes.
 */
const testFile = path.join(ws.dir, 'output-then-hang.yaml');
writeFileSync(
  testFile,
  JSON.stringify({
    servers: {
      rx: { command: process.execPath, args: [path.join(fixtures, 'regex-server.js')], env: { CALL_LOG: calls } },
    },
    defaults: { server: 'rx' },
    tests: [
      { name: 'output pattern', call: { tool: 'pattern-output' }, expect: { outputSchema: true } },
      { name: 'then a hang', call: { tool: 'pattern-input', args: { s: 'x' } } },
    ],
  }),
);

/** mcpctl runs `args`; once the server has the call of `tool` (the check is behind us), SIGTERM. */
async function terminatedDuringCall(args: string[], tool: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, '-c', ws.config, ...args], {
    cwd: ws.dir,
    env: ws.env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // This run's server's call, not one of a test running beside it (before its signal handler).
  const called = () => logLines(calls).includes(`called ${tool} by ${child.pid}`);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const reached = await eventually(called, 90_000);
  if (!reached) child.kill('SIGKILL');
  assert.ok(reached, `the call never reached the server: the check still runs\n${stderr}`);
  child.kill('SIGTERM');
  const [code] = await exited;
  return { code, stderr };
}

describe('catastrophic patterns from a server', { concurrency: 2 }, () => {
  for (const [what, [tool, arg]] of Object.entries(HANGING_CALLS) as [string, string[]][]) {
    test(`${what}: --timeout 2 ends the call with exit 124`, bounded, async () => {
      const r = await mcpctl(['--timeout', '2', 'call', 'rx', tool!, arg!]);
      assert.equal(r.code, 124, r.stderr);
      // Which phase the 2 s end in depends on the machine's load (a slow start ends in the
      // handshake); the SIGTERM test below proves the call got past the check.
      assert.match(r.stderr, /no answer to [\w/]+ within 2s/);
    });

    test(`${what}: SIGTERM ends the call with exit 143`, bounded, async () => {
      const r = await terminatedDuringCall(['call', 'rx', tool!, arg!], tool!);
      assert.equal(r.code, 143, r.stderr);
    });
  }

  test('an output pattern: --timeout 2 ends the test run with exit 124', bounded, async () => {
    const r = await mcpctl(['--timeout', '2', 'test', testFile]);
    assert.equal(r.code, 124, r.stderr);
    assert.match(r.stderr, /the test run did not finish within --timeout 2s/);
  });

  test('an output pattern: SIGTERM ends the test run with exit 143', bounded, async () => {
    const r = await terminatedDuringCall(['test', testFile], 'pattern-input');
    assert.equal(r.code, 143, r.stderr);
  });

  test('an output pattern: the result is judged at once, exit 7', bounded, async () => {
    const r = await mcpctl(['call', 'rx', 'pattern-output']);
    assert.equal(r.code, 7, r.stderr);
    assert.match(r.stderr, /\/s must match pattern "\^\(a\|a\)\*\$"/);
  });
});

test('a lookahead pattern is not enforced, and the warning names the tool and the keyword', bounded, async () => {
  const r = await mcpctl(['call', 'rx', 'lookahead', 'code=abc']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'lookahead ran\n');
  assert.match(
    r.stderr,
    /warning: the inputSchema of tool "lookahead": the pattern "\^\(\?=\.\*\\\\d\)\\\\w\+\$" at \/properties\/code\/pattern uses a lookaround.*the server still validates/,
  );
});

describe('a tool nested 1 000 levels deep', () => {
  test('is left out of the list with the reason; the other tools are listed', bounded, async () => {
    const r = await mcpctl(['tools', 'rx']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      r.stdout.split('\n').map((line) => line.split('\t')[0]),
      ['echo', 'pattern-output', 'pattern-input', 'keys-input', 'lookahead', EVIL_TOOL, ''],
    );
    assert.match(r.stderr, /tool "deep" is malformed and was left out \(it is nested more than 128 levels deep\)/);
  });

  test('another tool of the server is called as usual', bounded, async () => {
    const r = await mcpctl(['call', 'rx', 'echo', 'text=hi']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'hi\n');
  });

  test('a call of it is refused with its reason and exit 5, and never sent', bounded, async () => {
    const before = logLines(calls).filter((line) => line.startsWith('called deep by ')).length;
    const r = await mcpctl(['--json', 'call', 'rx', 'deep']);
    assert.equal(r.code, 5, r.stderr);
    const error = JSON.parse(r.stderr.trimEnd().split('\n').at(-1)!).error;
    assert.equal(error.kind, 'protocol');
    assert.equal(error.message, 'tool "deep" of server "rx" cannot be used: it is nested more than 128 levels deep');
    assert.equal(logLines(calls).filter((line) => line.startsWith('called deep by ')).length, before);
  });
});

describe('our own patterns on what the server sent', () => {
  test(
    'a disabledTools glob that would backtrack without end: the long tool name is listed, exit 0',
    bounded,
    async () => {
      const r = await mcpctl(['tools', 'globbed']);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(
        r.stdout.split('\n').map((line) => line.split('\t')[0]),
        ['echo', 'pattern-output', 'pattern-input', 'keys-input', 'lookahead', EVIL_TOOL, ''],
      );
    },
  );

  test(
    "a test file's matches that would backtrack without end: each test gets its verdict, exit 8",
    bounded,
    async () => {
      const file = path.join(ws.dir, 'matches.yaml');
      writeFileSync(
        file,
        JSON.stringify({
          servers: { rx: { command: process.execPath, args: [path.join(fixtures, 'regex-server.js')] } },
          defaults: { server: 'rx' },
          tests: [
            {
              name: 'text',
              call: { tool: 'echo', args: { text: EVIL_TEXT } },
              expect: { text: { matches: EVIL_PATTERN } },
            },
            {
              name: 'structured',
              call: { tool: 'pattern-output' },
              expect: { structured: { path: '/s', matches: EVIL_PATTERN } },
            },
            {
              name: 'a pattern that matches',
              call: { tool: 'echo', args: { text: EVIL_TEXT } },
              expect: { text: { matches: '^a+b$' } },
            },
          ],
        }),
      );
      const r = await mcpctl(['test', file, '--reporter', 'json']);
      assert.equal(r.code, 8, r.stderr);
      type Result = { name: string; status: string; failures: { expectation: string }[] };
      const results = (JSON.parse(r.stdout) as { files: { results: Result[] }[] }).files[0]!.results;
      assert.deepEqual(
        results.map((t) => [t.name, t.status, t.failures.map((f) => f.expectation)]),
        [
          ['text', 'failed', ['text.matches']],
          ['structured', 'failed', ['structured at /s: matches']],
          ['a pattern that matches', 'passed', []],
        ],
      );
    },
  );
});
