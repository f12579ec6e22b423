// Under `auto`, any answer to the `server/discover` probe that is not a discover result means
// "a server of the 2025 revisions": try `initialize` (issue 9 §1). The SDK already takes most
// such answers that way; this file names the ones it turns into errors (HTTP 5xx, a body that
// is not JSON-RPC, a closed connection) and watches the probe's HTTP answer for the ones it
// would wait on until the deadline (an error with `id: null`, a stream that ends unanswered).

import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import type { FetchLike } from '@modelcontextprotocol/client';

/** Failures where nothing answered at all: no server to fall back to. */
const NO_ANSWER_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Watches the HTTP answer to `server/discover`. The SDK passes over a JSON-RPC error without
 * our id and a response stream that ends without an answer, and would wait for its timeout:
 * the referee sees them in a copy of the response and reports them through `onUnsettled`.
 */
export class ProbeReferee {
  /** What the server answered that can never settle the probe, once seen. */
  verdict?: string;

  constructor(private readonly onUnsettled: (verdict: string) => void) {}

  wrap(fetch: FetchLike): FetchLike {
    return async (input, init) => {
      const response = await fetch(input, init);
      const id = probeId(init?.body);
      if (id !== undefined && response.ok && response.status !== 202 && response.body !== null)
        void this.judge(response.clone(), id);
      return response;
    };
  }

  private async judge(copy: Response, id: string): Promise<void> {
    const type = (copy.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    let text: string;
    try {
      text = await copy.text();
    } catch {
      return; // the attempt ended first
    }
    let bodies: string[];
    if (type === 'text/event-stream') {
      const events = parseEvents(text);
      // An event with an id lets the SDK resume the stream with GET (SEP-1699): not ours to judge.
      if (events.some((event) => event.id !== undefined)) return;
      bodies = events.map((event) => event.data);
    } else if (type === 'application/json') {
      bodies = [text];
    } else {
      return; // the SDK refuses other content types itself
    }
    const messages = bodies.flatMap(parseMessages);
    if (messages.some((m) => m.id === id && ('result' in m || 'error' in m))) return;
    const unaddressed = messages.find((m) => m.id === null && typeof m.error === 'object' && m.error !== null);
    this.verdict = unaddressed
      ? `a JSON-RPC error without the request's id (id: null): ${describeRpcError(unaddressed.error)}`
      : messages.length === 0 && type === 'text/event-stream'
        ? 'a response stream that closed without an answer'
        : 'a reply that is not an answer to it';
    this.onUnsettled(this.verdict);
  }
}

/**
 * How the server answered the probe, when a failed `auto` connection failed on an answer that
 * was not a discover result (so `initialize` is worth a try); undefined for anything else
 * (auth, timeouts, nothing listening, a pinned revision's refusal).
 */
export function probeAnswerOf(err: unknown, referee: ProbeReferee | undefined): string | undefined {
  if (referee?.verdict) return referee.verdict;
  if (!(err instanceof SdkError) || err.code !== SdkErrorCode.EraNegotiationFailed) return undefined;
  if (err instanceof SdkHttpError) {
    const rpc = rpcErrorIn(err.data.text);
    return `HTTP ${err.status}${rpc ? ` with ${rpc}` : ''}`;
  }
  if (/unusable reply/.test(err.message)) return 'a reply that is not JSON-RPC';
  if (/connection closed/i.test(err.message)) return 'a closed connection, without an answer';
  const code = causeCode(err);
  if (/probe failed/.test(err.message) && code !== undefined && !NO_ANSWER_CODES.has(code))
    return `a broken connection (${code})`;
  return undefined;
}

function probeId(body: unknown): string | undefined {
  if (typeof body !== 'string' || !body.includes('server/discover')) return undefined;
  try {
    const message = JSON.parse(body) as { method?: unknown; id?: unknown };
    return message.method === 'server/discover' && typeof message.id === 'string' ? message.id : undefined;
  } catch {
    return undefined;
  }
}

interface LooseMessage {
  id?: unknown;
  result?: unknown;
  error?: unknown;
}

function parseMessages(body: string): LooseMessage[] {
  try {
    const parsed = JSON.parse(body) as unknown;
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.filter((m): m is LooseMessage => typeof m === 'object' && m !== null);
  } catch {
    return [];
  }
}

/** Server-sent events as `id` and joined `data` lines (WHATWG's parsing, minus retry). */
function parseEvents(text: string): Array<{ id?: string; data: string }> {
  const events: Array<{ id?: string; data: string }> = [];
  for (const block of text.split(/\r\n\r\n|\n\n|\r\r/)) {
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split(/\r\n|\n|\r/)) {
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id' && value !== '') id = value;
      else if (field === 'data') data.push(value);
    }
    if (id !== undefined || data.length > 0)
      events.push({ ...(id !== undefined ? { id } : {}), data: data.join('\n') });
  }
  return events;
}

function rpcErrorIn(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const error = parseMessages(text)[0]?.error;
  return typeof error === 'object' && error !== null ? describeRpcError(error) : undefined;
}

function describeRpcError(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message.replace(/\s+/g, ' ').trim().slice(0, 200) : '';
  return `JSON-RPC error ${typeof code === 'number' ? code : '?'}${text ? ` "${text}"` : ''}`;
}

function causeCode(err: Error): string | undefined {
  for (let cause: unknown = err.cause, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
