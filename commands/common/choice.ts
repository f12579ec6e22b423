// What commander's parse chose: a definition's action hands over its run function, with the
// global flags parsed for it; main() calls it once parsing is done and turns its outcome into
// the exit code.

import type { Command } from 'commander';
import type { GlobalOptions } from './global-options.js';
import type { Deps } from './deps.js';
import type { Outcome } from './outcome.js';

export type Run = (deps: Deps) => Promise<Outcome>;

export class Choice {
  made?: { global: GlobalOptions; run: Run };

  /** For a definition's action: what to run, once commander is done. */
  set(command: Command, run: Run): void {
    this.made = { global: command.optsWithGlobals<GlobalOptions>(), run };
  }
}
