// bin/'s V8 code cache of the bundle (bin/load-bundle.js's, on every Node):
// kept in a private directory of the user's cache dir, never written through a symlink planted
// there, and a cache that cannot be made is no failure of the run. The entries' own checks are
// in code-cache-vm.test.ts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, runBin } from '../helpers/run.js';

/**
 * A run of `--version` with its cache under `cacheHome` (XDG_CACHE_HOME): a command that loads
 * the program (`--help` into a pipe prints the text the build wrote, without it).
 */
async function versionWith(cacheHome: string) {
  const home = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-home-'));
  return runBin(['--version'], { env: { PATH: process.env.PATH, HOME: home, XDG_CACHE_HOME: cacheHome } });
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

test('the code cache is written to a directory only the user can enter, and used by the next run', async () => {
  const cacheHome = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-'));
  const result = await versionWith(cacheHome);
  assert.equal(result.code, 0, result.stderr);
  const dir = path.join(cacheHome, 'mcpctl');
  assert.equal(statSync(dir).mode & 0o777, 0o700);
  const written = filesUnder(dir);
  assert.ok(written.length > 0, 'no code cache was written');
  const again = await versionWith(cacheHome);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(again.stdout, result.stdout);
  assert.deepEqual(filesUnder(dir), written);
});

test("a first run in a new cache starts from the build's seed: its entries hold what the seed's runs compiled", async () => {
  // The seed's runs (scripts/seed-code-cache.mjs) called tools: a --version run served by the
  // seed has their code to put in its own entry; one compiled from the source would not.
  const seed = path.join(ROOT, 'dist', 'v8-seed', `${process.version}-${process.arch}`);
  assert.ok(existsSync(seed), `no seed for this Node in ${seed}: the build was made by another Node (npm run build)`);
  const main = readdirSync(seed).find((name) => /^main-.*\.cjs$/.test(name));
  assert.ok(main, `the build seeded no entry for the program's main chunk in ${seed}`);
  const cacheHome = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-'));
  const result = await versionWith(cacheHome);
  assert.equal(result.code, 0, result.stderr);
  const own = statSync(path.join(cacheHome, 'mcpctl', 'v8-vm', `${process.version}-${process.arch}`, main)).size;
  const seeded = statSync(path.join(seed, main)).size;
  assert.ok(own >= seeded, `the run's entry for ${main} holds ${own} bytes, the seed's ${seeded}`);
});

test('a cache directory of ours left open to others is made private again', async () => {
  const cacheHome = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-'));
  const dir = path.join(cacheHome, 'mcpctl');
  mkdirSync(dir);
  chmodSync(dir, 0o755);
  const result = await versionWith(cacheHome);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(statSync(dir).mode & 0o777, 0o700);
});

test('a symlink planted as the cache directory is not followed, and the run goes on', async () => {
  const cacheHome = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-'));
  const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-planted-'));
  chmodSync(elsewhere, 0o755);
  symlinkSync(elsewhere, path.join(cacheHome, 'mcpctl'));
  const result = await versionWith(cacheHome);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^\d+\.\d+\.\d+\n$/);
  assert.equal(result.stderr, '');
  assert.deepEqual(readdirSync(elsewhere), []);
  assert.equal(statSync(elsewhere).mode & 0o777, 0o755);
});

test('a cache directory that cannot be made costs nothing but the cache', async () => {
  const cacheHome = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-')), 'a-file');
  writeFileSync(cacheHome, 'not a directory\n');
  const result = await versionWith(cacheHome);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^\d+\.\d+\.\d+\n$/);
  assert.equal(result.stderr, '');
  assert.equal(existsSync(path.join(cacheHome, 'mcpctl')), false);
});

test('a cache directory where mkdir fails under a parent that exists (/proc) is no hang', async () => {
  // Node's recursive mkdir loops for ever there; the run must go on without a cache.
  const result = await versionWith(path.join('/proc', `mcpctl-${process.pid}`, 'cache'));
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^\d+\.\d+\.\d+\n$/);
  assert.equal(result.stderr, '');
});

test('a cache directory several levels deep is made, each level private', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-'));
  const cacheHome = path.join(root, 'a', 'b');
  const result = await versionWith(cacheHome);
  assert.equal(result.code, 0, result.stderr);
  for (const dir of [path.join(root, 'a'), cacheHome, path.join(cacheHome, 'mcpctl')])
    assert.equal(statSync(dir).mode & 0o777, 0o700, dir);
  assert.ok(filesUnder(path.join(cacheHome, 'mcpctl')).length > 0, 'no code cache was written');
});
