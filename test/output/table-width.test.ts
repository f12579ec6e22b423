// Terminal tables fit the terminal: at 60, 80, 100 and 160 columns against real servers, every
// line of the table is at most that wide; in a pipe nothing is cut. The widths run in-process with
// a fake terminal of that width (the drawing is a pure function of rows and width), each command
// replaying the servers' answers it got once in a pipe (--record in before, --replay at each
// width), so the stdio servers start once for the file, not once for each width (server-everything
// and our hostile fixture are served over HTTP for the whole file, the latter in this process); a real
// pseudo-terminal shows the width is read from the terminal, and one that reports 0 columns is
// drawn at 80. (The layout itself, with synthetic long names, is tested in table-fit.test.ts.)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import stringWidth from 'string-width';
import { run } from '../helpers/run.js';
import { runPty, screenLines } from '../helpers/pty.js';
import { unlessInstalled } from '../helpers/requires.js';
import { startEverything, type Everything } from '../helpers/everything.js';
import { writeServersConfig } from '../helpers/servers-config.js';
import { serveHostileHttp } from '../fixtures/hostile-server.js';
import type { RunningHttpServer } from '../fixtures/node-http.js';
import { filesystem, memory } from '../mcp/helpers.js';

const WIDTHS = [60, 80, 100, 160];
let dir: string;
let config: string;
/** One server-everything for the whole file, over HTTP: no process started per table. */
let shared: Everything;
/** Our hostile fixture, served in this process for the whole file. */
let hostile: RunningHttpServer;

