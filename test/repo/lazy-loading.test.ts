// What each command loads, checked on the built modules (docs/ARCHITECTURE.md, "Loading"):
// - the command tree (every definition) loads commander and nothing of any command's work, so
//   `--help` and completion stay fast;
// - a command's work sits behind one lazy boundary: its run module imports statically, with no
//   import() of its own;
// - the run module of a command that opens sessions loads neither the MCP SDK nor ajv: the
//   session layer (and, for call, the schema checks) load after the stdio server was started,
//   so the two overlap.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../helpers/run.js';

const DIST = path.join(ROOT, 'dist');
const SDK = '/node_modules/@modelcontextprotocol/';
const AJV = '/node_modules/ajv/';

/** Every module resolved by a fresh Node process that imports `file` (a path under dist/). */
function loadedBy(file: string): string[] {
  const log = path.join(mkdtempSync(path.join(tmpdir(), 'imports-')), 'imports.log');
  const hooks = pathToFileURL(path.join(DIST, 'test/helpers/record-imports.js')).href;
  const run = spawnSync(
    process.execPath,
    ['--import', hooks, '--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(file).href)});`],
    { env: { ...process.env, IMPORT_LOG: log }, encoding: 'utf8' },
  );
  assert.equal(run.status, 0, run.stderr);
  return readFileSync(log, 'utf8').trim().split('\n');
}

/** The commands laid out as commands/<name>/{command.ts,run.ts}. */
function commandFolders(): string[] {
  return readdirSync(path.join(ROOT, 'commands'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(ROOT, 'commands', e.name, 'run.ts')))
    .map((e) => e.name);
}

/** Commands whose run module opens sessions (and so must leave the SDK to the session layer). */
const SESSION_COMMANDS = ['tools', 'status', 'call', 'tasks', 'resources', 'prompts', 'skills'];

test('the command tree loads commander and the definitions, no command’s work', () => {
  const loaded = loadedBy(path.join(DIST, 'commands/common/program.js'));
  const packages = new Set(
    loaded.filter((u) => u.includes('/node_modules/')).map((u) => u.split('/node_modules/')[1]!.split('/')[0]),
  );
  assert.deepEqual([...packages], ['commander']);
  assert.deepEqual(
    loaded.filter((u) => /\/commands\/[^/]+\/run\.js$/.test(u)),
    [],
  );
});

test('a command’s run module has no lazy imports of its own: the definition’s action is the one boundary', () => {
  const found: string[] = [];
  for (const name of commandFolders()) {
    for (const file of readdirSync(path.join(ROOT, 'commands', name))) {
      if (file === 'command.ts' || !file.endsWith('.ts')) continue;
      const text = readFileSync(path.join(ROOT, 'commands', name, file), 'utf8');
      for (const [i, line] of text.split('\n').entries())
        if (/(?<!typeof )\bimport\(/.test(line)) found.push(`commands/${name}/${file}:${i + 1}: ${line.trim()}`);
    }
  }
  assert.deepEqual(found, []);
});

test('the run module of a command that opens sessions loads neither the MCP SDK nor ajv', () => {
  const converted = SESSION_COMMANDS.filter((name) => commandFolders().includes(name));
  assert.ok(converted.length >= 2, `commands found: ${commandFolders().join(', ')}`);
  for (const name of converted) {
    const heavy = loadedBy(path.join(DIST, 'commands', name, 'run.js')).filter(
      (u) => u.includes(SDK) || u.includes(AJV),
    );
    assert.deepEqual(heavy, [], `commands/${name}/run.ts loads the SDK or ajv`);
  }
});

test('--help and completion into a pipe, through the bundle, load no node:child_process (commander’s spawn is lazy), fs/promises, net, stream nor tty', () => {
  for (const argv of [['--help'], ['completion', 'bash']]) {
    // process.moduleLoadList names every built-in module the run loaded, read as it exits (and
    // written with fs, as process.stderr would load node:net).
    const report = `process.on('exit', () => require('node:fs').writeSync(2, '\\n' + process.moduleLoadList.join('\\n')));`;
    const run = binWithPreload(report, argv);
    assert.equal(run.status, 0, run.stderr);
    const builtins = reportedBuiltins(run.stderr);
    assert.deepEqual(
      builtins.filter((line) => /\b(child_process|dgram|fs\/promises)$|^NativeModule (net|stream|tty)$/.test(line)),
      [],
      `mcpctl ${argv.join(' ')}`,
    );
  }
});

test('servers reading a config, and --help, with stderr to /dev/null (`2>/dev/null`, a parent’s ignore) load no fs/promises, net, stream nor tty', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'home-'));
  mkdirSync(path.join(home, 'mcpctl'));
  writeFileSync(path.join(home, 'mcpctl', 'config.json'), JSON.stringify({ mcpServers: { app: { command: 'true' } } }));
  const list = path.join(home, 'modules.txt');
  const report = `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join('\\n')));`;
  const preload = writeScript(report);
  for (const [argv, shown] of [
    [['servers'], /^app\b/m],
    [['--help'], /^Usage: mcpctl/m],
  ] as const) {
    const run = spawnSync(process.execPath, ['--require', preload, path.join(ROOT, 'bin/mcpctl.js'), ...argv], {
      env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: home },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    assert.match(run.stdout, shown, `mcpctl ${argv.join(' ')}`);
    const builtins = readFileSync(list, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('NativeModule '));
    assert.ok(builtins.length > 0, 'no module list was reported');
    assert.deepEqual(
      builtins.filter((line) => /\bfs\/promises$|^NativeModule (net|stream|tty)$/.test(line)),
      [],
      `mcpctl ${argv.join(' ')}`,
    );
  }
});

