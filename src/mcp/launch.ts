// Starting a session: a stdio server is spawned first, and the session layer (the MCP SDK, tens
// of milliseconds to load) loads while it boots. This module imports nothing of the SDK itself.

import type { ServerSpec } from '../config/types.js';
import type { Context } from '../io.js';
import type { Session, SessionOptions } from './session/session.js';
import { ServerLauncher } from './stdio/launcher.js';

/** The session layer, as the command working with a session receives it. */
export type Mcp = typeof import('./index.js');

/**
 * Runs `fn` with a session to `spec`. `options` is asked for the session's options once the
 * layer is loaded (they may need it); a server spawned for a session that never came (the
 * options failed) is abandoned. `startAhead` false (--replay): nothing is spawned here.
 */
export async function launchSession<T>(
  spec: ServerSpec,
  ctx: Context,
  options: (mcp: Mcp) => Promise<SessionOptions>,
  fn: (session: Session, mcp: Mcp) => Promise<T>,
  startAhead = true,
): Promise<T> {
  const launcher =
    startAhead && spec.transport === 'stdio' && !ctx.signal.aborted ? new ServerLauncher(spec).startAhead() : undefined;
  let mcp: Mcp;
  let opts: SessionOptions;
  try {
    mcp = await import('./index.js');
    opts = await options(mcp);
  } catch (err) {
    launcher?.untaken()?.abandon();
    throw err;
  }
  return mcp.withSession(spec, ctx, launcher ? { ...opts, launcher } : opts, (session) => fn(session, mcp));
}
