// The era cache is ours alone: its directories are 0700 even when they existed looser, and a
// symlink planted where a cache file goes is replaced, never written through; a directory that
// cannot be made is a miss, never a wait without end.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EraCache } from '../../src/mcp/session/era-cache.js';

test('the era cache directory is made private and its files are never written through a symlink', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-era-'));
  const cache = path.join(dir, 'cache');
  mkdirSync(path.join(cache, 'era'), { recursive: true });
  chmodSync(cache, 0o777);
  chmodSync(path.join(cache, 'era'), 0o755);
  const victim = path.join(dir, 'victim');
  writeFileSync(victim, 'keep me');
  symlinkSync(victim, path.join(cache, 'era', 'k.json'));

  const era = new EraCache(cache, () => 1000);
  await era.write('k', { kind: 'legacy' });
  assert.equal(statSync(cache).mode & 0o777, 0o700);
  assert.equal(statSync(path.join(cache, 'era')).mode & 0o777, 0o700);
  assert.equal(readFileSync(victim, 'utf8'), 'keep me', 'the symlink was followed');
  const written = lstatSync(path.join(cache, 'era', 'k.json'));
  assert.ok(written.isFile(), 'the symlink was replaced by a file');
  assert.equal(written.mode & 0o777, 0o600);
  assert.deepEqual(await era.read('k'), { kind: 'legacy' });
});

test('a cache directory that cannot be made (under /proc) is a cache miss, not a run that never ends', {
  skip: !existsSync('/proc/self') && 'this system has no /proc',
  // A hang is the failure this guards against: the bound only ends it.
  timeout: 30_000,
}, async () => {
  const era = new EraCache('/proc/mcpctl-no-such/cache', () => 1000);
  await era.write('k', { kind: 'legacy' });
  assert.equal(await era.read('k'), undefined);
});
