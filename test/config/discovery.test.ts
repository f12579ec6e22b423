// Which files are read, in which order, and which entry wins a name (README "Configuration").

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { getuid } from 'node:process';
import { loadConfig, type LoadedConfig } from '../../src/config/load.js';
import { projectDirs } from '../../src/config/paths.js';
import { McpctlError } from '../../src/errors.js';
import { makeTree, thrown } from './helpers.js';
import { fakeContext } from '../helpers/context.js';
import { jsonError, run } from '../helpers/run.js';

const stdio = (command: string) => ({ command });
const byName = (config: LoadedConfig) => Object.fromEntries(config.entries.map((e) => [e.name, e]));

test('project beats user, nearer directory beats farther, first match wins per name', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const near = await tree.write('home/dev/app/.mcp.json', { mcpServers: { a: stdio('near-a') } });
  const far = await tree.write('home/dev/.mcp.json', { mcpServers: { a: stdio('far-a'), b: stdio('far-b') } });
  const user = await tree.write('home/.config/mcpctl/config.json', {
    mcpServers: { a: stdio('user-a'), b: stdio('user-b'), c: stdio('user-c') },
  });
  // Above the home directory: never searched when the working directory is inside home.
  await tree.write('.mcp.json', { mcpServers: { z: stdio('outside') } });

  // Trusted, so that precedence alone decides (an untrusted project server never wins: trust.test.ts).
  const config = await loadConfig(fakeContext({ cwd: tree.project, home: tree.home }), { trustProject: true });
  const got = byName(config);
  assert.deepEqual(
    config.entries.map((e) => e.name),
    ['a', 'b', 'c'],
  );
  assert.equal(got.a!.raw.command, 'near-a');
  assert.equal(got.a!.source, near);
  assert.equal(got.a!.scope, 'project');
  assert.equal(got.b!.raw.command, 'far-b');
  assert.equal(got.b!.source, far);
  assert.equal(got.c!.raw.command, 'user-c');
  assert.equal(got.c!.scope, 'user');
  assert.deepEqual(config.files, [near, far, user]);
  assert.ok(!config.searched.includes(path.join(tree.root, '.mcp.json')));
  assert.ok(config.searched.includes(path.join(tree.home, '.claude.json')));
});

test('the project file names are searched in their documented order within a directory', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const dir = 'home/dev/app';
  await tree.write(`${dir}/.vscode/mcp.json`, { servers: { s: stdio('vscode'), v: stdio('vscode') } });
  await tree.write(`${dir}/.cursor/mcp.json`, { mcpServers: { s: stdio('cursor'), c: stdio('cursor') } });
  await tree.write(`${dir}/.mcpctl.json`, { mcpServers: { s: stdio('mcpctl'), m: stdio('mcpctl') } });
  await tree.write(`${dir}/mcp.json`, { mcpServers: { s: stdio('plain') } });
  const config = await loadConfig(fakeContext({ cwd: tree.project, home: tree.home }));
  const got = byName(config);
  assert.equal(got.s!.raw.command, 'plain');
  assert.equal(got.m!.raw.command, 'mcpctl');
  assert.equal(got.c!.raw.command, 'cursor');
  assert.equal(got.v!.raw.command, 'vscode');
  assert.deepEqual(
    config.files.map((f) => path.relative(tree.project, f)),
    ['mcp.json', '.mcpctl.json', path.join('.cursor', 'mcp.json'), path.join('.vscode', 'mcp.json')],
  );
});

test('--config reads only that file', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  await tree.write('home/dev/app/.mcp.json', { mcpServers: { a: stdio('project') } });
  await tree.write('home/.cursor/mcp.json', { mcpServers: { b: stdio('cursor') } });
  const only = await tree.write('elsewhere/servers.json', { mcpServers: { x: stdio('only') } });
  const ctx = fakeContext({
    cwd: tree.project,
    home: tree.home,
    env: { MCPCTL_CONFIG: path.join(tree.root, 'nope.json') },
  });
  const config = await loadConfig(ctx, { configFile: '../../../elsewhere/servers.json' });
  assert.deepEqual(
    config.entries.map((e) => [e.name, e.raw.command, e.scope]),
    [['x', 'only', 'explicit']],
  );
  assert.deepEqual(config.files, [only]);
  assert.deepEqual(config.searched, [only]);
});

