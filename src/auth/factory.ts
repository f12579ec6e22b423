// createAuthProvider: the OAuth provider a command hands to the Streamable HTTP / SSE transport.
// Non-interactive: stored tokens, refreshed before a request when needed; a needed sign-in is an
// McpctlError kind 'auth' naming `mcpctl auth login NAME`, never a browser.

import type { FetchLike } from '@modelcontextprotocol/client';
import type { HttpServerSpec, OAuthSettings, ServerSpec } from '../config/types.js';
import { McpctlError } from '../errors.js';
import type { Context } from '../io.js';
import { createOAuthFetch } from './oauth-fetch.js';
import { authFilePath } from './paths.js';
import { McpctlOAuthProvider, missingIssuer, type McpctlAuthProvider, type ProviderInit } from './provider.js';
import { grantOf } from './grant-kind.js';
import { isWorkloadIdentity, missingAssertion } from './grants.js';
import { TokenStore } from './store.js';
import { assertSecureOAuthUrl, normalizeServerUrl } from './url.js';

export interface CreateAuthProviderOptions {
  /** Only `false`: a command never signs in interactively; `login()` does that. */
  interactive: false;
  /** Base fetch for OAuth requests (e.g. proxy-aware); the global fetch otherwise. */
  fetch?: FetchLike;
  /** For tests: a store other than the one at $XDG_CONFIG_HOME/mcpctl/auth.json. */
  store?: TokenStore;
}

/**
 * The provider for `spec`, or undefined when the server does not use OAuth: a stdio server, or
 * an HTTP server with no `oauth` config and no stored sign-in (or with a static Authorization
 * header, which is then left alone).
 */
export async function createAuthProvider(
  spec: ServerSpec,
  ctx: Context,
  options: CreateAuthProviderOptions,
): Promise<McpctlAuthProvider | undefined> {
  if (spec.transport === 'stdio') return undefined;
  const store = options.store ?? openTokenStore(ctx);
  if (spec.oauth === undefined) {
    if (hasStaticAuthorization(spec)) return undefined;
    const stored = (await store.read()).servers[normalizeServerUrl(spec.url)];
    if (stored === undefined || Object.keys(stored.tokens).length === 0) return undefined;
  }
  return newProvider(spec, ctx, store, 'command', options.fetch);
}

export function openTokenStore(ctx: Context): TokenStore {
  return new TokenStore(authFilePath(ctx), { signal: ctx.signal });
}

/** Checks the config and the server URL, then builds a provider. */
export async function newProvider(
  spec: HttpServerSpec,
  ctx: Context,
  store: TokenStore,
  mode: ProviderInit['mode'],
  baseFetch: FetchLike | undefined,
  extra: Pick<ProviderInit, 'redirectUrl' | 'onAuthorizationUrl' | 'state'> = {},
): Promise<McpctlOAuthProvider> {
  validateOAuthSettings(spec);
  assertSecureOAuthUrl(spec.url, 'the server URL', spec.name);
  const fetchFn = createOAuthFetch({
    server: spec.name,
    timeoutMs: spec.timeoutMs,
    signal: ctx.signal,
    base: baseFetch,
  });
  return new McpctlOAuthProvider({ spec, ctx, store, mode, fetchFn, ...extra }).load();
}

function validateOAuthSettings(spec: HttpServerSpec): void {
  const oauth = spec.oauth ?? {};
  if (isWorkloadIdentity(oauth)) {
    validateWorkloadSettings(spec.name, oauth);
    return;
  }
  if (oauth.clientId !== undefined && oauth.issuer === undefined) throw missingIssuer(spec.name);
  const grant = grantOf(oauth);
  if (grant !== 'authorization_code' && oauth.clientId === undefined) {
    throw new McpctlError(
      'config',
      `${spec.name}: ${grant === 'client_credentials' ? 'grant client_credentials' : 'oauth.idp'} needs oauth.clientId and oauth.issuer`,
      {
        server: spec.name,
        phase: 'config',
      },
    );
  }
  const method = oauth.tokenEndpointAuthMethod;
  if (method === 'private_key_jwt' && oauth.privateKey === undefined) {
    throw new McpctlError('config', `${spec.name}: tokenEndpointAuthMethod private_key_jwt needs privateKeyFrom`, {
      server: spec.name,
      phase: 'config',
    });
  }
  if ((method === 'client_secret_basic' || method === 'client_secret_post') && oauth.clientSecret === undefined) {
    throw new McpctlError('config', `${spec.name}: tokenEndpointAuthMethod ${method} needs clientSecretFrom`, {
      server: spec.name,
      phase: 'config',
    });
  }
}

function validateWorkloadSettings(server: string, oauth: OAuthSettings): void {
  if (oauth.assertionFrom === undefined || oauth.clientId === undefined) {
    throw new McpctlError(
      'config',
      `${server}: grant jwt-bearer needs oauth.clientId and oauth.assertionFrom (the variable holding the workload's JWT), or oauth.idp`,
      {
        server,
        phase: 'config',
      },
    );
  }
  if (oauth.assertion === undefined || oauth.assertion === '') throw missingAssertion(server, oauth.assertionFrom);
}

function hasStaticAuthorization(spec: HttpServerSpec): boolean {
  return Object.keys(spec.headers).some((name) => name.toLowerCase() === 'authorization');
}
