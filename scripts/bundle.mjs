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

/**
 * The SDK builds zod schemas it may never use: its core package builds all its public ones when it
 * loads (`schemas-*.mjs`, `auth-*.mjs`: 180 constants, 1,081 zod objects), and the client builds
 * one revision's whole wire set at the first message of that revision (`build$1()`, 2025-11-25:
 * 748 zod objects; `build()`, 2026-07-28), though a run validates with a few of them (the
 * JSON-RPC message of every line, the initialize result, a listed tool, …). Each constant made
 * by a call becomes `lazySchema(() => call)` (src/mcp/session/lazy-schema.ts): the same schema,
 * built when first used, with the schemas it is made of. Any other shape of those files, or
 * fewer schemas than below (the counts when this was written), fails the build.
 */
const LAZY_SCHEMA_FILES = [
  { file: /[/\\]@modelcontextprotocol[/\\]core[/\\]dist[/\\]schemas-[\w-]+\.mjs$/, scope: 'module', least: 166 },
  { file: /[/\\]@modelcontextprotocol[/\\]core[/\\]dist[/\\]auth-[\w-]+\.mjs$/, scope: 'module', least: 14 },
  // The two wire sets, each a function of constants that returns them.
  {
    file: /[/\\]@modelcontextprotocol[/\\]client[/\\]dist[/\\]src-[\w-]+\.mjs$/,
    scope: ['build$1', 'build'],
    least: 266,
  },
];

/** `code` with each edit's range (`start` to `end`, none overlapping) replaced by its `text`. */
function withEdits(code, edits) {
  let out = code;
  for (const { start, end, text } of [...edits].sort((a, b) => b.start - a.start))
    out = `${out.slice(0, start)}${text}${out.slice(end)}`;
  return out;
}

/** The calls that make the constants among `statements`; `fail` on a statement of another kind. */
function schemaCalls(statements, fail) {
  const calls = [];
  for (const node of statements) {
    if (node.type === 'VariableDeclaration' && node.kind === 'const') {
      for (const { init } of node.declarations) if (init?.type === 'CallExpression') calls.push(init);
    } else if (node.type === 'ExportNamedDeclaration' && node.declaration) {
      fail('an export with a declaration');
    } else if (
      !['ImportDeclaration', 'ExportNamedDeclaration', 'FunctionDeclaration', 'ReturnStatement'].includes(node.type)
    ) {
      fail(`a statement of type ${node.type}`);
    }
  }
  return calls;
}

/** The body statements of the named top-level functions, each ending in `return { … }`. */
function functionBodies(program, names, fail) {
  return names.map((name) => {
    const fn = program.body.find((node) => node.type === 'FunctionDeclaration' && node.id?.name === name);
    if (!fn) fail(`no function ${name}`);
    const body = fn.body.body;
    if (body.at(-1)?.argument?.type !== 'ObjectExpression') fail(`${name} does not return an object`);
    return body;
  });
}

const lazySdkSchemas = {
  name: 'lazy-sdk-schemas',
  transform(code, id) {
    const target = LAZY_SCHEMA_FILES.find(({ file }) => file.test(id));
    if (!target) return null;
    const fail = (why) => this.error(`the SDK's schemas changed (${id}): ${why}; see lazySdkSchemas`);
    const program = this.parse(code);
    const calls =
      target.scope === 'module'
        ? schemaCalls(program.body, fail)
        : functionBodies(program, target.scope, fail).flatMap((body) => schemaCalls(body, fail));
    if (calls.length < target.least) fail(`${calls.length} schemas made by a call, not ${target.least}`);
    const out = withEdits(
      code,
      calls.map(({ start, end }) => ({ start, end, text: `lazySchema(() => ${code.slice(start, end)})` })),
    );
    const helper = JSON.stringify(path.join(root, 'dist/src/mcp/session/lazy-schema.js'));
    return { code: `import { lazySchema } from ${helper};\n${out}`, map: null };
  },
};

/** The nodes of `node`'s tree (an ESTree program or a part of it), depth first. */
function* nodesOf(node) {
  if (!node || typeof node.type !== 'string') return;
  yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) yield* nodesOf(item);
    else if (value && typeof value === 'object') yield* nodesOf(value);
  }
}

/**
 * Constants a dependency computes when it loads, from schemas or globals that cost milliseconds
 * to make, for functions few runs call: each is made on first use instead. `names`: the module's
 * top-level constants to defer, each `const NAME = …;` becoming a memo function that every other
 * mention of NAME calls; `uses`: how many mentions each has besides its declaration, so a changed
 * file fails the build rather than go unseen.
 */
