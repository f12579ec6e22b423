// `mcpctl servers`: the example config in every output mode, secrets never shown, config errors
// with their place and exit 2, and add/remove through the command line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, runBin, jsonError, ROOT } from '../helpers/run.js';
import { startStatusServer } from '../fixtures/status-server.js';

const EXAMPLE = ['everything', 'filesystem', 'memory', 'everything-http', 'everything-sse'];

function tempProject(config: unknown, file = '.mcp.json'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-servers-'));
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return dir;
}

test('servers lists the example config as a table on a terminal', async () => {
  const r = await run(['servers'], { cwd: ROOT, tty: true });
  assert.equal(r.code, 0, r.stderr);
  for (const name of EXAMPLE) assert.match(r.stdout, new RegExp(`^${name} {2,}`, 'm'));
  assert.match(r.stdout, /NAME.*TYPE.*TARGET.*SOURCE.*STATE.*TRUST.*CWD/);
  assert.match(r.stdout, /^everything-http {2,}http {2,}http:\/\/127\.0\.0\.1:3001\/mcp/m);
});

test('servers prints tab-separated rows in a pipe', async () => {
  const r = await run(['servers'], { cwd: ROOT });
  assert.equal(r.code, 0, r.stderr);
  const rows = r.stdout
    .trimEnd()
    .split('\n')
    .map((l) => l.split('\t'));
  assert.deepEqual(
    rows.map((row) => row[0]),
    EXAMPLE,
  );
  assert.deepEqual(rows[0], [
    'everything',
    'stdio',
    'node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio',
    '.mcp.json',
    'enabled',
    'untrusted',
    ROOT,
  ]);
  assert.equal(rows[3][4], 'disabled');
  assert.equal(rows[3][6], '', 'an http server has no working directory');
});

test('servers --json has the documented shape', async () => {
  const r = await runBin(['servers', '--json'], { cwd: ROOT });
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout) as { servers: Record<string, unknown>[] };
  assert.deepEqual(
    doc.servers.map((s) => s.name),
    EXAMPLE,
  );
  const everything = doc.servers[0];
  assert.equal(everything.type, 'stdio');
  assert.equal(everything.command, 'node');
  assert.deepEqual(everything.args, ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio']);
  assert.equal(everything.source, path.join(ROOT, '.mcp.json'));
  assert.equal(everything.disabled, false);
  assert.equal(doc.servers[4].type, 'sse');
  assert.equal(doc.servers[4].url, 'http://127.0.0.1:3001/sse');
});

test('a secret value never appears in any output mode', async () => {
  const secret = 'sk-live-0123456789abcdef';
  const dir = tempProject({
    mcpServers: {
      api: { url: 'https://example.com/mcp', headers: { Authorization: `Bearer ${secret}`, 'X-Ref': '${API_TOKEN}' } },
      tool: { command: 'node', args: ['x.js'], env: { API_KEY: secret, FROM_ENV: 'Bearer ${TOKEN}' } },
    },
  });
  const env = { PATH: process.env.PATH, API_TOKEN: secret, TOKEN: secret };
  for (const argv of [
    ['servers'],
    ['servers', '--json'],
    ['servers', 'api'],
    ['servers', 'tool', '--json'],
    ['servers', 'tool'],
  ]) {
    for (const tty of [true, false]) {
      const r = await run(argv, { cwd: dir, tty, env, home: dir });
      assert.equal(r.code, 0, r.stderr);
      assert.ok(
        !r.stdout.includes(secret) && !r.stderr.includes(secret),
        `${argv.join(' ')} (tty ${tty}) leaked the secret`,
      );
    }
  }
  const one = JSON.parse((await run(['servers', 'api', '--json'], { cwd: dir, env, home: dir })).stdout) as {
    headers: Record<string, string>;
  };
  assert.equal(one.headers['X-Ref'], '${API_TOKEN}', 'references show as written');
  assert.equal(one.headers.Authorization, '<redacted>', 'literal values are hidden whole');
});

test('config errors exit 2 naming file, line, column, server and key', async () => {
  const dir = tempProject('{\n  "mcpServers": {\n    "bad": { "command": "x", "timeout": "soon" }\n  }\n}\n');
  const r = await run(['servers'], { cwd: dir, home: dir });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /\.mcp\.json:3:\d+: server "bad": "timeout"/);
  const j = await run(['servers', '--json'], { cwd: dir, home: dir });
  assert.equal(j.code, 2);
  assert.equal(jsonError(j.stderr).error.kind, 'config');
  const syntax = tempProject('{\n  "mcpServers": {\n    "a": { "command": "x", }\n    "b": {}\n  }\n}\n');
  const s = await run(['servers'], { cwd: syntax, home: syntax });
  assert.equal(s.code, 2);
  assert.match(s.stderr, /\.mcp\.json:4:5/);
});

