// What commander's parse chose: a definition's action hands over its run function, with the
// global flags parsed for it; main() calls it once parsing is done and turns its outcome into
// the exit code.

import type { Command } from 'commander';
import type { GlobalOptions } from './global-options.js';
import type { Deps } from './deps.js';
import type { Outcome } from './outcome.js';

export type Run = (deps: Deps) => Promise<Outcome>;

/**
 * The server a command opens first, when the definition can tell from its arguments: a
 * configured name or URL, or undefined for the --stdio server. main() starts it before the run
 * module loads.
 */
export interface Opens {
  target: string | undefined;
}

export class Choice {
  made?: { global: GlobalOptions; run: Run; opens?: Opens };

  /** For a definition's action: what to run, once commander is done. */
  set(command: Command, run: Run): void {
    this.made = { global: command.optsWithGlobals<GlobalOptions>(), run };
  }

  /**
   * The same, for a command whose first positional names the server it opens (with --stdio, the
   * positional is something else and the server is the --stdio one; with neither, it opens none
   * or many, and nothing starts early).
   */
  setOpening(command: Command, server: string | undefined, run: Run): void {
    const global = command.optsWithGlobals<GlobalOptions>();
    const opens =
      global.stdio !== undefined ? { target: undefined } : server !== undefined ? { target: server } : undefined;
    this.made = { global, run, opens };
  }
}