test('--config naming a missing file is a config error naming it', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const err = await thrown(() =>
    loadConfig(fakeContext({ cwd: tree.project, home: tree.home }), { configFile: 'missing.json' }),
  );
  assert.ok(err instanceof McpctlError);
  assert.equal(err.kind, 'config');
  assert.match(err.message, /missing\.json: no such config file \(named by --config\)/);
});

test('MCPCTL_CONFIG comes before the project, and the project is still read', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const fromEnv = await tree.write('shared/team.json', { mcpServers: { a: stdio('env-a') } });
  await tree.write('home/dev/app/.mcp.json', { mcpServers: { a: stdio('project-a'), p: stdio('project-p') } });
  const ctx = fakeContext({ cwd: tree.project, home: tree.home, env: { MCPCTL_CONFIG: fromEnv } });
  const got = byName(await loadConfig(ctx));
  assert.equal(got.a!.raw.command, 'env-a');
  assert.equal(got.a!.scope, 'env');
  assert.equal(got.p!.raw.command, 'project-p');

  const missing = fakeContext({
    cwd: tree.project,
    home: tree.home,
    env: { MCPCTL_CONFIG: path.join(tree.root, 'gone.json') },
  });
  const err = await thrown(() => loadConfig(missing));
  assert.ok(err instanceof McpctlError && err.kind === 'config');
  assert.match(err.message, /gone\.json: no such config file \(named by MCPCTL_CONFIG\)/);
});

test('user files in order: mcpctl (XDG), Claude Code, Claude Desktop, Cursor, Windsurf', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const xdg = path.join(tree.root, 'xdg');
  await tree.write('xdg/mcpctl/config.json', { mcpServers: { s1: stdio('mcpctl') } });
  await tree.write('home/.claude.json', {
    numStartups: 3,
    mcpServers: { s1: stdio('claude-code'), s2: stdio('claude-code'), shared: stdio('claude-code-user') },
    projects: {
      [tree.project]: {
        allowedTools: [],
        mcpServers: { shared: stdio('claude-code-local'), local: stdio('claude-code-local') },
      },
      [path.join(tree.home, 'other')]: { mcpServers: { elsewhere: stdio('not this project') } },
    },
  });
  await tree.write('xdg/Claude/claude_desktop_config.json', {
    mcpServers: { s2: stdio('desktop'), s3: stdio('desktop') },
  });
  await tree.write('home/.cursor/mcp.json', { mcpServers: { s3: stdio('cursor'), s4: stdio('cursor') } });
  await tree.write('home/.codeium/windsurf/mcp_config.json', {
    mcpServers: { s4: stdio('windsurf'), remote: { serverUrl: 'https://windsurf.example/mcp' } },
  });
  const config = await loadConfig(fakeContext({ cwd: tree.project, home: tree.home, env: { XDG_CONFIG_HOME: xdg } }));
  const got = byName(config);
  assert.equal(got.s1!.raw.command, 'mcpctl');
  assert.equal(got.s2!.raw.command, 'claude-code');
  assert.equal(got.s3!.raw.command, 'desktop');
  assert.equal(got.s4!.raw.command, 'cursor');
  assert.equal(got.shared!.raw.command, 'claude-code-local');
  assert.match(got.shared!.jsonPath, /^projects\[".*app"\]\.mcpServers\.shared$/);
  assert.equal(got.local!.raw.command, 'claude-code-local');
  assert.equal(got.elsewhere, undefined);
  assert.equal(got.remote!.raw.url, 'https://windsurf.example/mcp');
  assert.equal(got.remote!.type, 'http');
  assert.deepEqual(config.warnings, []);
});

test("Claude Desktop's macOS file is found too, and the default XDG dir is ~/.config", async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const mac = await tree.write('home/Library/Application Support/Claude/claude_desktop_config.json', {
    mcpServers: { mac: { command: 'npx', args: ['-y', 'server'], env: { KEY: 'v' } } },
  });
  const linux = await tree.write('home/.config/Claude/claude_desktop_config.json', {
    mcpServers: { linux: stdio('x') },
  });
  const config = await loadConfig(fakeContext({ cwd: tree.project, home: tree.home }));
  assert.deepEqual(
    config.entries.map((e) => [e.name, e.source]),
    [
      ['mac', mac],
      ['linux', linux],
    ],
  );
  assert.deepEqual(config.entries[0]!.raw.args, ['-y', 'server']);
});

