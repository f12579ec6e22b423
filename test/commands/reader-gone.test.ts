// A reader that goes away (`mcpctl … | head -1`) ends mcpctl quietly with the exit code it would
// have had: the run goes on to its verdict after stdout stops being read, report files are still
// written, and a watch ends as Ctrl-C ends it. Through bin/, with stdout's read end closed before
// mcpctl writes a byte, so that every write to it fails with EPIPE.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BIN, runBin, type BinOptions } from '../helpers/run.js';
import { testProject } from '../helpers/test-project.js';
import { contractJson } from '../../src/contract/snapshot.js';
import { MEANING_CASES } from '../contract/cases.js';

/** The same run twice, stdout read and not: the exit codes and what each said on stderr. */
async function bothWays(argv: string[], opts: BinOptions) {
  const read = await runBin(argv, opts);
  const unread = await runBin(argv, { ...opts, stdoutUnread: true });
  return { read, unread };
}

function assertQuiet(stderr: string): void {
  assert.doesNotMatch(stderr, /EPIPE|\n\s+at /, 'no broken pipe error and no stack trace');
}

test('diff with a breaking change: exit 8 whether or not stdout is read', async () => {
  const breaking = MEANING_CASES.find((c) => c.class === 'breaking')!;
  const p = testProject();
  p.write('old.json', contractJson(breaking.old));
  p.write('new.json', contractJson(breaking.new));
  const { read, unread } = await bothWays(['diff', 'old.json', 'new.json'], { cwd: p.dir, env: p.env });
  assert.equal(read.code, 8, read.stderr);
  assert.equal(unread.code, 8, unread.stderr);
  assertQuiet(unread.stderr);
});

test('status with a server that cannot start: its exit code whether or not stdout is read', async () => {
  const p = testProject();
  p.write(
    'missing.json',
    JSON.stringify({ mcpServers: { missing: { command: path.join(p.dir, 'no-such-program') } } }),
  );
  const { read, unread } = await bothWays(['-c', 'missing.json', 'status'], { cwd: p.dir, env: p.env });
  assert.notEqual(read.code, 0, 'the missing server fails the status');
  assert.equal(unread.code, read.code, unread.stderr);
  assertQuiet(unread.stderr);
});

const FAILING_TEST = [
  'tests:',
  '  - name: a tool that is not there',
  '    server: legacy',
  '    tools: {}',
  '    expect: { tools: { present: [teleport] } }',
  '',
].join('\n');

test('test with a failing test and stdout unread: exit 8, and the JUnit file is still written', async () => {
  const p = testProject();
  p.write('t.yaml', FAILING_TEST);
  const r = await runBin(['-c', 'servers.json', 'test', 't.yaml', '--reporter', 'tap', '--reporter', 'junit:j.xml'], {
    cwd: p.dir,
    env: p.env,
    stdoutUnread: true,
  });
  assert.equal(r.code, 8, r.stderr);
  assertQuiet(r.stderr);
  const junit = readFileSync(path.join(p.dir, 'j.xml'), 'utf8');
  assert.match(junit, /<testcase name="a tool that is not there"[^>]*>\s*<failure/);
});

test('test with the live list and stdout unread: exit 8, no crash', async () => {
  const p = testProject();
  p.write('t.yaml', FAILING_TEST);
  const r = await runBin(['-c', 'servers.json', 'test', 't.yaml'], { cwd: p.dir, env: p.env, stdoutUnread: true });
  assert.equal(r.code, 8, r.stderr);
  assertQuiet(r.stderr);
});

test('tools --watch with stdout unread ends as Ctrl-C would (exit 0), not at --timeout', async () => {
  const p = testProject();
  const r = await runBin(['-c', 'servers.json', '--timeout', '3600', 'tools', 'legacy', '--watch'], {
    cwd: p.dir,
    env: p.env,
    stdoutUnread: true,
    killAfterMs: 30_000,
  });
  assert.equal(r.signal, null, 'ended by itself, not killed');
  assert.equal(r.code, 0, r.stderr);
  assertQuiet(r.stderr);
});

test('Ctrl-C while stdout is not being read ends the run (exit 130) and the server with it', async () => {
  const p = testProject();
  const child = spawn(process.execPath, [BIN, '-c', 'servers.json', 'call', 'legacy', 'big', 'bytes=5000000'], {
    cwd: p.dir,
    env: p.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  // The first bytes of the answer have come: the rest waits on a reader that reads no more.
  await once(child.stdout, 'data');
  child.stdout.pause();
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  child.kill('SIGINT');
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  clearTimeout(killer);
  child.stdout.destroy();
  assert.equal(signal, null, 'ended by itself, not killed');
  assert.equal(code, 130, stderr);
  assert.match(stderr, /interrupted/);
});
