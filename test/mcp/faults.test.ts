// Fault fixtures end in the right error kind, with server and phase named, and leave no
// process behind (checked in the process table); timeouts and Ctrl-C end sessions the same way.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, test, type TestContext } from 'node:test';
import type { StdioServerSpec } from '../../src/config/types.js';
import type { Session } from '../../src/mcp/session/index.js';
import { Teardown } from '../../src/mcp/teardown.js';
import {
  alive,
  assertAllEnded,
  aliveInGroup,
  eventually,
  fixtureSpec,
  fixtures,
  groupOf,
  logLines,
  makeCtx,
  stdioSpec,
  tempDir,
  withEnv,
  failure,
  openSession,
} from './helpers.js';
import { testClock, type TestClock } from '../helpers/clock.js';

/** The run's teardown, counting the teardowns already under way that it was handed. */
class TrackingTeardown extends Teardown {
  tracked = 0;
  override track(closing: Promise<void>): void {
    this.tracked += 1;
    super.track(closing);
  }
}

/** A fault fixture whose process ids are logged to a fresh file. */
function fault(behaviours: string[], timeoutMs = 5000) {
  const log = join(tempDir('fault'), 'spawns.log');
  const spec = fixtureSpec('faulty', 'fault-server.js', ['serve', ...behaviours], {
    env: withEnv({ SPAWN_LOG: log }),
    timeoutMs,
  });
  const pids = () => logLines(log).map((line) => Number(line.replace(/^child /, '')));
  return { spec, log, pids };
}

/** README: a stdio server and everything it started end within 5 s of the answer. */
const TEARDOWN_BOUND_MS = 5000;

/** Runs `then` once, when ctx's stderr first matches (on each write: no timer, the clock may be the test's). */
function whenStderr(ctx: ReturnType<typeof makeCtx>, pattern: RegExp, then: () => void): void {
  const check = () => {
    if (!pattern.test(ctx.stderrText())) return;
    ctx.io.stderr.off('data', check);
    then();
  };
  ctx.io.stderr.on('data', check);
}

const listAndEcho = async (s: Session) => {
  const { tools } = await s.client.listTools(undefined, s.requestOptions());
  const result = await s.client.callTool({ name: 'echo', arguments: { text: 'hello' } }, s.requestOptions());
  return { tools: tools.map((t) => t.name), result };
};

