#!/usr/bin/env node
// Bundles, after the build, the servers the tests start as processes, each into one file: the
// tests' own SDK fixture servers (in place of tsc's output under dist/test) and the reference
// servers from npm (server-everything, -filesystem, -memory, -sequential-thinking: under
// dist/test/servers).
//
// Why: the tests start these servers hundreds of times, and each start spent most of its CPU in
// Node's ESM loader opening, reading and linking the SDK's many modules: 0.2–0.3 s of CPU a
// start, 0.12–0.19 s bundled (docs/TESTING.md, "Suite time"). The code that runs is the same:
// the fixtures as written, the packages as installed, but for when the SDK builds its zod
// schemas in our fixtures: on first use, as in the program's bundle (lazySdkSchemas below).
//
// A fixture is bundled in place, so every test and every test file under test/fixtures/testing
// that names its path runs the bundle, and a test that imports its exports gets the same
// exports. Only packages and the tests' own helper modules go into it: mcpctl's own code
// (dist/src, dist/commands) stays an import of the built file, so a mutant planted there
// (scripts/mutate.mjs) still reaches a fixture that uses it. The third-party frameworks'
// fixtures (fastmcp, tmcp, mcp-framework) are not bundled: they test interoperation with those
// packages as installed, and are started a few times only.

import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { parseAst } from 'rollup/parseAst';
import { SERVER_SCHEMA_FILES, deferSchemas } from './lazy-sdk-schemas.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tests = path.join(root, 'dist', 'test');

/** The fixture servers built on the SDK that tests start as processes (under dist/test). */
const FIXTURES = [
  'fixtures/call-server',
  'fixtures/contract-server',
  'fixtures/detail-server',
  'fixtures/header-server',
  'fixtures/hostile-server',
  'fixtures/regex-server',
  'fixtures/revision-server',
  'fixtures/skill-server',
  'fixtures/task-server',
  'fixtures/unversioned-server',
  'fixtures/watch-server',
  'testing/ci-server',
];

/**
 * The reference servers, bundled to dist/test/servers/NAME/dist/index.js (test/mcp/helpers.ts
 * and test/helpers/third-party.ts name them there). The same depth as in the package, because
 * server-everything reads its documents from ../docs of its module and server-sequential-thinking
 * its version from ../package.json, which are copied from the package (copies, not links: Stryker's
 * sandbox copies dist/ and cannot copy a link to a folder).
 */
const PACKAGES = [
  { name: 'server-everything', copies: { docs: 'dist/docs' } },
  { name: 'server-filesystem', copies: {} },
  { name: 'server-memory', copies: {} },
  { name: 'server-sequential-thinking', copies: { 'package.json': 'package.json' } },
];

/** CommonJS dependencies call require() for Node's built-in modules. */
const BANNER = "import{createRequire as __cr}from'module';const require=__cr(import.meta.url);";

/** Keeps every relative import from test code that leaves dist/test (mcpctl's own code) an import. */
const ownCodeExternal = {
  name: 'own-code-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^\.\.?\// }, (args) => {
      // A package's own relative imports are bundled with it.
      if (!args.importer.startsWith(tests + path.sep)) return undefined;
      const target = path.resolve(args.resolveDir, args.path);
      if (target.startsWith(tests + path.sep)) return undefined;
      const relative = path.relative(path.dirname(args.importer), target).split(path.sep).join('/');
      return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
    });
  },
};

/**
 * The SDK's public zod schemas built on first use, as in the program's bundle
 * (scripts/lazy-sdk-schemas.mjs): a fixture server no longer builds 1,000 zod objects it never
 * validates with at each start (0.3 s of CPU a start of revision-server, 0.2 s with this).
 */
const lazySdkSchemas = {
  name: 'lazy-sdk-schemas',
  setup(esbuild) {
    esbuild.onLoad(
      { filter: /[/\\]@modelcontextprotocol[/\\](core|server)[/\\]dist[/\\][\w-]+\.mjs$/ },
      async (args) => {
        const code = await readFile(args.path, 'utf8');
        const fail = (why) => {
          throw new Error(why);
        };
        const out = deferSchemas(code, args.path, SERVER_SCHEMA_FILES, parseAst, fail);
        return out === undefined ? undefined : { contents: out, loader: 'js' };
      },
    );
  },
};

/** esbuild's options for every bundle here. */
const OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'error',
  plugins: [ownCodeExternal, lazySdkSchemas],
  banner: { js: BANNER },
};

/** The bundle of `entry`, as text. */
async function bundle(entry) {
  const result = await build({ ...OPTIONS, entryPoints: [entry], write: false });
  const [file] = result.outputFiles;
  if (file === undefined) throw new Error(`bundle-fixtures: esbuild wrote nothing for ${entry}`);
  return file.text;
}

/** Whether tsc's output is still there (not a bundle already: this ran twice after one build). */
async function unbundled(file) {
  return !(await readFile(file, 'utf8')).startsWith(BANNER);
}

/** The fixtures, in place; all are built before any is written, as one may import another. */
async function bundleFixtures() {
  const files = FIXTURES.map((name) => path.join(tests, `${name}.js`));
  const todo = [];
  for (const file of files) if (await unbundled(file)) todo.push(file);
  const texts = await Promise.all(todo.map(bundle));
  await Promise.all(todo.map((file, i) => writeFile(file, texts[i])));
}

/**
 * One reference server, with copies of the files it reads next to its own modules. What the entry
 * imports with import() goes into chunks of its own, loaded only when imported: server-everything
 * imports the transport it is asked for, and over stdio a start then never parses the HTTP
 * servers (express, iconv-lite, mime-db: half of its 1.6 MB), 0.04 s of CPU less a start.
 */
async function bundlePackage({ name, copies }) {
  const installed = path.join(root, 'node_modules', '@modelcontextprotocol', name);
  const out = path.join(tests, 'servers', name);
  await rm(out, { recursive: true, force: true });
  await build({
    ...OPTIONS,
    entryPoints: { index: path.join(installed, 'dist', 'index.js') },
    splitting: true,
    outdir: path.join(out, 'dist'),
    // Next to the entry: a chunk finds the files the package reads where the entry did.
    chunkNames: '[name]-[hash]',
  });
  for (const [copy, from] of Object.entries(copies))
    await cp(path.join(installed, from), path.join(out, copy), { recursive: true });
}

await Promise.all([bundleFixtures(), ...PACKAGES.map(bundlePackage)]);
