// Watches a transport's traffic to know what the session is doing (spawning, probing,
// initializing, which request is out) so errors and timeouts can name the phase and method,
// and whether the server has answered anything yet (a cached era verdict is proven then).

import type { Transport } from '@modelcontextprotocol/client';
import type { Phase } from '../../errors.js';

export class PhaseTracker {
  phase: Phase;
  /** The method of the last request sent (one-shot commands send one at a time). */
  lastMethod?: string;
  /** Successful results received since `watchAnswers`. */
  answered = 0;

  constructor(startPhase: Phase) {
    this.phase = startPhase;
  }

  /** Wraps start and send so the phase follows the handshake. Call before connecting. */
  watch(transport: Transport, startPhase: Phase): void {
    const start = transport.start.bind(transport);
    transport.start = async () => {
      this.phase = startPhase;
      await start();
      if (this.phase === startPhase) this.phase = 'connect';
    };
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      if ('method' in message && 'id' in message) {
        this.lastMethod = message.method;
        if (message.method === 'server/discover' && this.phase !== 'request') this.phase = 'discovery';
        else if (message.method === 'initialize') this.phase = 'initialize';
      }
      return send(message, options);
    };
  }

  /**
   * Counts results from the server. Call after connect: the client installs its own
   * `onmessage` during connect, and this wraps it.
   */
  watchAnswers(transport: Transport): void {
    const inner = transport.onmessage;
    transport.onmessage = (message, extra) => {
      if ('result' in message) this.answered++;
      inner?.(message, extra);
    };
  }
}