// A few at a time: each test starts a node process, and the machine has two cores.
describe('fault servers', { concurrency: 4 }, () => {
  test('a server that exits at once is a connection error with its exit code and stderr', async () => {
    const f = fault(['crash']);
    const err = await failure(openSession(f.spec, makeCtx(), { cacheDir: false }, listAndEcho));
    assert.equal(err.kind, 'connection');
    assert.equal(err.exitCode, 3);
    assert.equal(err.server, 'faulty');
    assert.ok(err.phase === 'initialize' || err.phase === 'spawn', `phase ${err.phase}`);
    assert.match(err.message, /exited with code 3/);
    assert.match(err.message, /cannot open database/);
    assertAllEnded(f.pids());
  });

  test('garbage on stdout before and between messages does not break the session', async () => {
    const f = fault(['garbage']);
    const ctx = makeCtx();
    const value = await openSession(f.spec, ctx, { verbose: true, cacheDir: false }, listAndEcho);
    assert.deepEqual(value.tools, ['echo', 'big', 'hang', 'crash']);
    assert.deepEqual(value.result.content, [{ type: 'text', text: 'hello' }]);
    assert.match(ctx.stderrText(), /faulty: \(stdout, not JSON-RPC\) fault-server 1\.0 starting/);
    assertAllEnded(f.pids());
  });

  test('a server that dies during a call is a connection error naming the call', async () => {
    const f = fault([]);
    const err = await failure(
      openSession(f.spec, makeCtx(), { cacheDir: false }, (s) =>
        s.client.callTool({ name: 'crash', arguments: {} }, s.requestOptions()),
      ),
    );
    assert.equal(err.kind, 'connection');
    assert.equal(err.phase, 'request');
    assert.match(err.message, /^server "faulty" exited with code 5 during tools\/call/);
    assert.match(err.message, /segfault in tool "crash"/);
    assertAllEnded(f.pids());
  });

  test("a JSON-RPC error from a request is a protocol error with the server's message", async () => {
    const f = fault([]);
    const err = await failure(
      openSession(f.spec, makeCtx(), { cacheDir: false }, (s) =>
        s.client.callTool({ name: 'nope', arguments: {} }, s.requestOptions()),
      ),
    );
    assert.equal(err.kind, 'protocol');
    assert.equal(err.exitCode, 5);
    assert.equal(err.phase, 'request');
    assert.match(err.message, /tools\/call/);
    assert.match(err.message, /Unknown tool: nope/);
  });

  test('a missing command is named', async () => {
    const spec = stdioSpec('ghost', 'mcpctl-no-such-command-xyz', []);
    const err = await failure(openSession(spec, makeCtx(), { cacheDir: false }, listAndEcho));
    assert.equal(err.kind, 'connection');
    assert.equal(err.phase, 'spawn');
    assert.equal(err.message, 'server "ghost": command not found: mcpctl-no-such-command-xyz');
    assert.ok(err.hint);
  });

  test('a working directory that does not exist is named (not a misleading ENOENT)', async () => {
    const f = fault([]);
    const spec = { ...f.spec, cwd: '/nonexistent/mcpctl-dir' };
    const err = await failure(openSession(spec, makeCtx(), { cacheDir: false }, listAndEcho));
    assert.equal(err.kind, 'connection');
    assert.equal(err.phase, 'spawn');
    assert.match(err.message, /working directory not found: \/nonexistent\/mcpctl-dir/);
  });

  test('a message over maxMessageBytes ends the session with a clear error', async () => {
    const f = fault([]);
    const err = await failure(
      openSession(f.spec, makeCtx(), { cacheDir: false, maxMessageBytes: 1024 * 1024 }, (s) =>
        s.client.callTool({ name: 'big', arguments: { bytes: 2 * 1024 * 1024 } }, s.requestOptions()),
      ),
    );
    assert.equal(err.kind, 'connection');
    assert.match(err.message, /larger than 1 MB/);
    assertAllEnded(f.pids());
  });

  test("a message above the SDK's 10 MB default arrives whole", async () => {
    const f = fault([]);
    const bytes = 12 * 1024 * 1024;
    const result = await openSession(f.spec, makeCtx(), { cacheDir: false }, (s) =>
      s.client.callTool({ name: 'big', arguments: { bytes } }, s.requestOptions()),
    );
    const block = result.content[0];
    assert.ok(block?.type === 'text');
    assert.equal(block.text.length, bytes);
  });
});

/** Taken before any test mocks them: the teardown driver waits on real time for real processes. */
const realSetTimeout = globalThis.setTimeout;
const realSetImmediate = globalThis.setImmediate;
const realSleep = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms));

/** Kills what a failed test left running. */
function endAll(pids: number[]): void {
  for (const pid of alive(pids)) process.kill(pid, 'SIGKILL');
}

/** The main thread's state letter in /proc (S sleeping, R running, Z zombie…), or undefined once gone. */
function stateOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

/** Waits until each process is asleep (waiting for something) or ended: none is still acting on a signal. */
async function untilIdle(pids: number[]): Promise<void> {
  // Callbacks that are due (the work the last tick released) run before anything is looked at.
  await new Promise((resolve) => realSetImmediate(resolve));
  while (pids.some((pid) => !['S', 'Z', 'X', undefined].includes(stateOf(pid)))) await realSleep(5);
}

/** The clock's step: the transport looks at the process table this often. */
const STEP_MS = 25;

/**
 * `work`'s outcome, with the clock that `clockStarts` gives moving STEP_MS at a time until `work`
 * settles, each time every process in `watched` is asleep or ended: a loaded machine slow to
 * deliver a signal or end a process stops the clock meanwhile.
 */
