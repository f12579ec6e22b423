// What a person sees while a call runs, and the clock that stands for the server's silence:
// one object owns the spinner, its text, the terminal a question is asked on, and the idle timer
// that a question pauses (their thinking time is no server silence).

import type { Deps } from '../common/deps.js';
import { askOnTerminal } from '../common/ask.js';
import type { Spinner } from '../../src/output/output.js';
import { type LineReader, lineReader } from '../../src/ask/lines.js';
import type { FormAnswer, FormRequest } from '../../src/ask/form.js';
import type { IdleTimer } from '../../src/mcp/session/idle-timer.js';

export class CallProgress {
  private finished = false;
  private lines?: LineReader;
  private idle?: IdleTimer;

  private constructor(
    private readonly deps: Deps,
    private readonly server: string,
    private text: string,
    private spinner: Spinner,
  ) {}

  static async start(deps: Deps, server: string, text: string): Promise<CallProgress> {
    return new CallProgress(deps, server, text, await deps.out.startSpinner(text));
  }

  /** A sign of life from the server (progress, a task's status): the idle wait starts again. */
  show(text: string): void {
    this.idle?.touch();
    this.text = text;
    this.spinner.update(text);
  }

  /** From now until `stopIdle`, the server's silence is measured by `idle` (started here). */
  watchIdle(idle: IdleTimer): void {
    this.idle = idle;
    idle.touch();
  }

  stopIdle(): void {
    this.idle?.stop();
  }

  /** One of the server's questions, asked with the spinner away and the idle clock paused. */
  ask(request: FormRequest): Promise<FormAnswer> {
    return this.idle ? this.idle.whilePaused(() => this.askPerson(request)) : this.askPerson(request);
  }

  private async askPerson(request: FormRequest): Promise<FormAnswer> {
    const { ctx, out } = this.deps;
    this.spinner.stop();
    this.lines ??= lineReader(ctx.io.stdin, ctx.io.stderr, ctx.signal);
    try {
      return await askOnTerminal(this.deps, this.server, this.lines, request);
    } finally {
      // The call may have ended (timeout, Ctrl-C) while the person was typing: no new spinner then.
      const resumed = this.finished ? undefined : await out.startSpinner(this.text);
      if (resumed && this.finished) resumed.stop();
      else if (resumed) this.spinner = resumed;
    }
  }

  /** The call is over: no spinner, no question, whatever is still pending. */
  end(): void {
    this.finished = true;
    this.lines?.close();
    this.spinner.stop();
  }
}
