// --watch: `resources SERVER URI --watch` prints the resource again on each update, `tools
// SERVER --watch` the list on each list_changed; NDJSON with --json in a pipe; Ctrl-C ends the
// watch with exit 0, and so does --timeout. Against a fixture that changes as it is read.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, ROOT, run } from '../helpers/run.js';
import { testClock } from '../helpers/clock.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-watch-'));
const config = path.join(dir, 'servers.json');
writeFileSync(
  config,
  JSON.stringify({
    mcpServers: {
      watched: { command: process.execPath, args: [path.join(ROOT, 'dist', 'test', 'fixtures', 'watch-server.js')] },
    },
  }),
);
const env = { PATH: process.env.PATH, HOME: dir };

/** Runs mcpctl through bin/, sends Ctrl-C once stdout has `lines` lines, and returns the outcome. */
function watchUntil(args: string[], lines: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '-c', config, ...args], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (!interrupted && stdout.split('\n').length > lines) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}

test('resources URI --watch --json: one JSON document per reading, each update read again; Ctrl-C is exit 0', async () => {
  const r = await watchUntil(['resources', 'watched', 'fixture://counter', '--watch', '--json'], 3);
  assert.equal(r.code, 0, r.stderr);
  const readings = r.stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { contents: { text: string }[] });
  assert.deepEqual(
    readings.map((d) => d.contents[0]!.text),
    ['version 1', 'version 2', 'version 3'],
  );
  assert.match(r.stderr, /watching fixture:\/\/counter on watched/);
});

test('tools --watch --json: the list again on each list_changed; Ctrl-C is exit 0', async () => {
  const r = await watchUntil(['tools', 'watched', '--watch', '--json'], 3);
  assert.equal(r.code, 0, r.stderr);
  const lists = r.stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { tools: { name: string }[] });
  assert.deepEqual(
    lists.map((l) => l.tools.map((t) => t.name)),
    [['tool-1'], ['tool-1', 'tool-2'], ['tool-1', 'tool-2', 'tool-3']],
  );
});

test('--watch ends at --timeout with exit 0; plain text in a pipe', async (t) => {
  // The second of --timeout passes on the test's clock once the first reading is printed: however
  // long starting the server takes, the watch has begun before its time is up.
  const clock = testClock(t);
  let ticked = false;
  const r = await run(['-c', config, 'resources', 'watched', 'fixture://counter', '--watch', '--timeout', '1'], {
    cwd: dir,
    home: dir,
    env,
    onStdout: (stdout) => {
      if (ticked || !stdout.includes('version 1\n')) return;
      ticked = true;
      clock.tick(1000);
    },
  });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^version 1\n/);
});

test('--watch needs a URI for resources and no TOOL for tools', async () => {
  const resources = await run(['-c', config, 'resources', 'watched', '--watch'], { cwd: dir, home: dir, env });
  assert.equal(resources.code, 2);
  assert.match(resources.stderr, /--watch watches one resource/);
  const tools = await run(['-c', config, 'tools', 'watched', 'tool-1', '--watch'], { cwd: dir, home: dir, env });
  assert.equal(tools.code, 2);
});