async function onTestClock<T>(clockStarts: Promise<TestClock>, watched: () => number[], work: Promise<T>): Promise<T> {
  let settled = false;
  const settles = work.finally(() => {
    settled = true;
  });
  const drive = async () => {
    const clock = await clockStarts;
    for (await untilIdle(watched()); !settled; await untilIdle(watched())) clock.tick(STEP_MS);
  };
  const [value] = await Promise.all([settles, Promise.race([drive(), settles])]);
  return value;
}

/**
 * A session with a connect timeout of `ms` on a clock the test moves: the timeout passes once the
 * server says it holds initialize (so it was started, logged itself and wrote to stderr first),
 * and the clock then runs on until the session has failed and ended what it may.
 */
function connectOnClock(t: TestContext, f: ReturnType<typeof fault>, ms: number, teardown?: Teardown) {
  const clock = testClock(t, { date: true });
  const ctx = makeCtx();
  const held = new Promise<TestClock>((resolve) =>
    whenStderr(ctx, /not answering initialize/, () => {
      clock.tick(ms);
      resolve(clock);
    }),
  );
  const session = openSession(
    f.spec,
    ctx,
    { connectTimeoutMs: ms, cacheDir: false, verbose: true, teardown },
    listAndEcho,
  );
  return { clock, failed: failure(onTestClock(held, f.pids, session)) };
}

/**
 * Runs a session with its teardown on a clock the test moves (setTimeout and Date): the clock is
 * the test's once the answer is in, and moves STEP_MS at a time, only while every process the
 * server started (`watched`) is asleep or ended. A loaded machine slow to deliver SIGTERM,
 * run a handler or end a killed process stops the clock meanwhile, so the bound is judged on the
 * time mcpctl waited, never on how fast the machine was. Returns the answer and the time from the
 * answer to the end of the session on that clock.
 */
async function teardownOnClock<T>(
  t: TestContext,
  spec: StdioServerSpec,
  work: (s: Session) => Promise<T>,
  watched: () => number[],
): Promise<{ value: T; teardownMs: number }> {
  let answered: ((clock: TestClock) => void) | undefined;
  const clockStarts = new Promise<TestClock>((resolve) => (answered = resolve));
  let answeredAt = 0;
  const session = openSession(spec, makeCtx(), { cacheDir: false }, async (s) => {
    const value = await work(s);
    const clock = testClock(t, { date: true });
    answeredAt = Date.now();
    answered?.(clock);
    return value;
  });
  const value = await onTestClock(clockStarts, watched, session);
  return { value, teardownMs: Date.now() - answeredAt };
}

