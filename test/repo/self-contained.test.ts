// The repository explains itself: no file points at notes outside it or at a path on the machine
// it was written on. Comments cite docs/ (or the README) instead.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/run.js';

/** Not the repository's own text: installed, built or generated (`npm run mutate` writes reports/). */
const SKIPPED = new Set(['.git', 'node_modules', 'dist', 'generated', 'reports', '.stryker-tmp']);

// Spelled in pieces so that this file does not match itself.
const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'the shared notes folder', pattern: new RegExp(['\\.\\.', 'shared'].join('/')) },
  { what: 'the design notes kept outside the repository', pattern: new RegExp(['DESIGN', 'md'].join('\\.')) },
  { what: 'the SDK notes kept outside the repository', pattern: new RegExp(['mcp-sdk', 'v2'].join('-')) },
  { what: 'an absolute path of the build machine', pattern: new RegExp(`(^|[^\\w.-])/${'work'}/`) },
];

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

test('no file of the repository points outside it', () => {
  const found: string[] = [];
  let read = 0;
  for (const file of files(ROOT)) {
    const bytes = readFileSync(file);
    if (bytes.includes(0)) continue; // binary
    read += 1;
    const lines = bytes.toString('utf8').split('\n');
    for (const [index, line] of lines.entries()) {
      for (const { what, pattern } of FORBIDDEN) {
        if (pattern.test(line))
          found.push(`${path.relative(ROOT, file)}:${index + 1}: ${what}: ${line.trim().slice(0, 100)}`);
      }
    }
  }
  assert.ok(read > 100, `only ${read} files read: the walk did not find the repository`);
  assert.deepEqual(found, [], 'cite docs/ or the README instead');
});
