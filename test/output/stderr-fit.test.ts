// Lines on a terminal stderr (an error, its hint, a warning) wrap at word boundaries to the
// terminal's width, their continuation lines indented under the text; in a pipe they stay one line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { run } from '../helpers/run.js';
import { tempDir } from '../mcp/helpers.js';

function unusableConfig(): { dir: string; file: string } {
  const dir = tempDir('stderr-fit');
  const folder = path.join(dir, 'a-folder-with-a-rather-long-name', 'and-another-one-below-it');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'settings.json');
  writeFileSync(file, JSON.stringify({ editor: { fontSize: 12 }, workbench: {}, telemetry: false }));
  return { dir, file };
}

test('an error and its hint wrap to a 50-column terminal, every word kept', async () => {
  const { dir, file } = unusableConfig();
  const piped = await run(['-c', file, 'servers'], { cwd: dir, home: dir });
  assert.equal(piped.code, 2, piped.stderr);
  const long = piped.stderr.split('\n').filter((l) => plain(l).length > 50);
  assert.ok(long.length > 0, 'the message is long enough to need wrapping');

  const terminal = await run(['-c', file, 'servers', '--no-color'], { cwd: dir, home: dir, tty: true, columns: 50 });
  assert.equal(terminal.code, 2);
  const lines = terminal.stderr.trimEnd().split('\n');
  assert.deepEqual(
    lines.filter((l) => plain(l).length > 50),
    [],
    'no line wider than the terminal',
  );
  assert.ok(lines.length > piped.stderr.trimEnd().split('\n').length, 'the lines were wrapped');
  const compact = (text: string) => text.replace(/\s+/g, '');
  assert.equal(compact(terminal.stderr), compact(piped.stderr), 'nothing lost or changed but the line breaks');
  for (const continuation of lines.filter((l) => !/^(error|hint|warning): /.test(l)))
    assert.match(continuation, /^ {2,}\S/, `a continuation line is indented: ${continuation}`);
});
