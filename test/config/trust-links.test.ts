// Trust is never borrowed: a project config reached through a link is trusted only as the file
// found, never as its target; a link never leads mcpctl out of the project (or into .git) to read
// a private file; links, targets and every directory from the project root down must be ours and
// closed to others; and a trust store anyone else could have written trusts nothing. Tests run
// as root in CI, so "another user" is a real chown to nobody.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chmodSync,
  chownSync,
  existsSync,
  lchownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getuid } from 'node:process';
import { ROOT, run, type RunResult } from '../helpers/run.js';

const CALL_SERVER = path.join(ROOT, 'dist', 'test', 'fixtures', 'call-server.js');
const NOBODY = 65534;
const SECRET = 's3cr3t-never-shown';

/** A server that leaves `marker` in the directory it runs in (its config's), then serves. */
const MARKING = { command: 'sh', args: ['-c', `touch marker && exec "${process.execPath}" "${CALL_SERVER}" legacy`] };
const CONFIG = JSON.stringify({ mcpServers: { app: MARKING } }, null, 2);

interface Home {
  home: string;
  /** Runs mcpctl in `cwd` with this home. */
  mcpctl(argv: string[], cwd: string): Promise<RunResult>;
  /** The trust states `servers --json` reports, by server name. */
  trust(cwd: string, argv?: string[]): Promise<Record<string, string>>;
}

