// The size cap of HTTP answers, counted on the bytes after decompression (a small gzip body can
// inflate to gigabytes): a JSON body as a whole, an event stream event by event, since one SSE
// stream carries every message of a legacy session.

import { MessageTooLargeError } from '../message-size.js';
import { WireResponse } from './wire-response.js';

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
  if (response.body === null) return response;
  const eventStream = /^text\/event-stream/i.test(response.headers.get('content-type') ?? '');
  let size = 0;
  // Event streams: bytes since the last blank line (the end of an event); `previous` spans chunks.
  let previous = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      let over = false;
      if (eventStream) {
        // Judged byte by byte: an event over the cap must not pass because it ends in this chunk.
        for (const byte of chunk) {
          size += 1;
          if (size > limit) {
            over = true;
            break;
          }
          if (byte === LF && previous === LF) size = 0;
          if (byte !== CR) previous = byte;
        }
      } else {
        size += chunk.byteLength;
        over = size > limit;
      }
      if (over) {
        const err = new MessageTooLargeError(limit);
        onTooLarge(err);
        controller.error(err);
        return;
      }
      controller.enqueue(chunk);
    },
  });
  const body = response.body.pipeThrough(counter);
  const init = { status: response.status, statusText: response.statusText };
  // Our fetch's answers stay WireResponses: a platform Response would load Node's undici.
  return (
    response instanceof WireResponse
      ? new WireResponse(body, { ...init, headers: response.headers })
      : new Response(body, { ...init, headers: response.headers })
  ) as R;
}
