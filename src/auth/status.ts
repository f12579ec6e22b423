// `mcpctl auth status`: the sign-in state of a server, read from the token store only (no
// network, no SDK).
//
// States:
//   none          the server does not use OAuth: stdio, or no `oauth` config and nothing stored
//   signed-in     a token that has not expired (or whose expiry is unknown)
//   expired       the access token has expired, but the next command renews it by itself
//                 (refresh token, or a machine grant that fetches a new one)
//   needs-sign-in a command would fail with exit 4 until `mcpctl auth login`: no token, an
//                 expired one that cannot be renewed, or a server that asked for more scope

import type { ServerSpec } from '../config/types.js';
import type { Context } from '../io.js';
import { grantOf } from './grant-kind.js';
import { authFilePath } from './paths.js';
import { scopeList } from './scope.js';
import { TokenStore } from './store.js';
import { normalizeServerUrl } from './url.js';

export type AuthState = 'none' | 'signed-in' | 'expired' | 'needs-sign-in';

export interface AuthStatus {
  server: string;
  state: AuthState;
  scopes?: string[];
  /** ISO 8601 expiry of the access token. */
  expiresAt?: string;
  /** True when a new access token can be had without anyone signing in. */
  refreshable?: boolean;
}

export interface AuthStatusOptions {
  store?: TokenStore;
}

/**
 * A short word for the state of a server's credentials (never the credentials), as `status`
 * shows it: a token's state, or `static` for an Authorization header of the config.
 */
export async function authState(spec: ServerSpec, ctx: Context): Promise<string> {
  if (spec.transport === 'stdio') return 'none';
  const status = await authStatus(spec, ctx);
  if (status.state === 'none' && Object.keys(spec.headers).some((h) => h.toLowerCase() === 'authorization'))
    return 'static';
  return status.state;
}

export async function authStatus(spec: ServerSpec, ctx: Context, options: AuthStatusOptions = {}): Promise<AuthStatus> {
  if (spec.transport === 'stdio') return { server: spec.name, state: 'none' };
  const store = options.store ?? new TokenStore(authFilePath(ctx));
  const server = (await store.read()).servers[normalizeServerUrl(spec.url)];
  const entry = server?.issuer === undefined ? undefined : server.tokens[server.issuer];
  const machine = spec.oauth !== undefined && grantOf(spec.oauth) !== 'authorization_code';

  if (entry === undefined) {
    if (spec.oauth === undefined) return { server: spec.name, state: 'none' };
    return { server: spec.name, state: 'needs-sign-in', refreshable: machine };
  }

  const refreshable = entry.refresh_token !== undefined || machine;
  const status: AuthStatus = { server: spec.name, state: 'signed-in', refreshable };
  const scopes = scopeList(entry.scope);
  if (scopes.length > 0) status.scopes = scopes;
  if (entry.expires_at !== undefined) status.expiresAt = new Date(entry.expires_at).toISOString();

  const expired = entry.expires_at !== undefined && entry.expires_at <= ctx.now();
  if (server?.pendingScope !== undefined) status.state = 'needs-sign-in';
  else if (expired) status.state = refreshable ? 'expired' : 'needs-sign-in';
  return status;
}
