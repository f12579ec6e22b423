// The rules for project configs and the trust store, in process (config/read-file.ts with a
// project root, config/trust.ts): a link may not lead out of the project or into .git; the link,
// its target and every directory from the project root down must be ours or root's and closed to
// others; a trust store that is a link, another user's or writable by others trusts nothing and
// says why; trust is keyed where a config was found; a file swapped or grown between the checks
// and the read is refused. "Another user" is a real chown to nobody, so those tests need root (CI
// runs as root); what an ordinary user sees is checked by running the modules as nobody.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs, {
  chmodSync,
  chownSync,
  lchownSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  type Stats,
  symlinkSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getuid } from 'node:process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MAX_CONFIG_BYTES, readConfigFile, type ReadRules } from '../../src/config/read-file.js';
import { believedTrustStore, readTrustStore, trustKey } from '../../src/config/trust.js';
import { McpctlError } from '../../src/errors.js';

const NOBODY = 65534;
/** Another ordinary user, for the test that runs as nobody. */
const SOMEONE = 1000;
const CONFIG = '{"mcpServers":{}}';
const LEAVES_PROJECT =
  'a project config must be a file of the project itself: replace the link with a copy, or name the file with --config FILE';
const TAKE_OVER = 'if you trust it, take it over (chown) or name it with --config FILE';
const AGAIN = 'remove it and trust your project configs again (`mcpctl servers trust FILE`)';

/** Every directory a test made, removed when the file is done. */
const made: string[] = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory of ours (links resolved) under the system's temporary directory. */
function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

const asRoot = getuid?.() === 0 ? false : 'needs root, to give files to another user (CI runs as root)';

/** A fresh directory (links resolved) holding a checkout `repo` (with .git) and a place outside it. */
function makeTree(): { top: string; repo: string; outside: string } {
  const top = tempDir('mcpctl-project-');
  const repo = path.join(top, 'repo');
  mkdirSync(path.join(repo, '.git'), { recursive: true });
  const outside = path.join(top, 'outside');
  mkdirSync(outside);
  return { top, repo, outside };
}

function rules(root: string, shown = '.mcp.json'): ReadRules {
  return { shown, checkOwner: true, projectRoot: root };
}

/** The real path of what `file` reads as a config of the project `root`. */
async function readIn(file: string, root: string): Promise<string> {
  const read = await readConfigFile(file, rules(root));
  assert.notEqual(read, 'missing', file);
  return read === 'missing' ? '' : read.realPath;
}

/** The config error a project config is refused with: message and hint. */
async function refusal(file: string, root: string, shown = '.mcp.json'): Promise<{ message: string; hint?: string }> {
  try {
    await readConfigFile(file, rules(root, shown));
  } catch (err) {
    assert.ok(err instanceof McpctlError, String(err));
    assert.equal(err.kind, 'config');
    assert.equal(err.phase, 'config');
    return { message: err.message, hint: err.hint };
  }
  assert.fail(`${file} was read`);
}

test('a project config is read through links that stay inside the project, and through a linked root', async () => {
  const { top, repo } = makeTree();
  writeFileSync(path.join(repo, 'real.json'), CONFIG);
  symlinkSync('real.json', path.join(repo, '.mcp.json'));
  mkdirSync(path.join(repo, 'sub', '.vscode'), { recursive: true });
  symlinkSync('../../real.json', path.join(repo, 'sub', '.vscode', 'mcp.json'));
  assert.equal(await readIn(path.join(repo, '.mcp.json'), repo), path.join(repo, 'real.json'));
  assert.equal(await readIn(path.join(repo, 'sub', '.vscode', 'mcp.json'), repo), path.join(repo, 'real.json'));
  // The project reached through a link to it: the root as named, the file under it.
  const linked = path.join(top, 'linked');
  symlinkSync(repo, linked);
  assert.equal(await readIn(path.join(linked, '.mcp.json'), linked), path.join(repo, 'real.json'));
  assert.equal(await readIn(path.join(linked, 'sub', '.vscode', 'mcp.json'), linked), path.join(repo, 'real.json'));
  // A folder whose name only starts like .git is the project's.
  mkdirSync(path.join(repo, '.github'));
  writeFileSync(path.join(repo, '.github', 'mcp.json'), CONFIG);
  symlinkSync('.github/mcp.json', path.join(repo, 'mcp.json'));
  assert.equal(await readIn(path.join(repo, 'mcp.json'), repo), path.join(repo, '.github', 'mcp.json'));
});

