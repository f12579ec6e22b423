// What commander's parse chose: a definition's action hands over its options and its run
// function, with the global flags parsed for it; main() calls it once parsing is done and turns
// its outcome into the exit code. Tests read the options here, without running anything.

import type { Command } from 'commander';
import { globalFlags, type GlobalOptions } from './global-options.js';
import { readFlags } from './flags.js';
import type { Deps } from './deps.js';
import type { Outcome } from './outcome.js';

export type Run = (deps: Deps) => Promise<Outcome>;

export class Choice {
  made?: { global: GlobalOptions; options: unknown; run: Run };

  /** For a definition's action: the options it parsed and what to run with them, once commander is done. */
  set<O>(command: Command, options: O, run: (deps: Deps, options: O) => Promise<Outcome>): void {
    this.made = {
      global: readFlags(globalFlags, command.optsWithGlobals()),
      options,
      run: (deps) => run(deps, options),
    };
  }

  /** A definition's action: reads the options of the command commander parsed, and sets them with `run`. */
  action<O>(
    declared: { read(command: Command): O },
    run: (deps: Deps, options: O) => Promise<Outcome>,
  ): (this: Command) => void {
    const choice = this;
    return function (this: Command) {
      choice.set(this, declared.read(this), run);
    };
  }
}
