// Project configs need consent: an untrusted project server is never started (its command would
// leave a marker file), trust is given and taken back, a changed file is untrusted again, naming a
// file is consent, and files that are not ours or not regular are refused. In-process through
// main() (the working directory, environment and home are the context's); through bin/ where a
// file that could hang the read must end by the kill bound of a real process.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jsonError, ROOT, run, runBin } from '../helpers/run.js';

const CALL_SERVER = path.join(ROOT, 'dist', 'test', 'fixtures', 'call-server.js');

interface Project {
  /** home/repo: a checkout (it has .git), the working directory. */
  dir: string;
  home: string;
  config: string;
  marker: string;
  env: NodeJS.ProcessEnv;
}

/** A server that leaves `marker` in the project directory when started, then serves. */
function markingServer(): Record<string, unknown> {
  return { command: 'sh', args: ['-c', `touch marker && exec "${process.execPath}" "${CALL_SERVER}" legacy`] };
}

function project(servers: Record<string, unknown> = { app: markingServer() }): Project {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-trust-')));
  const home = path.join(root, 'home');
  const dir = path.join(home, 'repo');
  mkdirSync(path.join(dir, '.git'), { recursive: true });
  const config = path.join(dir, '.mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: servers }, null, 2));
  return {
    dir,
    home,
    config,
    marker: path.join(dir, 'marker'),
    env: { PATH: process.env.PATH, HOME: home, XDG_CACHE_HOME: path.join(home, 'cache') },
  };
}

function userConfig(p: Project, servers: Record<string, unknown>): string {
  const file = path.join(p.home, '.config', 'mcpctl', 'config.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return file;
}

/** mcpctl in-process in `cwd` with `env`, its home the environment's HOME, stdout and stderr pipes. */
function mcpctl(argv: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }) {
  return run(argv, { cwd: opts.cwd, env: opts.env, home: opts.env.HOME });
}

interface Listed {
  name: string;
  source: string;
  trusted: boolean;
  trust: string;
  shadowedBy?: string;
}

async function listed(p: Project, extra: string[] = [], env: NodeJS.ProcessEnv = p.env): Promise<Listed[]> {
  const r = await mcpctl([...extra, 'servers', '--json'], { cwd: p.dir, env });
  assert.equal(r.code, 0, r.stderr);
  return (JSON.parse(r.stdout) as { servers: Listed[] }).servers;
}

test('an untrusted project server is never started: tools, call, status and servers start nothing', async () => {
  const p = project();
  const tools = await mcpctl(['tools', 'app', '--json'], { cwd: p.dir, env: p.env });
  assert.equal(tools.code, 2);
  const error = jsonError(tools.stderr).error;
  assert.equal(error.kind, 'config');
  assert.match(error.message, /server "app" not started: \.mcp\.json is a project config that is not trusted/);
  assert.match(error.hint ?? '', /mcpctl servers trust \.mcp\.json/);
  assert.match(error.hint ?? '', /-c \.mcp\.json/);

  const call = await mcpctl(['call', 'app', 'echo', 'text=hi'], { cwd: p.dir, env: p.env });
  assert.equal(call.code, 2);
  const all = await mcpctl(['tools'], { cwd: p.dir, env: p.env });
  assert.equal(all.code, 2);

  const status = await mcpctl(['status', '--json'], { cwd: p.dir, env: p.env });
  assert.equal(status.code, 2);
  const row = (
    JSON.parse(status.stdout) as {
      servers: { server: string; ok: boolean; phase: string; error?: { message: string } }[];
    }
  ).servers[0]!;
  assert.equal(row.server, 'app');
  assert.equal(row.ok, false);
  assert.equal(row.phase, 'config');
  assert.match(row.error?.message ?? '', /not started.*not trusted/);

  const servers = await listed(p);
  assert.deepEqual(
    servers.map((s) => [s.name, s.trusted, s.trust]),
    [['app', false, 'untrusted']],
  );
  const names = await mcpctl(['servers', '--names'], { cwd: p.dir, env: p.env });
  assert.equal(names.stdout, 'app\n', 'completion still lists the name');
  assert.equal(existsSync(p.marker), false, 'the untrusted server was started');
});

test('servers trust lets it start; a change to the file asks again; untrust takes it back', async () => {
  const p = project();
  const trust = await mcpctl(['servers', 'trust', '--json'], { cwd: p.dir, env: p.env });
  assert.equal(trust.code, 0, trust.stderr);
  const record = (JSON.parse(trust.stdout) as { trusted: { file: string; servers: string[] }[] }).trusted;
  assert.deepEqual(
    record.map((t) => [t.file, t.servers]),
    [[p.config, ['app']]],
  );
  const store = path.join(p.home, '.config', 'mcpctl', 'trust.json');
  assert.equal(statSync(store).mode & 0o777, 0o600);

  const ok = await mcpctl(['status', 'app', '--json'], { cwd: p.dir, env: p.env });
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(existsSync(p.marker), true, 'a trusted server starts');
  assert.deepEqual(
    (await listed(p)).map((s) => s.trust),
    ['trusted'],
  );

  appendFileSync(p.config, '\n');
  const changed = await mcpctl(['tools', 'app'], { cwd: p.dir, env: p.env });
  assert.equal(changed.code, 2);
  assert.match(changed.stderr, /\.mcp\.json has changed since it was trusted/);
  assert.deepEqual(
    (await listed(p)).map((s) => s.trust),
    ['changed'],
  );

  assert.equal((await mcpctl(['servers', 'trust', '.mcp.json'], { cwd: p.dir, env: p.env })).code, 0);
  assert.deepEqual(
    (await listed(p)).map((s) => s.trust),
    ['trusted'],
  );
  const untrust = await mcpctl(['servers', 'untrust', '.mcp.json'], { cwd: p.dir, env: p.env });
  assert.equal(untrust.code, 0, untrust.stderr);
  assert.match(untrust.stderr, /untrusted \.mcp\.json/);
  assert.deepEqual(
    (await listed(p)).map((s) => s.trust),
    ['untrusted'],
  );
});

test('naming the file is consent: -c, MCPCTL_CONFIG; --trust-project and MCPCTL_TRUST_PROJECT=1 for one run', async () => {
  const p = project();
  for (const [argv, env] of [
    [['-c', '.mcp.json'], p.env],
    [[], { ...p.env, MCPCTL_CONFIG: p.config }],
    [['--trust-project'], p.env],
    [[], { ...p.env, MCPCTL_TRUST_PROJECT: '1' }],
  ] as const) {
    const r = await mcpctl([...argv, 'status', 'app', '--json'], { cwd: p.dir, env });
    assert.equal(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
  }
  assert.equal(
    existsSync(path.join(p.home, '.config', 'mcpctl', 'trust.json')),
    false,
    'one-run consent records nothing',
  );
  assert.deepEqual(
    (await listed(p)).map((s) => s.trust),
    ['untrusted'],
  );
});

test("a project stdio server runs in its config file's directory, from any subdirectory", async () => {
  const p = project({
    app: { command: 'sh', args: ['-c', `pwd > where && exec "${process.execPath}" "${CALL_SERVER}" legacy`] },
  });
  const sub = path.join(p.dir, 'src', 'deep');
  mkdirSync(sub, { recursive: true });
  const r = await mcpctl(['--trust-project', 'status', 'app', '--json'], { cwd: sub, env: p.env });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(existsSync(path.join(p.dir, 'where')), true);
});

test("a config owned by another user is refused, even with consent; root's own is read", async () => {
  const p = project();
  chownSync(p.config, 65534, 65534); // nobody
  // With consent for this run: were the file read, its server would start and leave the marker.
  const r = await mcpctl(['--trust-project', 'status', 'app'], { cwd: p.dir, env: p.env });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /\.mcp\.json: refused: it is owned by another user \(uid 65534\)/);
  assert.equal(existsSync(p.marker), false, "another user's file started its server");
  const names = await mcpctl(['servers', '--names'], { cwd: p.dir, env: p.env });
  assert.equal(names.code, 2, 'completion reads nothing from it either');
  chownSync(p.config, 0, 0);
  assert.equal((await mcpctl(['servers'], { cwd: p.dir, env: p.env })).code, 0, 'a root-owned file is fine');
});

test('a config in a directory others may write to is refused even with consent; group-writable or sticky is read', async () => {
  const p = project();
  // Consent for this run: were the file read, its server would start and leave the marker.
  const start = () => mcpctl(['--trust-project', 'status', 'app', '--json'], { cwd: p.dir, env: p.env });
  for (const mode of [0o777, 0o707, 0o703]) {
    chmodSync(p.dir, mode);
    const open = await start();
    assert.equal(open.code, 2, `mode ${mode.toString(8)}: ${open.stderr}`);
    assert.match(open.stderr, /a directory anyone may write to/);
    assert.equal(existsSync(p.marker), false, `mode ${mode.toString(8)}: the server was started`);
  }
  for (const [mode, why] of [
    [0o1777, 'the sticky bit (as on /tmp) is fine'],
    [0o770, 'a directory only its group may write to is fine'],
    [0o775, 'group-writable, readable by others, is fine'],
  ] as const) {
    chmodSync(p.dir, mode);
    rmSync(p.marker, { force: true });
    const r = await start();
    assert.equal(r.code, 0, `${why}: ${r.stderr}`);
    assert.equal(existsSync(p.marker), true, `${why}: the server started`);
  }
});

test('a FIFO, a device, a symlink loop and an oversized file are refused at once, naming the file', async () => {
  const cases: [string, (file: string) => void, RegExp][] = [
    ['fifo', (f) => execFileSync('mkfifo', [f]), /\.mcp\.json: refused: it is a FIFO, not a regular file/],
    ['device', (f) => symlinkSync('/dev/zero', f), /\.mcp\.json: refused: it is a device, not a regular file/],
    ['loop', (f) => symlinkSync(path.basename(f), f), /\.mcp\.json: refused: it is a symlink loop/],
    [
      'big',
      (f) => {
        writeFileSync(f, '');
        truncateSync(f, 10 * 1024 * 1024 + 1);
      },
      /\.mcp\.json: refused: it is larger than 10 MiB/,
    ],
  ];
  for (const [what, make, message] of cases) {
    const p = project({});
    execFileSync('rm', [p.config]);
    make(p.config);
    // A hang would fail here by the kill bound, not by a measured time.
    const r = await runBin(['servers', '--names'], { cwd: p.dir, env: p.env, killAfterMs: 20_000 });
    assert.equal(r.signal, null, `${what}: mcpctl hung`);
    assert.equal(r.code, 2, `${what}: ${r.stderr}`);
    assert.match(r.stderr, message);
    const named = await runBin(['-c', '.mcp.json', 'servers'], { cwd: p.dir, env: p.env, killAfterMs: 20_000 });
    assert.equal(named.code, 2, `${what} named by -c`);
  }
});

test('a project server shadowing a user server is reported with both files; servers shows both', async () => {
  const p = project({ shared: markingServer() });
  const user = userConfig(p, { shared: { command: process.execPath, args: [CALL_SERVER, 'legacy'] } });
  const r = await mcpctl(['servers', '--json'], { cwd: p.dir, env: p.env });
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stderr,
    /server "shared" of \.mcp\.json \(not trusted\) would shadow the server of the same name in .*\.config\/mcpctl\/config\.json/,
  );
  const untrusted = (JSON.parse(r.stdout) as { servers: Listed[] }).servers;
  assert.deepEqual(
    untrusted.map((s) => [s.source, s.shadowedBy]),
    [
      [user, undefined],
      [p.config, user],
    ],
    "the untrusted project server does not replace the user's",
  );
  assert.equal((await mcpctl(['status', 'shared', '--json'], { cwd: p.dir, env: p.env })).code, 0);
  assert.equal(existsSync(p.marker), false, "the user's server ran, not the project's");

  await mcpctl(['servers', 'trust'], { cwd: p.dir, env: p.env });
  const t = await mcpctl(['servers', '--json'], { cwd: p.dir, env: p.env });
  assert.match(t.stderr, /server "shared" of \.mcp\.json shadows the server of the same name in .*config\.json/);
  const trusted = (JSON.parse(t.stdout) as { servers: Listed[] }).servers;
  assert.deepEqual(
    trusted.map((s) => [s.source, s.shadowedBy]),
    [
      [p.config, undefined],
      [user, p.config],
    ],
  );
  const table = await mcpctl(['servers'], { cwd: p.dir, env: p.env });
  assert.match(table.stdout, /shared\t.*\tshadowed\tuser\t/);
});