test("~/.cursor/mcp.json ranks as Cursor's user file even though home is searched for project files", async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  await tree.write('home/.config/mcpctl/config.json', { mcpServers: { s: stdio('mcpctl-user') } });
  await tree.write('home/.cursor/mcp.json', { mcpServers: { s: stdio('cursor-user') } });
  await tree.write('home/.mcp.json', { mcpServers: { h: stdio('home-project') } });
  const got = byName(await loadConfig(fakeContext({ cwd: tree.project, home: tree.home })));
  assert.equal(got.s!.raw.command, 'mcpctl-user');
  assert.equal(got.h!.scope, 'project');
});

test('VS Code: "servers" root key, comments, trailing commas and inputs', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  await tree.write(
    'home/dev/app/.vscode/mcp.json',
    `// VS Code workspace servers
{
  "inputs": [{ "type": "promptString", "id": "token", "password": true }],
  "servers": {
    /* a local one */
    "fs": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."], },
    "remote": { "type": "http", "url": "https://example.com/mcp" }, // trailing comma next
  },
}
`,
  );
  const config = await loadConfig(fakeContext({ cwd: tree.project, home: tree.home }));
  const got = byName(config);
  assert.equal(got.fs!.type, 'stdio');
  assert.equal(got.fs!.jsonPath, 'servers.fs');
  assert.equal(got.fs!.line, 6);
  assert.equal(got.fs!.column, 5);
  assert.equal(got.remote!.type, 'http');
});

test('files without servers, and empty files, contribute nothing and are no error', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  await tree.write('home/dev/app/.mcp.json', '');
  await tree.write('home/dev/app/mcp.json', { something: 'else' });
  const config = await loadConfig(fakeContext({ cwd: tree.project, home: tree.home }));
  assert.deepEqual(config.entries, []);
  assert.equal(config.files.length, 2);
});

test('projectDirs stops at home when inside it, at the repository root, else looks in the working directory alone', () => {
  const inside = projectDirs({ cwd: '/h/me/a/b', home: '/h/me' });
  assert.deepEqual(inside, ['/h/me/a/b', '/h/me/a', '/h/me']);
  const outside = projectDirs({ cwd: '/srv/app', home: '/h/me' });
  assert.deepEqual(outside, ['/srv/app']);
  const repo = projectDirs({ cwd: '/srv/app/src/lib', home: '/h/me' }, (dir) => dir === '/srv/app');
  assert.deepEqual(repo, ['/srv/app/src/lib', '/srv/app/src', '/srv/app']);
  assert.deepEqual(projectDirs({ cwd: '/h/me', home: '/h/me' }), ['/h/me']);
});

test("outside home and any repository, a shared folder above is not searched: another user's .mcp.json there fails no run", {
  skip: getuid?.() === 0 ? false : 'needs root, to give a file to another user (CI runs as root)',
}, async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  // A folder like /tmp: anyone may make files in it, and the sticky bit keeps them theirs.
  const shared = path.join(tree.root, 'shared');
  mkdirSync(path.join(shared, 'work'), { recursive: true });
  chmodSync(shared, 0o1777);
  const planted = await tree.write('shared/.mcp.json', { mcpServers: { planted: stdio('planted') } });
  chownSync(planted, 65534, 65534);
  const cwd = path.join(shared, 'work');
  const none = await run(['servers', '--names'], { cwd, home: tree.home });
  assert.equal(none.code, 0, none.stderr);
  assert.equal(none.stdout, '');
  const adHoc = await run(['--json', 'tools', 'http://127.0.0.1:9/mcp', '--connect-timeout', '5'], {
    cwd,
    home: tree.home,
  });
  assert.notEqual(jsonError(adHoc.stderr).error.kind, 'config', adHoc.stderr);
  // A config of the user's own in the working directory is still found.
  await tree.write('shared/work/.mcp.json', { mcpServers: { mine: stdio('mine') } });
  const own = await run(['servers', '--names'], { cwd, home: tree.home });
  assert.equal(own.code, 0, own.stderr);
  assert.equal(own.stdout, 'mine\n');
  // And a repository's root config from a folder deep in it, outside home as well.
  await tree.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
  await tree.write('repo/.mcp.json', { mcpServers: { team: stdio('team') } });
  const deep = path.join(tree.root, 'repo', 'src', 'lib');
  mkdirSync(deep, { recursive: true });
  const team = await run(['servers', '--names'], { cwd: deep, home: tree.home });
  assert.equal(team.code, 0, team.stderr);
  assert.equal(team.stdout, 'team\n');
});
