#!/usr/bin/env node
// Bundles the built program (tsc's output under dist/) into dist/bundle/, which bin/ runs.
//
// Rollup, not esbuild, because of how many files a run loads: every lazily imported module is a
// split point, and esbuild makes a chunk for each set of split points that share a module, so
// small shared modules became dozens of tiny files, each one opened, read, compiled and linked by
// Node's ESM loader on every run (docs/ARCHITECTURE.md, "Loading"; bench/RESULTS.md). Rollup
// merges chunks below a size into the chunks that load them anyway. esbuild still minifies each
// chunk afterwards (fewer bytes to parse), one file at a time.

import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { transform } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'bundle');

/** Chunks smaller than this (bytes, before minifying) are merged into the chunks that load them. */
const MIN_CHUNK_BYTES = 20_000;

/** The SDK's Node shims are replaced by ours (docs/SDK.md): its validator then loads on first use. */
const sdkShims = {
  name: 'sdk-shims',
  resolveId(source) {
    if (source === '@modelcontextprotocol/client/_shims') return path.join(root, 'dist/src/mcp/session/sdk-shims.js');
    return null;
  },
};

/**
 * commander requires node:child_process (and with it net, dgram and stream) when it loads, for
 * executable subcommands, which mcpctl has none of: its one use, `spawn`, reaches the module
 * only when called, so `--help` and `servers` do not load it.
 */
const lazyCommanderSpawn = {
  name: 'lazy-commander-spawn',
  transform(code, id) {
    if (!id.endsWith(path.join('node_modules', 'commander', 'lib', 'command.js'))) return null;
    const eager = "const childProcess = require('node:child_process');";
    if (!code.includes(eager)) this.error(`commander changed: "${eager}" not found in ${id}`);
    const lazy =
      "const childProcess = { spawn: (...args) => process.getBuiltinModule('node:child_process').spawn(...args) };";
    return { code: code.replace(eager, lazy), map: null };
  },
};

const bundle = await rollup({
  input: {
    main: path.join(root, 'dist/commands/common/main.js'),
    // bin/ exits with these codes even before the program has loaded (src/exit-codes.ts).
    'exit-codes': path.join(root, 'dist/src/exit-codes.js'),
  },
  // typescript: only the test-file loader may use it, when installed; undici: loaded on use.
  external: ['typescript', 'undici', /^node:/],
  plugins: [
    sdkShims,
    lazyCommanderSpawn,
    nodeResolve({ preferBuiltins: true, exportConditions: ['node', 'import', 'default'] }),
    // As Node does: the default import of a CommonJS module is its module.exports.
    commonjs({ defaultIsModuleExports: true }),
    json(),
  ],
  onLog(level, log, handler) {
    // Rollup's progress notes, and dependencies' own cycles and annotations, are not ours to fix.
    if (level === 'info') return;
    if (['CIRCULAR_DEPENDENCY', 'THIS_IS_UNDEFINED', 'INVALID_ANNOTATION'].includes(log.code ?? '')) return;
    handler(level, log);
  },
});
await rm(out, { recursive: true, force: true });
await bundle.write({
  dir: out,
  // CommonJS, so that bin/ can keep V8's code cache of every chunk (vm.Script's cached data,
  // made at the end of a run): bin/load-bundle.js.
  format: 'cjs',
  exports: 'named',
  // Every import() becomes a require() in a promise: the chunks hold no import() for bin/ to serve.
  dynamicImportInCjs: false,
  entryFileNames: '[name].cjs',
  // The exit codes stay a file of their own, which the program's chunks import, so that bin/
  // loading them first loads nothing else (and main.cjs stays the program's entry chunk).
  manualChunks: (id) => (id === path.join(root, 'dist/src/exit-codes.js') ? 'exit-codes' : undefined),
  chunkFileNames: '[name]-[hash].cjs',
  experimentalMinChunkSize: MIN_CHUNK_BYTES,
});
await bundle.close();

for (const file of await readdir(out)) {
  const full = path.join(out, file);
  const { code } = await transform(await readFile(full, 'utf8'), {
    format: 'cjs',
    target: 'node20',
    minify: true,
    legalComments: 'none',
  });
  await writeFile(full, code);
}
