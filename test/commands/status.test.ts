// `mcpctl status`: health of every server, concurrently, with the documented JSON shape and
// exit codes; faults end in their exit code with server and phase named and nothing left running.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { BIN, run, runBin, jsonError } from '../helpers/run.js';
import { mcpJsonProject } from '../helpers/mcp-json-project.js';
import { alive, assertAllEnded, everything, fixtures, logLines, eventually } from '../mcp/helpers.js';

const FAULT = path.join(fixtures, 'fault-server.js');
const STARTED = path.join(fixtures, 'started-server.js');

test('status --json reports each server with the documented fields', async () => {
  const { dir, env } = mcpJsonProject({
    everything: { command: process.execPath, args: [everything, 'stdio'] },
    off: { command: 'x', disabled: true },
  });
  const r = await run(['status', '--json'], { cwd: dir, home: dir, env });
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout) as { servers: Record<string, unknown>[]; errors: unknown[] };
  assert.equal(doc.servers.length, 1, 'disabled servers are skipped');
  assert.deepEqual(doc.errors, [], 'no failures, an empty errors array');
  const s = doc.servers[0] as {
    server: string;
    ok: boolean;
    phase: string;
    protocolVersion: string;
    era: string;
    serverInfo: { name: string };
    capabilities: Record<string, unknown>;
    counts: { tools: number; resources: number; prompts: number };
    latencyMs: number;
    auth: string;
  };
  assert.equal(s.server, 'everything');
  assert.equal(s.ok, true);
  assert.equal(s.phase, 'ready');
  assert.match(s.protocolVersion, /^\d{4}-\d{2}-\d{2}$/);
  assert.equal(s.era, 'legacy');
  assert.match(s.serverInfo.name, /everything/);
  assert.ok(s.capabilities.tools);
  assert.ok(s.counts.tools > 5 && s.counts.resources > 0 && s.counts.prompts > 0);
  assert.equal(typeof s.latencyMs, 'number');
  assert.equal(s.auth, 'none');
});

test('status NAME on a terminal shows the details', async () => {
  const { dir, env } = mcpJsonProject({ everything: { command: process.execPath, args: [everything, 'stdio'] } });
  const r = await run(['status', 'everything'], { cwd: dir, home: dir, env, tty: true });
  assert.equal(r.code, 0, r.stderr);
  assert.match(plain(r.stdout), /protocol +2025-\d\d-\d\d \(legacy\)/);
  assert.match(plain(r.stdout), /counts +tools \d+, resources \d+, prompts \d+/);
});

test('an unhealthy server among healthy ones: its exit code, its phase, the others still reported', async () => {
  const { dir, env } = mcpJsonProject({
    everything: { command: process.execPath, args: [everything, 'stdio'] },
    crash: { command: process.execPath, args: [FAULT, 'serve', 'crash'] },
    hang: { command: process.execPath, args: [FAULT, 'serve', 'hang'], timeout: 1 },
  });
  const r = await run(['status', '--json'], { cwd: dir, home: dir, env });
  assert.equal(r.code, 3, 'the first failing server in config order is "crash"');
  type Failure = { server: string; code: number; kind: string; phase: string; message: string };
  const doc = JSON.parse(r.stdout) as {
    servers: { server: string; ok: boolean; phase: string; error?: Failure }[];
    errors: Failure[];
  };
  const by = Object.fromEntries(doc.servers.map((s) => [s.server, s]));
  // Beside the results, as every multi-server command: each failure, in config order.
  assert.deepEqual(
    doc.errors.map((e) => [e.server, e.code, e.kind]),
    [
      ['crash', 3, 'connection'],
      ['hang', 124, 'timeout'],
    ],
  );
  assert.deepEqual(doc.errors, [by.crash.error, by.hang.error]);
  assert.equal(by.everything.ok, true);
  assert.equal(by.crash.ok, false);
  assert.equal(by.crash.error?.kind, 'connection');
  assert.match(by.crash.error?.message ?? '', /cannot open database/, 'the stderr tail is attached');
  assert.equal(by.hang.ok, false);
  assert.equal(by.hang.error?.kind, 'timeout');
  assert.equal(by.hang.phase, 'initialize');
});