test('servers beside an untrusted project config loads no node:crypto: with no trust record nothing is hashed', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'home-'));
  const project = path.join(home, 'repo');
  mkdirSync(path.join(project, '.git'), { recursive: true });
  writeFileSync(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { app: { command: 'true' } } }));
  const run = binWithPreload(REPORT_BUILTINS, ['servers', '--json'], { HOME: home, XDG_CONFIG_HOME: home }, project);
  assert.equal(run.status, 0, run.stderr);
  const listed = (JSON.parse(run.stdout) as { servers: { name: string; trust: string }[] }).servers;
  assert.deepEqual(
    listed.map((s) => [s.name, s.trust]),
    [['app', 'untrusted']],
  );
  const builtins = reportedBuiltins(run.stderr);
  assert.deepEqual(
    builtins.filter((line) => /^NativeModule (internal\/)?crypto\b/.test(line)),
    [],
  );
});

test('--help and servers make no stdin stream (bin hands it over only when a command reads it)', () => {
  // Every read of process.stdin is reported; the stream is made on the first.
  const report = `const made = Object.getOwnPropertyDescriptor(process, 'stdin');
Object.defineProperty(process, 'stdin', { configurable: true, get() { process.stderr.write('stdin was read\\n'); return made.get.call(process); } });`;
  const config = path.join(mkdtempSync(path.join(tmpdir(), 'stdin-')), 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { s: { command: 'true' } } }));
  for (const argv of [['--help'], ['-c', config, 'servers']]) {
    const run = binWithPreload(report, argv);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, '', `mcpctl ${argv.join(' ')}`);
  }
});

/** A preload that writes, as the run exits, every built-in module it loaded to stderr. */
const REPORT_BUILTINS = `process.on('exit', () => process.stderr.write('\\n' + process.moduleLoadList.join('\\n')));`;

/** The built-in modules a run reported on stderr (process.moduleLoadList); fails when it reported none. */
function reportedBuiltins(stderr: string): string[] {
  const builtins = stderr.split('\n').filter((line) => line.startsWith('NativeModule '));
  assert.ok(builtins.length > 0, 'no module list was reported');
  return builtins;
}

/** mcpctl through bin/ with `preload` run first (--require), in an environment of PATH and `env` alone, in `cwd`. */
function binWithPreload(preload: string, argv: string[], env: NodeJS.ProcessEnv = { HOME: tmpdir() }, cwd?: string) {
  return spawnSync(process.execPath, ['--require', writeScript(preload), path.join(ROOT, 'bin/mcpctl.js'), ...argv], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    cwd,
  });
}

/** A CommonJS file holding `source`, for --require. */
function writeScript(source: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'preload-')), 'preload.cjs');
  writeFileSync(file, source);
  return file;
}