function makeHome(): Home {
  const home = path.join(realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-links-'))), 'home');
  mkdirSync(home);
  const env = { PATH: process.env.PATH, HOME: home, XDG_CACHE_HOME: path.join(home, 'cache') };
  const mcpctl = (argv: string[], cwd: string) => run(argv, { cwd, env, home });
  return {
    home,
    mcpctl,
    async trust(cwd, argv = []) {
      const r = await mcpctl([...argv, 'servers', '--json'], cwd);
      assert.equal(r.code, 0, r.stderr);
      const servers = (JSON.parse(r.stdout) as { servers: { name: string; trust: string }[] }).servers;
      return Object.fromEntries(servers.map((s) => [s.name, s.trust]));
    },
  };
}

/** A directory under `parent`, a checkout when `git` (it has .git). */
function folder(parent: string, name: string, git = true): string {
  const dir = path.join(parent, name);
  mkdirSync(git ? path.join(dir, '.git') : dir, { recursive: true });
  return dir;
}

function onlyAsRoot(): string | false {
  return getuid?.() === 0 ? false : 'needs root, to give files to another user (CI runs as root)';
}

test('a linked config is not trusted as its target: not by servers trust, not by a Claude Code approval', async () => {
  const h = makeHome();
  const repo = folder(h.home, 'repo');
  const a = folder(repo, 'A', false);
  const b = folder(repo, 'B', false);
  writeFileSync(path.join(a, '.mcp.json'), CONFIG);
  symlinkSync('../A/.mcp.json', path.join(b, '.mcp.json'));
  assert.equal((await h.mcpctl(['servers', 'trust'], a)).code, 0);
  assert.deepEqual(await h.trust(a), { app: 'trusted' });

  assert.deepEqual(await h.trust(b), { app: 'untrusted' }, "B's link borrowed A's trust");
  const status = await h.mcpctl(['status', 'app', '--json'], b);
  assert.equal(status.code, 2, status.stderr);
  assert.equal(existsSync(path.join(b, 'marker')), false, "B's server ran under A's trust");
  // From another checkout the link leaves its project, and is refused outright.
  const c = folder(h.home, 'C');
  symlinkSync(path.join(a, '.mcp.json'), path.join(c, '.mcp.json'));
  assert.equal((await h.mcpctl(['status', 'app'], c)).code, 2);
  assert.equal(existsSync(path.join(c, 'marker')), false);

  // Claude Code approved A's servers; B's link to A's file is B's project, not approved.
  writeFileSync(
    path.join(h.home, '.claude.json'),
    JSON.stringify({ projects: { [a]: { enabledMcpjsonServers: ['app'] } } }),
  );
  assert.equal((await h.mcpctl(['servers', 'untrust', '.mcp.json'], a)).code, 0);
  assert.deepEqual(await h.trust(a), { app: 'claude-code' });
  assert.deepEqual(await h.trust(b), { app: 'untrusted' }, "B's link borrowed A's approval");
  assert.equal((await h.mcpctl(['status', 'app'], b)).code, 2);
  assert.equal(existsSync(path.join(b, 'marker')), false);

  // Trusting B trusts B's link as it is, and its server runs in B.
  const trusted = await h.mcpctl(['servers', 'trust', '--json'], b);
  assert.equal(trusted.code, 0, trusted.stderr);
  assert.deepEqual(
    (JSON.parse(trusted.stdout) as { trusted: { file: string }[] }).trusted.map((t) => t.file),
    [path.join(b, '.mcp.json')],
  );
  assert.equal((await h.mcpctl(['status', 'app'], b)).code, 0);
  assert.equal(existsSync(path.join(b, 'marker')), true);
  assert.equal((await h.mcpctl(['servers', 'untrust', '.mcp.json'], b)).code, 0);
  assert.deepEqual(await h.trust(b), { app: 'untrusted' });
});

test('a link out of the project is refused without reading it: ~/.netrc, a linked folder, .git/config', async () => {
  const h = makeHome();
  const netrc = path.join(h.home, '.netrc');
  writeFileSync(netrc, `machine example.com login me password ${SECRET}\n`);
  const privateDir = folder(h.home, 'private', false);
  writeFileSync(path.join(privateDir, 'mcp.json'), `{"mcpServers": ${SECRET}}`);
  const cases: [string, (repo: string) => void, RegExp][] = [
    [
      'a file link',
      (r) => symlinkSync(netrc, path.join(r, '.mcp.json')),
      /\.mcp\.json: refused: it is a link that leads outside the project/,
    ],
    [
      'a folder link',
      (r) => symlinkSync(privateDir, path.join(r, '.vscode')),
      /mcp\.json: refused: it is a link that leads outside the project/,
    ],
    [
      'a link into .git',
      (r) => {
        writeFileSync(
          path.join(r, '.git', 'config'),
          `[remote "origin"]\n\turl = https://me:${SECRET}@example.com/r\n`,
        );
        symlinkSync('.git/config', path.join(r, 'mcp.json'));
      },
      /mcp\.json: refused: it is a link into the project's \.git directory/,
    ],
  ];
  for (const [what, make, message] of cases) {
    const repo = folder(h.home, `repo-${what.replaceAll(' ', '-')}`);
    make(repo);
    for (const argv of [
      ['servers'],
      ['servers', '--names'],
      ['tools'],
      ['--trust-project', 'status'],
      ['servers', 'trust'],
    ]) {
      const r = await h.mcpctl(argv, repo);
      assert.equal(r.code, 2, `${what}, ${argv.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message, `${what}, ${argv.join(' ')}`);
      assert.doesNotMatch(
        r.stdout + r.stderr,
        new RegExp(SECRET),
        `${what}, ${argv.join(' ')}: the private file was quoted`,
      );
    }
  }
  // Naming the file is consent, as for any file.
  const named = folder(h.home, 'named');
  writeFileSync(path.join(named, 'real.json'), CONFIG);
  symlinkSync(path.join(named, 'real.json'), path.join(h.home, 'outside.json'));
  symlinkSync(path.join(h.home, 'outside.json'), path.join(named, 'linked.json'));
  assert.equal((await h.mcpctl(['-c', 'linked.json', 'servers', '--names'], named)).stdout, 'app\n');
});

test('with home reached through a link and a checkout of dotfiles at home, a link to ~/.netrc still leads out of its project', async () => {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcpctl-links-')));
  const real = path.join(root, 'h2');
  const home = path.join(root, 'hl');
  mkdirSync(path.join(real, '.git'), { recursive: true });
  symlinkSync(real, home);
  writeFileSync(path.join(real, '.netrc'), `machine example.com login me password ${SECRET}\n`);
  const clone = folder(real, 'clone', false);
  symlinkSync(path.join(home, '.netrc'), path.join(clone, '.mcp.json'));
  // The working directory as a process has it: the real path.
  const env = { PATH: process.env.PATH, HOME: home, XDG_CACHE_HOME: path.join(home, 'cache') };
  for (const argv of [['servers'], ['servers', 'trust', '.mcp.json'], ['servers', 'add', 'x', '--command', 'node']]) {
    const r = await run(argv, { cwd: clone, env, home });
    assert.equal(r.code, 2, `${argv.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /\.mcp\.json: refused: it is a link that leads outside the project/, argv.join(' '));
    assert.doesNotMatch(r.stdout + r.stderr, new RegExp(SECRET), `${argv.join(' ')}: ~/.netrc was quoted`);
  }
  assert.equal(readFileSync(path.join(real, '.netrc'), 'utf8'), `machine example.com login me password ${SECRET}\n`);
});

test("another user's folder holding a link to your trusted file never runs its server", {
  skip: onlyAsRoot(),
}, async () => {
  const h = makeHome();
  const mine = folder(h.home, 'mine');
  writeFileSync(path.join(mine, '.mcp.json'), CONFIG);
  assert.equal((await h.mcpctl(['servers', 'trust'], mine)).code, 0);
  const theirs = folder(path.dirname(h.home), 'theirs');
  symlinkSync(path.join(mine, '.mcp.json'), path.join(theirs, '.mcp.json'));
  lchownSync(path.join(theirs, '.mcp.json'), NOBODY, NOBODY);
  chownSync(theirs, NOBODY, NOBODY);
  const r = await h.mcpctl(['--trust-project', 'status', 'app'], theirs);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /refused/);
  assert.equal(existsSync(path.join(theirs, 'marker')), false);
  assert.equal(existsSync(path.join(mine, 'marker')), false);
});

test('a link, or a folder on the way, of another user is refused even inside the project', {
  skip: onlyAsRoot(),
}, async () => {
  const h = makeHome();
  const repo = folder(h.home, 'repo');
  writeFileSync(path.join(repo, 'real.json'), CONFIG);
  symlinkSync('real.json', path.join(repo, '.mcp.json'));
  assert.deepEqual(
    await h.trust(repo, ['--trust-project']),
    { app: 'trust-project' },
    'a link of ours inside the project is fine',
  );
  lchownSync(path.join(repo, '.mcp.json'), NOBODY, NOBODY);
  const link = await h.mcpctl(['--trust-project', 'servers'], repo);
  assert.equal(link.code, 2);
  assert.match(link.stderr, /\.mcp\.json: refused: it is a link owned by another user \(uid 65534\)/);

  const other = folder(h.home, 'other');
  mkdirSync(path.join(other, '.vscode'));
  writeFileSync(path.join(other, '.vscode', 'mcp.json'), CONFIG);
  chownSync(path.join(other, '.vscode'), NOBODY, NOBODY);
  const dir = await h.mcpctl(['--trust-project', 'status', 'app'], other);
  assert.equal(dir.code, 2);
  assert.match(
    dir.stderr,
    /mcp\.json: refused: it is in .*\/other\/\.vscode, a directory of another user \(uid 65534\)/,
  );
  assert.equal(existsSync(path.join(other, 'marker')), false);
});

test('write permission for others, on the file or on any folder from the project root down, is refused; the group bit is not', async () => {
  const h = makeHome();
  const repo = folder(h.home, 'repo');
  const nested = path.join(repo, 'sub', 'deeper');
  mkdirSync(path.join(nested, '.vscode'), { recursive: true });
  const file = path.join(nested, '.vscode', 'mcp.json');
  writeFileSync(file, CONFIG);
  const verdict = async () => {
    const r = await h.mcpctl(['--trust-project', 'servers'], nested);
    return r.code === 0 ? 'read' : r.stderr;
  };
  assert.equal(await verdict(), 'read');
  for (const dir of [repo, path.join(repo, 'sub'), nested, path.join(nested, '.vscode')]) {
    chmodSync(dir, 0o757);
    assert.match(await verdict(), new RegExp(`refused: it is in ${dir}, a directory anyone may write to`), dir);
    chmodSync(dir, 0o775);
    assert.equal(await verdict(), 'read', `${dir} 0775: the group may write, others may not`);
    chmodSync(dir, 0o1777);
    assert.equal(await verdict(), 'read', `${dir} 01777: the sticky bit keeps our file ours`);
    chmodSync(dir, 0o755);
  }
  chmodSync(file, 0o602);
  assert.match(await verdict(), /mcp\.json: refused: it is writable by anyone \(mode 0602\)/);
  chmodSync(file, 0o620);
  assert.equal(await verdict(), 'read');
});

test('a trust store that is a link, not ours, or writable by others trusts nothing, and says why', async (t) => {
  const h = makeHome();
  const repo = folder(h.home, 'repo');
  writeFileSync(path.join(repo, '.mcp.json'), CONFIG);
  assert.equal((await h.mcpctl(['servers', 'trust'], repo)).code, 0);
  const store = path.join(h.home, '.config', 'mcpctl', 'trust.json');
  const expectIgnored = async (why: RegExp) => {
    const r = await h.mcpctl(['servers', '--json'], repo);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      (JSON.parse(r.stdout) as { servers: { trust: string }[] }).servers.map((s) => s.trust),
      ['untrusted'],
    );
    assert.match(
      r.stderr,
      new RegExp(`the trust store ${store} is ignored: it ${why.source}; every project config counts as untrusted`),
    );
    const status = await h.mcpctl(['status', 'app'], repo);
    assert.equal(status.code, 2);
    assert.equal(existsSync(path.join(repo, 'marker')), false);
    const edit = await h.mcpctl(['servers', 'trust'], repo);
    assert.equal(edit.code, 2, 'servers trust does not build on a store it does not believe');
    assert.match(edit.stderr, new RegExp(`the trust store ${store} is not used`));
  };
  for (const mode of [0o666, 0o602, 0o620]) {
    chmodSync(store, mode);
    await expectIgnored(new RegExp(`may be written by others \\(mode 0${mode.toString(8)}\\)`));
  }
  chmodSync(store, 0o600);
  assert.deepEqual(await h.trust(repo), { app: 'trusted' });

  const elsewhere = path.join(h.home, 'store.json');
  renameSync(store, elsewhere);
  symlinkSync(elsewhere, store);
  await expectIgnored(/is a symbolic link/);
  renameSync(elsewhere, store);
  assert.deepEqual(await h.trust(repo), { app: 'trusted' });

  if (onlyAsRoot()) return t.diagnostic('the foreign-owned case needs root');
  chownSync(store, NOBODY, NOBODY);
  await expectIgnored(/is owned by another user \(uid 65534\)/);
});

test('Claude Code approvals count for a project .mcp.json only, not for .cursor/, .vscode/ or mcp.json', async () => {
  const h = makeHome();
  const files = ['.mcp.json', 'mcp.json', '.cursor/mcp.json', '.vscode/mcp.json'];
  const verdicts: Record<string, Record<string, string>> = {};
  for (const name of files) {
    const repo = folder(h.home, `repo-${files.indexOf(name)}`);
    mkdirSync(path.dirname(path.join(repo, name)), { recursive: true });
    writeFileSync(path.join(repo, name), CONFIG);
    writeFileSync(
      path.join(h.home, '.claude.json'),
      JSON.stringify({ projects: { [repo]: { enableAllProjectMcpServers: true, enabledMcpjsonServers: ['app'] } } }),
    );
    verdicts[name] = await h.trust(repo);
  }
  assert.deepEqual(verdicts, {
    '.mcp.json': { app: 'claude-code' },
    'mcp.json': { app: 'untrusted' },
    '.cursor/mcp.json': { app: 'untrusted' },
    '.vscode/mcp.json': { app: 'untrusted' },
  });
});