test('an unknown server name exits 2 with the names that exist', async () => {
  const r = await run(['servers', 'everythin'], { cwd: ROOT });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown server "everythin"/);
  assert.match(r.stderr, /did you mean "everything"/);
});

test('servers add and remove round trip keeps unrelated content', async () => {
  const original =
    '{\n  // kept\n  "$schema": "x",\n  "mcpServers": {\n    "keep": { "command": "a" }\n  },\n  "other": [1, 2]\n}\n';
  const dir = tempProject(original);
  const add = await run(
    ['servers', 'add', 'fs', '--command', 'npx', '--env', 'TOKEN=${TOKEN}', '--', '-y', 'pkg', '.'],
    { cwd: dir, home: dir },
  );
  assert.equal(add.code, 0, add.stderr);
  const listed = JSON.parse((await run(['servers', 'fs', '--json'], { cwd: dir, home: dir })).stdout) as Record<
    string,
    unknown
  >;
  assert.equal(listed.command, 'npx');
  assert.deepEqual(listed.args, ['-y', 'pkg', '.']);
  const again = await run(['servers', 'add', 'fs', '--url', 'https://example.com/mcp'], { cwd: dir, home: dir });
  assert.equal(again.code, 2, 'adding an existing name is refused');
  const remove = await run(['servers', 'remove', 'fs'], { cwd: dir, home: dir });
  assert.equal(remove.code, 0, remove.stderr);
  const after = readFileSync(path.join(dir, '.mcp.json'), 'utf8');
  assert.match(after, /\/\/ kept/, 'comments survive');
  const strip = (t: string) => JSON.parse(t.replace(/\/\/.*$/m, ''));
  assert.deepEqual(strip(after), strip(original));
  const missing = await run(['servers', 'remove', 'fs'], { cwd: dir, home: dir });
  assert.equal(missing.code, 2);
});

test('servers add --header keeps ${VAR} in the file, and the header reaches the server; --force replaces', async () => {
  const server = await startStatusServer(401);
  try {
    const dir = tempProject({ mcpServers: {} }, 'servers.json');
    const file = path.join(dir, 'servers.json');
    const add = await run(
      [
        '-c',
        file,
        'servers',
        'add',
        'api',
        '--url',
        server.url,
        '--header',
        'Authorization:Bearer ${API_TOKEN}',
        '--header',
        'X-Team: core',
      ],
      { cwd: dir, home: dir },
    );
    assert.equal(add.code, 0, add.stderr);
    const entry = (
      JSON.parse(readFileSync(file, 'utf8')) as {
        mcpServers: Record<string, { url: string; headers: Record<string, string> }>;
      }
    ).mcpServers.api;
    assert.deepEqual(entry, { url: server.url, headers: { Authorization: 'Bearer ${API_TOKEN}', 'X-Team': 'core' } });
    const env = { PATH: process.env.PATH, HOME: dir, API_TOKEN: 'sekrit-123' };
    const used = await run(['-c', file, 'tools', 'api', '--json'], { cwd: dir, home: dir, env });
    assert.equal(used.code, 4, 'the fixture answers 401');
    assert.equal(server.seen()[0]?.headers.authorization, 'Bearer sekrit-123');
    assert.equal(server.seen()[0]?.headers['x-team'], 'core');
    assert.doesNotMatch(used.stderr, /sekrit/);

    const refused = await run(['-c', file, 'servers', 'add', 'api', '--command', 'node', '--', 'server.js'], {
      cwd: dir,
      home: dir,
    });
    assert.equal(refused.code, 2, 'an existing name needs --force');
    const forced = await run(['-c', file, 'servers', 'add', 'api', '--command', 'node', '--force', '--', 'server.js'], {
      cwd: dir,
      home: dir,
    });
    assert.equal(forced.code, 0, forced.stderr);
    assert.deepEqual((JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: unknown }).mcpServers, {
      api: { command: 'node', args: ['server.js'] },
    });
    const misplaced = await run(['-c', file, 'servers', 'add', 'x', '--command', 'node', '--header', 'A:b'], {
      cwd: dir,
      home: dir,
    });
    assert.equal(misplaced.code, 2);
    assert.match(misplaced.stderr, /--header is for --url servers/);
  } finally {
    await server.close();
  }
});

test('servers add needs exactly one of --command and --url', async () => {
  const dir = tempProject({ mcpServers: {} });
  const r = await run(['servers', 'add', 'x'], { cwd: dir, home: dir });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--command or --url/);
});

test('a missing variable is no error for servers, which never expands', async () => {
  const dir = tempProject({ mcpServers: { a: { command: 'x', env: { K: '${NOT_SET_ANYWHERE}' } } } });
  const r = await run(['servers', '--json'], { cwd: dir, home: dir });
  assert.equal(r.code, 0, r.stderr);
});
