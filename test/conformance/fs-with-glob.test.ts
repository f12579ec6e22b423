// The globSync stand-in the conformance runner gets on Node 20: the patterns it uses, answered
// the way Node 22's fs.globSync answers them (paths relative to cwd).

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { globSync } from './fs-with-glob.js';

test('globSync finds **/checks.json at any depth, relative to cwd, and nothing else', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcpctl-glob-'));
  try {
    for (const rel of ['checks.json', 'a/checks.json', 'a/b/checks.json', 'a/b/other.json', 'c/checks.json.bak']) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), '[]');
    }
    assert.deepEqual(
      globSync('**/checks.json', { cwd: dir }).sort(),
      ['a/b/checks.json', 'a/checks.json', 'checks.json'].map((p) => p.split('/').join(path.sep)),
    );
    assert.deepEqual(globSync('a/*.json', { cwd: dir }), [path.join('a', 'checks.json')]);
    assert.deepEqual(globSync('**/checks.json', { cwd: path.join(dir, 'missing') }), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
