// What an invocation starts, it ends: a stdio server started ahead of its session (prestart)
// is taken by that session, and ended by settle() when no session took it.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { Invocation } from '../../commands/shared/invocation.js';
import { alive, fixtureSpec, logLines, makeCtx, tempDir, withEnv, eventually } from '../mcp/helpers.js';

function server() {
  const log = join(tempDir('invocation'), 'spawns.log');
  const spec = fixtureSpec('faulty', 'fault-server.js', ['serve'], { env: withEnv({ SPAWN_LOG: log }) });
  return { spec, pids: () => logLines(log).map(Number) };
}

test('a server started ahead of a session that never came is ended by settle()', async () => {
  const s = server();
  const inv = new Invocation(makeCtx(), {});
  await inv.prestart(s.spec);
  assert.ok(await eventually(() => s.pids().length === 1, 10_000), 'the server started');
  assert.deepEqual(alive(s.pids()), s.pids());
  await inv.settle();
  assert.deepEqual(alive(s.pids()), []);
});

test('the session takes the server started ahead of it: one process, ended after settle()', async () => {
  const s = server();
  const inv = new Invocation(makeCtx(), {});
  await inv.prestart(s.spec);
  const names = await inv.session(s.spec, async (session) =>
    (await session.client.listTools(undefined, session.requestOptions())).tools.map((t) => t.name),
  );
  assert.deepEqual(names, ['echo', 'big', 'hang', 'crash']);
  assert.equal(s.pids().length, 1);
  await inv.settle();
  assert.deepEqual(alive(s.pids()), []);
});
