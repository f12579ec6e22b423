// JSON for programs: one document on stdout, with the transport-only fields of 2026-07-28
// results (server info in _meta, cache hints) stripped, as docs/OUTPUT.md promises.

import { controlFreeJson } from '../escape.js';

const TRANSPORT_META_KEYS = ['io.modelcontextprotocol/serverInfo'];
const CACHE_HINT_KEYS = ['ttlMs', 'cacheScope'];

/** A copy of an MCP result without transport-only fields, at its top level. */
export function stripTransportFields<T>(result: T): T {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return result;
  const copy: Record<string, unknown> = { ...(result as Record<string, unknown>) };
  for (const key of CACHE_HINT_KEYS) delete copy[key];
  const meta = copy._meta;
  if (meta && typeof meta === 'object' && !Array.isArray(meta)) {
    const rest: Record<string, unknown> = { ...(meta as Record<string, unknown>) };
    for (const key of TRANSPORT_META_KEYS) delete rest[key];
    if (Object.keys(rest).length === 0) delete copy._meta;
    else copy._meta = rest;
  }
  return copy as T;
}

export function toJson(value: unknown): string {
  return controlFreeJson(value, 2) + '\n';
}
