// Saving server data to files, in process, as a user finds the files afterwards: an existing
// file is never replaced without --force (the next free name is taken and said), a symlink is
// never written through, no config or executed file name and no dotfile is ever taken, a name
// the server chose is kept only when it fits the MIME type (else one is made), a failed write
// leaves neither a partial file nor a temporary one, and modes are the ones asked for or kept.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  promises as fsp,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  clearWriteError,
  ensureDir,
  ensurePrivateDir,
  makeDirs,
  writeFailureReason,
  writeFileAtomic,
  writeFileAtomicRaw,
  writePrivateFileAtomic,
} from '../../src/atomic-file.js';
import { McpctlError } from '../../src/errors.js';
import {
  ensureDirectory,
  extensionFor,
  fileNameFromUri,
  isConfigFileName,
  isExecutedFileName,
  safeFileName,
  saveInDirectory,
  saveToFile,
} from '../../src/output/save.js';
import { saveBinaries } from '../../src/output/tool-result.js';

const bytes = (text: string) => Buffer.from(text);

// Every directory of the file under one, removed at the end (a mutation run starts this file
// hundreds of times).
const root = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-save-'));
after(() => rmSync(root, { recursive: true, force: true }));

function freshDir(): string {
  return mkdtempSync(path.join(root, 'd-'));
}

/** The error a promise fails with (it must fail). */
async function failure(promise: Promise<unknown>): Promise<McpctlError & NodeJS.ErrnoException> {
  try {
    await promise;
  } catch (err) {
    return err as McpctlError & NodeJS.ErrnoException;
  }
  assert.fail('expected the write to fail');
}

const mode = (file: string) => statSync(file).mode & 0o7777;

test('an existing file is kept: the next free name is written and the one asked for is said to be taken', async () => {
  const dir = freshDir();
  writeFileSync(path.join(dir, 'chart.png'), 'mine');
  writeFileSync(path.join(dir, 'chart-1.png'), 'mine too');
  const saved = await saveInDirectory(dir, 'chart.png', bytes('new'), { force: false });
  assert.deepEqual(saved, { file: path.join(dir, 'chart-2.png'), taken: path.join(dir, 'chart.png') });
  assert.equal(readFileSync(path.join(dir, 'chart.png'), 'utf8'), 'mine');
  assert.equal(readFileSync(path.join(dir, 'chart-1.png'), 'utf8'), 'mine too');
  assert.equal(readFileSync(path.join(dir, 'chart-2.png'), 'utf8'), 'new');
  assert.deepEqual(await saveInDirectory(dir, 'other.png', bytes('x'), { force: false }), {
    file: path.join(dir, 'other.png'),
  });
  assert.deepEqual(readdirSync(dir).sort(), ['chart-1.png', 'chart-2.png', 'chart.png', 'other.png']);

  const noExt = path.join(dir, 'notes');
  writeFileSync(noExt, 'mine');
  assert.deepEqual(await saveToFile(noExt, bytes('new'), { force: false }), { file: `${noExt}-1`, taken: noExt });
});

test('--force replaces the file itself, whole, keeping its mode, and says nothing was taken', async () => {
  const dir = freshDir();
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, 'an old and longer report');
  chmodSync(file, 0o640);
  assert.deepEqual(await saveToFile(file, bytes('new'), { force: true }), { file });
  assert.equal(readFileSync(file, 'utf8'), 'new');
  assert.equal(mode(file), 0o640);
  assert.deepEqual(readdirSync(dir), ['report.pdf'], 'no temporary file is left');
  assert.deepEqual(await saveInDirectory(dir, 'new.pdf', bytes('n'), { force: true }), {
    file: path.join(dir, 'new.pdf'),
  });
  assert.equal(mode(path.join(dir, 'new.pdf')), 0o666 & ~process.umask());
});