/** The commands whose tables are drawn at each width, each recorded once (before). */
const RECORDED = [
  ['tools'],
  ['tools', 'everything'],
  ['status', 'everything', 'memory'],
  ['status', 'everything', 'memory', 'filesystem', 'hostile'],
  ['resources', 'everything'],
  ['prompts', 'everything'],
];
const recordings = new Map<string, string>();

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-width-'));
  [shared, hostile] = await Promise.all([startEverything('streamableHttp'), serveHostileHttp()]);
  const node = process.execPath;
  config = writeServersConfig(path.join(dir, 'servers.json'), {
    everything: { url: shared.url },
    hostile: { url: hostile.url },
    filesystem: { command: node, args: [filesystem, dir] },
    'a-server-with-a-rather-long-name-for-a-narrow-terminal': {
      command: node,
      args: [memory, '--with', 'many', 'arguments', 'that', 'make', 'the', 'target', 'column', 'long'],
      disabled: true,
    },
  });
  for (const [i, argv] of RECORDED.entries()) {
    const file = path.join(dir, `recording-${i}.json`);
    const r = await inProcess(['-c', config, ...argv, '--record', file], { env: env(), cwd: dir });
    assert.equal(r.code, 0, `${argv.join(' ')}: exit ${r.code}\n${r.stderr}`);
    recordings.set(argv.join(' '), file);
  }
});
after(async () => {
  await Promise.all([shared.stop(), hostile.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** The tests that need a pseudo-terminal (util-linux `script`). */
const pty = { skip: unlessInstalled('script') };

/** In a pipe, in-process. */
const inProcess = (argv: string[], opts: { env: NodeJS.ProcessEnv; cwd: string }) =>
  run(argv, { env: opts.env, cwd: opts.cwd, home: dir });

const env = () => ({ PATH: process.env.PATH, HOME: dir, TERM: 'xterm-256color' });

/**
 * The lines a terminal shows, and each table line fits: in-process, stdout a terminal `columns`
 * wide, replaying the command's recording when it has one.
 */
async function fits(argv: string[], columns: number): Promise<string[]> {
  const recording = recordings.get(argv.join(' '));
  const replay = recording === undefined ? [] : ['--replay', recording];
  const r = await run(['-c', config, ...argv, ...replay], { tty: true, columns, env: env(), cwd: dir, home: dir });
  assert.equal(r.code, 0, `${argv.join(' ')} at ${columns}: exit ${r.code}\n${r.stderr}`);
  return fitted(argv, screenLines(r.stdout), columns);
}

/** The same on a real pseudo-terminal (0: one that reports no width, drawn at `limit`). */
async function fitsPty(argv: string[], columns: number, limit = columns): Promise<string[]> {
  const r = await runPty(['-c', config, ...argv], { columns, env: env(), cwd: dir });
  assert.equal(r.code, 0, `${argv.join(' ')} at ${columns}: exit ${r.code}\n${r.raw}`);
  return fitted(argv, screenLines(r.raw), limit);
}

/** The table's lines, from its header on, once every line shown is at most `limit` wide. */
function fitted(argv: string[], lines: string[], limit: number): string[] {
  const header = lines.findIndex((l) => /^(NAME|SERVER|URI) {2}/.test(l));
  const table = header < 0 ? [] : lines.slice(header).filter((l) => l.trim() !== '');
  assert.ok(table.length >= 2, `${argv.join(' ')} at ${limit}: a table is drawn\n${lines.join('\n')}`);
  for (const line of lines)
    assert.ok(
      stringWidth(line) <= limit,
      `${argv.join(' ')} at ${limit} columns: a line of ${stringWidth(line)}:\n${line}`,
    );
  return table;
}

for (const columns of WIDTHS) {
  test(`every table fits ${columns} columns`, async () => {
    const tools = await fits(['tools', 'everything'], columns);
    assert.ok(
      tools.some((l) => l.includes('echo')),
      'the tool names are there',
    );
    await fits(['tools'], columns);
    const status = await fits(['status', 'everything', 'memory', 'filesystem', 'hostile'], columns);
    assert.ok(
      status.some((l) => l.includes('memory')),
      'the server column is never dropped',
    );
    await fits(['servers'], columns);
    await fits(['resources', 'everything'], columns);
    await fits(['prompts', 'everything'], columns);
  });
}

test('a narrow terminal drops low-priority columns; a wide one shows them', async () => {
  const narrow = (await fits(['status', 'everything', 'memory'], 60)).join('\n');
  const wide = (await fits(['status', 'everything', 'memory'], 160)).join('\n');
  assert.ok(wide.includes('LATENCY') && wide.includes('AUTH'), 'all columns at 160');
  assert.ok(!narrow.includes('LATENCY'), 'latency drops out at 60');
  assert.ok(narrow.includes('SERVER') && narrow.includes('OK') && narrow.includes('TOOLS'));
});

test('long cells wrap or end with …', async () => {
  const table = await fits(['tools', 'everything'], 80);
  const { stdout } = await inProcess(['-c', config, 'tools', 'everything', '--json'], { env: env(), cwd: dir });
  const longest = JSON.parse(stdout)
    .tools.map((t: { description?: string }) => (t.description ?? '').trim().split('\n')[0])
    .sort((a: string, b: string) => b.length - a.length)[0] as string;
  assert.ok(longest.length > 60, 'some description is longer than its column');
  assert.ok(!table.some((l) => l.includes(longest)), 'it does not fit on one line');
  const firstWords = longest.split(' ').slice(0, 2).join(' ');
  assert.ok(
    table.some((l) => l.includes(firstWords)),
    'its start is shown',
  );
});

test('in a pipe nothing is cut', async () => {
  const { stdout } = await inProcess(['-c', config, 'tools', 'everything', '--json'], { env: env(), cwd: dir });
  const piped = await inProcess(['-c', config, 'tools', 'everything'], { env: env(), cwd: dir });
  for (const tool of JSON.parse(stdout).tools as { name: string; description?: string }[]) {
    const description = (tool.description ?? '').trim().split('\n')[0];
    assert.ok(
      piped.stdout.split('\n').some((row) => row.startsWith(`${tool.name}\t`) && row.includes(description)),
      `${tool.name}: its whole description`,
    );
  }
});

test('on a real terminal the table fits the width the terminal reports', pty, async () => {
  const table = await fitsPty(['tools', 'everything'], 60);
  assert.deepEqual(table, await fits(['tools', 'everything'], 60), 'the table is drawn as at 60 columns');
});

test('a terminal that reports 0 columns is 80 wide, and the spinner ends', pty, async () => {
  const r = await runPty(['-c', config, 'call', 'hostile', 'progress'], {
    columns: 0,
    env: env(),
    cwd: dir,
    killAfterMs: 30_000,
  });
  assert.equal(r.code, 0, r.raw);
  assert.ok(r.raw.length < 100_000, `the spinner wrote ${r.raw.length} bytes`);
  assert.ok(r.raw.includes('progressed'));
  const table = await fitsPty(['tools', 'everything'], 0, 80);
  assert.deepEqual(table, await fits(['tools', 'everything'], 80), 'the table is drawn as at 80 columns');
});

test('a column empty in every row stays out of a terminal table (a pipe keeps it)', async () => {
  const table = await fits(['tools', 'hostile'], 160);
  const header = table[0]!;
  assert.ok(header.includes('NAME') && header.includes('DESCRIPTION'), header);
  assert.ok(!header.includes('REQUIRED'), 'no hostile tool requires an argument');
  const piped = await inProcess(['-c', config, 'tools', 'hostile'], { env: env(), cwd: dir });
  assert.ok(
    piped.stdout
      .split('\n')
      .filter(Boolean)
      .every((row) => row.split('\t').length === 4),
  );
});
