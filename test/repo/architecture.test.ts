// docs/ARCHITECTURE.md's folder table is a fact: every import from one folder of src/ or
// commands/ into another is one the table's row for that folder lists, so the map cannot drift
// from the code.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/run.js';

interface Row {
  /** The folders or files the row is about, as written: `src/mcp/stdio/`, `commands/<name>/`. */
  places: string[];
  /** What the row says its places import from; `src/` allows every folder of src/. */
  imports: string[];
}

const backticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

function folderTable(): Row[] {
  const doc = readFileSync(path.join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Folders'), doc.indexOf('\n## ', doc.indexOf('## Folders') + 1));
  const rows: Row[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((c) => c.trim());
    if (cells.length < 5 || !cells[1]!.startsWith('`')) continue;
    const places = backticked(cells[1]!).filter((p) => /^(src|commands)\//.test(p));
    if (places.length === 0) continue;
    const above = /the folders above/.test(cells[3]!) ? rows.flatMap((r) => r.places) : [];
    rows.push({ places, imports: [...backticked(cells[3]!), ...above] });
  }
  return rows;
}

/** Whether `file` (relative to the root) is one of `place`: a folder, a `<name>` folder, a file. */
function isIn(file: string, place: string): boolean {
  if (place.includes('<name>')) {
    const [before, after] = place.split('<name>') as [string, string];
    const rest = file.slice(before.length);
    return file.startsWith(before) && rest.includes('/') && rest.slice(rest.indexOf('/')).startsWith(after);
  }
  const isFile = /\.[a-z]+$/.test(place);
  return isFile ? file === place : file.startsWith(place.replace(/\/?$/, '/'));
}

/** The row a file belongs to: the one naming it most precisely. */
function rowOf(rows: Row[], file: string): Row | undefined {
  let best: { row: Row; length: number } | undefined;
  for (const row of rows) {
    for (const place of row.places) {
      const length = place.includes('<name>') ? 0 : place.length;
      if (isIn(file, place) && (best === undefined || length > best.length)) best = { row, length };
    }
  }
  return best?.row;
}

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* sources(file);
    else if (entry.name.endsWith('.ts')) yield file;
  }
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g;

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((m) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), (m[1] ?? m[2])!)).replace(/\.js$/, '.ts'),
  );
}

test('every import between folders of src/ and commands/ is one the folder table lists', () => {
  const rows = folderTable();
  assert.ok(rows.length > 10, `only ${rows.length} rows read from the folder table`);
  const unlisted = new Set<string>();
  let checked = 0;
  for (const file of [...sources('src'), ...sources('commands')]) {
    const from = rowOf(rows, file);
    if (from === undefined) {
      unlisted.add(`${file}: in no row of the table`);
      continue;
    }
    for (const target of importsOf(file)) {
      checked += 1;
      const to = rowOf(rows, target);
      if (to === from) continue;
      // The files at the top of src/ are for every folder of src/, as their row says.
      if (file.startsWith('src/') && /^src\/[^/]+\.ts$/.test(target)) continue;
      if (from.imports.some((allowed) => isIn(target, allowed))) continue;
      unlisted.add(`${from.places[0]} imports ${to?.places[0] ?? target} (${file} → ${target})`);
    }
  }
  assert.ok(checked > 300, `only ${checked} imports read`);
  assert.deepEqual(
    [...unlisted].sort(),
    [],
    'docs/ARCHITECTURE.md, "Folders": add the import, or take it out of the code',
  );
});
