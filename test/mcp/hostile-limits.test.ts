// Bounded hostile input through bin/: HTTP and SSE answers are capped by --max-size (and its
// default) after decompression, so a gzip bomb is cut off without inflating it; and stdio
// servers end when mcpctl itself is killed (SIGKILL skips every teardown of ours).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { BIN, runBin } from '../helpers/run.js';
import { hostileSetup } from '../helpers/hostile.js';
import { alive, eventually, fixtures, logLines } from './helpers.js';

const setup = hostileSetup((server) => ({
  hostile: { type: 'http', url: server.url },
  // Ignores SIGTERM and the end of its stdin: only a signal of ours can end it.
  stuck: {
    command: process.execPath,
    args: [path.join(fixtures, 'fault-server.js'), 'serve', 'ignore-term'],
    env: { SPAWN_LOG: path.join('${HOME}', 'spawn.log') },
  },
}));
const mcpctl = (args: string[]) => runBin(['-c', setup.ws.config, ...args], { cwd: setup.ws.dir, env: setup.ws.env });

test('a gzip bomb is cut off at the default cap, counted after decompression, and read no further', async () => {
  // 100 000 MiB once inflated; about 100 MB on the wire if the client read it all.
  const r = await mcpctl(['call', 'hostile', 'bomb', 'megabytes:=100000']);
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stderr, /server "hostile" sent a message larger than 64 MB/);
  assert.match(r.stderr, /--max-size MB raises the limit \(now 64 MB\)/);
  // The client stopped reading: what was sent is the part read plus what socket buffers hold.
  assert.ok(
    setup.server.bombBytesSent() < 20 * 1024 * 1024,
    `the server got to send ${setup.server.bombBytesSent()} bytes`,
  );
});

test('--max-size caps a JSON answer and one SSE event; an answer under the cap arrives whole', async () => {
  for (const tool of ['huge', 'huge-sse']) {
    const over = await mcpctl(['--max-size', '1', 'call', 'hostile', tool, 'bytes:=3000000']);
    assert.equal(over.code, 3, `${tool}: ${over.stderr}`);
    assert.match(over.stderr, /sent a message larger than 1 MB/);
    const under = await mcpctl(['--max-size', '1', 'call', 'hostile', tool, 'bytes:=500000']);
    assert.equal(under.code, 0, `${tool}: ${under.stderr}`);
    assert.equal(under.stdout, `${'x'.repeat(500000)}\n`);
  }
});

function watchdogsOf(pgid: number): string[] {
  return execFileSync('ps', ['-eo', 'args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('mcpctl-watchdog') && line.trim().endsWith(` ${pgid}`));
}

test('a stdio server ends when mcpctl is killed with SIGKILL, and its watchdog with it', async (t) => {
  const log = path.join(setup.ws.home, 'spawn.log');
  const child = spawn(process.execPath, [BIN, '-c', setup.ws.config, 'call', 'stuck', 'hang'], {
    cwd: setup.ws.dir,
    env: setup.ws.env,
    stdio: 'ignore',
  });
  const exited = once(child, 'exit');
  // The server writes its pid when it starts: the event to wait for.
  assert.ok(await eventually(() => logLines(log).length > 0, 30_000), 'the server started');
  const pid = Number(logLines(log)[0]);
  // The server survives a SIGTERM even once its pipes are broken: only the watchdog's SIGKILL
  // ends it, and should that never come, the test does not leave it running.
  t.after(() => {
    for (const left of alive([pid])) process.kill(left, 'SIGKILL');
  });
  assert.deepEqual(alive([pid]), [pid]);
  child.kill('SIGKILL');
  await exited;
  assert.ok(await eventually(() => alive([pid]).length === 0, 30_000), `server ${pid} outlived mcpctl`);
  assert.ok(await eventually(() => watchdogsOf(pid).length === 0, 30_000), 'the watchdog ended too');
});

test('after a normal run no watchdog is left', async () => {
  const log = path.join(setup.ws.home, 'spawn.log');
  const before = logLines(log).length;
  const r = await mcpctl(['call', 'stuck', 'echo', 'text=hi']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'hi\n');
  const pid = Number(logLines(log)[before]);
  assert.deepEqual(alive([pid]), []);
  assert.ok(await eventually(() => watchdogsOf(pid).length === 0, 30_000), 'the watchdog stood down');
});
