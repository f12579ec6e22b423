// The answer our node:http fetch gives back, in place of the platform's `Response` (see
// wire-headers.ts for why): status, headers and a web ReadableStream body, read once, with the
// part of the `Response` API the MCP transports and the era probe's referee use.

import { WireHeaders } from './wire-headers.js';

export interface WireResponseInit {
  status: number;
  statusText?: string;
  headers: WireHeaders;
}

export class WireResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: WireHeaders;
  /** As for a Response made by hand: the transports fall back to the request's URL. */
  readonly url = '';
  readonly redirected = false;
  readonly type = 'basic';
  private stream: ReadableStream<Uint8Array> | null;
  private used = false;

  constructor(body: ReadableStream<Uint8Array> | null, init: WireResponseInit) {
    this.stream = body;
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.headers = init.headers;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.stream;
  }

  get bodyUsed(): boolean {
    return this.used || (this.stream?.locked ?? false);
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
    if (this.stream !== null) [this.stream, copy] = this.stream.tee();
    return new WireResponse(copy, {
      status: this.status,
      statusText: this.statusText,
      headers: new WireHeaders(this.headers),
    });
  }

  private async bytes(): Promise<Uint8Array> {
    if (this.bodyUsed) throw new TypeError('Response: the body has already been read');
    this.used = true;
    if (this.stream === null) return new Uint8Array(0);
    const chunks: Uint8Array[] = [];
    const reader = this.stream.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  }
}