test('a symlink is never written through: without --force a free name is taken, with it the save is refused', async () => {
  const dir = freshDir();
  const outside = path.join(freshDir(), 'precious.txt');
  writeFileSync(outside, 'precious');
  const link = path.join(dir, 'planted.bin');
  symlinkSync(outside, link);
  symlinkSync(path.join(dir, 'nowhere.bin'), path.join(dir, 'dangling.bin'));
  assert.deepEqual(await saveInDirectory(dir, 'planted.bin', bytes('data'), { force: false }), {
    file: path.join(dir, 'planted-1.bin'),
    taken: link,
  });
  assert.deepEqual(await saveInDirectory(dir, 'dangling.bin', bytes('data'), { force: false }), {
    file: path.join(dir, 'dangling-1.bin'),
    taken: path.join(dir, 'dangling.bin'),
  });
  assert.equal(readlinkSync(path.join(dir, 'dangling.bin')), path.join(dir, 'nowhere.bin'));
  assert.deepEqual(readdirSync(dir).sort(), ['dangling-1.bin', 'dangling.bin', 'planted-1.bin', 'planted.bin']);

  const err = await failure(saveToFile(link, bytes('data'), { force: true }));
  assert.ok(err instanceof McpctlError);
  assert.equal(err.kind, 'usage');
  assert.equal(err.message, `not writing ${link}: it is a symbolic link`);
  assert.equal(err.hint, 'mcpctl never writes through a link: remove it or choose another file');
  assert.equal(readFileSync(outside, 'utf8'), 'precious');
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.deepEqual(readdirSync(dir).sort(), ['dangling-1.bin', 'dangling.bin', 'planted-1.bin', 'planted.bin']);

  // What a report file (--output of test and lint) says in its own words.
  const raw = await failure(writeFileAtomicRaw(link, 'data', { how: 'replace-file' }));
  assert.equal(raw.code, 'ELOOP');
  assert.equal(raw.message, `${link} is a symbolic link`);
  assert.equal(readFileSync(outside, 'utf8'), 'precious');
});

test('--force onto a directory or a FIFO: refused, naming the file, nothing replaced', async () => {
  const dir = freshDir();
  mkdirSync(path.join(dir, 'taken.bin'));
  const err = await failure(saveToFile(path.join(dir, 'taken.bin'), bytes('x'), { force: true }));
  assert.ok(err instanceof McpctlError);
  assert.equal(err.kind, 'usage');
  assert.equal(
    err.message,
    `cannot write ${path.join(dir, 'taken.bin')}: ${path.join(dir, 'taken.bin')} is a directory`,
  );
  assert.equal(err.hint, 'check that the directory exists and is writable');
  const raw = await failure(writeFileAtomicRaw(path.join(dir, 'taken.bin'), 'x', { how: 'replace-file' }));
  assert.equal(raw.code, 'EISDIR');
  if (spawnSync('mkfifo', [path.join(dir, 'pipe')]).status === 0) {
    const fifo = await failure(writeFileAtomicRaw(path.join(dir, 'pipe'), 'x', { how: 'replace-file' }));
    assert.equal(fifo.message, `${path.join(dir, 'pipe')} is not a regular file`);
    assert.ok(lstatSync(path.join(dir, 'pipe')).isFIFO());
  }
  assert.ok(statSync(path.join(dir, 'taken.bin')).isDirectory());

  // A name with a word and a colon in it is named whole (only a code in front is dropped).
  const notes = path.join(dir, 'NOTES: old');
  mkdirSync(notes);
  const named = await failure(saveToFile(notes, bytes('x'), { force: true }));
  assert.equal(named.message, `cannot write ${notes}: ${notes} is a directory`);
});

test('a missing directory: a usage error in the file system words, without the code in front', async () => {
  const dir = freshDir();
  const file = path.join(dir, 'missing', 'f.bin');
  for (const force of [false, true]) {
    const err = await failure(saveToFile(file, bytes('x'), { force }));
    assert.ok(err instanceof McpctlError);
    assert.equal(err.kind, 'usage');
    assert.match(err.message, new RegExp(`^cannot write ${file}: no such file or directory, open '`));
    assert.equal(err.hint, 'check that the directory exists and is writable');
  }
  assert.equal(writeFailureReason(new Error('EACCES: permission denied')), 'permission denied');
  assert.equal(writeFailureReason(new Error('Eaccess: kept')), 'Eaccess: kept');
  assert.equal(writeFailureReason('plain words'), 'plain words');
});

test('config file names, dotfiles, paths and names other tools run are never taken from server data', async () => {
  const dir = freshDir();
  for (const name of [
    '.mcp.json',
    'MCP.JSON',
    '..mcpctl.json',
    'claude_desktop_config.json',
    'Trust.json',
    'opencode.jsonc',
  ]) {
    assert.equal(isConfigFileName(name), true, name);
    const refused = await failure(saveToFile(path.join(dir, name), bytes('x'), { force: true }));
    assert.equal(refused.kind, 'usage');
    assert.equal(
      refused.message,
      `not writing server data to ${path.join(dir, name)}: mcpctl reads files of that name as config`,
    );
    assert.equal(refused.hint, 'choose another file name');
  }
  for (const name of ['mcp.json.bak', 'my-mcp.json', 'mcp', 'settings.jsonc'])
    assert.equal(isConfigFileName(name), false, name);
  for (const name of [
    '../up.bin',
    'a/b.bin',
    '.hidden.bin',
    'mcpctl.json',
    'settings.json',
    'Makefile',
    'x.config.ts',
  ]) {
    const refused = await failure(saveInDirectory(dir, name, bytes('x'), { force: false }));
    assert.equal(refused.kind, 'internal');
    assert.equal(refused.message, `refusing to save server data as ${JSON.stringify(name)}`);
  }
  assert.deepEqual(readdirSync(dir), []);
});

