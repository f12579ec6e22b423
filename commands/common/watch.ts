// What `--watch` of `tools` and `resources` share: Ctrl-C (or SIGTERM) is how a watch ends, not
// a failure.

import type { Context } from '../../src/io.js';

/** A watch ended by Ctrl-C is a success (exit 0), not an interruption. */
export async function untilWatchEnds(ctx: Context, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (ctx.signal.aborted) return;
    throw err;
  }
}
