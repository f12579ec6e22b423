// The answer our node:http fetch gives back, in place of the platform's `Response` (see
// wire-headers.ts for why): status, headers and a body read once, with the part of the
// `Response` API the MCP transports and the era probe's referee use. The body stays the node
// stream it arrived as until someone asks for `body`: text() and json() (a 202, a DELETE, a
// JSON answer) read it without any web stream, and an event stream becomes one web stream fed
// from it, with no adapter or transform stage in between. A check (the size cap, body-limit.ts)
// sees every chunk on either path.

import type { Readable } from 'node:stream';
import { WireHeaders } from './wire-headers.js';

export interface WireResponseInit {
  status: number;
  statusText?: string;
  headers: WireHeaders;
}

/** Judges each chunk as it arrives: an error ends the body with it. */
export type ChunkCheck = (chunk: Uint8Array) => Error | undefined;

export class WireResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: WireHeaders;
  /** As for a Response made by hand: the transports fall back to the request's URL. */
  readonly url = '';
  readonly redirected = false;
  readonly type = 'basic';
  private source: Readable | null;
  private stream: ReadableStream<Uint8Array> | null;
  private used = false;

  /** `body`: the node stream of the answer (or a web stream, as tests and clones have). */
  constructor(
    body: Readable | ReadableStream<Uint8Array> | null,
    init: WireResponseInit,
    private readonly check?: ChunkCheck,
  ) {
    const web = body instanceof ReadableStream;
    this.source = web ? null : body;
    this.stream = web && check ? body.pipeThrough(checkedStream(check)) : web ? body : null;
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.headers = init.headers;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.source !== null) {
      this.stream = webStream(this.source, this.check);
      this.source = null;
    }
    return this.stream;
  }

  get bodyUsed(): boolean {
    return this.used || (this.stream?.locked ?? false);
  }

  /** The same answer with every chunk also judged by `check` (checked after this one's own). */
  checked(check: ChunkCheck): WireResponse {
    const own = this.check;
    const both: ChunkCheck = own ? (chunk) => own(chunk) ?? check(chunk) : check;
    const init = { status: this.status, statusText: this.statusText, headers: this.headers };
    if (this.source !== null) return new WireResponse(this.source, init, both);
    return new WireResponse(this.stream, init, check);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  /** UTF-8, a leading byte order mark dropped and bad bytes replaced, as fetch decodes. */
  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  /** A second reader of the same body (the referee reads the probe's answer beside the SDK). */
  clone(): WireResponse {
    if (this.bodyUsed) throw new TypeError('Response.clone: the body has already been read');
    let copy: ReadableStream<Uint8Array> | null = null;
    const stream = this.body;
    if (stream !== null) [this.stream, copy] = stream.tee();
    return new WireResponse(copy, {
      status: this.status,
      statusText: this.statusText,
      headers: new WireHeaders(this.headers),
    });
  }

  private async bytes(): Promise<Uint8Array> {
    if (this.bodyUsed) throw new TypeError('Response: the body has already been read');
    this.used = true;
    const chunks: Uint8Array[] = [];
    if (this.source !== null) {
      const source = this.source;
      this.source = null;
      for await (const chunk of source as AsyncIterable<Buffer>) {
        const err = this.check?.(chunk);
        if (err) {
          source.destroy();
          throw err;
        }
        chunks.push(chunk);
      }
    } else if (this.stream !== null) {
      const reader = this.stream.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        chunks.push(value);
      }
    }
    return Buffer.concat(chunks);
  }
}

/**
 * A web stream fed from `source`, pulled, never run ahead (the source pauses while the stream's
 * queue is full). Ends as the source does: at its end, with its error, or, closed before its
 * end (a dropped connection), with an error saying so.
 */
function webStream(source: Readable, check: ChunkCheck | undefined): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (err: unknown) => {
        if (settled) return;
        settled = true;
        controller.error(err);
      };
      source.on('data', (chunk: Buffer) => {
        if (settled) return;
        const err = check?.(chunk);
        if (err) {
          fail(err);
          source.destroy();
          return;
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.once('end', () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      source.once('error', fail);
      source.once('close', () => fail(new Error('the connection closed before the answer ended')));
      source.pause();
    },
    pull() {
      source.resume();
    },
    cancel() {
      settled = true;
      source.destroy();
    },
  });
}

/** The same check on a web stream's chunks (a body that is already a web stream, a platform Response's). */
export function checkedStream(check: ChunkCheck): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const err = check(chunk);
      if (err) controller.error(err);
      else controller.enqueue(chunk);
    },
  });
}