/** Every name a server may never plant, as a block of that name and a type it fits. */
const PLANTED = [
  ...['.mcp.json', 'mcp.json', '.mcpctl.json', 'mcpctl.json', 'config.json', 'claude.json'],
  ...['claude_desktop_config.json', 'mcp_config.json', 'opencode.json', 'opencode.jsonc', 'settings.json'],
  ...['config.toml', 'trust.json', 'conftest.py', 'setup.py', 'noxfile.py', 'sitecustomize.py'],
  ...['usercustomize.py', 'pyproject.toml', 'setup.cfg', 'tox.ini', 'pytest.ini', 'Makefile', 'GNUmakefile'],
  ...['justfile', 'Rakefile', 'Gemfile', 'package.json', 'deno.json', 'deno.jsonc', 'bunfig.toml'],
  ...['tsconfig.json', 'jsconfig.json', 'Cargo.toml', 'build.rs', 'build.gradle', 'build.gradle.kts'],
  ...['settings.gradle', 'pom.xml', 'Dockerfile', 'Containerfile', 'docker-compose.yml'],
  ...['docker-compose.yaml', 'compose.yml', 'compose.yaml', 'Vagrantfile', 'Procfile', 'Jenkinsfile'],
  ...['flake.nix', 'shell.nix', 'default.nix', 'crush.json', 'AGENTS.md', 'CLAUDE.md', 'GEMINI.md'],
  ...['copilot-instructions.md', 'desktop.ini', 'autorun.inf', 'vite.config.ts', 'vite.config.mts'],
  ...['a.config.cjs', 'b.config.js', 'karma.conf.js', 'x.conf.mjs', 'config.yaml', 'evil.pth'],
  ...['composer.json', 'build.xml', 'CMakeLists.txt', 'tasks.py', 'gulpfile.js', 'Gruntfile.js'],
];

/** The known type a name's extension fits, when mcpctl knows one: then only the name refuses it. */
const FITTING: Record<string, string> = {
  json: 'application/json',
  md: 'text/markdown',
  xml: 'application/xml',
  txt: 'text/plain',
  '': 'text/plain',
};

test('a blob named after a config or a file another tool runs is saved under a made-up name, never its own', async () => {
  const dir = freshDir();
  const ext = (name: string) => path.extname(name).slice(1).toLowerCase();
  const content = PLANTED.map((name) => ({
    type: 'resource',
    resource: { uri: `file:///srv/${name}`, mimeType: FITTING[ext(name)] ?? `text/${ext(name)}`, blob: 'eA==' },
  }));
  const saved = await saveBinaries({ content }, dir, 'tool', { force: false });
  const written = readdirSync(dir);
  assert.equal(written.length, PLANTED.length);
  for (const name of PLANTED) assert.ok(!written.includes(name.replace(/^\./, '')), `${name} was not planted`);
  assert.deepEqual(
    [...saved.values()].map((s) => path.basename(s.file)),
    PLANTED.map((name, i) => `tool-${i + 1}.${FITTING[ext(name)] ? ext(name) || 'txt' : 'bin'}`),
  );
  // Names that only look like those: no list refuses them.
  for (const name of [
    'conftest.py.txt',
    'package.json5',
    'myconfig.ts',
    'configs.txt',
    'a.pthx',
    'configure.png',
    'mcp.jsonl',
  ])
    assert.ok(!isExecutedFileName(name) && !isConfigFileName(name), name);
});

