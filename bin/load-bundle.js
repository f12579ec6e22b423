// Loads the program's bundle (CommonJS chunks in dist/bundle/) with V8's code cache, so that a
// run does not parse and compile again what the run before it did: vm.Script's cached data, one
// file per chunk, on every Node. Node's own cache (module.enableCompileCache, 22.1 and later) is
// not used: it is made right after a chunk is compiled, so it holds the chunk's top level alone,
// and every function a run calls was compiled again on each run (on Node 24, a tenth of
// `mcpctl --help`). Ours is made at the end of the run, with every function the run compiled.
// A cache that is missing, stale, foreign or broken is only a miss: the chunk is compiled from
// its source and its entry written anew. Where the user's cache has no entry, the one the build
// made for this Node (dist/v8-seed, by scripts/seed-code-cache.mjs) is used, read-only: a first
// run after the build compiles little; the user's own entry is still written at its end.

'use strict';

const { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

/** Leads every entry of ours; an entry without it (or of another layout) is not used. */
const MAGIC = Buffer.from('mcpctl-v8-cache-1\n');

/** The directory name of this Node's entries, in the user's cache and in the build's seed. */
const forThisNode = `${process.version}-${process.arch}`;

/**
 * A loader of the bundle in `bundleDir`: `load(name)` returns a chunk's exports; chunks loaded
 * after `useCache(dir)` use the code cache under `dir` (a private directory of the user's), and
 * `save()` writes the entries they missed; after `useSeed(dir)`, a chunk the user's cache has no
 * good entry for uses the build's entry under `dir`, which is only read. A chunk's require of
 * another chunk (`./name.cjs`) comes here; anything else (Node's built-in modules, the few
 * packages left outside the bundle) goes to Node's require.
 */
function bundleLoader(bundleDir) {
  let entries;
  let seed;
  const external = createRequire(path.join(bundleDir, 'main.cjs'));
  const loaded = new Map();
  const missed = [];
  const requireChunk = (id) => (id.startsWith('./') ? load(id.slice(2)) : external(id));
  function load(name) {
    const known = loaded.get(name);
    if (known) return known.exports;
    const file = path.join(bundleDir, name);
    const source = readFileSync(file);
    const own = entries && readEntry(entries, name, source);
    const script = new vm.Script(wrap(source), {
      filename: file,
      cachedData: own ?? (seed && readEntry(seed, name, source)),
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    if (entries && (!own || script.cachedDataRejected)) missed.push({ name, source, script });
    const mod = { exports: {} };
    // Registered before it runs, as Node does, so that a cycle sees the exports made so far.
    loaded.set(name, mod);
    script.runInThisContext()(mod.exports, requireChunk, mod, file, bundleDir);
    return mod.exports;
  }
  // Written at the end of the run, so the entry holds every function the run compiled too.
  const save = () => {
    for (const { name, source, script } of missed.splice(0))
      writeEntry(entries, name, source, script.createCachedData());
  };
  // One directory per Node version: V8 rejects another version's data, which would only thrash.
  const useCache = (dir) => {
    const versioned = path.join(dir, 'v8-vm', forThisNode);
    mkdirSync(versioned, { recursive: true, mode: 0o700 });
    entries = versioned;
  };
  const useSeed = (dir) => {
    seed = path.join(dir, forThisNode);
  };
  return { load, useCache, useSeed, save };
}

/** The chunk as Node wraps a CommonJS module (in parentheses: V8 compiles the function at once). */
function wrap(source) {
  return `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
}

/**
 * The cached data of `name`, if its entry was made from this very source: an entry holds the
 * source it was made from, compared byte for byte (V8 itself checks only the source's length).
 */
function readEntry(entries, name, source) {
  let entry;
  try {
    entry = readFileSync(path.join(entries, name));
  } catch {
    return undefined;
  }
  const header = MAGIC.length + 4;
  if (entry.length < header || !entry.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const length = entry.readUInt32LE(MAGIC.length);
  if (length !== source.length || entry.length <= header + length) return undefined;
  if (!entry.subarray(header, header + length).equals(source)) return undefined;
  return entry.subarray(header + length);
}

/** Writes an entry whole or not at all: a new file of ours, renamed over the old entry. */
function writeEntry(entries, name, source, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32LE(source.length);
  const target = path.join(entries, name);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, Buffer.concat([MAGIC, length, source, data]), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    // A full disk leaves a part written; a file of that name already is another's, left alone.
    if (err?.code !== 'EEXIST') rmSync(temporary, { force: true });
    return;
  }
  try {
    renameSync(temporary, target);
  } catch {
    rmSync(temporary, { force: true });
  }
}

module.exports = { bundleLoader };
