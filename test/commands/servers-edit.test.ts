// Editing config files through bin/: concurrent adds lose nothing, a stale lock is taken over,
// --url takes only http(s), --cwd is written, a full disk is a clear error and the file is left;
// and in-process, a ./.mcp.json that links out of its project is refused as the loader refuses it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import os from 'node:os';
import path from 'node:path';
import { jsonError, run, runBin } from '../helpers/run.js';

function tempProject(): { dir: string; file: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-edit-'));
  const file = path.join(dir, '.mcp.json');
  writeFileSync(file, '{\n  "mcpServers": {}\n}\n');
  return { dir, file, env: { PATH: process.env.PATH, HOME: dir } };
}

const names = (file: string) =>
  Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: object }).mcpServers).sort();

test('8 concurrent servers add keep all 8', async () => {
  const p = tempProject();
  const adds = Array.from({ length: 8 }, (_, i) =>
    runBin(['servers', 'add', `s${i}`, '--command', 'node', '--', `s${i}.js`], { cwd: p.dir, env: p.env }),
  );
  for (const r of await Promise.all(adds)) assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(names(p.file), ['s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7']);
});

test('a lock left by a process that is gone is taken over at once', async () => {
  const p = tempProject();
  // A pid that surely ran and ended: a child we waited for.
  const gone = spawnSync(process.execPath, ['-e', '0']).pid;
  writeFileSync(`${p.file}.lock`, JSON.stringify({ pid: gone, host: hostname(), token: 'left-over' }));
  // Waiting the lock out would take 45 s; the kill bound fails the test long before.
  const r = await runBin(['servers', 'add', 'x', '--command', 'node'], { cwd: p.dir, env: p.env, killAfterMs: 20_000 });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(names(p.file), ['x']);
});

test('--url takes only http(s) URLs: anything else is exit 2 and the file is unchanged', async () => {
  const p = tempProject();
  const before = readFileSync(p.file, 'utf8');
  for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/mcp', 'example.com/mcp']) {
    const r = await runBin(['servers', 'add', 'x', '--url', url, '--json'], { cwd: p.dir, env: p.env });
    assert.equal(r.code, 2, url);
    assert.match(jsonError(r.stderr).error.message, /--url must be an http:\/\/ or https:\/\/ URL/);
    assert.equal(readFileSync(p.file, 'utf8'), before, url);
  }
  assert.equal(
    (await runBin(['servers', 'add', 'ok', '--url', 'https://example.com/mcp'], { cwd: p.dir, env: p.env })).code,
    0,
  );
});