test('a name the server chose is kept when its extension fits the MIME type; otherwise one is made from the tool and the type', async () => {
  const dir = freshDir();
  const blob = (uri: string, mimeType?: string) => ({ type: 'resource', resource: { uri, blob: 'eQ==', mimeType } });
  const cases: [string, string | undefined, string][] = [
    ['file:///a/photo.jpeg', 'image/jpeg', 'photo.jpeg'],
    ['file:///a/photo2.jpg', 'IMAGE/JPEG; q=1', 'photo2.jpg'],
    ['file:///a/scan.tiff', 'image/tiff', 'scan.tiff'],
    ['file:///a/song.opus', 'audio/ogg', 'song.opus'],
    ['file:///a/page.htm', 'text/html', 'page.htm'],
    ['file:///a/readme.markdown', 'text/markdown', 'readme.markdown'],
    ['file:///a/evil.py', 'image/png', 'tool-7.png'],
    ['file:///a/evil.sh', 'image/gif', 'tool-8.gif'],
    ['file:///a/x.webp', 'image/webp', 'x.webp'],
    ['file:///a/pic', 'image/svg+xml', 'tool-10.svg'],
    ['file:///a/noise.wav', 'audio/x-wav', 'noise.wav'],
    ['file:///a/noise2.wav', 'audio/wav', 'noise2.wav'],
    ['file:///a/t.mp3', 'audio/mpeg', 't.mp3'],
    ['file:///a/t.webm', 'audio/webm', 't.webm'],
    ['file:///a/t.flac', 'audio/flac', 't.flac'],
    ['file:///a/doc.pdf', 'application/pdf', 'doc.pdf'],
    ['file:///a/d.json', 'application/json', 'd.json'],
    ['file:///a/d.gz', 'application/gzip', 'd.gz'],
    ['file:///a/d.zip', 'application/zip', 'd.zip'],
    ['file:///a/d.txt', 'text/plain', 'd.txt'],
    ['file:///a/d.bin', 'application/vnd.my-thing+json', 'd.bin'],
    ['file:///a/e.csv', 'text/csv', 'e.csv'],
    ['file:///a/longname.toolongext', 'text/toolongext', 'tool-23.bin'],
    ['file:///a/f.abcdefgh', 'text/abcdefgh', 'tool-24.bin'],
    ['file:///a/g.png', undefined, 'tool-25.bin'],
    ['file:///a/h.PNG', 'image/png', 'h.PNG'],
    ['file:///a/tab.png', 'text/x.y', 'tool-27.bin'],
    ['file:///a/noext.', 'image/png', 'tool-28.png'],
  ];
  const saved = await saveBinaries({ content: cases.map(([uri, mime]) => blob(uri, mime)) }, dir, 'tool', {
    force: false,
  });
  assert.deepEqual(
    [...saved.values()].map((s) => path.basename(s.file)),
    cases.map(([, , name]) => name),
  );
  assert.equal(extensionFor('image/jpeg'), 'jpg');
  assert.equal(extensionFor('image/tiff'), 'tif');
  assert.equal(extensionFor('audio/ogg'), 'ogg');
  assert.equal(extensionFor('text/markdown'), 'md');
  assert.equal(extensionFor('text/html'), 'html');
  assert.equal(extensionFor(''), 'bin');
  assert.equal(extensionFor('image'), 'bin');
  assert.equal(extensionFor(' Text/CSV ; charset=utf-8'), 'csv');
});

test('a MIME type mcpctl does not know (text/pth, application/pthx) is saved as .bin, not refused', async () => {
  const dir = freshDir();
  const content = [{ type: 'image', data: 'eA==', mimeType: 'text/pth' }];
  const saved = await saveBinaries({ content }, dir, 'tool', { force: false });
  assert.deepEqual([...saved.values()], [{ file: path.join(dir, 'tool-1.bin') }]);
  assert.equal(extensionFor('application/pth'), 'bin');
  assert.equal(extensionFor('application/pthx'), 'bin');
});

