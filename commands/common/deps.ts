// What every command's run function receives: the context, the global flags, the output chosen
// once for this run, the run's one deadline (--timeout), the servers (configuration, resolution)
// and the sessions (connections opened with this run's limits). Built by main() once commander
// has parsed the command line.

import type { Context } from '../../src/io.js';
import { RunDeadline } from '../../src/deadline.js';
import { Output } from '../../src/output/output.js';
import type { GlobalOptions } from './global-options.js';
import { RecordReplay } from './record-replay.js';
import { ServerDirectory } from './server-directory.js';
import { Sessions } from './sessions.js';

export interface Deps {
  readonly ctx: Context;
  readonly global: GlobalOptions;
  readonly out: Output;
  /** --timeout, made once: every limit of the run is read from here. */
  readonly deadline: RunDeadline;
  readonly servers: ServerDirectory;
  readonly sessions: Sessions;
  /** --record / --replay, when one is given. */
  readonly recordReplay?: RecordReplay;
}

export function createDeps(ctx: Context, global: GlobalOptions): Deps {
  const out = new Output(ctx, global);
  const deadline = new RunDeadline(global.timeout, ctx.startedAt ?? ctx.now(), ctx.now);
  const recordReplay = RecordReplay.of(ctx, global);
  return {
    ctx,
    global,
    out,
    deadline,
    servers: new ServerDirectory(ctx, global, out, deadline),
    sessions: new Sessions(ctx, global, out, deadline, recordReplay),
    recordReplay,
  };
}
