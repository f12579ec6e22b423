// bin/'s code cache: vm.Script cached data per chunk of the bundle, made at the end of the run
// (so it holds the functions the run called), in entries that hold the source they were made
// from. A stale, foreign or broken entry is a miss (the chunk compiled from its source, the entry
// written anew), never a wrong program or a failed run. Run through the loader itself, each load
// in a fresh process (V8 keeps compiled scripts for the life of one).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../helpers/run.js';

const LOADER = path.join(ROOT, 'bin', 'load-bundle.js');

/** A bundle of two chunks whose answer names the word `part.cjs` exports. */
function bundleSaying(word: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-bundle-'));
  writeFileSync(
    path.join(dir, 'main.cjs'),
    '"use strict";exports.answer=require("./part.cjs").word+require("node:path").sep;',
  );
  writeFileSync(path.join(dir, 'part.cjs'), `"use strict";exports.word=${JSON.stringify(word)};`);
  return dir;
}

/**
 * main.cjs's answer, loaded in a fresh Node by bin's loader with its cache under `cacheDir`;
 * `then` runs after the load, before the entries are saved (as the program runs in bin/); with
 * `seedDir`, the build's entries there are used where the cache has none.
 */
function answerOf(bundleDir: string, cacheDir: string, then = '', seedDir?: string): string {
  const seed = seedDir === undefined ? '' : `b.useSeed(${JSON.stringify(seedDir)});`;
  const script = `const b = require(${JSON.stringify(LOADER)}).bundleLoader(${JSON.stringify(bundleDir)});
${seed}
b.useCache(${JSON.stringify(cacheDir)});
const chunk = b.load('main.cjs');
${then}
b.save();
process.stdout.write(chunk.answer);`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '');
  return run.stdout;
}

/** The directory of this Node's entries under `cacheDir`. */
const entriesOf = (cacheDir: string) => path.join(cacheDir, 'v8-vm', `${process.version}-${process.arch}`);

/** Each entry's inode: renaming a new entry over an old one changes it. */
function inodes(cacheDir: string): Record<string, number> {
  const dir = entriesOf(cacheDir);
  return Object.fromEntries(readdirSync(dir).map((name) => [name, statSync(path.join(dir, name)).ino]));
}

test('each chunk gets an entry only the user can read, which the next run uses as it is', () => {
  const bundle = bundleSaying('AAAA');
  const cache = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-'));
  assert.equal(answerOf(bundle, cache), `AAAA${path.sep}`);
  const written = inodes(cache);
  assert.deepEqual(Object.keys(written).sort(), ['main.cjs', 'part.cjs']);
  for (const name of Object.keys(written))
    assert.equal(statSync(path.join(entriesOf(cache), name)).mode & 0o777, 0o600, name);
  assert.equal(statSync(entriesOf(cache)).mode & 0o777, 0o700);
  assert.equal(answerOf(bundle, cache), `AAAA${path.sep}`);
  assert.deepEqual(inodes(cache), written, 'an entry was written again though it was good');
});

test('an entry is made after the run: it holds the functions the run called, not the top level alone', () => {
  // A function V8 compiles only when it is first called: its code is in the entry only if the
  // entry is made once the run has called it.
  const body = Array.from({ length: 200 }, (_, i) => `n = (n * 31 + ${i}) % 1000003;`).join('');
  const sizeAfter = (then: string) => {
    const bundle = bundleSaying('AAAA');
    appendFileSync(path.join(bundle, 'main.cjs'), `exports.work=function(n){${body}return n};`);
    const cache = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-'));
    assert.equal(answerOf(bundle, cache, then), `AAAA${path.sep}`);
    return statSync(path.join(entriesOf(cache), 'main.cjs')).size;
  };
  const idle = sizeAfter('');
  const called = sizeAfter('chunk.work(7);');
  assert.ok(called > idle + 500, `entry of a run that called work(): ${called} bytes; of one that did not: ${idle}`);
});