test('file names from URIs and tool names: safe in any directory, never a dotfile, at most 120 characters', () => {
  assert.equal(safeFileName('my tool/v2'), 'my_tool_v2');
  assert.equal(safeFileName('..hidden'), 'hidden');
  assert.equal(safeFileName('_.x'), 'x');
  assert.equal(safeFileName('a__ b'), 'a___b');
  assert.equal(safeFileName('$(rm -rf)'), 'rm_-rf_');
  assert.equal(safeFileName('...'), 'content');
  assert.equal(safeFileName('x'.repeat(130)), 'x'.repeat(120));
  assert.equal(safeFileName('Q3 — report'), 'Q3_report', 'a run of unsafe characters is one _');
  assert.equal(fileNameFromUri('https://h/a/report.pdf?download=1#p2'), 'report.pdf');
  assert.equal(fileNameFromUri('s3://bucket/dir/'), undefined);
  assert.equal(fileNameFromUri('https://h/files/report.pdf/'), 'report.pdf', 'a trailing slash ends no name');
  assert.equal(fileNameFromUri('mem://x/y/data.tar.gz'), 'data.tar.gz');
  assert.equal(fileNameFromUri('x://h/bad%E0%A4%A.png'), 'bad_E0_A4_A.png');
  assert.equal(fileNameFromUri('x://h/.env.png'), 'env.png');
  assert.equal(fileNameFromUri('x://h/a.toolongext'), undefined);
  assert.equal(fileNameFromUri('x://h/a.'), undefined);
  assert.equal(fileNameFromUri('x://h/a.b-c'), undefined);
  assert.equal(fileNameFromUri('report.pdf'), 'report.pdf');
  assert.equal(fileNameFromUri('c:/x/report.pdf'), 'report.pdf');
  assert.equal(fileNameFromUri('1x:/y.png'), 'y.png');
  assert.equal(fileNameFromUri(''), undefined);
  // A URI with no slash after its scheme, and a path with no scheme whose name holds a colon.
  assert.equal(fileNameFromUri('attachment:chart.png'), 'chart.png');
  assert.equal(fileNameFromUri('urn:x-doc:report.pdf'), 'x-doc_report.pdf');
  assert.equal(fileNameFromUri('/files/Q1:summary.pdf'), 'Q1_summary.pdf');
});

test('two blobs that would share a name: the second takes its position, nothing is overwritten', async () => {
  const dir = freshDir();
  const blob = (uri: string, blob: string) => ({ type: 'resource', resource: { uri, blob, mimeType: 'text/plain' } });
  const saved = await saveBinaries(
    { content: [blob('file:///a/n.txt', 'MQ=='), { type: 'text', text: 'x' }, blob('file:///b/n.txt', 'Mg==')] },
    dir,
    't',
    { force: false },
  );
  assert.deepEqual([...saved.values()], [{ file: path.join(dir, 'n.txt') }, { file: path.join(dir, 'n-3.txt') }]);
  assert.equal(readFileSync(path.join(dir, 'n.txt'), 'utf8'), '1');
  assert.equal(readFileSync(path.join(dir, 'n-3.txt'), 'utf8'), '2');
});

test('a write that fails part way leaves neither the file nor a temporary one; the old file stays whole', async () => {
  const dir = freshDir();
  const file = path.join(dir, 'out.bin');
  // Data the file system write refuses once the temporary file is open.
  const poison = { length: 3 } as unknown as Uint8Array;
  for (const how of ['create', 'replace', 'replace-file'] as const) {
    await failure(writeFileAtomicRaw(file, poison, { how }));
    assert.deepEqual(readdirSync(dir), [], how);
  }
  writeFileSync(file, 'old and whole');
  for (const how of ['replace', 'replace-file'] as const) {
    await failure(writeFileAtomicRaw(file, poison, { how }));
    assert.deepEqual(readdirSync(dir), ['out.bin'], how);
    assert.equal(readFileSync(file, 'utf8'), 'old and whole');
  }
  const err = await failure(saveToFile(file, poison, { force: true }));
  assert.equal(err.kind, 'usage');
  assert.match(err.message, new RegExp(`^cannot write ${file}: `));
  assert.deepEqual(readdirSync(dir), ['out.bin']);
});

test('on a file system without hard links a new file is still created only where nothing is, with no temporary file left', async () => {
  const dir = freshDir();
  const file = path.join(dir, 'new.bin');
  const link = fsp.link;
  for (const code of ['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']) {
    // What link() answers on such a file system (FAT, some network shares).
    fsp.link = async () => {
      throw Object.assign(new Error(`${code}: link`), { code });
    };
    try {
      await writeFileAtomicRaw(file, 'first', { how: 'create', mode: 0o604 });
      assert.equal(readFileSync(file, 'utf8'), 'first', code);
      assert.equal(mode(file), 0o604 & ~process.umask(), code);
      assert.deepEqual(readdirSync(dir), ['new.bin'], code);
      const taken = await failure(writeFileAtomicRaw(file, 'second', { how: 'create' }));
      assert.equal(taken.code, 'EEXIST', code);
      assert.equal(readFileSync(file, 'utf8'), 'first', code);
      assert.deepEqual(readdirSync(dir), ['new.bin'], code);
    } finally {
      fsp.link = link;
    }
    await fsp.rm(file);
  }
  fsp.link = async () => {
    throw Object.assign(new Error('EIO: link'), { code: 'EIO' });
  };
  try {
    assert.equal((await failure(writeFileAtomicRaw(file, 'x', { how: 'create' }))).code, 'EIO');
  } finally {
    fsp.link = link;
  }
  assert.deepEqual(readdirSync(dir), [], 'any other failure of link() is the failure of the write');
});

