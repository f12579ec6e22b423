// The one-tool view (`tools SERVER TOOL`): the App UI and its visibility, task support, every
// field nested, bounds, formats, enums and defaults, and an example call that works when pasted.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, ROOT, run } from '../helpers/run.js';

const SERVER = path.join(ROOT, 'dist', 'test', 'fixtures', 'detail-server.js');
let dir: string;
let config: string;

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-detail-'));
  config = path.join(dir, 'servers.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { detail: { command: process.execPath, args: [SERVER] } } }));
});
after(() => rmSync(dir, { recursive: true, force: true }));

async function detail(tool: string, columns?: number): Promise<string> {
  const r = await run(['-c', config, 'tools', 'detail', tool], {
    tty: true,
    columns,
    cwd: dir,
    home: dir,
    env: { PATH: process.env.PATH, NO_COLOR: '1' },
  });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

test('the App UI, its app-only visibility and task support are shown', async () => {
  const text = await detail('display_report');
  assert.match(text, /^App UI: +ui:\/\/report\/view\.html$/m);
  assert.match(text, /^Visibility: +app only: the app calls it, the model does not see it$/m);
  assert.match(text, /^Task support: +optional/m);
});

test('every field, nested, with its bounds, format, enum and default', async () => {
  const text = await detail('display_report');
  const line = (name: string) =>
    text.split('\n').find((l) => l.trimStart().startsWith(`${name} `)) ?? assert.fail(`no line for ${name}:\n${text}`);
  assert.match(line('title'), /string, required, length 3–80 +Shown on top/);
  assert.match(line('pages'), /integer, required, 1–500 +How many pages/);
  assert.match(line('ratio'), /number, optional, > 0, multiple of 0\.5/);
  assert.match(line('code'), /pattern \^\[A-Z\]\{3\}\$/);
  assert.match(line('when'), /string, required, format date-time/);
  assert.match(line('mode'), /"draft"\|"final", required, default "draft"/);
  assert.match(line('layout'), /object, required +Page layout/);
  assert.match(line('layout.margins'), /object, optional/);
  assert.match(line('layout.margins.top'), /number, optional, default 10, min 0/);
  assert.match(line('layout.columns'), /1\|2\|3, required/);
  assert.match(line('rows'), /object\[\], required, 1–20 items/);
  assert.match(line('rows[].id'), /string, required, format uuid/);
  assert.match(line('rows[].weight'), /number, optional, max 1/);
  assert.ok(line('layout.margins.top').startsWith('      layout.margins.top'), 'indented by depth');
});

test('the example call, pasted into a shell, passes the schema and runs', async () => {
  const text = await detail('display_report', 60);
  const lines = text.split('\n');
  const from = lines.indexOf('Example:') + 1;
  const block = lines.slice(from, lines.indexOf('', from));
  assert.ok(block.length > 1, `at 60 columns the example wraps:\n${block.join('\n')}`);
  for (const line of block) assert.ok(line.length <= 60, line);
  const example = block.join('\n').trim();
  // The config path as typed would be absolute; from the working directory it is shorter.
  assert.ok(example.startsWith('mcpctl -c servers.json call detail display_report '), example);
  const bin = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-detail-bin-'));
  writeFileSync(path.join(bin, 'mcpctl'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(path.join(bin, 'mcpctl'), 0o755);
  const out = execFileSync('bash', ['-c', example], {
    cwd: dir,
    env: { PATH: `${bin}:${process.env.PATH}`, HOME: dir },
    encoding: 'utf8',
  });
  const sent = JSON.parse(out);
  assert.equal(sent.mode, 'draft');
  assert.equal(sent.pages, 1);
  assert.equal(sent.when, '2025-01-01T12:00:00Z');
  assert.equal(sent.title.length >= 3, true);
  assert.deepEqual(Object.keys(sent.layout), ['columns']);
  assert.equal(sent.rows.length, 1);
  rmSync(bin, { recursive: true, force: true });
});

test('a tool without arguments shows none and a bare example', async () => {
  const text = await detail('plain');
  assert.match(text, /Arguments:\n {2}\(none\)/);
  assert.match(text, /Example:\n {2}mcpctl -c servers.json call detail plain\n/);
});
