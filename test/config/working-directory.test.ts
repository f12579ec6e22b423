// Where a user's stdio server runs, through bin/ against a hostile "clone": a node_modules that
// shadows the package `npx` was asked for and an .npmrc whose node-options load the clone's code.
// Outside a trusted directory the user's `npx -y @modelcontextprotocol/server-memory` runs in the
// home directory, so the clone's code never runs (its markers never appear); in a trusted folder,
// a trusted project or under --trust-project it runs there (the markers appear).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runBin } from '../helpers/run.js';
import { memory } from '../mcp/helpers.js';

interface Clone {
  /** A checkout (it has .git) holding the hostile files; the working directory. */
  dir: string;
  home: string;
  env: NodeJS.ProcessEnv;
  /** Written by the clone's fake package bin, by its .npmrc hook and by its ./server.sh. */
  markers: { bin: string; hook: string; script: string };
}

/**
 * The clone's `@modelcontextprotocol/server-memory` writes its marker and then serves (it starts
 * the real memory server), so that where it does run, the run succeeds.
 */
function hostileClone(): Clone {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-clone-')));
  const home = path.join(root, 'home');
  const dir = path.join(root, 'clone');
  const pkg = path.join(dir, 'node_modules', '@modelcontextprotocol', 'server-memory');
  mkdirSync(path.join(dir, '.git'), { recursive: true });
  mkdirSync(pkg, { recursive: true });
  mkdirSync(path.join(dir, 'node_modules', '.bin'));
  mkdirSync(home);
  const markers = {
    bin: path.join(dir, 'bin-ran'),
    hook: path.join(dir, 'hook-ran'),
    script: path.join(dir, 'script-ran'),
  };
  writeFileSync(
    path.join(pkg, 'package.json'),
    JSON.stringify({
      name: '@modelcontextprotocol/server-memory',
      version: '9.9.9',
      bin: { 'mcp-server-memory': 'bin.js' },
    }),
  );
  writeFileSync(
    path.join(pkg, 'bin.js'),
    `#!/usr/bin/env node\nrequire('node:fs').writeFileSync(${JSON.stringify(markers.bin)}, '');\nimport(${JSON.stringify(pathToFileURL(memory).href)});\n`,
  );
  chmodSync(path.join(pkg, 'bin.js'), 0o755);
  symlinkSync(
    '../@modelcontextprotocol/server-memory/bin.js',
    path.join(dir, 'node_modules', '.bin', 'mcp-server-memory'),
  );
  writeFileSync(path.join(dir, 'hook.js'), `require('node:fs').writeFileSync(${JSON.stringify(markers.hook)}, '');\n`);
  writeFileSync(path.join(dir, '.npmrc'), 'node-options=--require ./hook.js\n');
  writeFileSync(
    path.join(dir, 'server.sh'),
    `#!/bin/sh\ntouch ${JSON.stringify(markers.script)}\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(memory)}\n`,
  );
  chmodSync(path.join(dir, 'server.sh'), 0o755);
  // The user's own servers: npx as people write it (offline, so that nothing is fetched), and a
  // relative program.
  const userFile = path.join(home, '.config', 'mcpctl', 'config.json');
  mkdirSync(path.dirname(userFile), { recursive: true });
  const npm = { npm_config_offline: 'true', npm_config_update_notifier: 'false' };
  writeFileSync(
    userFile,
    JSON.stringify({
      mcpServers: {
        memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: npm },
        script: { command: './server.sh' },
      },
    }),
  );
  return { dir, home, markers, env: { PATH: process.env.PATH, HOME: home, XDG_CACHE_HOME: path.join(home, 'cache') } };
}

function ran(c: Clone): string[] {
  return Object.entries(c.markers)
    .filter(([, file]) => existsSync(file))
    .map(([name]) => name);
}