test("the build's seed serves a chunk the user's cache has no entry for; the user's entry is still written", () => {
  // A seed made by a run that called work(): a run that does not call it, served by the seed,
  // still has work()'s code to put in its own entry. Compiled from its source, it would not.
  const body = Array.from({ length: 200 }, (_, i) => `n = (n * 31 + ${i}) % 1000003;`).join('');
  const bundle = bundleSaying('AAAA');
  appendFileSync(path.join(bundle, 'main.cjs'), `exports.work=function(n){${body}return n};`);
  const build = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-'));
  answerOf(bundle, build, 'chunk.work(7);');
  const seed = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-seed-'));
  cpSync(entriesOf(build), path.join(seed, `${process.version}-${process.arch}`), { recursive: true });
  const entrySize = (seedDir?: string) => {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-'));
    assert.equal(answerOf(bundle, cache, '', seedDir), `AAAA${path.sep}`);
    return statSync(path.join(entriesOf(cache), 'main.cjs')).size;
  };
  const compiled = entrySize();
  const seeded = entrySize(seed);
  assert.ok(seeded > compiled + 500, `entry after a seeded run: ${seeded} bytes; after a compiled one: ${compiled}`);
  // A chunk rebuilt since the seed was made (the same length): its seed entry is not used.
  writeFileSync(path.join(bundle, 'part.cjs'), '"use strict";exports.word="BBBB";');
  assert.equal(answerOf(bundle, mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-')), '', seed), `BBBB${path.sep}`);
});

test('a chunk rebuilt to other code of the same length is run as it is now, and its entry made anew', () => {
  // V8 checks cached data against the source's length only: it would run the old code.
  const bundle = bundleSaying('AAAA');
  const cache = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-'));
  answerOf(bundle, cache);
  const before = inodes(cache);
  writeFileSync(path.join(bundle, 'part.cjs'), '"use strict";exports.word="BBBB";');
  assert.equal(answerOf(bundle, cache), `BBBB${path.sep}`);
  const after = inodes(cache);
  assert.notEqual(after['part.cjs'], before['part.cjs'], 'the stale entry was kept');
  assert.equal(after['main.cjs'], before['main.cjs']);
});

test('cached data V8 refuses (another build of V8, a damaged file) is a miss, and the entry is made anew', () => {
  const bundle = bundleSaying('AAAA');
  const cache = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-'));
  answerOf(bundle, cache);
  const entry = path.join(entriesOf(cache), 'part.cjs');
  const source = readFileSync(path.join(bundle, 'part.cjs'));
  const good = readFileSync(entry);
  const header = good.indexOf(source) + source.length;
  // The same header and source, then data that is not V8's.
  writeFileSync(entry, Buffer.concat([good.subarray(0, header), Buffer.alloc(good.length - header, 0x5a)]));
  const planted = statSync(entry).ino;
  assert.equal(answerOf(bundle, cache), `AAAA${path.sep}`);
  assert.notEqual(statSync(entry).ino, planted, 'the refused entry was not rewritten');
  assert.ok(
    !readFileSync(entry)
      .subarray(header)
      .every((b) => b === 0x5a),
    'the refused data is still there',
  );
});

test('entries cut short, of another layout, or not files at all cost only the cache', () => {
  const bundle = bundleSaying('AAAA');
  const cache = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-cache-'));
  answerOf(bundle, cache);
  const main = path.join(entriesOf(cache), 'main.cjs');
  const part = path.join(entriesOf(cache), 'part.cjs');
  writeFileSync(main, readFileSync(main).subarray(0, 30));
  rmSync(part);
  mkdirSync(part);
  assert.equal(answerOf(bundle, cache), `AAAA${path.sep}`);
  assert.ok(statSync(main).size > 30, 'the cut entry was not made anew');
  assert.ok(statSync(part).isDirectory());
  assert.deepEqual(
    readdirSync(entriesOf(cache)).filter((name) => name.endsWith('.tmp')),
    [],
    'a temporary file was left behind',
  );
  writeFileSync(main, `not an entry of ours\n${'x'.repeat(200)}`);
  assert.equal(answerOf(bundle, cache), `AAAA${path.sep}`);
});