test('a server that fails quoting a secret of its env on stderr: every form of status masks it', async () => {
  const secret = 'sekret-status-4242424242';
  const { dir, env } = mcpJsonProject({
    leaky: { command: process.execPath, args: [STARTED, 'crash'], env: { TOKEN: '${MY_TOKEN}' } },
  });
  const runs = {
    json: await run(['status', '--json'], { cwd: dir, home: dir, env: { ...env, MY_TOKEN: secret } }),
    piped: await run(['status'], { cwd: dir, home: dir, env: { ...env, MY_TOKEN: secret } }),
    terminal: await run(['status'], { cwd: dir, home: dir, env: { ...env, MY_TOKEN: secret }, tty: true }),
    one: await run(['status', 'leaky'], { cwd: dir, home: dir, env: { ...env, MY_TOKEN: secret }, tty: true }),
  };
  for (const [how, r] of Object.entries(runs)) {
    assert.equal(r.code, 3, `${how}: ${r.stderr}`);
    assert.ok(!r.stdout.includes(secret) && !r.stderr.includes(secret), `${how}: the secret is shown`);
    // On a terminal the table has no ERROR column: the failure follows it on stderr.
    const shown = how === 'terminal' ? r.stderr : r.stdout;
    assert.match(plain(shown), /fatal: no database \(token=\*\*\*\)/, `${how}: the stderr tail, masked`);
  }
  const doc = JSON.parse(runs.json.stdout) as {
    servers: { server: string; error?: { message: string } }[];
    errors: { message: string }[];
  };
  assert.match(doc.servers.find((x) => x.server === 'leaky')?.error?.message ?? '', /token=\*\*\*/);
  assert.match(doc.errors[0]?.message ?? '', /token=\*\*\*/);
});

test('through bin/: a hung server exits 124 naming server and phase, and leaves no process', async () => {
  const { dir, env } = mcpJsonProject({
    hang: { command: process.execPath, args: [FAULT, 'serve', 'hang', 'ignore-term'], envFrom: ['SPAWN_LOG'] },
  });
  const spawnLog = path.join(dir, 'spawns.log');
  const r = await runBin(['status', 'hang', '--connect-timeout', '1', '--json'], {
    cwd: dir,
    env: { ...env, SPAWN_LOG: spawnLog },
    killAfterMs: 20_000,
  });
  assert.equal(r.code, 124, r.stderr);
  const e = jsonError(r.stderr).error;
  assert.equal(e.kind, 'timeout');
  assert.equal(e.server, 'hang');
  assert.equal(e.phase, 'initialize');
  const doc = JSON.parse(r.stdout) as { servers: { server: string; ok: boolean }[] };
  assert.deepEqual(
    doc.servers.map((s) => [s.server, s.ok]),
    [['hang', false]],
  );
  // mcpctl exits only once the server's whole process group is gone: nothing to wait for here.
  assertAllEnded(logLines(spawnLog).map(Number));
});

test('through bin/: a server started through a shell leaves nothing behind', async () => {
  const { dir, env } = mcpJsonProject({
    wrapped: {
      command: 'sh',
      args: ['-c', `"${process.execPath}" "${FAULT}" serve grandchild`],
      envFrom: ['SPAWN_LOG'],
    },
  });
  const spawnLog = path.join(dir, 'spawns.log');
  const r = await runBin(['tools', 'wrapped'], { cwd: dir, env: { ...env, SPAWN_LOG: spawnLog }, killAfterMs: 20_000 });
  assert.equal(r.code, 0, r.stderr);
  const pids = logLines(spawnLog).map((l) => Number(l.split(' ').pop()));
  assert.ok(pids.length >= 2, 'server and grandchild were started');
  assertAllEnded(pids);
});

test('status with a missing variable in one server reports it as a config error, exit 2', async () => {
  const { dir, env } = mcpJsonProject({
    everything: { command: process.execPath, args: [everything, 'stdio'] },
    needs: { command: 'x', env: { K: '${MCPCTL_TEST_UNSET}' } },
  });
  const r = await run(['status', '--json'], { cwd: dir, home: dir, env });
  assert.equal(r.code, 2);
  const doc = JSON.parse(r.stdout) as { servers: { server: string; ok: boolean; error?: { message: string } }[] };
  const needs = doc.servers.find((s) => s.server === 'needs');
  assert.equal(needs?.ok, false);
  assert.match(needs?.error?.message ?? '', /MCPCTL_TEST_UNSET/);
});