test('modes: asked for exactly (umask aside), else an existing file keeps its own, else 0666 less the umask', async () => {
  const dir = freshDir();
  const file = path.join(dir, 'f');
  await writeFileAtomic(file, 'a', { mode: 0o751 });
  assert.equal(mode(file), 0o751);
  chmodSync(file, 0o604);
  await writeFileAtomic(file, 'b');
  assert.equal(mode(file), 0o604);
  await writeFileAtomic(file, 'c', { how: 'replace-file' });
  assert.equal(mode(file), 0o604);
  assert.equal(readFileSync(file, 'utf8'), 'c');
  await writeFileAtomic(path.join(dir, 'g'), 'd', { how: 'create' });
  assert.equal(mode(path.join(dir, 'g')), 0o666 & ~process.umask());
  await writeFileAtomic(path.join(dir, 'h'), 'e', { how: 'create', mode: 0o777 });
  assert.equal(mode(path.join(dir, 'h')), 0o777);
  assert.deepEqual(readdirSync(dir).sort(), ['f', 'g', 'h']);

  const store = path.join(dir, 'store');
  mkdirSync(store, { mode: 0o755 });
  chmodSync(store, 0o755);
  await ensurePrivateDir(store);
  assert.equal(mode(store), 0o700);
  await writePrivateFileAtomic(path.join(dir, 'new', 'deeper', 'token.json'), '{}');
  // Every level made for a private file is private, not only the last.
  assert.equal(mode(path.join(dir, 'new')), 0o700);
  assert.equal(mode(path.join(dir, 'new', 'deeper')), 0o700);
  assert.equal(mode(path.join(dir, 'new', 'deeper', 'token.json')), 0o600);
  assert.equal(readFileSync(path.join(dir, 'new', 'deeper', 'token.json'), 'utf8'), '{}');
});

test('replace follows a symlink to the file it names (a linked config), unless told to replace the link itself', async () => {
  const dir = freshDir();
  const real = path.join(dir, 'real.json');
  const link = path.join(dir, 'link.json');
  writeFileSync(real, 'old');
  chmodSync(real, 0o640);
  symlinkSync(real, link);
  await writeFileAtomic(link, 'through');
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.equal(readFileSync(real, 'utf8'), 'through');
  assert.equal(mode(real), 0o640);
  await writeFileAtomic(link, 'own', { followSymlink: false });
  assert.ok(lstatSync(link).isFile());
  assert.equal(readFileSync(link, 'utf8'), 'own');
  assert.equal(readFileSync(real, 'utf8'), 'through');
  const dangling = path.join(dir, 'dangling.json');
  symlinkSync(path.join(dir, 'gone.json'), dangling);
  await writeFileAtomic(dangling, 'new');
  assert.ok(lstatSync(dangling).isFile(), 'a dangling link is replaced, its target not created');
  assert.deepEqual(readdirSync(dir).sort(), ['dangling.json', 'link.json', 'real.json']);
});

test('a full disk or a quota: a config error naming the file and saying it was left as it was', () => {
  for (const [code, words] of [
    ['ENOSPC', 'no space left on the device'],
    ['EDQUOT', 'disk quota exceeded'],
  ]) {
    const cause = Object.assign(new Error(`${code}: write`), { code });
    const err = clearWriteError(cause, '/x/f.json') as McpctlError;
    assert.ok(err instanceof McpctlError);
    assert.equal(err.kind, 'config');
    assert.equal(err.message, `cannot write /x/f.json: ${words}`);
    assert.equal(err.hint, 'free some space and run the command again; /x/f.json was left as it was');
    assert.equal(err.cause, cause);
  }
  const other = Object.assign(new Error('EACCES: no'), { code: 'EACCES' });
  assert.equal(clearWriteError(other, '/x'), other);
  assert.equal(clearWriteError(null, '/x'), null);
});

test('ensureDirectory makes the directory and its parents; a file in the way is a usage error naming it', async () => {
  const dir = freshDir();
  await ensureDirectory(path.join(dir, 'a', 'b'));
  assert.ok(statSync(path.join(dir, 'a', 'b')).isDirectory());
  writeFileSync(path.join(dir, 'file'), '');
  const err = await failure(ensureDirectory(path.join(dir, 'file', 'sub')));
  assert.ok(err instanceof McpctlError);
  assert.equal(err.kind, 'usage');
  assert.match(err.message, new RegExp(`^cannot create directory ${path.join(dir, 'file', 'sub')}: ENOTDIR`));
});

