// What `--watch` of `tools` and `resources` share: one session kept open past --timeout's usual
// end, the thing printed now and again on each change, and Ctrl-C (or SIGTERM) as how a watch
// ends, not a failure.

import type { Context } from '../../src/io.js';
import type { ServerSpec } from '../../src/config/types.js';
import type { Session } from '../../src/mcp/session/session.js';
import { watch, type WatchTarget } from '../../src/mcp/requests/watch.js';
import type { Deps } from './deps.js';
import type { Mcp } from './sessions.js';

/** A watch ended by Ctrl-C is a success (exit 0), not an interruption. */
export async function untilWatchEnds(ctx: Context, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (ctx.signal.aborted) return;
    throw err;
  }
}

/**
 * Watches `target` on `spec` until Ctrl-C or --timeout: `print` (made for the open session) runs
 * now and after each change. `what` names the target in the line that says the watch began.
 */
export async function watchAndPrint(
  deps: Deps,
  spec: ServerSpec,
  what: string,
  target: WatchTarget,
  print: (session: Session, mcp: Mcp) => () => Promise<void>,
): Promise<void> {
  const { out, ctx } = deps;
  const deadline = deps.deadline.endsAt;
  await untilWatchEnds(ctx, () =>
    deps.sessions.open(
      spec,
      async (session, mcp) => {
        const printNow = print(session, mcp);
        // A reader gone away (`| head`) ends the watch as Ctrl-C does: nothing printed is read.
        const readerGone = new AbortController();
        const onChange = async () => {
          await printNow();
          if (out.readerGone) readerGone.abort();
        };
        const signal = AbortSignal.any([ctx.signal, readerGone.signal]);
        out.info(`watching ${what}${deadline === undefined ? '' : ` for ${deps.global.timeout}s`} (Ctrl-C ends)`);
        return watch(session, target, { deadline, now: ctx.now, signal, onChange });
      },
      { ownDeadline: true },
    ),
  );
}
