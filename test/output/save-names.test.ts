// Which names from server data a saved file may keep: only one whose extension is what its MIME
// type is written with, and never one another tool runs or obeys (pytest's conftest.py, a
// bundler's *.config.ts, make's Makefile, npm's package.json, an agent's CLAUDE.md, …).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extensionFor, isConfigFileName, isExecutedFileName, keepsServerName } from '../../src/output/save.js';

test('a server name is kept when its extension fits the MIME type, in any case', () => {
  for (const [name, mime] of [
    ['chart.png', 'image/png'],
    ['photo.JPEG', 'image/jpeg'],
    ['photo.jpg', 'image/jpeg; charset=binary'],
    ['page.htm', 'text/html'],
    ['notes.md', 'text/markdown'],
    ['voice.oga', 'audio/ogg'],
    ['data.csv', 'text/csv'],
    ['blob.bin', 'application/octet-stream'],
    ['blob.bin', undefined],
  ] as const)
    assert.equal(keepsServerName(name, mime), true, `${name} as ${mime}`);
});

test('a name whose extension does not fit the content is not kept', () => {
  for (const [name, mime] of [
    ['evil.py', 'image/png'],
    ['run.sh', 'text/plain'],
    ['chart.png', 'image/jpeg'],
    ['chart.png', undefined],
    ['README', 'text/plain'],
    ['archive.tar.gz', 'application/zip'],
    ['x.png.exe', 'image/png'],
  ] as const)
    assert.equal(keepsServerName(name, mime), false, `${name} as ${mime}`);
});

test('a MIME type mcpctl does not know gives no extension of its own: the server chose its subtype', () => {
  for (const [name, mime] of [
    ['evil.py', 'application/py'],
    ['evil.py', 'text/x-python'],
    ['lib.ts', 'text/ts'],
    ['gulpfile.js', 'text/js'],
    ['x.abcdefgh', 'text/abcdefgh'],
  ] as const) {
    assert.equal(keepsServerName(name, mime), false, `${name} as ${mime}`);
    assert.equal(extensionFor(mime), 'bin', mime);
  }
});

test('a name another tool runs or reads as configuration is never kept, whatever its type says', () => {
  const cases: [string, string][] = [
    ['conftest.py', 'text/py'],
    ['setup.py', 'text/py'],
    ['vite.config.ts', 'text/ts'],
    ['jest.config.js', 'text/js'],
    ['eslint.config.mjs', 'text/mjs'],
    ['webpack.config.cjs', 'text/cjs'],
    ['karma.conf.js', 'text/js'],
    ['package.json', 'application/json'],
    ['tsconfig.json', 'application/json'],
    ['crush.json', 'application/json'],
    ['config.yaml', 'application/yaml'],
    ['config.ts', 'text/ts'],
    ['CLAUDE.md', 'text/markdown'],
    ['AGENTS.md', 'text/markdown'],
    ['pyproject.toml', 'application/toml'],
    ['evil.pth', 'text/pth'],
    ['Makefile', 'text/plain'],
    ['Dockerfile', 'text/plain'],
    ['mcp.json', 'application/json'],
    ['settings.json', 'application/json'],
  ];
  for (const [name, mime] of cases) {
    assert.equal(keepsServerName(name, mime), false, `${name} as ${mime}`);
    // The name itself refuses it, whatever type a server gives.
    assert.ok(isExecutedFileName(name) || isConfigFileName(name), name);
  }
  for (const name of ['conftest.py', 'MAKEFILE', 'Vite.Config.TS', 'package.json', 'x.pth', 'config.yml'])
    assert.equal(isExecutedFileName(name), true, name);
  for (const name of ['gulpfile.js', 'Gulpfile.mjs', 'gulpfile.babel.js', 'Gruntfile.js', 'Gruntfile.coffee'])
    assert.equal(isExecutedFileName(name), true, name);
  for (const name of ['tasks.py', 'CMakeLists.txt', 'build.xml', 'composer.json'])
    assert.equal(isExecutedFileName(name), true, name);
  for (const name of ['conftest.py.txt', 'my-package.json', 'configure.png', 'makefile.txt', 'pth.png', 'gulpfile.png'])
    assert.equal(isExecutedFileName(name), false, name);
});

test('a picture or a copy of a config file keeps its name: no tool runs a .png or reads a config by a longer name', () => {
  for (const [name, mime] of [
    ['vite.config.ts.png', 'image/png'],
    ['karma.conf.js.png', 'image/png'],
    ['config.yaml.png', 'image/png'],
    ['config.v2.txt', 'text/plain'],
  ] as const) {
    assert.equal(isExecutedFileName(name), false, name);
    assert.equal(keepsServerName(name, mime), true, `${name} as ${mime}`);
  }
});
