// The fetch the MCP HTTP transports use when no proxy is configured: requests go out through
// node:http / node:https, answers come back as WireResponse objects (a Response's API without
// loading Node's undici, wire-headers.ts). Node 20's
// built-in fetch costs a one-shot command ~30 ms and ~18 MiB on first use (undici's dispatcher
// and WASM parser) and keeps its sockets open a while after the session; this one shares the
// native HTTP parser and closes every socket when the session ends. node:http and node:https are
// loaded on a session's first request, each only for its own protocol: every session layer
// carries this module, stdio ones included, and on Node 24 node:https alone costs ~15 ms of
// start-up (it loads Node's undici for its proxy support).

import type http from 'node:http';
import type { Readable } from 'node:stream';
import type { FetchLike } from '@modelcontextprotocol/client';
import { WireHeaders, type WireHeadersInit } from './wire-headers.js';
import { WireResponse } from './wire-response.js';

export interface HttpFetch {
  fetch: FetchLike;
  /** Ends every connection (idle or in use): the session is over. */
  close(): void;
}

/** How many redirects `redirect: 'follow'` takes before giving up (as fetch does). */
const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Statuses whose response has no body, whatever the server sends. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** Dropped when a redirect leaves the origin, as fetch does. */
const ORIGIN_BOUND = ['authorization', 'cookie', 'proxy-authorization'];

type Protocol = 'http:' | 'https:';

/** The module and keep-alive agent of one protocol, made on its first request. */
interface Client {
  request: typeof http.request;
  agent: http.Agent;
}

/** node:http or node:https, loaded now, with a keep-alive agent. */
function makeClient(protocol: Protocol): Client {
  const mod = protocol === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http');
  return { request: mod.request, agent: new mod.Agent({ keepAlive: true }) };
}

export function createHttpFetch(): HttpFetch {
  const clients = new Map<Protocol, Client>();
  const client = (protocol: Protocol): Client => {
    let made = clients.get(protocol);
    if (made === undefined) {
      made = makeClient(protocol);
      clients.set(protocol, made);
    }
    return made;
  };
  const fetch = async (input: string | URL, init: RequestInit = {}): Promise<WireResponse> => {
    let url = new URL(String(input));
    let method = (init.method ?? 'GET').toUpperCase();
    const headers = new WireHeaders(init.headers as WireHeadersInit);
    let body = await bodyBytes(init.body, headers);
    const signal = init.signal ?? undefined;
    for (let redirects = 0; ; redirects++) {
      signal?.throwIfAborted();
      const res = await send(client, url, method, headers, body, signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (!REDIRECTS.has(status) || location === undefined || init.redirect === 'manual')
        return await toResponse(res, method, signal);
      res.resume();
      if (init.redirect === 'error')
        throw new TypeError('fetch failed', { cause: new Error(`redirect to ${location} (redirect: "error")`) });
      if (redirects === MAX_REDIRECTS)
        throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') });
      const next = new URL(location, url);
      if (next.origin !== url.origin) for (const name of ORIGIN_BOUND) headers.delete(name);
      if (status === 303 ? method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST') {
        method = 'GET';
        body = undefined;
        for (const name of [
          'content-type',
          'content-length',
          'content-encoding',
          'content-language',
          'content-location',
        ])
          headers.delete(name);
      }
      url = next;
    }
  };
  return {
    // The transports read only what WireResponse has of a Response (status, headers, body, text).
    fetch: fetch as unknown as FetchLike,
    close() {
      for (const { agent } of clients.values()) agent.destroy();
    },
  };
}

/** The request body as bytes, with the content type fetch would add for it. */
async function bodyBytes(body: RequestInit['body'], headers: WireHeaders): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  const typed = (type: string) => {
    if (!headers.has('content-type')) headers.set('content-type', type);
  };
  if (typeof body === 'string') {
    typed('text/plain;charset=UTF-8');
    return Buffer.from(body, 'utf8');
  }
  if (body instanceof URLSearchParams) {
    typed('application/x-www-form-urlencoded;charset=UTF-8');
    return Buffer.from(body.toString(), 'utf8');
  }
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof Blob) {
    if (body.type) typed(body.type);
    return Buffer.from(await body.arrayBuffer());
  }
  throw new TypeError('fetch failed', {
    cause: new Error('unsupported request body (expected a string, URLSearchParams, bytes or a Blob)'),
  });
}

function send(
  client: (protocol: Protocol) => Client,
  url: URL,
  method: string,
  headers: WireHeaders,
  body: Buffer | undefined,
  signal: AbortSignal | undefined,
): Promise<http.IncomingMessage> {
  const protocol = url.protocol;
  if (protocol !== 'http:' && protocol !== 'https:')
    return Promise.reject(new TypeError('fetch failed', { cause: new Error(`unsupported protocol ${protocol}`) }));
  const outgoing: Record<string, string> = {};
  headers.forEach((value, name) => {
    outgoing[name] = value;
  });
  outgoing.accept ??= '*/*';
  outgoing['accept-encoding'] ??= 'gzip, deflate';
  outgoing['user-agent'] ??= 'node';
  if (body !== undefined) outgoing['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const { request: start, agent } = client(protocol);
    const request = start(url, { method, headers: outgoing, agent });
    const onAbort = () => {
      request.destroy();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('response', (res) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(res);
    });
    request.on('error', (err) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new TypeError('fetch failed', { cause: err }));
    });
    request.end(body);
  });
}

async function toResponse(
  res: http.IncomingMessage,
  method: string,
  signal: AbortSignal | undefined,
): Promise<WireResponse> {
  const status = res.statusCode ?? 0;
  const headers = new WireHeaders();
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  if (NULL_BODY.has(status) || method === 'HEAD') {
    res.resume();
    return new WireResponse(null, { status, statusText: res.statusMessage, headers });
  }
  // Aborting the request also ends a body that is still streaming (an SSE stream, say).
  const onAbort = () => res.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
  signal?.addEventListener('abort', onAbort, { once: true });
  res.once('close', () => signal?.removeEventListener('abort', onAbort));
  return new WireResponse(await decoded(res), { status, statusText: res.statusMessage, headers });
}

/** The body without its content coding (gzip, deflate, br), as fetch gives it. */
async function decoded(res: http.IncomingMessage): Promise<Readable> {
  const coding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (coding === '' || coding === 'identity') return res;
  const zlib = await import('node:zlib');
  const decoder =
    coding === 'gzip' || coding === 'x-gzip'
      ? zlib.createGunzip()
      : coding === 'deflate'
        ? zlib.createInflate()
        : coding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (decoder === undefined) return res;
  res.on('error', (err) => decoder.destroy(err));
  return res.pipe(decoder);
}
