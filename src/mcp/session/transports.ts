// Builds the HTTP transport for a server spec (stdio has its own, src/mcp/stdio/process-transport.ts):
// the SDK's Streamable HTTP and legacy SSE transports, with static headers, the optional
// OAuth provider, the proxy-aware fetch, and a kill switch for every request in flight.
// Without a proxy or OAuth, no platform Headers or Response is made on the way (wire-headers.ts).

import { SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import type { HttpServerSpec } from '../../config/types.js';
import { cappedResponse } from '../http/body-limit.js';
import { createHttpFetch } from '../http/http-fetch.js';
import { WireHeaders } from '../http/wire-headers.js';
import type { MessageTooLargeError } from '../stdio/process-transport.js';

export interface HttpTransportSettings {
  /** A proxy-aware fetch, when a proxy is configured. */
  fetch?: FetchLike;
  authProvider?: OAuthClientProvider;
  /**
   * Streamable HTTP: open the server's own stream (a GET after the handshake) for what it sends
   * outside the answers. Without it, a listing costs the server no stream and the client no
   * second connection (SessionPlan.listsOnly).
   */
  serverStream: boolean;
  /** Sees every request and response on the way (the era probe's referee). */
  watch?: (fetch: FetchLike) => FetchLike;
  /** Aborted when the session is over: no request of ours outlives it. */
  killSwitch: AbortSignal;
  /** The largest body (a JSON answer, one SSE event) accepted, after decompression. */
  maxMessageBytes: number;
  /** Told when an answer went over maxMessageBytes (the request then fails with that error). */
  onTooLarge: (err: MessageTooLargeError) => void;
}

export type HttpTransport = StreamableHTTPClientTransport | SSEClientTransport;

export function httpTransport(
  spec: HttpServerSpec,
  kind: 'http' | 'sse',
  settings: HttpTransportSettings,
): HttpTransport {
  const url = new URL(spec.url);
  // Capped first, so nothing on the way (the referee included) reads past the cap.
  const inner = cappedFetch(settings.fetch ?? directFetch(settings.killSwitch), settings);
  const fetch = boundedFetch(settings.watch ? settings.watch(inner) : inner, settings.killSwitch);
  const requestInit: RequestInit = { headers: { ...spec.headers } };
  if (kind === 'sse') {
    return new SSEClientTransport(url, { requestInit, fetch, authProvider: settings.authProvider });
  }
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit,
    fetch,
    authProvider: settings.authProvider,
    // A server may end a request's SSE stream early (after a priming event) and deliver the
    // answer on a GET resumed with Last-Event-ID, after the `retry` it asked for (SEP-1699).
    // Without resuming, the request waits for its timeout. A few tries, each bounded by the
    // request's own deadline.
    reconnectionOptions: {
      maxRetries: 2,
      initialReconnectionDelay: 1000,
      maxReconnectionDelay: 1000,
      reconnectionDelayGrowFactor: 1,
    },
  });
  if (settings.fetch === undefined && settings.authProvider === undefined) useWireHeaders(transport, spec.headers);
  if (!settings.serverStream) withoutServerStream(transport);
  return transport;
}

/**
 * The SDK opens the server's own stream when the handshake is done, through its `_startOrAuthSse`
 * with no Last-Event-ID; that one call is skipped. Resuming a request's stream (with an ID, SEP-1699)
 * takes the same path and still goes out. Should a later SDK lose that method, the stream opens:
 * one more request, never one less.
 */
function withoutServerStream(transport: StreamableHTTPClientTransport): void {
  const seam = transport as unknown as { _startOrAuthSse?: (options: { resumptionToken?: string }) => Promise<void> };
  const open = seam._startOrAuthSse;
  if (typeof open !== 'function') return;
  seam._startOrAuthSse = (options) =>
    options.resumptionToken === undefined ? Promise.resolve() : open.call(transport, options);
}

/**
 * The SDK starts every request's headers as a platform `Headers` (its `_commonHeaders`: the
 * static headers, an OAuth token, the session id, the protocol revision). With no OAuth there
 * is no token, so the same list is built as a WireHeaders, which node:http checks again as it
 * sends. Should a later SDK lose that method, its own stays: slower, never different.
 */
function useWireHeaders(transport: StreamableHTTPClientTransport, staticHeaders: Record<string, string>): void {
  const seam = transport as unknown as { _commonHeaders?: unknown };
  if (typeof seam._commonHeaders !== 'function') return;
  seam._commonHeaders = async () => {
    const headers = new WireHeaders(staticHeaders);
    if (transport.sessionId) headers.set('mcp-session-id', transport.sessionId);
    if (transport.protocolVersion) headers.set('mcp-protocol-version', transport.protocolVersion);
    return headers;
  };
}

/**
 * Every request also listens to the kill switch: a DELETE or a stream to a hung server would
 * otherwise keep the process alive after the command is done.
 */
function boundedFetch(inner: FetchLike, killSwitch: AbortSignal): FetchLike {
  return (input, init) => {
    const signal = init?.signal ? AbortSignal.any([init.signal, killSwitch]) : killSwitch;
    return inner(input, { ...init, signal });
  };
}

/** Every answer size-capped after decompression (see body-limit.ts). */
function cappedFetch(inner: FetchLike, settings: HttpTransportSettings): FetchLike {
  return async (input, init) => cappedResponse(await inner(input, init), settings.maxMessageBytes, settings.onTooLarge);
}

/** Without a proxy: node:http underneath (see http-fetch.ts), every socket closed with the session. */
function directFetch(killSwitch: AbortSignal): FetchLike {
  const direct = createHttpFetch();
  killSwitch.addEventListener('abort', () => direct.close(), { once: true });
  return direct.fetch;
}
