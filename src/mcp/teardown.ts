// The run's one teardown: every session started for the answer hands its end here, and the run
// ends them all once the answer (or the error) is printed, so a slow-to-exit server never delays
// the output. Nothing of the SDK: Deps makes one for every run.

export class Teardown {
  private readonly pending: Promise<void>[] = [];
  private release!: () => void;
  /** Settles once the answer is printed: held ends begin then. */
  private readonly answered = new Promise<void>((resolve) => (this.release = resolve));

  /** A session's end, held until the answer is printed; endAll() waits for it. */
  hold(end: () => Promise<void>): void {
    this.track(this.answered.then(end, end));
  }

  /** A teardown already under way (a failed connection attempt's): endAll() waits for it too. */
  track(closing: Promise<void>): void {
    this.pending.push(closing.catch(() => {}));
  }

  /** The answer is printed: every held session ends now; resolves when all of them are gone. */
  async endAll(): Promise<void> {
    this.release();
    await Promise.all(this.pending);
  }
}
