// The link between commander's action callbacks and our invocation: an action asks for its
// Invocation, built from the context and the global flags it was given.

import type { Command } from 'commander';
import type { Context } from '../../src/io.js';
import { Invocation, type GlobalOptions } from './invocation.js';

export class RunState {
  readonly ctx: Context;
  invocation?: Invocation;

  constructor(ctx: Context) {
    this.ctx = ctx;
  }

  begin(command: Command): Invocation {
    this.invocation = new Invocation(this.ctx, command.optsWithGlobals<GlobalOptions>());
    return this.invocation;
  }
}
