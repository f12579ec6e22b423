// What a person sees on a terminal of 60, 80 and 120 columns, against chrome-devtools-mcp from
// npm (32 tools, long descriptions; it lists them offline, without a browser), a server built on
// tmcp (forty tools, names up to 60 columns, titles as long as descriptions) and a fixture that
// sends no version and long instructions: every tool name in full, in its own row and in the
// all-servers view; the one-tool view and the server's instructions wrapped; no line wider than
// the terminal; SERVER INFO without a trailing space. The one-tool view goes through the command
// at the narrowest width, where it is also the renderer's output; at the wider ones the renderer
// (a pure function of the tool and the width) draws the tool listed once, without starting the
// server again. The lists are drawn by the command at each width from one recording of the
// three servers' answers (--record once, --replay at each width: what is drawn depends on the
// answers and the width only), so chrome-devtools-mcp (0.7 s of CPU a start) starts three times
// for the file, not eight.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import stringWidth from 'string-width';
import { Chalk } from 'chalk';
import type { Tool } from '@modelcontextprotocol/client';
import { renderToolDetail } from '../../src/output/tool-detail.js';
import { run, ROOT } from '../helpers/run.js';
import { chromeDevtools } from '../helpers/third-party.js';
import { INSTRUCTIONS, TOOL_NAMES } from '../fixtures/unversioned-data.js';
import { TMCP_TOOL_NAMES } from '../fixtures/tmcp-data.js';

const WIDTHS = [60, 80, 120];
let dir: string;
let config: string;
let tools: Tool[];
/** The three servers' answers to `tools`, recorded once (before). */
let recording: string;

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-screens-'));
  config = path.join(dir, 'servers.json');
  const node = process.execPath;
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        devtools: { command: node, args: [chromeDevtools], env: { CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1' } },
        unversioned: { command: node, args: [path.join(ROOT, 'dist/test/fixtures/unversioned-server.js')] },
        tmcp: { command: node, args: [path.join(ROOT, 'dist/test/fixtures/tmcp-server.js')] },
      },
    }),
  );
  recording = path.join(dir, 'tools.json');
  await mcpctl(['tools', '--record', recording]);
  const listed = await replayed(['tools', 'devtools', '--json']);
  tools = JSON.parse(listed.stdout).tools;
  assert.ok(tools.length > 20, 'chrome-devtools-mcp lists its tools');
});
after(() => rmSync(dir, { recursive: true, force: true }));

async function mcpctl(argv: string[], columns?: number) {
  const r = await run(['-c', config, '--no-color', ...argv], {
    tty: columns !== undefined,
    columns,
    cwd: dir,
    home: dir,
    env: { PATH: process.env.PATH },
  });
  assert.equal(r.code, 0, r.stderr);
  return r;
}

/** The command run against the recording of `tools` (no server started), on a terminal `columns` wide if given. */
function replayed(argv: string[], columns?: number) {
  return mcpctl([...argv, '--replay', recording], columns);
}

/** The one-tool view as `mcpctl -c servers.json tools devtools TOOL` draws it on a terminal `width` wide, without colour. */
function oneToolView(tool: Tool, width: number): Promise<string> {
  const callPrefix = ['mcpctl', '-c', 'servers.json', 'call', 'devtools'];
  return renderToolDetail(tool, { chalk: new Chalk({ level: 0 }), tty: true, columns: width, callPrefix });
}

function narrowEnough(text: string, width: number): void {
  for (const line of text.split('\n'))
    assert.ok(stringWidth(line) <= width, `a line of ${stringWidth(line)}:\n${line}`);
}

/**
 * Each row's text: the rest of a name broken at its separators (a line indented by two) joined
 * to it as it is, the row's other lines (indented to their column) as more columns.
 */
function rows(text: string): string[] {
  const out: string[] = [];
  for (const line of text.trimEnd().split('\n').slice(1)) {
    if (/^\S/.test(line)) out.push(line);
    else if (/^ {2}\S/.test(line)) out[out.length - 1] += line.trimStart();
    else out[out.length - 1] += `  ${line.trimStart()}`;
  }
  return out;
}

for (const width of WIDTHS) {
  test(`${width} columns: tool names in full, one row each, in one server and across all`, async () => {
    const one = await replayed(['tools', 'devtools'], width);
    narrowEnough(one.stdout, width);
    assert.deepEqual(
      rows(one.stdout).map((row) => row.split(/ {2,}/)[0]),
      tools.map((t) => t.name),
    );
    const all = await replayed(['tools'], width);
    narrowEnough(all.stdout, width);
    const names = rows(all.stdout).map((row) => row.split(/ {2,}/)[0]);
    for (const t of tools) assert.ok(names.includes(`devtools › ${t.name}`), `devtools › ${t.name}`);
    for (const name of TOOL_NAMES) assert.ok(names.includes(`unversioned › ${name}`), `${name} in:\n${all.stdout}`);
    for (const name of TMCP_TOOL_NAMES) assert.ok(names.includes(`tmcp › ${name}`), `tmcp › ${name}`);
  });

  test(`${width} columns: tmcp's forty long names in full; its long TITLE gives way first`, async () => {
    const r = await replayed(['tools', 'tmcp'], width);
    narrowEnough(r.stdout, width);
    assert.deepEqual(
      rows(r.stdout).map((row) => row.split(/ {2,}/)[0]),
      TMCP_TOOL_NAMES,
    );
    assert.match(r.stdout.split('\n')[0]!, /^NAME +DESCRIPTION/);
  });

  test(`${width} columns: the one-tool view of the longest description, wrapped`, async () => {
    const longest = [...tools].sort((a, b) => (b.description ?? '').length - (a.description ?? '').length)[0]!;
    assert.ok((longest.description ?? '').length > 2 * width, 'a description longer than two lines');
    const view = await oneToolView(longest, width);
    if (width === WIDTHS[0]) {
      const r = await mcpctl(['tools', 'devtools', longest.name], width);
      assert.equal(r.stdout, view, 'the command prints what the renderer draws');
    }
    narrowEnough(view, width);
    const words = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');
    assert.ok(words(view).includes(words(longest.description!)), 'every word of it, in order');
  });

  test(`${width} columns: status of a server without version and with long instructions`, async () => {
    const r = await mcpctl(['status', 'unversioned'], width);
    narrowEnough(r.stdout, width);
    assert.match(r.stdout, /^server info {3}unversioned$/m, 'no trailing space after the name');
    const lines = r.stdout.split('\n');
    const block = lines.slice(lines.indexOf('Instructions:') + 1).join('\n');
    assert.equal(block.split(/\s+/).filter(Boolean).join(' '), INSTRUCTIONS.split(/\s+/).filter(Boolean).join(' '));
    assert.match(block, /^ {2}- pick the namespace first with/m);
    assert.match(block, /^ {4}\S/m, 'a list item wraps under its text');
  });
}

test('in a pipe SERVER INFO is the name alone when there is no version', async () => {
  const r = await mcpctl(['status', 'unversioned', 'devtools']);
  const [unversioned, devtools] = r.stdout
    .trimEnd()
    .split('\n')
    .map((row) => row.split('\t'));
  assert.equal(unversioned![3], 'unversioned');
  assert.match(devtools![3]!, /^chrome_devtools \d+\.\d+\.\d+$/);
});
