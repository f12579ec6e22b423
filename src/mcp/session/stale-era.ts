// A remembered protocol era (era-cache.ts) goes stale when a server is upgraded or replaced. It
// shows in one of two places: the connect that used it fails, or (a modern verdict skips the
// handshake) the first request does. One policy for both: forget it, and probe again, once.

import { ProtocolError } from '@modelcontextprotocol/client';
import type { McpctlError } from '../../errors.js';
import type { EraCache, EraVerdict } from './era-cache.js';

/** Where `auto` remembers the era of this server. */
export interface RememberedEra {
  cache: EraCache;
  key: string;
}

export type StaleEraFailure =
  /** The connect opened with a remembered era failed (`stop`: its Ctrl-C and deadline). */
  | { at: 'connect'; error: McpctlError; stop: AbortSignal }
  /** The first request of a connection failed: `raw` as thrown, `answered` requests before it. */
  | { at: 'request'; error: McpctlError; raw: unknown; prior: EraVerdict | undefined; answered: number };

/**
 * Forgets the remembered era when `failure` may be its fault, and says (in the log too) whether
 * to connect again with a fresh probe. A failed connect always forgets it: the next run probes.
 */
export async function forgetStaleEra(
  remembered: RememberedEra,
  failure: StaleEraFailure,
  log?: (line: string) => void,
): Promise<boolean> {
  if (failure.at === 'request' && !eraMayBeStale(failure)) return false;
  await remembered.cache.drop(remembered.key);
  if (failure.at === 'connect' && !worthProbingAgain(failure)) return false;
  log?.('(client) the remembered protocol era did not work; probing again');
  return true;
}

/** Neither Ctrl-C, a deadline, a refused credential nor a server that cannot start is the era's fault. */
function worthProbingAgain(failure: Extract<StaleEraFailure, { at: 'connect' }>): boolean {
  const { kind, phase } = failure.error;
  return !failure.stop.aborted && kind !== 'auth' && kind !== 'timeout' && kind !== 'interrupted' && phase !== 'spawn';
}

/**
 * A modern verdict that skipped the handshake, on a server that has answered nothing yet,
 * failing as a lost connection or a request the server does not know or refuses.
 */
function eraMayBeStale(failure: Extract<StaleEraFailure, { at: 'request' }>): boolean {
  if (failure.prior?.kind !== 'modern' || failure.answered !== 0) return false;
  if (failure.error.kind === 'connection') return true;
  const raw = failure.raw;
  return raw instanceof ProtocolError && (raw.code === -32601 || raw.code === -32600 || raw.code === -32022);
}