test('a link out of the project, or into its .git, is refused naming the file, the project and the fix', async () => {
  const { top, repo, outside } = makeTree();
  writeFileSync(path.join(outside, 'netrc'), 'machine example.com password s3cr3t\n');
  symlinkSync(path.join(outside, 'netrc'), path.join(repo, '.mcp.json'));
  assert.deepEqual(await refusal(path.join(repo, '.mcp.json'), repo), {
    message: `.mcp.json: refused: it is a link that leads outside the project (${repo})`,
    hint: LEAVES_PROJECT,
  });
  // A sibling whose name starts with the project's is outside it too.
  mkdirSync(path.join(top, 'repo-other'));
  writeFileSync(path.join(top, 'repo-other', 'mcp.json'), CONFIG);
  symlinkSync('../repo-other/mcp.json', path.join(repo, 'mcp.json'));
  assert.match((await refusal(path.join(repo, 'mcp.json'), repo, 'mcp.json')).message, /leads outside the project/);
  // A linked folder counts as much as a linked file.
  writeFileSync(path.join(outside, 'mcp.json'), CONFIG);
  symlinkSync(outside, path.join(repo, '.vscode'));
  assert.equal(
    (await refusal(path.join(repo, '.vscode', 'mcp.json'), repo, '.vscode/mcp.json')).message,
    `.vscode/mcp.json: refused: it is a link that leads outside the project (${repo})`,
  );
  // The project's own checkout data is git's: .git/config may hold a remote's credentials.
  writeFileSync(path.join(repo, '.git', 'config'), '[remote "origin"]\n\turl = https://me:s3cr3t@example.com/r\n');
  mkdirSync(path.join(repo, '.cursor'));
  symlinkSync('../.git/config', path.join(repo, '.cursor', 'mcp.json'));
  assert.deepEqual(await refusal(path.join(repo, '.cursor', 'mcp.json'), repo), {
    message: ".mcp.json: refused: it is a link into the project's .git directory",
    hint: LEAVES_PROJECT,
  });
});

test('the link, its target and each directory from the project root down must be ours or root’s', {
  skip: asRoot,
}, async () => {
  const { top, repo } = makeTree();
  writeFileSync(path.join(repo, 'real.json'), CONFIG);
  const link = path.join(repo, '.mcp.json');
  symlinkSync('real.json', link);
  lchownSync(link, NOBODY, NOBODY);
  assert.deepEqual(await refusal(link, repo), {
    message: '.mcp.json: refused: it is a link owned by another user (uid 65534)',
    hint: TAKE_OVER,
  });
  lchownSync(link, 0, 0);
  chownSync(path.join(repo, 'real.json'), NOBODY, NOBODY);
  assert.deepEqual(await refusal(link, repo), {
    message: '.mcp.json: refused: it is owned by another user (uid 65534)',
    hint: TAKE_OVER,
  });
  chownSync(path.join(repo, 'real.json'), 0, 0);
  assert.equal(await readIn(link, repo), path.join(repo, 'real.json'));
  const plain = path.join(repo, 'mcp.json');
  writeFileSync(plain, CONFIG);
  chownSync(plain, NOBODY, NOBODY);
  assert.equal((await refusal(plain, repo)).message, '.mcp.json: refused: it is owned by another user (uid 65534)');
  chownSync(plain, 0, 0);
  chownSync(repo, NOBODY, NOBODY);
  assert.equal(
    (await refusal(plain, repo)).message,
    `.mcp.json: refused: it is in ${repo}, a directory of another user (uid 65534)`,
    'a file at the root: the root counts',
  );
  chownSync(repo, 0, 0);

  const deep = path.join(repo, 'a', 'b', '.vscode');
  mkdirSync(deep, { recursive: true });
  const file = path.join(deep, 'mcp.json');
  writeFileSync(file, CONFIG);
  for (const dir of [repo, path.join(repo, 'a'), path.join(repo, 'a', 'b'), deep]) {
    chownSync(dir, NOBODY, NOBODY);
    assert.deepEqual(await refusal(file, repo), {
      message: `.mcp.json: refused: it is in ${dir}, a directory of another user (uid 65534)`,
      hint: TAKE_OVER,
    });
    chownSync(dir, 0, 0);
  }
  // Above the project root, directories are not the project's to answer for.
  chownSync(top, NOBODY, NOBODY);
  assert.equal(await readIn(file, repo), file);
  chownSync(top, 0, 0);
});

