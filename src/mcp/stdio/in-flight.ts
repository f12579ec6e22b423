// The requests a stdio connection has sent and not yet seen answered, so that an error answer
// with `id: null` (a server that could not tell which request failed, or would not echo a
// probe's string id) reaches the request it answers when only one is waiting, instead of being
// dropped and left to its timeout. The SDK's parser refuses such a message outright.

import type { JSONRPCMessage } from '@modelcontextprotocol/client';

type RequestId = string | number;

export class InFlight {
  private readonly waiting = new Set<RequestId>();

  sent(message: JSONRPCMessage): void {
    if ('method' in message && 'id' in message && (typeof message.id === 'string' || typeof message.id === 'number'))
      this.waiting.add(message.id);
  }

  answered(message: JSONRPCMessage): void {
    if (('result' in message || 'error' in message) && 'id' in message && message.id !== undefined)
      this.waiting.delete(message.id as RequestId);
  }

  /** `raw` (parsed JSON the SDK refused) as the error answer to the one request waiting, if it is one. */
  claim(raw: unknown): JSONRPCMessage | undefined {
    if (this.waiting.size !== 1 || typeof raw !== 'object' || raw === null) return undefined;
    const { jsonrpc, id, error } = raw as { jsonrpc?: unknown; id?: unknown; error?: unknown };
    if (jsonrpc !== '2.0' || id !== null || typeof error !== 'object' || error === null) return undefined;
    const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
    if (typeof code !== 'number' || typeof message !== 'string') return undefined;
    const [waiting] = this.waiting;
    this.waiting.delete(waiting!);
    return {
      jsonrpc: '2.0',
      id: waiting!,
      error: { code, message, ...(data !== undefined ? { data } : {}) },
    } as JSONRPCMessage;
  }
}
