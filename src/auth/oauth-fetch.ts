// The fetch every OAuth request of ours goes through: refuses a non-loopback http:// URL before
// anything is sent, and bounds each request by the server's timeout and the Ctrl-C signal.

import type { FetchLike } from '@modelcontextprotocol/client';
import { assertSecureOAuthUrl } from './url.js';

export interface OAuthFetchOptions {
  server: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** A fetch of the caller's (a proxy-aware one, say); the global fetch otherwise. */
  base?: FetchLike;
}

export function createOAuthFetch(options: OAuthFetchOptions): FetchLike {
  const base = options.base ?? ((url, init) => fetch(url, init));
  return async (url, init) => {
    assertSecureOAuthUrl(url, 'the OAuth endpoint', options.server);
    const signals = [AbortSignal.timeout(options.timeoutMs)];
    if (options.signal !== undefined) signals.push(options.signal);
    if (init?.signal) signals.push(init.signal);
    return base(url, { ...init, signal: AbortSignal.any(signals) });
  };
}
