// Teardown through bin/: the answer is printed, then a server that ignores SIGTERM (and the end
// of its stdin) is killed with the grandchild it started, and mcpctl exits 0 with nothing left
// running. The README's 5 s bound, and the answer coming before teardown, are judged in process
// on a clock the test moves (mcp/faults.test.ts): timed here, they would race the machine's load.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN } from '../helpers/run.js';
import { assertAllEnded, fixtures, logLines } from '../mcp/helpers.js';

test('a server that ignores SIGTERM: the answer, then exit 0, nothing left', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-teardown-'));
  const config = path.join(dir, 'servers.json');
  const spawns = path.join(dir, 'spawns.log');
  const server = {
    command: process.execPath,
    args: [path.join(fixtures, 'fault-server.js'), 'serve', 'ignore-term', 'grandchild'],
    envFrom: ['SPAWN_LOG'],
  };
  writeFileSync(config, JSON.stringify({ mcpServers: { stubborn: server } }));
  const child = spawn(process.execPath, [BIN, '-c', config, 'tools', 'stubborn'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: dir, SPAWN_LOG: spawns },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  assert.equal(code, 0, stderr);
  assert.match(stdout, /^echo\t/m);
  const pids = logLines(spawns).map((line) => Number(line.replace(/^child /, '')));
  assert.equal(pids.length, 2, 'the server and its grandchild were logged');
  assertAllEnded(pids);
});

test('a server that dies while a process it started holds its stdout is a connection failure (exit 3), not a timeout', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-held-'));
  const pids = path.join(dir, 'pids.log');
  // The wrapper leaves a helper holding the pipes, as `helper & exec server` does.
  const wrapper = path.join(dir, 'server.sh');
  writeFileSync(
    wrapper,
    `#!/bin/sh\nsleep 1000 &\necho $! >> "${pids}"\nexec "${process.execPath}" "${path.join(fixtures, 'fault-server.js')}" serve\n`,
    { mode: 0o755 },
  );
  const child = spawn(process.execPath, [BIN, '--stdio', wrapper, 'call', 'crash', '--timeout', '60'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(killer);
  assert.equal(code, 3, stderr);
  assert.match(stderr, /exited with code 5 during tools\/call/);
  assertAllEnded(logLines(pids).map(Number));
});
