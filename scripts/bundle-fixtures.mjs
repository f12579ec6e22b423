#!/usr/bin/env node
// Bundles, after the build, the servers the tests start as processes, each into one CommonJS
// file run with V8's code cache: the tests' own SDK fixture servers (in place of tsc's output
// under dist/test) and the reference servers from npm (server-everything, -filesystem, -memory,
// -sequential-thinking: under dist/test/servers).
//
// Why: the tests start these servers hundreds of times, and each start spent most of its CPU in
// Node's ESM loader opening, reading and linking the SDK's many modules: 0.2–0.3 s of CPU a
// start, 0.15–0.22 s bundled as one ES module, 0.1–0.14 s as CommonJS with a code cache
// (docs/TESTING.md, "Suite time"). The code that runs is the same: the fixtures as written, the
// packages as installed, but for when the SDK builds its zod schemas in our fixtures: on first
// use, as in the program's bundle (lazySdkSchemas below).
//
// A fixture is bundled beside its entry (NAME.cjs beside NAME.js), and NAME.js becomes a launcher
// that runs it and exports what it exports, so every test and every test file under
// test/fixtures/testing that names its path runs the bundle, and a test that imports its exports
// gets the same exports. Only packages and the tests' own helper modules go into it: a fixture
// that imported mcpctl's own code (dist/src, dist/commands) would fail the build, as a CommonJS
// bundle cannot require an ES module on Node 20. The third-party frameworks' fixtures (fastmcp,
// tmcp, mcp-framework) are not bundled: they test interoperation with those packages as
// installed, and are started a few times only.

import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
  { name: 'server-everything', copies: { docs: 'dist/docs' }, imported: ['stdio', 'sse', 'streamableHttp'] },
  // Its entry awaits at its top level, which CommonJS cannot: it stays an ES module bundle.
  { name: 'server-filesystem', copies: {}, module: true },
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

/**
 * A fixture is bundled as CommonJS, NAME.cjs, which test/helpers/fixture-loader.ts runs with V8's
 * code cache: Node 20 compiles an ES module anew at every start, and a start of call-server took
 * 0.15 s of CPU as an ES module bundle, 0.095 s this way. Its `import.meta.url` stays the URL of
 * NAME.js, which the fixture compares with process.argv[1] to know it is the program run.
 */
const FIXTURE_OPTIONS = {
  ...OPTIONS,
  format: 'cjs',
  logLevel: 'warning',
  define: { 'import.meta.url': '__fixtureUrl' },
  banner: { js: 'var __fixtureUrl=require("node:url").pathToFileURL(__filename.replace(/\\.cjs$/,".js")).href;' },
};

/** Leads each fixture's entry NAME.js once the build has replaced it with its launcher. */
const LAUNCHER = '// Written by scripts/bundle-fixtures.mjs: runs the fixture bundled beside it, NAME.cjs.\n';

/** The loader every launcher imports (built by tsc from test/helpers/fixture-loader.ts). */
const FIXTURE_LOADER = path.join(tests, 'helpers', 'fixture-loader.js');

/** The names a fixture exports (read off an ES module build of it), which its launcher exports too. */
async function exportsOf(entry) {
  const result = await build({ ...OPTIONS, entryPoints: [entry], write: false, metafile: true });
  return Object.values(result.metafile.outputs).flatMap((output) => output.exports);
}

/**
 * The CommonJS bundle of `entry`, as text. An import of mcpctl's own code (left outside by
 * ownCodeExternal) fails the build: an ES module cannot be required on Node 20.
 */