test('a folder link on the way must be ours, and so must each directory it leads through', {
  skip: asRoot,
}, async () => {
  const { repo } = makeTree();
  const real = path.join(repo, 'real', 'inner');
  mkdirSync(real, { recursive: true });
  writeFileSync(path.join(real, 'mcp.json'), CONFIG);
  const via = path.join(repo, '.vscode');
  symlinkSync('real/inner', via);
  const file = path.join(via, 'mcp.json');
  assert.equal(await readIn(file, repo), path.join(real, 'mcp.json'));
  lchownSync(via, NOBODY, NOBODY);
  assert.deepEqual(await refusal(file, repo), {
    message: `.mcp.json: refused: it is under ${via}, a link owned by another user (uid 65534)`,
    hint: TAKE_OVER,
  });
  lchownSync(via, 0, 0);
  for (const dir of [path.join(repo, 'real'), real]) {
    chownSync(dir, NOBODY, NOBODY);
    // Reached both as the link and as the real directory, the first named is the one refused.
    assert.match((await refusal(file, repo)).message, /, a directory of another user \(uid 65534\)$/, dir);
    chownSync(dir, 0, 0);
  }
});

test('write permission for others, on the file or any directory from the project root down, is refused', async () => {
  const { top, repo } = makeTree();
  const deep = path.join(repo, 'sub', '.vscode');
  mkdirSync(deep, { recursive: true });
  const file = path.join(deep, 'mcp.json');
  writeFileSync(file, CONFIG);
  for (const dir of [repo, path.join(repo, 'sub'), deep]) {
    chmodSync(dir, 0o757);
    assert.deepEqual(await refusal(file, repo), {
      message: `.mcp.json: refused: it is in ${dir}, a directory anyone may write to`,
      hint: 'move the file to a directory only you can write to, or name it with --config FILE',
    });
    for (const mode of [0o775, 0o1777]) {
      chmodSync(dir, mode);
      assert.equal(await readIn(file, repo), file, `${dir} ${mode.toString(8)}`);
    }
    chmodSync(dir, 0o755);
  }
  chmodSync(top, 0o757);
  assert.equal(await readIn(file, repo), file, 'above the project root is not the project');
  chmodSync(top, 0o755);
  writeFileSync(path.join(repo, '.mcp.json'), CONFIG);
  chmodSync(repo, 0o757);
  assert.equal(
    (await refusal(path.join(repo, '.mcp.json'), repo)).message,
    `.mcp.json: refused: it is in ${repo}, a directory anyone may write to`,
    'a file at the root: the root counts',
  );
  chmodSync(repo, 0o755);
  // A directory reached through a folder link counts where it really is.
  const elsewhere = path.join(repo, 'shared');
  mkdirSync(elsewhere);
  writeFileSync(path.join(elsewhere, 'mcp.json'), CONFIG);
  symlinkSync('shared', path.join(repo, '.cursor'));
  chmodSync(elsewhere, 0o777);
  assert.match(
    (await refusal(path.join(repo, '.cursor', 'mcp.json'), repo)).message,
    new RegExp(`it is in ${repo}/(\\.cursor|shared), a directory anyone may write to`),
  );
  chmodSync(elsewhere, 0o755);
  for (const [mode, shown] of [
    [0o602, '0602'],
    [0o666, '0666'],
    [0o002, '0002'],
    [0o4602, '04602'],
  ] as const) {
    chmodSync(file, mode);
    assert.deepEqual(await refusal(file, repo, '.vscode/mcp.json'), {
      message: `.vscode/mcp.json: refused: it is writable by anyone (mode ${shown})`,
      hint: 'if you trust it, make it yours alone: chmod o-w .vscode/mcp.json',
    });
  }
  for (const mode of [0o620, 0o644, 0o600]) {
    chmodSync(file, mode);
    assert.equal(await readIn(file, repo), file, mode.toString(8));
  }
});