test('makeDirs makes each missing level with the mode given, and refuses a level the system will not make', {
  timeout: 30_000,
}, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-dirs-'));
  const deep = path.join(dir, 'a', 'b', 'c');
  await makeDirs(deep, 0o700);
  await makeDirs(deep, 0o700);
  for (const level of ['a', 'a/b', 'a/b/c']) assert.equal(statSync(path.join(dir, level)).mode & 0o777, 0o700, level);
  writeFileSync(path.join(dir, 'file'), '');
  await assert.rejects(makeDirs(path.join(dir, 'file', 'sub')), { code: 'ENOTDIR' });
  await assert.rejects(makeDirs(path.join(dir, 'file')), { code: 'EEXIST' });
  // ENOENT for root, EACCES for anyone else: either way the call settles, refused.
  if (existsSync('/proc/self'))
    await assert.rejects(makeDirs('/proc/mcpctl-no-such/a/b'), (err: NodeJS.ErrnoException) =>
      ['ENOENT', 'EACCES'].includes(err.code ?? ''),
    );
});

test('a directory that cannot be made is a config error naming it, the file it is for, the level at fault and what to check', async () => {
  const dir = freshDir();
  writeFileSync(path.join(dir, 'file'), '');
  const deep = path.join(dir, 'file', 'sub', 'deeper');
  const atFault = `mkdir '${path.join(dir, 'file', 'sub')}'`;
  const hint = 'check the path: its nearest existing parent must be a directory you can write to';
  const forFile = await failure(ensureDir(deep, { file: path.join(deep, 'mcp.json') }));
  assert.deepEqual(
    [forFile.kind, forFile.message, forFile.hint],
    [
      'config',
      `cannot create the directory ${deep} for ${path.join(deep, 'mcp.json')}: not a directory, ${atFault}`,
      hint,
    ],
  );
  const alone = await failure(ensureDir(deep));
  assert.deepEqual(
    [alone.kind, alone.message, alone.hint],
    ['config', `cannot create the directory ${deep}: not a directory, ${atFault}`, hint],
  );
  assert.deepEqual(readdirSync(dir), ['file']);
});

test('every failure to save is of the output phase, with the hint a user acts on; saveInDirectory refuses executed names itself', async () => {
  const dir = freshDir();
  const file = path.join(dir, 'f.bin');
  writeFileSync(file, 'x');
  const link = path.join(dir, 'l.bin');
  symlinkSync(file, link);
  const errors = [
    await failure(saveToFile(path.join(dir, 'mcp.json'), bytes('x'), { force: false })),
    await failure(saveToFile(link, bytes('x'), { force: true })),
    await failure(saveToFile(path.join(dir, 'no', 'f.bin'), bytes('x'), { force: false })),
    await failure(saveInDirectory(dir, 'Makefile', bytes('x'), { force: false })),
    await failure(ensureDirectory(path.join(file, 'sub'))),
  ];
  assert.deepEqual(
    errors.map((e) => e.phase),
    ['output', 'output', 'output', 'output', 'output'],
  );
  for (const name of ['Makefile', 'GNUmakefile', 'justfile', 'Rakefile', 'Gemfile', 'Dockerfile', 'Containerfile'])
    assert.equal((await failure(saveInDirectory(dir, name, bytes('x'), { force: false }))).kind, 'internal', name);
  for (const name of ['Vagrantfile', 'Procfile', 'Jenkinsfile', 'config.json', 'config.toml', 'MCPCTL.JSON'])
    assert.equal((await failure(saveInDirectory(dir, name, bytes('x'), { force: false }))).kind, 'internal', name);
  assert.deepEqual(readdirSync(dir).sort(), ['f.bin', 'l.bin']);
});

/** The file descriptors this process holds open now (Linux and macOS list them as a directory). */
function openFiles(): string[] {
  return readdirSync(existsSync('/proc/self/fd') ? '/proc/self/fd' : '/dev/fd');
}

