// A stdio server started ahead, before the SDK has loaded (ServerLauncher.startAhead), is the
// one the session talks to, keeps what it said if it dies before anyone listens, is ended even
// if no session takes it, and (with the run's teardown) lives until the caller says its answer is out.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { McpctlError } from '../../src/errors.js';
import type { Session } from '../../src/mcp/session/index.js';
import { ServerLauncher } from '../../src/mcp/stdio/launcher.js';
import { Teardown } from '../../src/mcp/teardown.js';
import type { SpawnedServer } from '../../src/mcp/stdio/spawn.js';
import {
  alive,
  assertAllEnded,
  eventually,
  fixtureSpec,
  logLines,
  makeCtx,
  tempDir,
  withEnv,
  openSession,
} from './helpers.js';

function fault(behaviours: string[]) {
  const log = join(tempDir('prestart'), 'spawns.log');
  const spec = fixtureSpec('faulty', 'fault-server.js', ['serve', ...behaviours], { env: withEnv({ SPAWN_LOG: log }) });
  const pids = () => logLines(log).map(Number);
  return { spec, pids };
}

/** A launcher with its first process started, and that process. */
function startedAhead(spec: ConstructorParameters<typeof ServerLauncher>[0]): {
  launcher: ServerLauncher;
  prestarted: SpawnedServer;
} {
  const launcher = new ServerLauncher(spec).startAhead();
  return { launcher, prestarted: launcher.waiting! };
}

const listTools = async (s: Session) =>
  (await s.client.listTools(undefined, s.requestOptions())).tools.map((t) => t.name);

describe('servers started before the session', { concurrency: 3 }, () => {
  test('the session adopts the running server instead of starting another', async () => {
    const f = fault([]);
    const { launcher, prestarted } = startedAhead(f.spec);
    const tools = await openSession(f.spec, makeCtx(), { cacheDir: false, launcher }, listTools);
    assert.deepEqual(tools, ['echo', 'big', 'hang', 'crash']);
    assert.equal(launcher.untaken(), undefined, 'the session took it');
    assert.deepEqual(f.pids(), [prestarted.pgid], 'one process, the one started ahead');
    assertAllEnded(f.pids());
  });

  test('a server that died before it was adopted still reports its exit code and stderr', async () => {
    const f = fault(['crash']);
    const { launcher, prestarted } = startedAhead(f.spec);
    // 'close' comes once the process has exited and Node has finished with its pipes: the
    // moment an unheld stream would have lost the server's last words.
    let closed = false;
    prestarted.child?.once('close', () => (closed = true));
    assert.ok(await eventually(() => closed, 10_000), 'the fixture exits at once');
    assert.ok(prestarted.exit() !== undefined, 'its exit was recorded');
    let error: unknown;
    try {
      await openSession(f.spec, makeCtx(), { cacheDir: false, launcher }, listTools);
    } catch (err) {
      error = err;
    }
    assert.ok(error instanceof McpctlError, String(error));
    assert.equal(error.kind, 'connection');
    assert.match(error.message, /exited with code 3/);
    assert.match(error.message, /cannot open database/);
  });

  test('a server no session adopted (interrupted first) is ended', async () => {
    const f = fault(['ignore-term']);
    const ctx = makeCtx();
    const { launcher, prestarted } = startedAhead(f.spec);
    await prestarted.started;
    ctx.interrupt();
    await assert.rejects(
      openSession(f.spec, ctx, { cacheDir: false, launcher }, listTools),
      (err: unknown) => err instanceof McpctlError && err.kind === 'interrupted',
    );
    assert.ok(prestarted.pgid !== undefined);
    assertAllEnded([prestarted.pgid, ...f.pids()]);
  });

  test("with the run's teardown the server lives until the answer is out, then it is ended", async () => {
    const f = fault([]);
    const teardown = new Teardown();
    const tools = await openSession(f.spec, makeCtx(), { cacheDir: false, teardown }, listTools);
    try {
      assert.equal(tools.length, 4);
      assert.equal(f.pids().length, 1, 'the server logged its pid');
      assert.deepEqual(alive(f.pids()), f.pids(), 'still running while the answer is printed');
    } finally {
      await teardown.endAll(); // a failed check must not leave the server waiting for it
    }
    assertAllEnded(f.pids());
  });
});