/** A trust store holding one record, in a directory of its own. */
function makeStore(): { file: string; data: object } {
  const dir = tempDir('mcpctl-store-');
  const file = path.join(dir, 'trust.json');
  const data = { version: 1, files: { '/p/.mcp.json': { sha256: 'ab', trustedAt: '2026-01-01T00:00:00.000Z' } } };
  writeFileSync(file, JSON.stringify(data), { mode: 0o600 });
  return { file, data };
}

/** What loading believes of `file`, and what `servers trust` is told when it edits it. */
async function verdicts(file: string): Promise<{ data: object; warning?: string; edit: string | object }> {
  const believed = await believedTrustStore(file);
  const edit = await readTrustStore(file).catch((err: unknown) => {
    assert.ok(err instanceof McpctlError, String(err));
    assert.equal(err.kind, 'config');
    assert.equal(err.phase, 'config');
    return `${err.message} | ${err.hint}`;
  });
  return { ...believed, edit };
}

test('a trust store of ours, closed to others, is believed; a missing one trusts nothing, silently', async () => {
  const { file, data } = makeStore();
  for (const mode of [0o600, 0o644, 0o400]) {
    chmodSync(file, mode);
    assert.deepEqual(await verdicts(file), { data, edit: data }, mode.toString(8));
  }
  const missing = path.join(path.dirname(file), 'none.json');
  const empty = { version: 1, files: {} };
  assert.deepEqual(await verdicts(missing), { data: empty, edit: empty });
});

test('a trust store others may write to trusts nothing: the warning names the file, its mode and the fix', async () => {
  const { file } = makeStore();
  for (const mode of [0o666, 0o602, 0o620, 0o622, 0o660]) {
    chmodSync(file, mode);
    const why = `may be written by others (mode 0${mode.toString(8)})`;
    const fix = `check what it trusts and chmod 600 ${file}, or ${AGAIN}`;
    assert.deepEqual(await verdicts(file), {
      data: { version: 1, files: {} },
      warning: `the trust store ${file} is ignored: it ${why}; every project config counts as untrusted until you ${fix}`,
      edit: `the trust store ${file} is not used: it ${why} | ${fix}`,
    });
  }
});

test('a trust store that is a link or not a file trusts nothing, and says to start again', async () => {
  const { file } = makeStore();
  const linked = path.join(path.dirname(file), 'linked.json');
  symlinkSync(file, linked);
  const dir = path.join(path.dirname(file), 'dir.json');
  mkdirSync(dir);
  for (const [store, why] of [
    [linked, 'is a symbolic link'],
    [dir, 'is not a regular file'],
  ] as const) {
    assert.deepEqual(await verdicts(store), {
      data: { version: 1, files: {} },
      warning: `the trust store ${store} is ignored: it ${why}; every project config counts as untrusted until you ${AGAIN}`,
      edit: `the trust store ${store} is not used: it ${why} | ${AGAIN}`,
    });
  }
});

test("a trust store of another user trusts nothing; root's own is believed", { skip: asRoot }, async () => {
  const { file, data } = makeStore();
  chownSync(file, NOBODY, NOBODY);
  const why = 'is owned by another user (uid 65534)';
  assert.deepEqual(await verdicts(file), {
    data: { version: 1, files: {} },
    warning: `the trust store ${file} is ignored: it ${why}; every project config counts as untrusted until you ${AGAIN}`,
    edit: `the trust store ${file} is not used: it ${why} | ${AGAIN}`,
  });
  chownSync(file, 0, 0);
  assert.deepEqual(await verdicts(file), { data, edit: data });
});

