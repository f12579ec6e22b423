// --timeout as one deadline for the whole run: made once from the global flags (in Deps), counted
// from the start of the process, and read through the run's clock wherever a limit is needed.

/** Time kept at the end of --timeout for printing the error. */
const ERROR_PRINT_MS = 50;
/** Time kept at the end of --timeout for a last look at a task that is being waited for. */
const LAST_LOOK_MS = 250;

/** A wall-clock limit: when the work must stop (epoch ms, the run's clock) and how long it is. */
export interface TimeLimit {
  at: number;
  ms: number;
}

export class RunDeadline {
  /** --timeout in milliseconds; undefined when the run has no limit. */
  readonly ms?: number;
  /** When --timeout runs out (epoch ms, the run's clock). */
  readonly endsAt?: number;

  /**
   * @param seconds --timeout as parsed (a positive number), or undefined.
   * @param startedAt when the process started: the limit bounds the whole command.
   */
  constructor(
    seconds: number | undefined,
    startedAt: number,
    private readonly now: () => number,
  ) {
    if (seconds === undefined) return;
    this.ms = Math.max(1, Math.round(seconds * 1000));
    this.endsAt = startedAt + this.ms;
  }

  /** The limit for the work (connect and every request): a moment early, to leave time to print the error. */
  work(): TimeLimit | undefined {
    if (this.ms === undefined || this.endsAt === undefined) return undefined;
    return { at: this.endsAt - Math.min(ERROR_PRINT_MS, this.ms / 10), ms: this.ms };
  }

  /** When waiting for a task stops: early enough that the last look (one tasks/get) is answered in time. */
  taskWaitEndsAt(): number | undefined {
    const work = this.work();
    return work === undefined ? undefined : work.at - Math.min(LAST_LOOK_MS, work.ms / 4);
  }

  /** Milliseconds left of --timeout (never negative), or undefined without one. */
  remainingMs(): number | undefined {
    return this.endsAt === undefined ? undefined : Math.max(0, this.endsAt - this.now());
  }

  /**
   * A signal aborted (with `reason`) when --timeout runs out, for work that is not a session's
   * (a test run, say); `stop` clears its timer. Never aborted without --timeout.
   */
  timer(reason: (ms: number) => unknown): { signal: AbortSignal; stop(): void } {
    const controller = new AbortController();
    const left = this.remainingMs();
    const ms = this.ms;
    if (left === undefined || ms === undefined) return { signal: controller.signal, stop: () => {} };
    const timer = setTimeout(() => controller.abort(reason(ms)), left);
    timer.unref();
    return { signal: controller.signal, stop: () => clearTimeout(timer) };
  }
}
