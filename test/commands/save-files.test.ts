// Files written from server data (`call --save-dir`, `resources -o`), on disk, by the program run
// in this process (its main() with fake streams; the files are real) or, for the file-size limit,
// through bin/ in a shell with `ulimit -f`,
// against our hostile HTTP server: no name climbs out of the directory, takes a config file's
// name or a dotfile's, replaces an existing file (unless --force) or writes through a symlink;
// a failed answer leaves no file behind.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { BIN, run } from '../helpers/run.js';
import { hostileSetup } from '../helpers/hostile.js';

const setup = hostileSetup((server) => ({ hostile: { type: 'http', url: server.url } }));
const mcpctl = (args: string[]) =>
  run(['-c', setup.ws.config, ...args], { cwd: setup.ws.dir, env: setup.ws.env, home: setup.ws.home });

const CONFIG_NAMES = [
  '.mcp.json',
  'mcp.json',
  '.mcpctl.json',
  'mcpctl.json',
  'settings.json',
  'config.toml',
  'opencode.json',
  '.claude.json',
];

function freshDir(name: string): string {
  const dir = path.join(setup.ws.dir, name);
  mkdirSync(dir);
  return dir;
}

test('--save-dir: a name that climbs out, a config file name or a dotfile is never written as such', async () => {
  const out = freshDir('out-names');
  const names = ['../escape.bin', ...CONFIG_NAMES, '.hidden.bin'];
  const r = await mcpctl(['call', 'hostile', 'blobs', `names:=${JSON.stringify(names)}`, '--save-dir', out]);
  assert.equal(r.code, 0, r.stderr);
  const written = readdirSync(out).sort();
  assert.equal(written.length, names.length, `one file per blob: ${written.join(', ')}`);
  assert.ok(!existsSync(path.join(setup.ws.dir, 'escape.bin')), 'nothing is written beside the directory');
  assert.equal(readFileSync(path.join(out, 'escape.bin'), 'utf8'), 'blob ../escape.bin');
  for (const name of written) {
    assert.ok(!name.startsWith('.'), `no dotfile: ${name}`);
    assert.ok(!CONFIG_NAMES.some((c) => c.replace(/^\./, '') === name.replace(/^\./, '')), `no config name: ${name}`);
  }
  // The config-named blobs are there, under the tool's own names, bytes intact.
  const contents = written.map((name) => readFileSync(path.join(out, name), 'utf8'));
  for (const name of names) assert.ok(contents.includes(`blob ${name}`), `the bytes of ${name} were saved`);
  for (const file of written)
    assert.match(r.stderr, new RegExp(`saved ${path.join(out, file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
});

test('--save-dir: an existing file is kept and the next free name is written and named; --force replaces it', async () => {
  const out = freshDir('out-existing');
  writeFileSync(path.join(out, 'report.bin'), 'mine');
  writeFileSync(path.join(out, 'report-1.bin'), 'mine too');
  const r = await mcpctl(['call', 'hostile', 'blobs', 'names:=["report.bin"]', '--save-dir', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(readFileSync(path.join(out, 'report.bin'), 'utf8'), 'mine');
  assert.equal(readFileSync(path.join(out, 'report-1.bin'), 'utf8'), 'mine too');
  assert.equal(readFileSync(path.join(out, 'report-2.bin'), 'utf8'), 'blob report.bin');
  assert.ok(
    r.stderr.includes(
      `saved ${path.join(out, 'report-2.bin')} (${path.join(out, 'report.bin')} exists; --force replaces it)`,
    ),
    r.stderr,
  );

  const forced = await mcpctl(['call', 'hostile', 'blobs', 'names:=["report.bin"]', '--save-dir', out, '--force']);
  assert.equal(forced.code, 0, forced.stderr);
  assert.equal(readFileSync(path.join(out, 'report.bin'), 'utf8'), 'blob report.bin');
  assert.deepEqual(readdirSync(out).sort(), ['report-1.bin', 'report-2.bin', 'report.bin']);
});

test('--save-dir: a planted symlink is never written through, with or without --force', async () => {
  const out = freshDir('out-symlink');
  const outside = path.join(setup.ws.dir, 'outside.txt');
  writeFileSync(outside, 'precious');
  symlinkSync(outside, path.join(out, 'planted.bin'));
  symlinkSync(path.join(setup.ws.dir, 'nowhere.txt'), path.join(out, 'dangling.bin'));
  const r = await mcpctl(['call', 'hostile', 'blobs', 'names:=["planted.bin","dangling.bin"]', '--save-dir', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(readFileSync(outside, 'utf8'), 'precious');
  assert.ok(
    !existsSync(path.join(setup.ws.dir, 'nowhere.txt')),
    'a dangling link is not followed to create its target',
  );
  assert.equal(readFileSync(path.join(out, 'planted-1.bin'), 'utf8'), 'blob planted.bin');
  assert.equal(readFileSync(path.join(out, 'dangling-1.bin'), 'utf8'), 'blob dangling.bin');

  const forced = await mcpctl(['call', 'hostile', 'blobs', 'names:=["planted.bin"]', '--save-dir', out, '--force']);
  assert.equal(forced.code, 2, forced.stderr);
  assert.match(forced.stderr, /not writing .*planted\.bin: it is a symbolic link/);
  assert.equal(readFileSync(outside, 'utf8'), 'precious');
  assert.ok(lstatSync(path.join(out, 'planted.bin')).isSymbolicLink());
  assert.ok(!readdirSync(out).some((n) => n.startsWith('.')), 'no temp file left');
});

test('-o FILE: a new file is written; an existing one is kept unless --force; a symlink is never written through', async () => {
  const dir = freshDir('out-o');
  const file = path.join(dir, 'blob.bin');
  const first = await mcpctl(['resources', 'hostile', 'hostile://blob', '-o', file]);
  assert.equal(first.code, 0, first.stderr);
  assert.equal(readFileSync(file, 'utf8'), 'resource bytes');

  writeFileSync(file, 'mine');
  const again = await mcpctl(['resources', 'hostile', 'hostile://blob', '-o', file]);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(readFileSync(file, 'utf8'), 'mine');
  assert.equal(readFileSync(path.join(dir, 'blob-1.bin'), 'utf8'), 'resource bytes');
  assert.ok(
    again.stderr.includes(`to ${path.join(dir, 'blob-1.bin')} (${file} exists; --force replaces it)`),
    again.stderr,
  );

  const forced = await mcpctl(['resources', 'hostile', 'hostile://blob', '-o', file, '--force']);
  assert.equal(forced.code, 0, forced.stderr);
  assert.equal(readFileSync(file, 'utf8'), 'resource bytes');

  const outside = path.join(setup.ws.dir, 'outside-o.txt');
  writeFileSync(outside, 'precious');
  const link = path.join(dir, 'link.bin');
  symlinkSync(outside, link);
  const through = await mcpctl(['resources', 'hostile', 'hostile://blob', '-o', link, '--force']);
  assert.equal(through.code, 2, through.stderr);
  assert.match(through.stderr, /it is a symbolic link/);
  assert.equal(readFileSync(outside, 'utf8'), 'precious');
});

test('-o with a config file name is refused before anything is written', async () => {
  const dir = freshDir('out-config');
  for (const name of ['.mcp.json', 'mcp.json', '.mcpctl.json']) {
    const r = await mcpctl(['resources', 'hostile', 'hostile://blob', '-o', path.join(dir, name)]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /mcpctl reads files of that name as config/);
  }
  assert.deepEqual(readdirSync(dir), []);
});

test('a failed answer (a gzip bomb over the size cap) leaves no file', async () => {
  const dir = freshDir('out-bomb');
  const r = await mcpctl([
    '--max-size',
    '1',
    'resources',
    'hostile',
    'hostile://bomb',
    '-o',
    path.join(dir, 'bomb.bin'),
  ]);
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stderr, /larger than 1 MB/);
  assert.deepEqual(readdirSync(dir), []);
});

test('a save that fails part way through the bytes (the file size limit reached) leaves no file, not even a partial one', async () => {
  const out = freshDir('out-cut');
  const name = `${'x'.repeat(200_000)}.bin`;
  // RLIMIT_FSIZE of 64 blocks: the write stops with EFBIG after some 32 KB of the 200 KB blob
  // (Node ignores SIGXFSZ, so the write fails rather than the process).
  const argv = ['-c', setup.ws.config, 'call', 'hostile', 'blobs', '-', '--save-dir', out];
  const child = spawn('sh', ['-c', 'ulimit -f 64 && exec "$0" "$@"', process.execPath, BIN, ...argv], {
    cwd: setup.ws.dir,
    env: setup.ws.env,
  });
  child.stdin.end(JSON.stringify({ names: [name] }));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.equal(code, 2, stderr);
  assert.match(stderr, /cannot write .*: file too large/);
  assert.deepEqual(readdirSync(out), [], 'neither the file nor its temporary file is left');
});
