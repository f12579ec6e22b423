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
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printedBy } from './printed-by.mjs';
import { rollup } from 'rollup';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { transform } from 'esbuild';
import { CLIENT_SCHEMA_FILES, deferSchemas, withEdits } from './lazy-sdk-schemas.mjs';

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

/** The SDK's public zod schemas built on first use (scripts/lazy-sdk-schemas.mjs). */
const lazySdkSchemas = {
  name: 'lazy-sdk-schemas',
  transform(code, id) {
    const out = deferSchemas(
      code,
      id,
      CLIENT_SCHEMA_FILES,
      (text) => this.parse(text),
      (why) => this.error(why),
    );
    return out === undefined ? null : { code: out, map: null };
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

/**
 * eventsource-parser's EventSourceParserStream extends TransformStream, a global that Node makes
 * from its web streams modules (readable, writable and transform streams, worker messaging) on
 * first read: the class declaration read it as the SDK loaded, for every session, though only a
 * Streamable HTTP server's event stream makes one. The class is now declared at its first
 * construction, by a function of the same name that hands `new` on to it (0.4 MiB of a `tools`
 * run's peak on a stdio server, Node 24).
 */
const lazyParserStream = {
  name: 'lazy-parser-stream',
  transform(code, id) {
    if (!/[/\\]eventsource-parser[/\\]dist[/\\]stream\.js$/.test(id)) return null;
    const fail = (why) => this.error(`eventsource-parser changed (${id}): ${why}; see lazyParserStream`);
    const declaration = this.parse(code).body.find(
      (node) => node.type === 'ClassDeclaration' && node.id.name === 'EventSourceParserStream',
    );
    if (!declaration) fail('no top-level `class EventSourceParserStream`');
    if (declaration.superClass?.name !== 'TransformStream') fail('the class does not extend TransformStream');
    const lazy = `let EventSourceParserStream$made;
function EventSourceParserStream(...args) {
  EventSourceParserStream$made ??= (${code.slice(declaration.start, declaration.end)});
  const made = EventSourceParserStream$made;
  return Reflect.construct(made, args, new.target === EventSourceParserStream ? made : new.target);
}`;
    return { code: withEdits(code, [{ start: declaration.start, end: declaration.end, text: lazy }]), map: null };
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
    lazyParserStream,
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

/**
 * `mcpctl --help` into a pipe or a file prints the same text at every run, whatever the
 * environment: written here once, to help.txt beside the chunks, bin/ prints it without loading
 * the program (bin/mcpctl.js, shippedAnswer). Made by the bundle itself, as bin/ would run it.
 */
async function writeHelpText() {
  const { main } = createRequire(import.meta.url)(path.join(out, 'main.cjs'));
  const help = await printedBy(main, ['--help'], { cwd: root, home: os.tmpdir() });
  await writeFile(path.join(out, 'help.txt'), help);
}

await writeHelpText();
