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