test('a save leaves no file open, whichever way it writes (a long watch or test run would run out of descriptors)', {
  skip: !existsSync('/proc/self/fd') && !existsSync('/dev/fd') && 'this system lists no open files',
}, async () => {
  const dir = freshDir();
  await saveInDirectory(dir, 'warm.bin', bytes('x'), { force: false });
  const before = openFiles().length;
  await saveInDirectory(dir, 'a.bin', bytes('a'), { force: false });
  await saveInDirectory(dir, 'a.bin', bytes('b'), { force: false });
  await saveToFile(path.join(dir, 'a.bin'), bytes('c'), { force: true });
  await writeFileAtomic(path.join(dir, 'a.bin'), 'd');
  await failure(saveToFile(path.join(dir, 'a.bin'), { length: 3 } as unknown as Uint8Array, { force: true }));
  const link = fsp.link;
  fsp.link = async () => {
    throw Object.assign(new Error('ENOTSUP: link'), { code: 'ENOTSUP' });
  };
  try {
    await saveInDirectory(dir, 'fat.bin', bytes('e'), { force: false });
  } finally {
    fsp.link = link;
  }
  assert.equal(openFiles().length, before);
  assert.deepEqual(readdirSync(dir).sort(), ['a-1.bin', 'a.bin', 'fat.bin', 'warm.bin']);
});

/**
 * Runs `body` with every file opened at `where` (a path, or any path for `undefined`) failing its
 * write with `code` once part of the data is written: the disk filling up, an I/O error.
 */
async function withWritesFailing(code: string, where: string | undefined, body: () => Promise<void>): Promise<void> {
  const open = fsp.open;
  fsp.open = (async (...args: Parameters<typeof open>) => {
    const handle = await open(...args);
    if (where !== undefined && args[0] !== where) return handle;
    handle.writeFile = async (data) => {
      await handle.write(Buffer.from(data as Uint8Array).subarray(0, 1));
      throw Object.assign(new Error(`${code}: failed, write`), { code });
    };
    return handle;
  }) as typeof open;
  try {
    await body();
  } finally {
    fsp.open = open;
  }
}

test('a full disk or quota while saving: the file named once, the space to free said, nothing left behind', async () => {
  const dir = freshDir();
  const file = path.join(dir, 'big.bin');
  writeFileSync(path.join(dir, 'kept.bin'), 'mine');
  for (const [code, words] of [
    ['ENOSPC', 'no space left on the device'],
    ['EDQUOT', 'disk quota exceeded'],
  ]) {
    for (const [target, force] of [
      [file, false],
      [path.join(dir, 'kept.bin'), true],
    ] as const) {
      await withWritesFailing(code, undefined, async () => {
        const err = await failure(saveToFile(target, bytes('whole'), { force }));
        assert.ok(err instanceof McpctlError);
        assert.equal(err.kind, 'usage');
        assert.equal(err.phase, 'output');
        assert.equal(err.message, `cannot write ${target}: ${words}`);
        assert.equal(err.hint, `free some space and run the command again; ${target} was left as it was`);
      });
    }
  }
  assert.deepEqual(readdirSync(dir), ['kept.bin']);
  assert.equal(readFileSync(path.join(dir, 'kept.bin'), 'utf8'), 'mine');
});

test('without hard links, a write of the file itself that fails part way leaves no part of it', async () => {
  const dir = freshDir();
  const file = path.join(dir, 'new.bin');
  const link = fsp.link;
  fsp.link = async () => {
    throw Object.assign(new Error('EPERM: link'), { code: 'EPERM' });
  };
  try {
    await withWritesFailing('EIO', file, async () => {
      const err = await failure(saveInDirectory(dir, 'new.bin', bytes('whole'), { force: false }));
      assert.equal(err.kind, 'usage');
      assert.equal(err.message, `cannot write ${file}: failed, write`);
    });
  } finally {
    fsp.link = link;
  }
  assert.deepEqual(readdirSync(dir), []);
});

test('writeFileAtomic (config edits, tokens, trust) fails when it cannot write, a full disk in words of its own', async () => {
  const dir = freshDir();
  const missing = path.join(dir, 'missing', 'servers.json');
  assert.equal((await failure(writeFileAtomic(missing, '{}'))).code, 'ENOENT');
  const file = path.join(dir, 'servers.json');
  writeFileSync(file, '{"old":true}');
  await withWritesFailing('ENOSPC', undefined, async () => {
    const err = await failure(writeFileAtomic(file, '{"new":true}'));
    assert.ok(err instanceof McpctlError);
    assert.equal(err.kind, 'config');
    assert.equal(err.message, `cannot write ${file}: no space left on the device`);
  });
  assert.equal(readFileSync(file, 'utf8'), '{"old":true}');
  assert.deepEqual(readdirSync(dir), ['servers.json']);
});
