// What commander's parse chose: a command's action hands over its run function, with the global
// flags parsed for it; main() calls it once parsing is done and turns its outcome into the exit
// code. (Commands not yet returning an outcome still begin an Invocation here.)

import type { Command } from 'commander';
import type { Context } from '../../src/io.js';
import { Invocation } from './invocation.js';
import type { GlobalOptions } from './global-options.js';
import type { Deps } from './deps.js';
import type { Outcome } from './outcome.js';

export type Run = (deps: Deps) => Promise<Outcome>;

export class RunState {
  readonly ctx: Context;
  invocation?: Invocation;
  chosen?: { global: GlobalOptions; run: Run };

  constructor(ctx: Context) {
    this.ctx = ctx;
  }

  /** For a definition's action: what to run, once commander is done. */
  run(command: Command, run: Run): void {
    this.chosen = { global: command.optsWithGlobals<GlobalOptions>(), run };
  }

  begin(command: Command): Invocation {
    this.invocation = new Invocation(this.ctx, command.optsWithGlobals<GlobalOptions>());
    return this.invocation;
  }
}