// One at a time: the clock is the process's setTimeout and Date, which no other test may share meanwhile.
describe('teardown of servers that ignore SIGTERM, on a clock the test moves', () => {
  test('a server that ignores SIGTERM is killed, within the teardown bound', async (t) => {
    const f = fault(['ignore-term']);
    t.after(() => endAll(f.pids()));
    const { value, teardownMs } = await teardownOnClock(t, f.spec, listAndEcho, f.pids);
    assert.equal(value.tools.length, 4);
    assertAllEnded(f.pids());
    // The README's bound: everything ends within 5 s of the answer (SIGKILL comes 2 s after SIGTERM).
    assert.ok(teardownMs <= TEARDOWN_BOUND_MS, `teardown took ${teardownMs} ms of the clock`);
  });

  test('a server behind sh -c leaves nothing in its process group', async (t) => {
    const log = join(tempDir('wrap'), 'spawns.log');
    const server = join(fixtures, 'fault-server.js');
    const spec = stdioSpec(
      'wrapped',
      'sh',
      ['-c', `"${process.execPath}" "${server}" ignore-term; echo wrapper-done >&2`],
      { env: withEnv({ SPAWN_LOG: log }) },
    );
    let group: number | undefined;
    t.after(() => endAll(group === undefined ? [] : aliveInGroup(group)));
    const { teardownMs } = await teardownOnClock(
      t,
      spec,
      (s) => {
        group = groupOf(Number(logLines(log)[0]));
        return listAndEcho(s);
      },
      () => aliveInGroup(group!),
    );
    assert.ok(group !== undefined && group > 1, 'the server ran in a process group of its own');
    assert.deepEqual(aliveInGroup(group), []);
    assert.ok(teardownMs <= TEARDOWN_BOUND_MS, `teardown took ${teardownMs} ms of the clock`);
  });

  test('a grandchild that ignores SIGTERM does not survive the session', async (t) => {
    const f = fault(['grandchild']);
    t.after(() => endAll(f.pids()));
    let group: number | undefined;
    const { teardownMs } = await teardownOnClock(
      t,
      f.spec,
      (s) => {
        group = groupOf(f.pids()[0]!);
        return listAndEcho(s);
      },
      f.pids,
    );
    assert.equal(f.pids().length, 2, 'server and grandchild were both logged');
    assertAllEnded(f.pids());
    assert.deepEqual(aliveInGroup(group!), []);
    assert.ok(teardownMs <= TEARDOWN_BOUND_MS, `teardown took ${teardownMs} ms of the clock`);
  });

  test('descendants that left the process group (setsid) do not survive the session', async (t) => {
    const f = fault(['setsid']);
    // Should the test fail, nothing it started may outlive it.
    t.after(() => endAll(f.pids()));
    let groups: (number | undefined)[] = [];
    const { teardownMs } = await teardownOnClock(
      t,
      f.spec,
      async (s) => {
        // The child logs itself and its grandchild once both run: the event to wait for.
        assert.ok(await eventually(() => f.pids().length === 3, 20_000), 'the child and grandchild started');
        groups = f.pids().map(groupOf);
        return listAndEcho(s);
      },
      f.pids,
    );
    assert.equal(new Set(groups).size, 2, `the child left the server's group: ${groups.join(' ')}`);
    assertAllEnded(f.pids());
    assert.ok(teardownMs <= TEARDOWN_BOUND_MS, `teardown took ${teardownMs} ms of the clock`);
  });
});

// One at a time: the clock is the process's setTimeout, which no other test may share meanwhile.
describe('idle and total timeouts, on a clock the test moves', () => {
  const slowServer = () => fixtureSpec('slow', 'revision-server.js', ['legacy']);
  /** `steps` progress notifications as fast as the server sends them; each moves the clock `ms`. */
  const slow = (steps: number, clock: () => TestClock, ms: number) => (s: Session) =>
    s.client.callTool(
      { name: 'slow', arguments: { steps, intervalMs: 0 } },
      s.requestOptions({ onprogress: () => clock().tick(ms) }),
    );

  test('progress notifications keep a slow request alive past the idle timeout', async (t) => {
    let clock: TestClock | undefined;
    // 8 gaps of 499 ms against a 500 ms idle timeout: 4 s in all, alive throughout.
    const result = await openSession(slowServer(), makeCtx(), { requestTimeoutMs: 500, cacheDir: false }, (s) => {
      clock = testClock(t);
      return slow(8, () => clock as TestClock, 499)(s);
    });
    assert.deepEqual(result.content, [{ type: 'text', text: 'done after 8 steps' }]);
  });

  test('a request with no progress hits the idle (request) timeout', async (t) => {
    const f = fault([]);
    const ctx = makeCtx();
    const err = await failure(
      openSession(f.spec, ctx, { requestTimeoutMs: 300, cacheDir: false, verbose: true }, (s) => {
        const clock = testClock(t);
        // The server says it holds the call: only then do the 300 ms pass.
        whenStderr(ctx, /not answering tools\/call hang/, () => clock.tick(300));
        return s.client.callTool({ name: 'hang', arguments: {} }, s.requestOptions());
      }),
    );
    assert.equal(err.kind, 'timeout');
    assert.equal(err.phase, 'request');
    assert.equal(err.message, 'server "faulty": no answer to tools/call within 300ms (request timeout)');
    assertAllEnded(f.pids());
  });

  test('the total timeout wins over progress', async (t) => {
    // Progress every 399 ms of the clock keeps the 400 ms idle limit away; the command's limit is 4 s.
    const total = { at: Date.now() + 4000, ms: 4000 };
    let clock: TestClock | undefined;
    const err = await failure(
      openSession(slowServer(), makeCtx(), { requestTimeoutMs: 400, total, cacheDir: false }, (s) => {
        clock = testClock(t);
        return slow(100, () => clock as TestClock, 399)(s);
      }),
    );
    assert.equal(err.kind, 'timeout');
    assert.equal(err.exitCode, 124);
    assert.match(err.message, /^server "slow": .* within 4s \(total timeout\)$/);
  });
});

