// The size cap of HTTP answers, counted on the bytes after decompression (a small gzip body can
// inflate to gigabytes): a JSON body as a whole, an event stream event by event, since one SSE
// stream carries every message of a legacy session.

import { MessageTooLargeError } from '../message-size.js';
import { WireResponse, checkedStream } from './wire-response.js';

const LF = 0x0a;
const CR = 0x0d;

/**
 * The response with a body that fails with MessageTooLargeError (and tells `onTooLarge`) once
 * more than `limit` bytes arrive in one message. The decoder upstream is pulled, never run ahead,
 * so memory stays near one chunk whatever the server sends.
 */
export function cappedResponse<R extends Response | WireResponse>(
  response: R,
  limit: number,
  onTooLarge: (err: MessageTooLargeError) => void,
): R {
  if (!(response instanceof WireResponse) && response.body === null) return response;
  const eventStream = /^text\/event-stream/i.test(response.headers.get('content-type') ?? '');
  const check = sizeCheck(eventStream, limit, onTooLarge);
  // Our fetch's answers stay WireResponses, checked as their chunks arrive: a platform Response
  // would load Node's undici, and a transform stage costs every chunk a pipe.
  if (response instanceof WireResponse) return response.checked(check) as R;
  const body = (response.body as ReadableStream<Uint8Array>).pipeThrough(checkedStream(check));
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  }) as R;
}

/** The cap as a check of each chunk in arrival order: the error (told to `onTooLarge`) once over. */
function sizeCheck(
  eventStream: boolean,
  limit: number,
  onTooLarge: (err: MessageTooLargeError) => void,
): (chunk: Uint8Array) => MessageTooLargeError | undefined {
  let size = 0;
  // Event streams: bytes since the last blank line (the end of an event); `previous` spans chunks.
  let previous = 0;
  return (chunk) => {
    let over: boolean;
    if (eventStream) {
      const counted = countEvents(chunk, size, previous, limit);
      ({ size, previous } = counted);
      over = counted.over;
    } else {
      size += chunk.byteLength;
      over = size > limit;
    }
    if (!over) return undefined;
    const err = new MessageTooLargeError(limit);
    onTooLarge(err);
    return err;
  };
}

interface EventCount {
  /** Bytes of the event under way, at the end of the chunk. */
  size: number;
  /** The last byte before the chunk's end that is not CR (LF then CR LF ends an event too). */
  previous: number;
  over: boolean;
}

/**
 * Counts `chunk` into the event under way, a line at a time: an event ends at a line feed whose
 * line is blank (nothing but CR before it since the last line feed). Over the cap as soon as the
 * event under way passes `limit`, even when it would end in this chunk. Scanning for line feeds,
 * not looping over every byte, keeps a large answer from costing a loop turn per byte.
 */
function countEvents(chunk: Uint8Array, size: number, previous: number, limit: number): EventCount {
  let count = size;
  let last = previous;
  for (let from = 0; from < chunk.length; ) {
    const lf = chunk.indexOf(LF, from);
    const end = lf === -1 ? chunk.length : lf + 1;
    count += end - from;
    if (count > limit) return { size: count, previous: last, over: true };
    if (lf === -1) return { size: count, previous: lastNotCr(chunk, from, end, last), over: false };
    if (lastNotCr(chunk, from, lf, last) === LF) count = 0;
    last = LF;
    from = end;
  }
  return { size: count, previous: last, over: false };
}

/** The last byte of chunk[from, to) that is not CR, or `before` when there is none. */
function lastNotCr(chunk: Uint8Array, from: number, to: number, before: number): number {
  for (let i = to - 1; i >= from; i--) if (chunk[i] !== CR) return chunk[i]!;
  return before;
}
