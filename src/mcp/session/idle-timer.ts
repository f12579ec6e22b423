// An idle limit for one request that can be paused: while a person answers a server's question
// the call waits on them, not on the server, so the SDK's own idle timer (which only progress
// resets) must not run out under their fingers. Expiry aborts with the SDK's timeout error, so
// it is reported like any other request timeout.

import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';

/** The longest delay setTimeout accepts; the SDK's timer is parked there while ours rules. */
export const NEVER_MS = 2_147_483_647;

export class IdleTimer {
  private readonly controller = new AbortController();
  private timer?: NodeJS.Timeout;
  private paused = 0;

  constructor(private readonly ms: number) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** (Re)starts the wait: on start and on every sign of life (progress). */
  touch(): void {
    clearTimeout(this.timer);
    if (this.paused > 0 || this.controller.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.controller.abort(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: this.ms }));
    }, this.ms);
    this.timer.unref();
  }

  /** Runs `work` with the clock stopped, then starts a fresh wait. */
  async whilePaused<T>(work: () => Promise<T>): Promise<T> {
    this.paused++;
    clearTimeout(this.timer);
    try {
      return await work();
    } finally {
      this.paused--;
      this.touch();
    }
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