async function bundleCommonJs(entry) {
  const result = await build({ ...FIXTURE_OPTIONS, entryPoints: [entry], write: false, metafile: true });
  const [file] = result.outputFiles;
  if (file === undefined) throw new Error(`bundle-fixtures: esbuild wrote nothing for ${entry}`);
  const outside = Object.values(result.metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((imported) => imported.external && imported.path.startsWith('.'));
  if (outside.length > 0)
    throw new Error(`bundle-fixtures: ${entry} imports ${outside[0].path}, which a CommonJS bundle cannot require`);
  return file.text;
}

/** The ES module that stands at NAME.js: it runs NAME.cjs and exports what the fixture exports. */
function launcher(entry, names) {
  let loader = path.relative(path.dirname(entry), FIXTURE_LOADER).split(path.sep).join('/');
  if (!loader.startsWith('.')) loader = `./${loader}`;
  const lines = [
    LAUNCHER.trimEnd(),
    `import { loadFixture } from ${JSON.stringify(loader)};`,
    'const fixture = loadFixture(import.meta.url);',
  ];
  if (names.length > 0) lines.push(`export const { ${names.join(', ')} } = fixture;`);
  return `${lines.join('\n')}\n`;
}

/** Whether tsc's output is still there (not a launcher already: this ran twice after one build). */
async function unbundled(file) {
  return !(await readFile(file, 'utf8')).startsWith(LAUNCHER);
}

/** The fixtures, in place; all are built before any is written, as one may import another. */
async function bundleFixtures() {
  const files = FIXTURES.map((name) => path.join(tests, `${name}.js`));
  const todo = [];
  for (const file of files) if (await unbundled(file)) todo.push(file);
  const built = await Promise.all(
    todo.map(async (file) => ({ file, code: await bundleCommonJs(file), names: await exportsOf(file) })),
  );
  await Promise.all(
    built.map(async ({ file, code, names }) => {
      await writeFile(file.replace(/\.js$/, '.cjs'), code);
      await writeFile(file, launcher(file, names));
    }),
  );
}

/**
 * One reference server, with copies of the files it reads next to its own modules, bundled as the
 * fixtures are: NAME.cjs run by a launcher at the entry's path. server-everything's entry imports
 * the transport it is asked for with import() (`imported`): each transport is bundled alone, and
 * the entry, an ES module with a top-level await, imports its launcher. Over stdio a start then
 * never parses the HTTP servers (express, iconv-lite, mime-db: half of its 1.6 MB).
 */
async function bundlePackage({ name, copies, imported = [], module: esModule = false }) {
  const installed = path.join(root, 'node_modules', '@modelcontextprotocol', name);
  const out = path.join(tests, 'servers', name, 'dist');
  await rm(path.dirname(out), { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const entry = path.join(installed, 'dist', 'index.js');
  if (esModule) await build({ ...OPTIONS, entryPoints: [entry], outfile: path.join(out, 'index.js') });
  const fixtures = esModule ? [] : imported.length > 0 ? imported : ['index'];
  if (imported.length > 0) await bundleEntry(entry, imported, path.join(out, 'index.js'));
  await Promise.all(
    fixtures.map(async (module) => {
      const source = module === 'index' ? entry : path.join(installed, 'dist', 'transports', `${module}.js`);
      const launcherFile = path.join(out, `${module}.js`);
      const code = await bundleCommonJs(source);
      await writeFile(path.join(out, `${module}.cjs`), code.replace(/^#!.*\n/, ''));
      await writeFile(launcherFile, launcher(launcherFile, await exportsOf(source)), { mode: 0o755 });
    }),
  );
  for (const [copy, from] of Object.entries(copies))
    await cp(path.join(installed, from), path.join(path.dirname(out), copy), { recursive: true });
}

/** A package's entry alone, its import() of each of `imported` (./transports/NAME.js) left to ./NAME.js. */
async function bundleEntry(entry, imported, file) {
  const launchers = {
    name: 'transport-launchers',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^\.\/transports\/[\w]+\.js$/ }, (args) => {
        const module = path.basename(args.path, '.js');
        if (!imported.includes(module)) return undefined;
        return { path: `./${module}.js`, external: true };
      });
    },
  };
  await build({ ...OPTIONS, plugins: [...OPTIONS.plugins, launchers], entryPoints: [entry], outfile: file });
}

await Promise.all([bundleFixtures(), ...PACKAGES.map(bundlePackage)]);
