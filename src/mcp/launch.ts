// Starting a session: a stdio server is spawned first, and the session layer (the MCP SDK, tens
// of milliseconds to load) loads while it boots. This module imports nothing of the SDK itself.

import type { Context } from '../io.js';
import type { Session } from './session/session.js';
import type { SessionPlan } from './session/plan.js';
import type { Teardown } from './teardown.js';
import { ServerLauncher } from './stdio/launcher.js';

/** The session layer, as the command working with a session receives it. */
export type Mcp = typeof import('./index.js');

/**
 * Runs `fn` with a session opened as `plan` says. With the run's `teardown`, the session's end
 * is held there until the answer is printed; without, it ends before this returns. A server
 * spawned for a session layer that failed to load is abandoned. Nothing is spawned here for a
 * replay (`plan.exchange` starts no servers).
 */
export async function launchSession<T>(
  plan: SessionPlan,
  ctx: Context,
  fn: (session: Session, mcp: Mcp) => Promise<T>,
  teardown?: Teardown,
): Promise<T> {
  const launcher =
    plan.spec.transport === 'stdio' && plan.exchange?.startsServers !== false && !ctx.signal.aborted
      ? new ServerLauncher(plan.spec, ctx.now).startAhead()
      : undefined;
  let mcp: Mcp;
  try {
    mcp = await import('./index.js');
  } catch (err) {
    launcher?.untaken()?.abandon();
    throw err;
  }
  return mcp.withSession(plan, ctx, (session) => fn(session, mcp), { launcher, teardown });
}
