// The run's one deadline: --timeout counts from the start of the process, on the run's clock,
// and each limit read from it (a session's work, a task wait, what is left) ends in order.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RunDeadline } from '../src/deadline.js';

test('without --timeout nothing is limited', () => {
  const deadline = new RunDeadline(undefined, 1_000, () => 5_000);
  assert.equal(deadline.ms, undefined);
  assert.equal(deadline.work(), undefined);
  assert.equal(deadline.taskWaitEndsAt(), undefined);
  assert.equal(deadline.remainingMs(), undefined);
});

test('--timeout counts from the process start: the work stops first, a task wait before it', () => {
  let now = 1_500;
  const deadline = new RunDeadline(10, 1_000, () => now);
  assert.equal(deadline.endsAt, 11_000);
  // 50 ms are left for printing the error, 250 ms more for the last look at a task.
  assert.deepEqual(deadline.work(), { at: 10_950, ms: 10_000 });
  assert.equal(deadline.taskWaitEndsAt(), 10_700);
  assert.equal(deadline.remainingMs(), 9_500, 'the half second since the start is spent');
  now = 12_000;
  assert.equal(deadline.remainingMs(), 0, 'never negative');
});

test('a short --timeout keeps its margins in proportion', () => {
  const deadline = new RunDeadline(0.1, 0, () => 0);
  assert.deepEqual(deadline.work(), { at: 90, ms: 100 });
  assert.equal(deadline.taskWaitEndsAt(), 65);
});

test('the timer of a run without --timeout never fires; with one it aborts with the reason', async () => {
  const unlimited = new RunDeadline(undefined, 0, Date.now).timer(() => new Error('never'));
  assert.equal(unlimited.signal.aborted, false);
  unlimited.stop();
  const started = Date.now();
  const limited = new RunDeadline(0.001, started, Date.now).timer((ms) => new Error(`${ms} ms`));
  // The run's timer does not hold the process open (unref'd); this wait's own bound does.
  let bound: NodeJS.Timeout | undefined;
  await new Promise((resolve, reject) => {
    limited.signal.addEventListener('abort', resolve, { once: true });
    bound = setTimeout(() => reject(new Error('the limited timer never fired')), 10_000);
  });
  clearTimeout(bound);
  assert.equal((limited.signal.reason as Error).message, '1 ms');
});