test('a trust store that cannot be looked at is a config error naming it, not an empty store', async () => {
  const { file } = makeStore();
  const below = path.join(file, 'trust.json');
  for (const read of [believedTrustStore, readTrustStore]) {
    await assert.rejects(read(below), (err: McpctlError) => {
      // What a script reads from the JSON error: a config error, in the config phase.
      assert.deepEqual([err.exitCode, err.kind, err.phase], [2, 'config', 'config']);
      assert.equal(err.message, `cannot read the trust store ${below}: not a directory, lstat '${below}'`);
      assert.match(err.hint ?? '', /must be a directory you can read/);
      return true;
    });
  }
});

test('trust is keyed where the config was found: its folder resolved, never where a link at the file leads', async () => {
  const { top, repo } = makeTree();
  const linked = path.join(top, 'linked');
  symlinkSync(repo, linked);
  const other = path.join(top, 'other');
  mkdirSync(other);
  writeFileSync(path.join(other, '.mcp.json'), CONFIG);
  symlinkSync('../other/.mcp.json', path.join(repo, '.mcp.json'));
  assert.equal(await trustKey(repo, path.join(repo, '.mcp.json')), path.join(repo, '.mcp.json'));
  assert.equal(await trustKey(linked, path.join(linked, '.mcp.json')), path.join(repo, '.mcp.json'));
  assert.equal(
    await trustKey(linked, path.join(linked, '.vscode', 'mcp.json')),
    path.join(repo, '.vscode', 'mcp.json'),
  );
});

test('a path that reaches the project through a link: its own directories count, none above the root', {
  skip: asRoot,
}, async () => {
  const { top, repo } = makeTree();
  mkdirSync(path.join(repo, 'a'));
  writeFileSync(path.join(repo, 'a', 'mcp.json'), CONFIG);
  writeFileSync(path.join(repo, '.mcp.json'), CONFIG);
  const via = path.join(top, 'via');
  symlinkSync(path.join(repo, 'a'), via);
  chownSync(top, NOBODY, NOBODY);
  assert.equal(await readIn(path.join(via, 'mcp.json'), repo), path.join(repo, 'a', 'mcp.json'));
  lchownSync(via, NOBODY, NOBODY);
  assert.equal(
    (await refusal(path.join(via, 'mcp.json'), repo)).message,
    `.mcp.json: refused: it is under ${via}, a link owned by another user (uid 65534)`,
  );
  // A root named through a link to the folder above the file: the folder is the root.
  const self = path.join(repo, 'self');
  symlinkSync('.', self);
  lchownSync(self, NOBODY, NOBODY);
  assert.equal(await readIn(path.join(repo, '.mcp.json'), self), path.join(repo, '.mcp.json'));
});

/**
 * Runs `during` when readConfigFile opens `file` ('open': just before; 'stat': once the opened
 * file was looked at), as another process could, then restores the file system calls.
 */
async function racing<T>(file: string, at: 'open' | 'stat', during: () => void, read: () => Promise<T>): Promise<T> {
  const { open, fstat } = fs;
  let opened: number | undefined;
  fs.open = ((name: string, flags: number, done: (err: Error | null, fd: number) => void) => {
    if (name !== file) return open(name, flags, done);
    if (at === 'open') during();
    open(name, flags, (err, fd) => {
      opened = fd;
      done(err, fd);
    });
  }) as typeof fs.open;
  fs.fstat = ((fd: number, done: (err: Error | null, info: Stats) => void) =>
    fstat(fd, (err, info) => {
      if (at === 'stat' && fd === opened) during();
      done(err, info);
    })) as typeof fs.fstat;
  try {
    return await read();
  } finally {
    fs.open = open;
    fs.fstat = fstat;
  }
}

