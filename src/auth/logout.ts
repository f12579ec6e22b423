// `mcpctl auth logout`: forgets the stored sign-in of one server (or of all), and with
// forgetClient also the dynamically registered client, so the next sign-in registers anew.
// Local only: tokens are not revoked at the authorization server.

import type { ServerSpec } from '../config/types.js';
import type { Context } from '../io.js';
import { authFilePath } from './paths.js';
import { type AuthFileData, TokenStore } from './store.js';
import { normalizeServerUrl } from './url.js';

export interface LogoutOptions {
  forgetClient?: boolean;
  store?: TokenStore;
}

export interface LogoutResult {
  /** Server URLs whose sign-in was removed (empty: there was nothing to remove). */
  servers: string[];
  /** Issuers whose registered client was forgotten. */
  clients: string[];
}

export async function logout(
  target: ServerSpec | 'all',
  ctx: Context,
  options: LogoutOptions = {},
): Promise<LogoutResult> {
  if (target !== 'all' && target.transport === 'stdio') return { servers: [], clients: [] };
  const store = options.store ?? new TokenStore(authFilePath(ctx), { signal: ctx.signal });
  const forgetClient = options.forgetClient === true;
  // Nothing stored for it: nothing to lock or write (the store's directory may not even be makeable).
  const planned = forget(await store.read(), target, forgetClient);
  if (planned.servers.length === 0 && planned.clients.length === 0) return planned;
  return store.update((data) => forget(data, target, forgetClient));
}

/** Removes `target`'s sign-in from `data` (and with `forgetClient` its registered clients); says what went. */
function forget(data: AuthFileData, target: { url: string } | 'all', forgetClient: boolean): LogoutResult {
  const keys =
    target === 'all' ? Object.keys(data.servers) : [normalizeServerUrl(target.url)].filter((k) => k in data.servers);
  const issuers = new Set<string>();
  for (const key of keys) {
    const entry = data.servers[key];
    if (entry === undefined) continue;
    for (const issuer of Object.keys(entry.tokens)) issuers.add(issuer);
    const discovered = entry.discovery?.authorizationServerMetadata?.issuer ?? entry.discovery?.authorizationServerUrl;
    if (discovered !== undefined) issuers.add(discovered);
    delete data.servers[key];
  }
  const clients: string[] = [];
  if (forgetClient) {
    const forgotten = target === 'all' ? Object.keys(data.clients) : [...issuers].filter((i) => i in data.clients);
    for (const issuer of forgotten) {
      delete data.clients[issuer];
      clients.push(issuer);
    }
  }
  return { servers: keys, clients };
}
