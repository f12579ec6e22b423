// Piped lists have fixed columns, whatever the content (README "Output"): the same number of
// tab-separated fields for every server and every row, an empty field where a value is absent.
// server-everything and our hostile fixture are served over HTTP once for the file (the latter in
// this process), not started over stdio for each command; server-memory stays on stdio.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from '../helpers/run.js';
import { writeServersConfig } from '../helpers/servers-config.js';
import { startEverything, type Everything } from '../helpers/everything.js';
import { serveHostileHttp } from '../fixtures/hostile-server.js';
import type { RunningHttpServer } from '../fixtures/node-http.js';

let dir: string;
let config: string;
let everything: Everything;
let hostile: RunningHttpServer;

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-pipe-'));
  [everything, hostile] = await Promise.all([startEverything('streamableHttp'), serveHostileHttp()]);
  config = writeServersConfig(path.join(dir, 'servers.json'), {
    everything: { url: everything.url },
    hostile: { url: hostile.url },
    remote: { url: 'http://127.0.0.1:9/mcp', disabled: true },
  });
});
after(async () => {
  await Promise.all([everything.stop(), hostile.close()]);
  rmSync(dir, { recursive: true, force: true });
});

async function rows(argv: string[]): Promise<string[][]> {
  const r = await run(['-c', config, ...argv], { cwd: dir, home: dir });
  assert.equal(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
  return r.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split('\t'));
}

function fieldCounts(table: string[][]): Set<number> {
  return new Set(table.map((r) => r.length));
}

test('tools: NAME, TITLE, DESCRIPTION, REQUIRED for every server, titled or not', async () => {
  const memoryTools = await rows(['tools', 'memory']);
  const everythingTools = await rows(['tools', 'everything']);
  assert.deepEqual(fieldCounts(memoryTools), new Set([4]));
  assert.deepEqual(fieldCounts(everythingTools), new Set([4]));
  const echo = everythingTools.find((r) => r[0] === 'echo')!;
  assert.deepEqual(echo.slice(1), ['Echo Tool', 'Echoes back the input string', 'message']);
  const untitled = (await rows(['tools', 'hostile'])).find((r) => r[0] === 'fail')!;
  assert.deepEqual(untitled, ['fail', '', 'isError with hostile text', ''], 'TITLE and REQUIRED empty, not missing');
  const all = await rows(['tools']);
  assert.deepEqual(fieldCounts(all), new Set([4]));
  assert.ok(all.some((r) => r[0] === 'everything__echo') && all.some((r) => r[0].startsWith('memory__')));
});

test('status: one row per server, also for one server', async () => {
  const one = await rows(['status', 'memory']);
  assert.equal(one.length, 1);
  assert.equal(one[0].length, 10);
  assert.deepEqual([one[0][0], one[0][1], one[0][9]], ['memory', 'ok', '']);
  const two = await rows(['status', 'memory', 'everything']);
  assert.deepEqual(
    two.map((r) => r.length),
    [10, 10],
  );
});

test('servers, resources, templates and prompts keep their columns', async () => {
  const servers = await rows(['servers']);
  assert.deepEqual(fieldCounts(servers), new Set([7]));
  assert.deepEqual(
    servers.find((r) => r[0] === 'remote'),
    ['remote', 'http', 'http://127.0.0.1:9/mcp', 'servers.json', 'disabled', 'named', ''],
  );
  assert.deepEqual(fieldCounts(await rows(['resources', 'everything'])), new Set([5]));
  assert.deepEqual(fieldCounts(await rows(['resources', 'hostile'])), new Set([5]));
  assert.deepEqual(fieldCounts(await rows(['resources', 'everything', '--templates'])), new Set([4]));
  assert.deepEqual(fieldCounts(await rows(['prompts', 'everything'])), new Set([3]));
  const http = path.join(dir, 'http.json');
  writeFileSync(http, JSON.stringify({ mcpServers: { remote: { url: 'http://127.0.0.1:9/mcp' } } }));
  const auth = await run(['-c', http, 'auth', 'status'], { cwd: dir, home: dir });
  assert.deepEqual(
    auth.stdout
      .replace(/\n$/, '')
      .split('\n')
      .map((l) => l.split('\t').length),
    [5],
    auth.stderr,
  );
});