test('through bin/: Ctrl-C ends the wait, tears the server down and exits 130', async () => {
  const { dir, env } = mcpJsonProject({
    hang: { command: process.execPath, args: [FAULT, 'serve', 'hang'], envFrom: ['SPAWN_LOG'] },
  });
  const spawnLog = path.join(dir, 'spawns.log');
  const { spawn } = await import('node:child_process');
  const { BIN } = await import('../helpers/run.js');
  const child = spawn(process.execPath, [BIN, 'status', 'hang', '--json'], {
    cwd: dir,
    env: { ...env, SPAWN_LOG: spawnLog },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  assert.ok(await eventually(() => logLines(spawnLog).length > 0, 10_000), 'the server started');
  child.kill('SIGINT');
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 130, stderr);
  assert.equal(jsonError(stderr).error.kind, 'interrupted');
  // Teardown comes before the exit: the server is gone by now.
  assertAllEnded(logLines(spawnLog).map(Number));
});

test('through bin/: SIGTERM ends the wait, tears the server down and exits 143', async () => {
  const { dir, env } = mcpJsonProject({
    hang: { command: process.execPath, args: [FAULT, 'serve', 'hang'], envFrom: ['SPAWN_LOG'] },
  });
  const spawnLog = path.join(dir, 'spawns.log');
  const { spawn } = await import('node:child_process');
  const { BIN } = await import('../helpers/run.js');
  const child = spawn(process.execPath, [BIN, 'status', 'hang', '--json'], {
    cwd: dir,
    env: { ...env, SPAWN_LOG: spawnLog },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  assert.ok(await eventually(() => logLines(spawnLog).length > 0, 10_000), 'the server started');
  child.kill('SIGTERM');
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 143, stderr);
  assert.equal(jsonError(stderr).error.kind, 'interrupted');
  assert.equal(jsonError(stderr).error.code, 143);
  // Teardown comes before the exit: the server is gone by now.
  assertAllEnded(logLines(spawnLog).map(Number));
});

test('--concurrency 1: each server is ended before the next one starts', async () => {
  const p = mcpJsonProject({});
  const spawns = path.join(p.dir, 'spawns.log');
  const othersAlive = path.join(p.dir, 'others-alive.log');
  const servers = Object.fromEntries(
    ['a', 'b', 'c', 'd'].map((name) => [
      name,
      { command: process.execPath, args: [FAULT, 'serve'], env: { SPAWN_LOG: spawns, OTHERS_ALIVE_LOG: othersAlive } },
    ]),
  );
  writeFileSync(path.join(p.dir, '.mcp.json'), JSON.stringify({ mcpServers: servers }));
  const r = await runBin(['--concurrency', '1', '-c', path.join(p.dir, '.mcp.json'), 'status', '--json'], {
    cwd: p.dir,
    env: p.env,
  });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(
    JSON.parse(r.stdout).servers.map((s: { server: string; ok: boolean }) => [s.server, s.ok]),
    [
      ['a', true],
      ['b', true],
      ['c', true],
      ['d', true],
    ],
  );
  assert.deepEqual(logLines(othersAlive), ['0', '0', '0', '0']);
  assert.deepEqual(alive(logLines(spawns).map(Number)), []);
});

test('through bin/: the table of several servers is printed before a server slow to exit has ended', async () => {
  const { dir, env } = mcpJsonProject({
    good: { command: process.execPath, args: [FAULT, 'serve'] },
    hang: { command: process.execPath, args: [FAULT, 'serve', 'hang', 'ignore-term'], envFrom: ['SPAWN_LOG'] },
  });
  const spawnLog = path.join(dir, 'spawns.log');
  const child = spawn(process.execPath, [BIN, 'status', '--connect-timeout', '1'], {
    cwd: dir,
    env: { ...env, SPAWN_LOG: spawnLog },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await once(child.stdout, 'data');
  // The hung server ignores SIGTERM: it ends only by the SIGKILL its teardown sends after a wait.
  const hung = logLines(spawnLog).map(Number);
  assert.equal(hung.length, 1);
  assert.deepEqual(alive(hung), hung, 'the table came while the hung server was still being ended');
  child.stdout.resume();
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(killer);
  assert.equal(code, 124);
  assertAllEnded(logLines(spawnLog).map(Number));
});
