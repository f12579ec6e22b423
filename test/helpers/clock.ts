// A clock the test moves: node:test's mock timers for setTimeout, so a timeout fires when the test
// says (after what it waits for has happened), never because a loaded machine was slow. Real I/O
// (processes, pipes, sockets) goes on as usual; only the waiting is the test's.

import type { TestContext } from 'node:test';

/** Taken before any test mocks it: the guard below must run on real time. */
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/** Past this much real time a test on the clock has hung: every timer is fired and the test fails. */
const GUARD_MS = 60_000;

export interface TestClockOptions {
  /** Date (Date.now and new Date()) runs on the clock too, starting at the real time. */
  date?: boolean;
}

export interface TestClock {
  /** Moves the clock: every timer due within `ms` fires, in order. */
  tick(ms: number): void;
  /**
   * Until `work` settles, fires each timer that comes due at the clock's present time (a wait of
   * 0 ms, or of what was left): the clock does not move, so no later timer fires meanwhile.
   */
  runDue<T>(work: Promise<T>): Promise<T>;
}

/**
 * From now to the end of test `t`, setTimeout runs on the test's clock. node:test's own test
 * timeout runs on it too, so a real-time guard stands in: a test still running after a minute
 * has every pending timer fired (timeouts, kill fallbacks: nothing is left waiting) and fails.
 */
export function testClock(t: TestContext, { date = false }: TestClockOptions = {}): TestClock {
  t.mock.timers.enable(date ? { apis: ['setTimeout', 'Date'], now: Date.now() } : { apis: ['setTimeout'] });
  let hung = false;
  const guard = realSetTimeout(() => {
    hung = true;
    t.mock.timers.tick(24 * 3600_000);
  }, GUARD_MS);
  guard.unref();
  t.after(() => {
    realClearTimeout(guard);
    if (hung) throw new Error(`the test waited on its clock for ${GUARD_MS / 1000} s of real time: it hung`);
  });
  const runDue = async <T>(work: Promise<T>): Promise<T> => {
    let settled = false;
    const outcome = work.finally(() => {
      settled = true;
    });
    while (!settled) {
      t.mock.timers.tick(0);
      await new Promise((resolve) => realSetTimeout(resolve, 5));
    }
    return outcome;
  };
  return { tick: (ms) => t.mock.timers.tick(ms), runDue };
}
