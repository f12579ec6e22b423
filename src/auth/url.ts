// URL rules of the OAuth layer: the key a server's tokens are stored under, and the HTTPS
// requirement for every OAuth endpoint (plain HTTP only on loopback, for local servers).

import { McpctlError } from '../errors.js';
import { redactUrl } from '../redact.js';

/** Loopback hosts, where plain HTTP cannot be observed on the wire (RFC 8252 §7.3). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === '127.0.0.1' || host === 'localhost' || host === '::1' || host === '[::1]';
}

/**
 * The key tokens are stored under: scheme and host lower-cased, default port and fragment
 * dropped, path and query kept exactly (a different path is a different resource).
 */
export function normalizeServerUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  // `URL` already lower-cases scheme and host and drops default ports.
  return parsed.href;
}

/** True when `url` may carry OAuth traffic: https anywhere, http only on loopback. */
export function isSecureOAuthUrl(url: string | URL): boolean {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname);
}

/** Refuses an OAuth endpoint that is neither https nor loopback http. */
export function assertSecureOAuthUrl(url: string | URL, what: string, server?: string): void {
  if (isSecureOAuthUrl(url)) return;
  throw new McpctlError(
    'auth',
    `refusing to use ${what} ${redactUrl(String(url))}: OAuth endpoints must use https (plain http is allowed only on 127.0.0.1, localhost or ::1)`,
    {
      server,
      phase: 'auth',
      hint: 'ask the server operator for an https endpoint',
    },
  );
}