const LAZY_CONSTANTS = [
  // The SDK's elicitation grammar: three sets read off zod schemas (eleven of them built at load)
  // for `inputRequired.elicit`, a server's helper that a client never calls.
  {
    file: /[/\\]@modelcontextprotocol[/\\]client[/\\]dist[/\\]src-[\w-]+\.mjs$/,
    names: { ROOT_KEYS: 1, PROPERTY_KEYS_BY_TYPE: 2, SUPPORTED_STRING_FORMATS: 1 },
  },
];

const lazyConstants = {
  name: 'lazy-constants',
  transform(code, id) {
    const target = LAZY_CONSTANTS.find(({ file }) => file.test(id));
    if (!target) return null;
    const fail = (why) => this.error(`${id} changed: ${why}; see lazyConstants`);
    const program = this.parse(code);
    const edits = [];
    for (const [name, uses] of Object.entries(target.names)) {
      const declaration = program.body.find(
        (node) =>
          node.type === 'VariableDeclaration' &&
          node.kind === 'const' &&
          node.declarations.length === 1 &&
          node.declarations[0].id.name === name,
      );
      if (!declaration) fail(`no top-level \`const ${name} = …\``);
      const { init } = declaration.declarations[0];
      const mentions = [...nodesOf(program)].filter(
        (node) => node.type === 'Identifier' && node.name === name && node !== declaration.declarations[0].id,
      );
      if (mentions.length !== uses) fail(`${name} is used ${mentions.length} times, not ${uses}`);
      edits.push({
        start: declaration.start,
        end: declaration.end,
        text: `let ${name}$made; const ${name}$ = () => (${name}$made ??= (${code.slice(init.start, init.end)}));`,
      });
      for (const { start, end } of mentions) edits.push({ start, end, text: `${name}$()` });
    }
    return { code: withEdits(code, edits), map: null };
  },
};

/**
 * chalk asks node:tty whether stdout and stderr are terminals when it loads, and node:tty loads
 * node:net and node:stream: a run into a pipe (bin/standard-streams.js) would load them for
 * that question alone. Only a character device can be a terminal, and /dev/null is none, so
 * node:tty is asked about the others alone; for a pipe, socket, file or /dev/null the answer is
 * no, as node:tty's would be.
 */
const chalkWithoutTty = {
  name: 'chalk-without-tty',
  transform(code, id) {
    if (!id.endsWith(path.join('node_modules', 'chalk', 'source', 'vendor', 'supports-color', 'index.js'))) return null;
    const eager = "import tty from 'node:tty';";
    if (!code.includes(eager)) this.error(`chalk changed: "${eager}" not found in ${id}`);
    const lazy = `import { fstatSync, statSync } from 'node:fs';
const isNullDevice = (stats) => {
  try {
    return stats.rdev === statSync('/dev/null').rdev;
  } catch {
    return false;
  }
};
const tty = {
  isatty(fd) {
    let stats;
    try {
      stats = fstatSync(fd);
    } catch {
      return false;
    }
    if (!stats.isCharacterDevice() || isNullDevice(stats)) return false;
    return process.getBuiltinModule('node:tty').isatty(fd);
  },
};`;
    return { code: code.replace(eager, lazy), map: null };
  },
};

/**
 * pkce-challenge reads `globalThis.crypto` when it loads, and Node makes Web Crypto (node:crypto
 * with it) on that first read: milliseconds for every run that loads the SDK, though only an OAuth
 * sign-in makes a PKCE challenge. The promise it awaits becomes a thenable that reads the global
 * when awaited.
 */
const lazyPkceCrypto = {
  name: 'lazy-pkce-crypto',
  transform(code, id) {
    if (!/[/\\]pkce-challenge[/\\]dist[/\\]index\.node\.js$/.test(id)) return null;
    const fail = (why) => this.error(`pkce-challenge changed (${id}): ${why}; see lazyPkceCrypto`);
    const assignment = this.parse(code).body.find(
      (node) =>
        node.type === 'ExpressionStatement' &&
        node.expression.type === 'AssignmentExpression' &&
        node.expression.left.name === 'crypto',
    );
    if (!assignment) fail('no top-level `crypto = …`');
    const value = assignment.expression.right;
    if (!code.slice(value.start, value.end).startsWith('globalThis.crypto'))
      fail('`crypto` is not read off globalThis');
    const lazy = '{ then: (resolve) => resolve(globalThis.crypto) }';
    return { code: withEdits(code, [{ start: value.start, end: value.end, text: lazy }]), map: null };
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
    lazySdkSchemas,
    lazyCommanderSpawn,
    lazyConstants,
    lazyPkceCrypto,
    chalkWithoutTty,
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