test('a link swapped between the check and the open is refused, not followed out of the project', async () => {
  const { repo, outside } = makeTree();
  writeFileSync(path.join(repo, 'real.json'), CONFIG);
  writeFileSync(path.join(outside, 'netrc'), 'machine example.com password s3cr3t\n');
  const link = path.join(repo, '.mcp.json');
  symlinkSync('real.json', link);
  const swap = () => {
    unlinkSync(link);
    symlinkSync(path.join(outside, 'netrc'), link);
  };
  assert.deepEqual(await racing(link, 'open', swap, () => refusal(link, repo)), {
    message: '.mcp.json: refused: it changed while it was being read',
    hint: 'point mcpctl at a regular config file, or remove this one',
  });
});

test('a file that grows past 10 MiB once it was looked at is refused, not returned', async () => {
  const { repo } = makeTree();
  const file = path.join(repo, '.mcp.json');
  writeFileSync(file, CONFIG);
  const grow = () => truncateSync(file, MAX_CONFIG_BYTES + 1);
  const named = { shown: '.mcp.json', checkOwner: false };
  await assert.rejects(
    racing(file, 'stat', grow, () => readConfigFile(file, named)),
    {
      message: '.mcp.json: refused: it is larger than 10 MiB',
    },
  );
});

test('a trust store over 10 MiB is refused naming it; its folder is not judged, only the file', async () => {
  const { file, data } = makeStore();
  chmodSync(path.dirname(file), 0o777);
  assert.deepEqual(await verdicts(file), { data, edit: data }, 'ours and closed: believed in an open folder too');
  truncateSync(file, MAX_CONFIG_BYTES + 1);
  for (const read of [believedTrustStore, readTrustStore])
    await assert.rejects(read(file), { message: `${file}: refused: it is larger than 10 MiB` });
});

const READ_AS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'read-config-as.js');

/** The verdicts of fixtures/read-config-as.js on `jobs`, run as nobody. */
async function asNobody(jobs: object[]): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [READ_AS, String(NOBODY), JSON.stringify(jobs)], {
    cwd: '/',
  });
  return JSON.parse(stdout) as string[];
}

test("as an ordinary user: your files and root's are read, another user's are refused; the trust store must be yours", {
  skip: asRoot,
}, async () => {
  const dir = tempDir('mcpctl-nobody-');
  chmodSync(dir, 0o755);
  const make = (name: string, uid: number, content = CONFIG, mode = 0o644) => {
    const file = path.join(dir, name);
    writeFileSync(file, content, { mode });
    chownSync(file, uid, uid);
    return file;
  };
  const folder = (name: string, uid: number) => {
    mkdirSync(path.join(dir, name));
    chownSync(path.join(dir, name), uid, uid);
    return path.join(dir, name);
  };
  const mine = make('mine.json', NOBODY);
  const roots = make('root.json', 0);
  const theirs = make('theirs.json', SOMEONE);
  const project = folder('project', NOBODY);
  const inMine = make('project/.mcp.json', NOBODY);
  const theirProject = folder('their-project', SOMEONE);
  const inTheirs = make('their-project/.mcp.json', NOBODY);
  const store = '{"version":1,"files":{}}';
  const myStore = make('my-trust.json', NOBODY, store, 0o600);
  const rootStore = make('root-trust.json', 0, store, 0o644);
  assert.deepEqual(
    await asNobody([
      { file: mine },
      { file: roots },
      { file: theirs },
      { file: inMine, root: project },
      { file: inTheirs, root: theirProject },
      { store: myStore },
      { store: rootStore },
    ]),
    [
      'read',
      'read',
      `${theirs}: refused: it is owned by another user (uid ${SOMEONE})`,
      'read',
      `${inTheirs}: refused: it is in ${theirProject}, a directory of another user (uid ${SOMEONE})`,
      'believed',
      `the trust store ${rootStore} is ignored: it is owned by another user (uid 0); every project config counts as untrusted until you ${AGAIN}`,
    ],
  );
});
