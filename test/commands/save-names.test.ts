// `call --save-dir` through bin/ against our hostile HTTP server: a blob keeps the name its URI
// gives only when the name's extension is one mcpctl writes the blob's MIME type with (a type it
// does not know has none: `.bin`) and no other tool would run or obey a file of that name;
// otherwise it is saved under a generated name, bytes intact.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { runBin } from '../helpers/run.js';
import { hostileSetup } from '../helpers/hostile.js';

const setup = hostileSetup((server) => ({ hostile: { type: 'http', url: server.url } }));

async function saved(names: string[], mimeType: string): Promise<Record<string, string>> {
  const out = path.join(setup.ws.dir, `out-${mimeType.replace('/', '-')}`);
  mkdirSync(out);
  const args = ['call', 'hostile', 'blobs', `names:=${JSON.stringify(names)}`, `mimeType=${mimeType}`];
  const r = await runBin(['-c', setup.ws.config, ...args, '--save-dir', out], { cwd: setup.ws.dir, env: setup.ws.env });
  assert.equal(r.code, 0, r.stderr);
  return Object.fromEntries(readdirSync(out).map((f) => [readFileSync(path.join(out, f), 'utf8'), f]));
}

test('--save-dir: a name is kept only when its extension fits the MIME type and no tool runs it', async () => {
  assert.deepEqual(await saved(['chart.png', 'evil.py', 'conftest.py', 'Makefile'], 'image/png'), {
    'blob chart.png': 'chart.png',
    'blob evil.py': 'blobs-2.png',
    'blob conftest.py': 'blobs-3.png',
    'blob Makefile': 'blobs-4.png',
  });
  assert.deepEqual(await saved(['report.json', 'package.json', 'crush.json', 'tsconfig.json'], 'application/json'), {
    'blob report.json': 'report.json',
    'blob package.json': 'blobs-2.json',
    'blob crush.json': 'blobs-3.json',
    'blob tsconfig.json': 'blobs-4.json',
  });
  assert.deepEqual(await saved(['notes.md', 'CLAUDE.md'], 'text/markdown'), {
    'blob notes.md': 'notes.md',
    'blob CLAUDE.md': 'blobs-2.md',
  });
});

test('--save-dir: a MIME type mcpctl does not know keeps no name, and build files of gulp, grunt, invoke, CMake and Ant are never planted', async () => {
  assert.deepEqual(await saved(['evil.py'], 'application/py'), { 'blob evil.py': 'blobs-1.bin' });
  assert.deepEqual(await saved(['gulpfile.js'], 'text/js'), { 'blob gulpfile.js': 'blobs-1.bin' });
  assert.deepEqual(await saved(['Gruntfile.js'], 'application/js'), { 'blob Gruntfile.js': 'blobs-1.bin' });
  assert.deepEqual(await saved(['tasks.py'], 'text/py'), { 'blob tasks.py': 'blobs-1.bin' });
  assert.deepEqual(await saved(['notes.txt', 'CMakeLists.txt'], 'text/plain'), {
    'blob notes.txt': 'notes.txt',
    'blob CMakeLists.txt': 'blobs-2.txt',
  });
  assert.deepEqual(await saved(['data.xml', 'build.xml'], 'application/xml'), {
    'blob data.xml': 'data.xml',
    'blob build.xml': 'blobs-2.xml',
  });
});
