// Global options and defaults the README promises, through bin/: -q/--quiet, --protocol REV,
// the era cache at its default place reused by the next run, and the default --max-size.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBin, jsonError } from '../helpers/run.js';
import { FIXTURE } from '../helpers/call-project.js';
import { fixtures } from '../mcp/helpers.js';
import { startRevisionHttpServer, type RevisionHttpServer } from '../fixtures/revision-server.js';

const FAULT = path.join(fixtures, 'fault-server.js');
let legacy: RevisionHttpServer;

before(async () => {
  legacy = await startRevisionHttpServer('legacy');
});
after(async () => {
  await legacy?.close();
});

function home(): { dir: string; env: Record<string, string> } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-flags-'));
  return { dir, env: { PATH: process.env.PATH ?? '', HOME: dir } };
}

test('-q: no warnings and no server stderr (even with -v), the same data, errors still shown', async () => {
  const { dir, env } = home();
  const config = path.join(dir, 'servers.json');
  // An unknown key is a warning; the garbage fixture's non-JSON stdout lines are shown with -v.
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: { f: { command: process.execPath, args: [FAULT, 'serve', 'garbage'], colour: 'blue' } },
    }),
  );
  const loud = await runBin(['-c', config, '-v', 'tools', 'f'], { cwd: dir, env });
  assert.equal(loud.code, 0, loud.stderr);
  assert.match(loud.stderr, /unknown key "colour"/);
  assert.match(loud.stderr, /not JSON-RPC/);
  for (const flag of ['-q', '--quiet']) {
    const quiet = await runBin(['-c', config, flag, '-v', 'tools', 'f'], { cwd: dir, env });
    assert.equal(quiet.code, 0, quiet.stderr);
    assert.equal(quiet.stderr, '', `${flag}: stderr`);
    assert.equal(quiet.stdout, loud.stdout);
  }
  const failed = await runBin(['-c', config, '-q', 'call', 'f', 'nope'], { cwd: dir, env });
  assert.equal(failed.code, 2);
  assert.match(failed.stderr, /^error: server "f" has no tool "nope"$/m);
  assert.doesNotMatch(failed.stderr, /warning/);
});

test('--protocol REV pins a revision for one run; a revision the server refuses is exit 3 naming both', async () => {
  const { dir, env } = home();
  const pinned = await runBin(['status', legacy.url, '--protocol', '2025-03-26', '--json'], { cwd: dir, env });
  assert.equal(pinned.code, 0, pinned.stderr);
  assert.equal(
    (JSON.parse(pinned.stdout) as { servers: { protocolVersion: string }[] }).servers[0]?.protocolVersion,
    '2025-03-26',
  );
  const refused = await runBin(['status', legacy.url, '--protocol', '2026-07-28', '--json'], { cwd: dir, env });
  assert.equal(refused.code, 3, refused.stderr);
  const e = jsonError(refused.stderr).error;
  assert.equal(e.kind, 'connection');
  assert.match(e.message, /2026-07-28/);
  assert.match(e.message, /2025/);
  const bogus = await runBin(['status', legacy.url, '--protocol', '2025-13-01'], { cwd: dir, env });
  assert.equal(bogus.code, 2);
  assert.match(bogus.stderr, /--protocol/);
});

test('the era cache: ~/.cache/mcpctl/era by default, $XDG_CACHE_HOME/mcpctl/era when set; the next run skips the probe', async () => {
  const discovers = () => legacy.methods().filter((m) => m === 'server/discover').length;
  for (const xdg of [false, true]) {
    const { dir, env } = home();
    const cacheHome = path.join(dir, 'xdg-cache');
    const runEnv = xdg ? { ...env, XDG_CACHE_HOME: cacheHome } : env;
    const eraDir = xdg ? path.join(cacheHome, 'mcpctl', 'era') : path.join(dir, '.cache', 'mcpctl', 'era');
    const before = discovers();
    const first = await runBin(['tools', legacy.url, '--json'], { cwd: dir, env: runEnv });
    assert.equal(first.code, 0, first.stderr);
    assert.equal(discovers(), before + 1, 'the first run probes');
    assert.ok(existsSync(eraDir) && readdirSync(eraDir).some((f) => f.endsWith('.json')), `a verdict in ${eraDir}`);
    const second = await runBin(['tools', legacy.url, '--json'], { cwd: dir, env: runEnv });
    assert.equal(second.code, 0, second.stderr);
    assert.equal(discovers(), before + 1, 'the second run reuses the verdict: no probe');
    assert.equal(second.stdout, first.stdout);
  }
});

test('the default --max-size is 64 MB: a larger message fails naming the flag and the limit', async () => {
  const { dir, env } = home();
  const config = path.join(dir, 'servers.json');
  writeFileSync(
    config,
    JSON.stringify({ mcpServers: { big: { command: process.execPath, args: [FIXTURE, 'legacy'] } } }),
  );
  const r = await runBin(['-c', config, 'call', 'big', 'big', `bytes=${65 * 1024 * 1024}`], {
    cwd: dir,
    env,
    killAfterMs: 120_000,
  });
  assert.equal(r.code, 3, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /larger than 64 MB/);
  assert.match(r.stderr, /--max-size MB raises the limit \(now 64 MB\)/);
});
