// First runs of servers started through a package runner: a fake `npx` on PATH that writes
// what npm writes while it retries an unreachable registry, then never answers (or gives up and
// exits). Without -v, the error shows the last lines of its stderr, bounded and escaped, and
// says that npx may still be downloading, how to give it longer and how to run it offline. A
// server started directly gets its stderr lines too, without the package-runner advice.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from '../helpers/run.js';

let dir: string;
let config: string;

/** A shell script `dir/folder/name`: npm's stderr lines (a control character among them), then `rest`. */
function script(folder: string, name: string, rest: string): string {
  const lines = [
    'npm warn exec The following package was not found and will be installed: some-mcp-server@1.2.3',
    'npm http fetch GET https://registry.npmjs.org/some-mcp-server attempt 1 failed with ECONNREFUSED',
    ...Array.from({ length: 30 }, (_, i) => `retry line ${i}`),
    'npm http fetch GET attempt 2 failed \u001b]0;title\u0007 with ECONNREFUSED',
  ];
  mkdirSync(path.join(dir, folder), { recursive: true });
  const file = path.join(dir, folder, name);
  writeFileSync(file, `#!/bin/sh\n${lines.map((l) => `printf '%s\\n' '${l}' >&2`).join('\n')}\n${rest}\n`);
  chmodSync(file, 0o755);
  return file;
}

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-first-run-'));
  // Both read until stdin closes (mcpctl's teardown), never writing a word on stdout.
  script('bin', 'npx', "printf 'fetching 10%%\\rfetching 40%%' >&2\nwhile read -r line; do :; done");
  script('bin', 'plain-server', 'while read -r line; do :; done');
  const failing = script('offline', 'npx', 'exit 1');
  const progress = script('progress', 'server', "printf 'fetching 10%%\\rfetching 90%%' >&2; exit 1");
  config = path.join(dir, 'servers.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        downloading: { command: 'npx', args: ['-y', 'some-mcp-server@latest'] },
        offline: { command: failing, args: ['-y', 'some-mcp-server@latest'] },
        direct: { command: 'plain-server' },
        progress: { command: progress },
      },
    }),
  );
});
after(() => rmSync(dir, { recursive: true, force: true }));

const env = () => ({ PATH: `${path.join(dir, 'bin')}:${process.env.PATH}`, HOME: dir });

test('npx that never answers: its last stderr lines and how to wait longer or go offline', async () => {
  const r = await run(['-c', config, 'tools', 'downloading', '--connect-timeout', '5', '--no-color'], {
    env: env(),
    cwd: dir,
    stderrTTY: true,
    // Wide enough that no line of the message wraps (stderr wraps to the terminal's width).
    columns: 1000,
  });
  assert.equal(r.code, 124, r.stderr);
  assert.match(r.stderr, /no answer to initialize within 5s/);
  assert.match(r.stderr, /its last stderr lines:\n {2}retry line 22\n/, 'the last ten lines, no more');
  assert.ok(!r.stderr.includes('retry line 21\n'), r.stderr);
  assert.match(r.stderr, /\n {2}fetching 40%\n/, 'the line it was still writing, as last shown');
  assert.match(r.stderr, / {2}npm http fetch GET attempt 2 failed \\x1b\]0;title\\x07 with ECONNREFUSED/, 'escaped');
  assert.match(r.stderr, /hint: npx may still be downloading the server on a first run/);
  assert.match(r.stderr, /--connect-timeout SECONDS/);
  assert.match(r.stderr, /npm_config_offline=true/);
});

test('npx that gives up: the same lines and advice with its exit status, in --json too', async () => {
  const r = await run(['-c', config, 'tools', 'offline', '--json'], { env: env(), cwd: dir });
  assert.equal(r.code, 3, r.stderr);
  const error = JSON.parse(r.stderr.trim().split('\n').at(-1)!).error;
  assert.match(error.message, /exited with code 1 during initialize; its last stderr lines:\n/);
  assert.match(error.message, /retry line 29/);
  assert.match(error.hint, /^npx may still be downloading the server on a first run/);
});

test('a server started directly shows its stderr lines without the package-runner advice', async () => {
  const r = await run(['-c', config, 'tools', 'direct', '--connect-timeout', '5'], { env: env(), cwd: dir });
  assert.equal(r.code, 124, r.stderr);
  assert.match(r.stderr, /its last stderr lines:\n/);
  assert.match(r.stderr, /retry line 29/);
  assert.doesNotMatch(r.stderr, /downloading/);
  assert.match(r.stderr, /hint: raise it with --connect-timeout/);
});

test('a server that dies in the middle of a progress line: its last state ends the lines shown', async () => {
  const r = await run(['-c', config, 'tools', 'progress'], { env: env(), cwd: dir });
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stderr, /exited with code 1 during initialize; its last stderr lines:\n(.*\n)* {2}fetching 90%\n/);
  assert.doesNotMatch(r.stderr, /fetching 10%/);
});
