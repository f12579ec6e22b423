// A command that names its server (tools SERVER, call SERVER TOOL, …) has that stdio server
// started before the command's own code loads: the session takes that very process, and a
// command that fails before opening its session leaves nothing running.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, runBin } from '../helpers/run.js';
import { assertAllEnded, fixtures, logLines } from '../mcp/helpers.js';

const FAULT = path.join(fixtures, 'fault-server.js');

/** Processes (not zombies) whose command line contains `marker`. */
function running(marker: string): string[] {
  return execFileSync('ps', ['-eo', 'stat=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(marker) && !line.trim().startsWith('Z'));
}

/** A config with one fault-server (with `behaviours`) that logs each start's pid; its temp dir is in its arguments. */
function setup(behaviours: string[] = []) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-early-'));
  const spawns = path.join(dir, 'spawns.log');
  const config = path.join(dir, 'mcp.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        faulty: { command: process.execPath, args: [FAULT, 'serve', ...behaviours, dir], env: { SPAWN_LOG: spawns } },
      },
    }),
  );
  const env = { PATH: process.env.PATH ?? '', HOME: dir, XDG_CACHE_HOME: path.join(dir, 'cache') };
  return { dir, config, env, pids: () => logLines(spawns).map(Number) };
}

test('the server started early is the one the session talks to: one process, ended at exit', async () => {
  const s = setup();
  const r = await runBin(['-c', s.config, 'tools', 'faulty', '--json'], { cwd: s.dir, env: s.env });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(
    JSON.parse(r.stdout).tools.map((t: { name: string }) => t.name),
    ['echo', 'big', 'hang', 'crash'],
  );
  assert.equal(s.pids().length, 1, 'started once');
  assertAllEnded(s.pids());
});

test('a command that fails before its session ends the server started for it at once', async () => {
  // In-process, so the watchdog (which acts when mcpctl's process ends) stays out of it, and
  // ignore-term: neither the end of stdin nor SIGTERM ends this server, only mcpctl's cleanup.
  const s = setup(['ignore-term']);
  const r = await run(['-c', s.config, 'tools', 'faulty', 'echo', '--watch'], { cwd: s.dir, env: s.env, home: s.dir });
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /--watch watches the tool list/);
  assert.deepEqual(running(s.dir), [], 'nothing started for the command is left running');
});