test("in an untrusted clone, the user's npx and ./server.sh run in the home directory: the clone's code never runs", async () => {
  const c = hostileClone();
  const r = await runBin(['status'], { cwd: c.dir, env: c.env });
  assert.deepEqual(ran(c), [], r.stderr);
  // Neither can start from home (no cached package, no ./server.sh there): each is unhealthy.
  assert.equal(r.code, 3, r.stderr);
  const notice = r.stderr.split('\n').filter((l) => l.includes('not trusted'));
  assert.deepEqual(notice, [
    `servers "memory", "script" run in ${c.home}, not in ${c.dir}, which is not trusted; to run your own servers here: mcpctl servers trust .`,
  ]);
  const quiet = await runBin(['-q', 'status', 'memory'], { cwd: c.dir, env: c.env });
  assert.doesNotMatch(quiet.stderr, /not trusted/, 'no notice under -q');
  const listed = await runBin(['servers', '--json'], { cwd: c.dir, env: c.env });
  const servers = (JSON.parse(listed.stdout) as { servers: { name: string; workingDirectory?: string }[] }).servers;
  assert.deepEqual(
    servers.map((s) => [s.name, s.workingDirectory]),
    [
      ['memory', c.home],
      ['script', c.home],
    ],
  );
  assert.deepEqual(ran(c), []);
});

test('a folder trusted with `servers trust DIR` runs the same servers in it, until `servers untrust DIR`', async () => {
  const c = hostileClone();
  const trusted = await runBin(['servers', 'trust', c.dir, '--json'], { cwd: c.home, env: c.env });
  assert.equal(trusted.code, 0, trusted.stderr);
  assert.deepEqual(JSON.parse(trusted.stdout), { trusted: [], folders: [{ folder: c.dir }] });
  const sub = path.join(c.dir, 'node_modules');
  const listed = await runBin(['servers', '--json'], { cwd: sub, env: c.env });
  const servers = (JSON.parse(listed.stdout) as { servers: { workingDirectory?: string }[] }).servers;
  assert.deepEqual(
    servers.map((s) => s.workingDirectory),
    [sub, sub],
    'a folder below a trusted one is trusted',
  );
  const r = await runBin(['status', 'memory'], { cwd: c.dir, env: c.env });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(ran(c), ['bin', 'hook'], 'npx ran the package of the trusted folder, with its .npmrc');
  assert.doesNotMatch(r.stderr, /not trusted/);

  const untrusted = await runBin(['servers', 'untrust', c.dir, '--json'], { cwd: c.home, env: c.env });
  assert.deepEqual(JSON.parse(untrusted.stdout), { untrusted: [], folders: [{ folder: c.dir, removed: true }] });
  const after = await runBin(['servers', '--json'], { cwd: c.dir, env: c.env });
  assert.deepEqual(
    (JSON.parse(after.stdout) as { servers: { workingDirectory?: string }[] }).servers.map((s) => s.workingDirectory),
    [c.home, c.home],
  );
});

test('inside a trusted project, and under --trust-project, the user servers run in the invoking directory', async () => {
  const c = hostileClone();
  writeFileSync(path.join(c.dir, '.mcp.json'), JSON.stringify({ mcpServers: {} }));
  const refused = await runBin(['status', 'script'], { cwd: c.dir, env: c.env });
  assert.equal(refused.code, 3, refused.stderr);
  assert.deepEqual(ran(c), [], 'an untrusted project config trusts nothing');

  const once = await runBin(['--trust-project', 'status', 'script'], { cwd: c.dir, env: c.env });
  assert.equal(once.code, 0, once.stderr);
  assert.deepEqual(ran(c), ['script']);

  const trust = await runBin(['servers', 'trust', path.join(c.dir, '.mcp.json')], { cwd: c.dir, env: c.env });
  assert.equal(trust.code, 0, trust.stderr);
  const r = await runBin(['status', 'memory'], { cwd: c.dir, env: c.env });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(ran(c), ['bin', 'hook', 'script']);
});

