// Teardown through bin/, timed against the README's bound: the answer is printed first, then a
// server that ignores SIGTERM (and the end of its stdin) is killed, and mcpctl exits within
// 5 s of the answer, with nothing left running.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN } from '../helpers/run.js';
import { assertAllEnded, fixtures, logLines } from '../mcp/helpers.js';

/** README: "… and anything it started, ends too, within 5 s." */
const TEARDOWN_BOUND_MS = 5000;

test('a server that ignores SIGTERM: the answer first, then exit within 5 s, nothing left', async () => {
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
  let answeredAt: number | undefined;
  child.stdout.on('data', (c: Buffer) => {
    answeredAt ??= Date.now();
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  const exitedAt = Date.now();
  assert.equal(code, 0, stderr);
  assert.match(stdout, /^echo\t/m);
  assert.ok(answeredAt !== undefined);
  assert.ok(exitedAt - answeredAt <= TEARDOWN_BOUND_MS, `exited ${exitedAt - answeredAt} ms after the answer`);
  const pids = logLines(spawns).map((line) => Number(line.replace(/^child /, '')));
  assert.equal(pids.length, 2, 'the server and its grandchild were logged');
  assertAllEnded(pids);
});