test('the session layer loads node:http and node:https only for an HTTP server’s first request', () => {
  // Every session command loads it, stdio ones included; on Node 24 node:https brings Node's undici.
  const session = pathToFileURL(path.join(DIST, 'src/mcp/index.js')).href;
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(session)}); process.stdout.write(process.moduleLoadList.join('\\n'));`,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(
    run.stdout.split('\n').filter((line) => /^NativeModule (http|https|tls)$/.test(line)),
    [],
  );
});

test('`tools URL` over Streamable HTTP, with no proxy and no OAuth, loads no Node undici (no platform Headers or Response), nor node:child_process (nothing is spawned)', async () => {
  const { startEverything } = await import('../helpers/everything.js');
  const server = await startEverything('streamableHttp');
  try {
    const home = mkdtempSync(path.join(tmpdir(), 'home-'));
    const run = binWithPreload(REPORT_BUILTINS, ['tools', server.url, '--json'], {
      HOME: home,
      XDG_CONFIG_HOME: home,
      XDG_CACHE_HOME: home,
    });
    assert.equal(run.status, 0, run.stderr);
    assert.ok((JSON.parse(run.stdout) as { tools: unknown[] }).tools.length > 0, run.stdout);
    const builtins = run.stderr.split('\n').filter((line) => line.startsWith('NativeModule '));
    assert.ok(
      builtins.some((line) => line === 'NativeModule http'),
      'no module list was reported',
    );
    assert.deepEqual(
      builtins.filter((line) => /undici|\b(child_process|dgram)$/.test(line)),
      [],
    );
  } finally {
    await server.stop();
  }
});

test('a second `tools` of a server loads neither node:crypto nor fs/promises (stdio, and Streamable HTTP from the era cache)', async () => {
  const { everything } = await import('../mcp/helpers.js');
  const { startEverything } = await import('../helpers/everything.js');
  const server = await startEverything('streamableHttp');
  try {
    const targets = [
      { argv: ['--stdio', `${process.execPath} ${everything} stdio`], remembered: false },
      { argv: [server.url], remembered: true },
    ];
    for (const { argv, remembered } of targets) {
      const home = mkdtempSync(path.join(tmpdir(), 'home-'));
      const tools = () =>
        binWithPreload(REPORT_BUILTINS, ['tools', ...argv, '--json'], {
          HOME: home,
          XDG_CONFIG_HOME: home,
          XDG_CACHE_HOME: home,
        });
      // The first run writes what the second reads: the code cache, and what the server speaks.
      const first = tools();
      assert.equal(first.status, 0, first.stderr);
      if (remembered) assert.equal(readdirSync(path.join(home, 'mcpctl', 'era')).length, 1, 'no era cache entry');
      const second = tools();
      assert.equal(second.status, 0, second.stderr);
      assert.ok((JSON.parse(second.stdout) as { tools: unknown[] }).tools.length > 0, second.stdout);
      const builtins = reportedBuiltins(second.stderr);
      assert.deepEqual(
        builtins.filter((line) => /^NativeModule (crypto|fs\/promises|internal\/fs\/promises)$/.test(line)),
        [],
        `mcpctl tools ${argv.join(' ')}`,
      );
    }
  } finally {
    await server.stop();
  }
});

test('`tools` of a stdio server makes no web streams (the SDK’s event-stream parser is declared on first use)', async () => {
  const { everything } = await import('../mcp/helpers.js');
  const home = mkdtempSync(path.join(tmpdir(), 'home-'));
  const run = binWithPreload(
    REPORT_BUILTINS,
    ['tools', '--stdio', `${process.execPath} ${everything} stdio`, '--json'],
    {
      HOME: home,
      XDG_CONFIG_HOME: home,
      XDG_CACHE_HOME: home,
    },
  );
  assert.equal(run.status, 0, run.stderr);
  const builtins = reportedBuiltins(run.stderr);
  assert.deepEqual(
    // Node 20 has the web streams' utilities at start; the stream classes are what a read of the
    // global TransformStream loads.
    builtins.filter((line) => /^NativeModule internal\/webstreams\/(readable|writable|transform)stream$/.test(line)),
    [],
  );
});
