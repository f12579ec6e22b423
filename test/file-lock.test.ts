// The cross-process lock on a file we edit: a stale lock is broken by one process at a time, and
// only while it still holds what was read as stale; a break left half done by a dead process
// holds nobody up.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { acquireLock, DEFAULT_LOCK_OPTIONS } from '../src/file-lock.js';
import { McpctlError } from '../src/errors.js';

/** A pid that surely ran and ended: a child we waited for. */
const gonePid = () => spawnSync(process.execPath, ['-e', '0']).pid;

const holderOf = (pid: number, token: string) => JSON.stringify({ pid, host: hostname(), token });

function lockFile(): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-lock-')), 'servers.json.lock');
}

test('a stale lock is not broken while another live process is breaking it', async () => {
  const lock = lockFile();
  const stale = holderOf(gonePid(), 'stale');
  writeFileSync(lock, stale);
  // Another breaker at work: this process, alive, holds the turn.
  writeFileSync(`${lock}.break`, holderOf(process.pid, 'breaking'));
  await assert.rejects(acquireLock(lock, { ...DEFAULT_LOCK_OPTIONS, waitMs: 300, pollMs: 20 }), (err: unknown) => {
    assert.ok(err instanceof McpctlError && err.kind === 'timeout', String(err));
    return true;
  });
  assert.equal(readFileSync(lock, 'utf8'), stale, 'the lock was left to the breaker whose turn it is');
});

test('a turn left by a breaker that died is cleared, and the stale lock broken', async () => {
  const lock = lockFile();
  writeFileSync(lock, holderOf(gonePid(), 'stale'));
  writeFileSync(`${lock}.break`, holderOf(gonePid(), 'died-breaking'));
  const release = await acquireLock(lock, { ...DEFAULT_LOCK_OPTIONS, waitMs: 5_000, pollMs: 20 });
  assert.equal(JSON.parse(readFileSync(lock, 'utf8')).pid, process.pid, 'the lock is ours now');
  assert.ok(!existsSync(`${lock}.break`), 'the dead breaker’s turn is gone');
  await release();
  assert.ok(!existsSync(lock), 'released');
});
