// What a run starts, it ends: a session's stdio server lives until the answer is printed
// (endAll()), and a walk over many servers never has more than its concurrency alive at once.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { Sessions } from '../../commands/common/sessions.js';
import { Output } from '../../src/output/output.js';
import { RunDeadline } from '../../src/deadline.js';
import { alive, fixtureSpec, logLines, makeCtx, stdioSpec, tempDir, withEnv } from '../mcp/helpers.js';

function sessions() {
  const ctx = makeCtx({ ...process.env, XDG_CACHE_HOME: tempDir('sessions-cache') });
  return new Sessions(ctx, {}, new Output(ctx, {}), new RunDeadline(undefined, ctx.now(), ctx.now));
}

test('a session takes one process, which stays until endAll() and is ended by it', async () => {
  const log = join(tempDir('sessions'), 'spawns.log');
  const spec = fixtureSpec('faulty', 'fault-server.js', ['serve'], { env: withEnv({ SPAWN_LOG: log }) });
  const pids = () => logLines(log).map(Number);
  const run = sessions();
  const names = await run.open(spec, async (session) =>
    (await session.client.listTools(undefined, session.requestOptions())).tools.map((t) => t.name),
  );
  assert.deepEqual(names, ['echo', 'big', 'hang', 'crash']);
  assert.equal(pids().length, 1);
  assert.deepEqual(alive(pids()), pids(), 'the server is kept until the answer is printed');
  await run.endAll();
  assert.deepEqual(alive(pids()), []);
});

test('each() works on at most `concurrency` servers at once; the servers it did not wait for end with endAll()', async () => {
  const log = join(tempDir('sessions'), 'spawns.log');
  const specs = Array.from({ length: 5 }, (_, i) =>
    fixtureSpec(`faulty${i}`, 'fault-server.js', ['serve'], { env: withEnv({ SPAWN_LOG: log }) }),
  );
  const pids = () => logLines(log).map(Number);
  const run = sessions();
  const aliveDuringWork: number[] = [];
  const results = await run.each(
    specs,
    async (session) => {
      aliveDuringWork.push(alive(pids()).length);
      return session.spec.name;
    },
    2,
  );
  assert.deepEqual(
    results.map((r) => (r.ok ? r.value : r.error.message)),
    specs.map((s) => s.name),
  );
  assert.equal(pids().length, 5, 'every server was started');
  assert.ok(Math.max(...aliveDuringWork) <= 2, `alive at once: ${aliveDuringWork.join(', ')}`);
  // The answer is not held for the last servers to exit: the run's endAll() ends them.
  await run.endAll();
  assert.deepEqual(alive(pids()), [], 'every server ended by endAll()');
});

test('each() returns healthy results beside failures, in input order', async () => {
  const good = fixtureSpec('faulty', 'fault-server.js', ['serve']);
  const bad = fixtureSpec('faulty', 'fault-server.js', ['serve', 'crash']);
  const ghost = stdioSpec('ghost', 'mcpctl-no-such-command-xyz', []);
  const run = sessions();
  const results = await run.each([good, bad, ghost, { ...good, name: 'again' }], async (session) => {
    const { tools } = await session.client.listTools(undefined, session.requestOptions());
    return tools.map((t) => t.name);
  });
  assert.deepEqual(
    results.map((r) => [r.spec.name, r.ok]),
    [
      ['faulty', true],
      ['faulty', false],
      ['ghost', false],
      ['again', true],
    ],
  );
  const [first, second, third] = results;
  assert.ok(first?.ok && first.value.length === 4);
  assert.ok(second && !second.ok && second.error.kind === 'connection');
  assert.ok(third && !third.ok && third.error.phase === 'spawn');
  await run.endAll();
});