test('the search stops at the repository root and at home: a config above them is not read', async () => {
  const p = project({});
  const above = path.join(path.dirname(p.home), '.mcp.json');
  writeFileSync(above, JSON.stringify({ mcpServers: { outside: markingServer() } }));
  const inRepo = await mcpctl(['servers', '--names'], { cwd: p.dir, env: p.env });
  assert.equal(inRepo.stdout, '');
  const inHome = await mcpctl(['servers', '--names'], { cwd: p.home, env: p.env });
  assert.equal(inHome.stdout, '');
  writeFileSync(
    path.join(path.dirname(p.dir), '.mcp.json'),
    JSON.stringify({ mcpServers: { inHome: { command: 'x' } } }),
  );
  const below = await mcpctl(['servers', '--names'], { cwd: p.dir, env: p.env });
  assert.equal(below.stdout, '', 'the repository root ends the search before home');
});

test('project servers approved in Claude Code are trusted: enabled ones, or all less the disabled ones', async () => {
  const p = project({ a: markingServer(), b: markingServer(), c: markingServer() });
  const claude = path.join(p.home, '.claude.json');
  writeFileSync(claude, JSON.stringify({ projects: { [p.dir]: { enabledMcpjsonServers: ['a'] } } }));
  assert.deepEqual(
    (await listed(p)).map((s) => [s.name, s.trust]),
    [
      ['a', 'claude-code'],
      ['b', 'untrusted'],
      ['c', 'untrusted'],
    ],
  );
  writeFileSync(
    claude,
    JSON.stringify({ projects: { [p.dir]: { enableAllProjectMcpServers: true, disabledMcpjsonServers: ['c'] } } }),
  );
  assert.deepEqual(
    (await listed(p)).map((s) => [s.name, s.trust]),
    [
      ['a', 'claude-code'],
      ['b', 'claude-code'],
      ['c', 'untrusted'],
    ],
  );
  const c = await mcpctl(['tools', 'c'], { cwd: p.dir, env: p.env });
  assert.equal(c.code, 2);
  assert.equal(existsSync(p.marker), false);
});

test('servers trust where the trust store’s directory cannot be made: exit 2 naming it, and nothing is trusted where it was', {
  // Under /proc, Node's recursive mkdir never settled: the bound only ends a wait that must not happen.
  timeout: 30_000,
}, async () => {
  const p = project();
  const blocker = path.join(p.home, 'not-a-directory');
  writeFileSync(blocker, '');
  const places = [blocker, ...(existsSync('/proc/self') ? ['/proc/mcpctl-no-such'] : [])];
  for (const place of places) {
    const env = { ...p.env, XDG_CONFIG_HOME: path.join(place, 'config') };
    const r = await mcpctl(['servers', 'trust', '.mcp.json'], { cwd: p.dir, env });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, new RegExp(`cannot create the directory ${place}/config/mcpctl: `));
    assert.doesNotMatch(r.stderr, /bug in mcpctl/);
  }
  assert.deepEqual(
    (await listed(p)).map((s) => s.trust),
    ['untrusted'],
  );
});
