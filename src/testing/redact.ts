// Secrets out of reports: every value a test file or a server entry took from the environment,
// every header value, URL userinfo and query value is replaced wherever it appears in a result.

import type { ServerSpec } from '../config/types.js';
import { REDACTED } from '../redact.js';

/** Shorter values would blank out ordinary words and numbers. */
const MIN_SECRET_LENGTH = 4;

/** The secrets a resolved server carries: header values, OAuth secrets, URL credentials and query values. */
export function specSecrets(spec: ServerSpec, envKeys: readonly string[] = []): string[] {
  if (spec.transport === 'stdio') return envKeys.map((k) => spec.env[k]).filter((v): v is string => v !== undefined);
  const out = [...Object.values(spec.headers)];
  for (const header of Object.values(spec.headers)) {
    const token = /^\S+\s+(\S+)$/.exec(header)?.[1];
    if (token) out.push(token);
  }
  const o = spec.oauth;
  for (const v of [o?.clientSecret, o?.privateKey, o?.idp?.clientSecret, o?.idp?.idToken]) if (v) out.push(v);
  try {
    const url = new URL(spec.url);
    if (url.username) out.push(decodeURIComponent(url.username));
    if (url.password) out.push(decodeURIComponent(url.password));
    for (const value of url.searchParams.values()) out.push(value);
  } catch {
    // not a URL: nothing to take from it
  }
  return out;
}

/** A copy of `value` with every secret in every string replaced. */
export function redact<T>(value: T, secrets: Iterable<string>): T {
  const list = [...new Set(secrets)].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  if (list.length === 0) return value;
  const text = (s: string) => list.reduce((acc, secret) => acc.split(secret).join(REDACTED), s);
  const deep = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map(deep);
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), deep(x)]));
    return v;
  };
  return deep(value) as T;
}