test('a trusted project config runs its own servers in the project root; --stdio runs where it is typed', async () => {
  const c = hostileClone();
  const sub = path.join(c.dir, 'src');
  mkdirSync(sub);
  writeFileSync(path.join(c.dir, '.mcp.json'), JSON.stringify({ mcpServers: { local: { command: './server.sh' } } }));
  assert.equal((await runBin(['servers', 'trust'], { cwd: sub, env: c.env })).code, 0);
  const r = await runBin(['status', 'local'], { cwd: sub, env: c.env });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(ran(c), ['script']);

  const d = hostileClone();
  const adHoc = await runBin(['--stdio', './server.sh', 'status'], { cwd: d.dir, env: d.env });
  assert.equal(adHoc.code, 0, adHoc.stderr);
  assert.deepEqual(ran(d), ['script'], 'the program the user typed, where the user typed it');
});

test('a trust store that cannot be read trusts no folder, and fails no run of user servers', async () => {
  const c = hostileClone();
  const store = path.join(c.home, '.config', 'mcpctl', 'trust.json');
  writeFileSync(store, '{"version": 1, "files": {}, "folders": {');
  const r = await runBin(['status', 'script', '--json'], { cwd: c.dir, env: c.env });
  assert.equal(r.code, 3, r.stderr);
  assert.deepEqual(ran(c), []);
});

test('a home reached through a link is the same home: the search stops there, and a config at home makes no project of it', async () => {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-linked-home-')));
  const real = path.join(root, 'h2');
  // As on Fedora Silverblue, where /home is a link to /var/home.
  const linked = path.join(root, 'hl');
  mkdirSync(path.join(real, '.config', 'mcpctl'), { recursive: true });
  mkdirSync(path.join(real, '.cursor'));
  mkdirSync(path.join(real, 'clone'));
  symlinkSync(real, linked);
  const config = (name: string) =>
    JSON.stringify({ mcpServers: { [name]: { command: process.execPath, args: [memory] } } });
  writeFileSync(path.join(root, '.mcp.json'), config('above'));
  writeFileSync(path.join(real, '.mcp.json'), config('homecfg'));
  writeFileSync(path.join(real, '.cursor', 'mcp.json'), config('cursor'));
  writeFileSync(path.join(real, '.config', 'mcpctl', 'config.json'), config('mine'));
  // The same runs with HOME as the link and as the real directory: the results must not differ.
  for (const home of [real, linked]) {
    const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') };
    const trust = await runBin(['servers', 'trust', '.mcp.json'], { cwd: home, env });
    assert.equal(trust.code, 0, trust.stderr);
    // bin/ learns its working directory from the kernel: the real path, whichever way it was reached.
    for (const cwd of [path.join(home, 'clone'), home]) {
      const listed = await runBin(['servers', '--json'], { cwd, env });
      assert.equal(listed.code, 0, listed.stderr);
      const servers = (
        JSON.parse(listed.stdout) as { servers: { name: string; trust: string; workingDirectory: string }[] }
      ).servers;
      const where = `HOME=${home}, in ${cwd}`;
      assert.deepEqual(
        servers.map((s) => [s.name, s.trust]),
        [
          ['homecfg', 'trusted'],
          ['mine', 'user'],
          ['cursor', 'user'],
        ],
        `${where}: nothing above home, and ~/.cursor/mcp.json once, as Cursor's user file`,
      );
      assert.equal(servers.find((s) => s.name === 'mine')?.workingDirectory, home, where);
      const status = await runBin(['status', 'mine'], { cwd, env });
      assert.equal(status.code, 0, status.stderr);
      const notice = status.stderr.split('\n').filter((l) => l.includes('not trusted'));
      assert.deepEqual(
        notice,
        cwd === home
          ? []
          : [
              `server "mine" runs in ${home}, not in ${path.join(real, 'clone')}, which is not trusted; to run your own servers here: mcpctl servers trust .`,
            ],
        where,
      );
    }
    rmSync(path.join(real, '.config', 'mcpctl', 'trust.json'));
  }
});
