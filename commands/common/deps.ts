// What every command's run function receives: the context, the global flags, the output chosen
// once for this run, the servers (configuration, resolution) and the sessions (connections
// opened with this run's limits). Built by main() once commander has parsed the command line.

import type { Context } from '../../src/io.js';
import { Output } from '../../src/output/output.js';
import type { GlobalOptions } from './global-options.js';
import { RecordReplay } from './record-replay.js';
import { ServerDirectory } from './server-directory.js';
import { Sessions } from './sessions.js';

export interface Deps {
  readonly ctx: Context;
  readonly global: GlobalOptions;
  readonly out: Output;
  readonly servers: ServerDirectory;
  readonly sessions: Sessions;
  /** --record / --replay, when one is given. */
  readonly recordReplay?: RecordReplay;
}

export function createDeps(ctx: Context, global: GlobalOptions): Deps {
  const out = new Output(ctx, global);
  const recordReplay = RecordReplay.of(ctx, global);
  const sessions = new Sessions(ctx, global, out, recordReplay);
  return { ctx, global, out, servers: new ServerDirectory(ctx, global, out), sessions, recordReplay };
}