test('--cwd is written for a stdio server; --header help quotes with single quotes', async () => {
  const p = tempProject();
  const r = await runBin(['servers', 'add', 'x', '--command', 'node', '--cwd', 'tools', '--', 'server.js'], {
    cwd: p.dir,
    env: p.env,
  });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual((JSON.parse(readFileSync(p.file, 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers.x, {
    command: 'node',
    args: ['server.js'],
    cwd: 'tools',
  });
  const help = await runBin(['servers', 'add', '--help'], { cwd: p.dir, env: p.env });
  assert.match(help.stdout, /--header 'Authorization:Bearer \$\{API_TOKEN\}'/);
});

test('a header that is empty once its variables are filled in is a warning naming it', async () => {
  const p = tempProject();
  writeFileSync(
    p.file,
    JSON.stringify({
      mcpServers: { api: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer ${NOT_SET_HERE:-}' } } },
    }),
  );
  const r = await runBin(['-c', '.mcp.json', 'tools', 'api', '--connect-timeout', '5'], { cwd: p.dir, env: p.env });
  assert.match(r.stderr, /warning: .*server "api": header "Authorization" is empty once its variables are filled in/);
});

test('a full disk is exit 2 naming the file, which is left as it was', async (t) => {
  const p = tempProject();
  const mount = path.join(p.dir, 'small');
  mkdirSync(mount);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mount]);
  t.after(() => execFileSync('umount', [mount]));
  const file = path.join(mount, 'servers.json');
  writeFileSync(file, '{ "mcpServers": {} }\n');
  // Fill what is left, so the edit's temp file cannot be written.
  spawnSync('dd', ['if=/dev/zero', `of=${path.join(mount, 'fill')}`, 'bs=4k'], { stdio: 'ignore' });
  const r = await runBin(['-c', file, '--json', 'servers', 'add', 'x', '--command', 'node', '--', 'a'.repeat(20_000)], {
    cwd: p.dir,
    env: p.env,
  });
  assert.equal(r.code, 2, r.stderr);
  const error = jsonError(r.stderr).error;
  assert.equal(error.kind, 'config');
  assert.match(error.message, new RegExp(`cannot write ${file.replace(/[.]/g, '\\.')}: no space left on the device`));
  assert.equal(readFileSync(file, 'utf8'), '{ "mcpServers": {} }\n');
});

test('servers add refuses a name starting with "-": exit 2, the file unchanged', async () => {
  const p = tempProject();
  const before = readFileSync(p.file, 'utf8');
  const r = await runBin(['servers', 'add', '--json', '--command', 'true', '--', '--trust-project'], {
    cwd: p.dir,
    env: p.env,
  });
  assert.equal(r.code, 2, r.stderr);
  assert.match(jsonError(r.stderr).error.message, /server name "--trust-project" starts with "-"/);
  assert.equal(readFileSync(p.file, 'utf8'), before);
});

/** A checkout under a fresh home, the working directory of the tests below. */
function homeAndRepo(): { home: string; repo: string } {
  const home = path.join(realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-edit-link-'))), 'home');
  const repo = path.join(home, 'repo');
  mkdirSync(path.join(repo, '.git'), { recursive: true });
  return { home, repo };
}

test('servers add refuses a ./.mcp.json that links out of the project, as the loader does: exit 2, nothing read or written', async () => {
  const { home, repo } = homeAndRepo();
  const netrc = path.join(home, '.netrc');
  const claude = path.join(home, '.claude.json');
  writeFileSync(netrc, 'machine github.com login me password NETRCSECRET42\n');
  writeFileSync(claude, '{"numStartups":3}');
  for (const target of [netrc, claude]) {
    const link = path.join(repo, '.mcp.json');
    rmSync(link, { force: true });
    symlinkSync(target, link);
    const before = readFileSync(target, 'utf8');
    const r = await run(['--json', 'servers', 'add', 'helper', '--command', 'node', '--', './helper.js'], {
      cwd: repo,
      home,
    });
    assert.equal(r.code, 2, r.stderr);
    const error = jsonError(r.stderr).error;
    assert.equal(error.kind, 'config');
    assert.match(error.message, /^\.mcp\.json: refused: it is a link that leads outside the project/);
    assert.match(error.hint ?? '', /replace the link with a copy, or name the file with --config FILE/);
    assert.doesNotMatch(r.stderr, /NETRCSECRET42/);
    assert.equal(readFileSync(target, 'utf8'), before, target);
    assert.deepEqual(readdirSync(home).sort(), ['.claude.json', '.netrc', 'repo'], 'no lock or temp file beside it');
  }
});

test('servers add and remove still edit through a link that stays inside the project', async () => {
  const { home, repo } = homeAndRepo();
  const real = path.join(repo, 'config', 'mcp.json');
  mkdirSync(path.dirname(real));
  writeFileSync(real, '{ "mcpServers": {} }\n');
  symlinkSync(path.join('config', 'mcp.json'), path.join(repo, '.mcp.json'));
  const add = await run(['servers', 'add', 'helper', '--command', 'node'], { cwd: repo, home });
  assert.equal(add.code, 0, add.stderr);
  assert.deepEqual(names(real), ['helper']);
  const remove = await run(['servers', 'remove', 'helper'], { cwd: repo, home });
  assert.equal(remove.code, 0, remove.stderr);
  assert.deepEqual(names(real), []);
  assert.ok(lstatSync(path.join(repo, '.mcp.json')).isSymbolicLink());
});
