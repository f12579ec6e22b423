// The limit of free names when saving server data: with a.txt and a-1.txt … a-999.txt all
// taken, the save fails with a usage error naming the file. Its own file: it writes a thousand
// files, too slow to run once a mutant (see scripts/mutate-modules.mjs).

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { McpctlError } from '../../src/errors.js';
import { saveToFile } from '../../src/output/save.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-save-limit-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('every free name taken: a usage error naming the file and what to do', async () => {
  writeFileSync(path.join(dir, 'a.txt'), '');
  for (let n = 1; n < 1000; n++) writeFileSync(path.join(dir, `a-${n}.txt`), '');
  const err = await saveToFile(path.join(dir, 'a.txt'), Buffer.from('x'), { force: false }).then(
    () => assert.fail('expected the save to fail'),
    (e: unknown) => e as McpctlError,
  );
  assert.ok(err instanceof McpctlError);
  assert.equal(err.kind, 'usage');
  assert.equal(err.phase, 'output');
  assert.equal(err.message, `cannot write ${path.join(dir, 'a.txt')}: 1000 files of that name exist`);
  assert.equal(err.hint, '--force replaces it, or choose another name or directory');
  assert.equal(readdirSync(dir).length, 1000);
});