// One at a time: the clock is the process's setTimeout and Date, which no other test may share meanwhile.
describe('connect timeouts, on a clock the test moves', () => {
  test('a server that never answers initialize times out in the initialize phase', async (t) => {
    const f = fault(['hang']);
    t.after(() => endAll(f.pids()));
    const err = await connectOnClock(t, f, 1000).failed;
    assert.equal(err.kind, 'timeout');
    assert.equal(err.exitCode, 124);
    assert.equal(err.server, 'faulty');
    assert.equal(err.phase, 'initialize');
    // What the server wrote to stderr by then comes along.
    assert.equal(
      err.message,
      'server "faulty": no answer to initialize within 1s (connect timeout); its last stderr lines:\n  fault-server: not answering initialize',
    );
    assert.ok(err.hint);
    assertAllEnded(f.pids());
  });

  test("the run's teardown also takes the end of a failed connect, and endAll() waits for it", async (t) => {
    const f = fault(['ignore-term', 'hang']);
    t.after(() => endAll(f.pids()));
    const teardown = new TrackingTeardown();
    const { clock, failed } = connectOnClock(t, f, 500, teardown);
    const err = await failed;
    assert.equal(err.kind, 'timeout');
    assert.equal(teardown.tracked, 1, "the failed attempt's end was handed over, not awaited");
    // The server ignores SIGTERM: its end waits out the grace period on the clock, then SIGKILL.
    await onTestClock(Promise.resolve(clock), f.pids, teardown.endAll());
    assertAllEnded(f.pids());
  });
});

describe('timeouts and interrupts', { concurrency: 4 }, () => {
  test('Ctrl-C during a request ends the server and says interrupted', async () => {
    const f = fault([]);
    const ctx = makeCtx();
    let asked: Promise<void> | undefined;
    const err = await failure(
      openSession(f.spec, ctx, { cacheDir: false, verbose: true }, async (s) => {
        asked = ctx.stderrMatch(/not answering tools\/call hang/).then(() => ctx.interrupt());
        return s.client.callTool({ name: 'hang', arguments: {} }, s.requestOptions());
      }),
    );
    await asked;
    assert.equal(err.kind, 'interrupted');
    assert.equal(err.exitCode, 130);
    assert.equal(err.phase, 'request');
    assertAllEnded(f.pids());
  });

  test('Ctrl-C during connect ends the server and says interrupted', async () => {
    const f = fault(['hang']);
    const ctx = makeCtx();
    const asked = ctx.stderrMatch(/not answering initialize/).then(() => ctx.interrupt());
    const err = await failure(openSession(f.spec, ctx, { cacheDir: false, verbose: true }, listAndEcho));
    await asked;
    assert.equal(err.kind, 'interrupted');
    assert.equal(err.phase, 'initialize');
    assertAllEnded(f.pids());
  });

  test("with the run's teardown the answer comes first; endAll() then ends the server", async () => {
    const f = fault(['ignore-term']);
    const teardown = new Teardown();
    const value = await openSession(f.spec, makeCtx(), { cacheDir: false, teardown }, listAndEcho);
    try {
      assert.equal(value.tools.length, 4);
      assert.deepEqual(alive(f.pids()), f.pids(), 'the server is held until the answer is printed');
    } finally {
      await teardown.endAll(); // a failed check must not leave the server running
    }
    assertAllEnded(f.pids());
  });
});
