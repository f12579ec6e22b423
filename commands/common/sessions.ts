// Sessions opened with this run's plans (session-plan.ts: --timeout, --connect-timeout, --max-size,
// --root, answers, auth): each stdio server is started before the session layer (the SDK) loads,
// so the two overlap; teardown waits until the answer is printed (endAll()), except for the
// many-server walk, which ends each server as soon as it is done so that at most `concurrency`
// run at once.

import type { Context } from '../../src/io.js';
import type { ServerSpec } from '../../src/config/types.js';
import type { Session } from '../../src/mcp/session/session.js';
import type { McpctlError } from '../../src/errors.js';
import type { Output } from '../../src/output/output.js';
import type { Mcp } from '../../src/mcp/launch.js';
import type { RunDeadline } from '../../src/deadline.js';
import { Teardown } from '../../src/mcp/teardown.js';
import type { GlobalOptions } from './global-options.js';
import { failureOf } from './outcome.js';
import { type PlanRequest, SessionPlanner } from './session-plan.js';
import type { RecordReplay } from './record-replay.js';

export type { Mcp } from '../../src/mcp/launch.js';

/** How many servers a command over every server works on at once. */
export const DEFAULT_CONCURRENCY = 8;

/** What a command asks of a session it opens. */
export type OpenOptions = PlanRequest & {
  /** More code the work needs (the schema checks), loaded while the server boots. */
  alongside?: () => Promise<unknown>;
  /** End the server as soon as the work is done (a test file's), not once the answer is printed. */
  endWhenDone?: boolean;
};

/** One server's outcome in each(), with the time its turn took (connecting included), in ms. */
export type Settled<T> = { spec: ServerSpec; ms: number } & (
  | { ok: true; value: T }
  | { ok: false; error: McpctlError }
);

export class Sessions {
  private readonly planner: SessionPlanner;
  /** The run's one teardown: every session opened for the answer ends through it. */
  private readonly teardown = new Teardown();

  constructor(
    private readonly ctx: Context,
    private readonly global: GlobalOptions,
    out: Output,
    deadline: RunDeadline,
    private readonly recordReplay?: RecordReplay,
  ) {
    this.planner = new SessionPlanner(ctx, global, out, deadline, recordReplay);
  }

  /** Opens a session for the duration of `fn`; teardown comes after the answer is printed. */
  open<T>(spec: ServerSpec, fn: (session: Session, mcp: Mcp) => Promise<T>, options: OpenOptions = {}): Promise<T> {
    return this.launch(spec, fn, options, options.endWhenDone ? undefined : this.teardown);
  }

  /**
   * `fn` on each server, `concurrency` at a time, each server ended as soon as its work is done
   * (so no more than that many run at once; the last ones are not waited for before the
   * answer); results in input order, failures attributed.
   */
  async each<T>(
    specs: ServerSpec[],
    fn: (session: Session, mcp: Mcp) => Promise<T>,
    concurrency = this.global.concurrency ?? DEFAULT_CONCURRENCY,
  ): Promise<Settled<T>[]> {
    const results: Settled<T>[] = new Array(specs.length);
    let next = 0;
    const worker = async () => {
      while (next < specs.length) {
        const index = next++;
        const spec = specs[index]!;
        const started = this.ctx.now();
        const own = new Teardown();
        try {
          const value = await this.launch(spec, fn, {}, own);
          results[index] = { spec, ms: this.turnMs(spec, started), ok: true, value };
        } catch (err) {
          results[index] = { spec, ms: this.turnMs(spec, started), ok: false, error: failureOf(err, spec.name) };
        }
        // The server ends now; the next one starts once it has, but the last ones' ends (a server
        // slow to exit) wait for the answer to be printed, as every other session's do.
        const ending = own.endAll();
        if (next < specs.length) await ending;
        else this.teardown.track(ending);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, specs.length)) }, worker));
    return results;
  }

  /** How long a server's turn took (status's latency); under --replay, as recorded. */
  private turnMs(spec: ServerSpec, started: number): number {
    const ms = this.ctx.now() - started;
    return this.recordReplay?.turn(spec.name, ms) ?? ms;
  }

  /** The answer (or the error) is printed: every server is ended now. */
  endAll(): Promise<void> {
    return this.teardown.endAll();
  }

  /** A session planned once, started through launchSession (the server first, then the SDK). */
  private async launch<T>(
    spec: ServerSpec,
    fn: (session: Session, mcp: Mcp) => Promise<T>,
    options: OpenOptions,
    teardown: Teardown | undefined,
  ): Promise<T> {
    const plan = await this.planner.plan(spec, options);
    try {
      const { launchSession } = await import('../../src/mcp/launch.js');
      const session = launchSession(plan, this.ctx, fn, teardown);
      // launchSession has spawned the server before its first wait: this loads while it boots.
      options.alongside?.().catch(() => {});
      return await session;
    } finally {
      // Releases a store lock left by a refresh the SDK began and did not finish.
      await (plan.auth as { close?: () => Promise<void> } | undefined)?.close?.();
    }
  }
}
