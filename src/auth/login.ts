// `mcpctl auth login`: the one place a browser sign-in happens. Authorization code + PKCE through
// the SDK's auth(), with a loopback callback listener; machine grants (client_credentials, idp)
// need no browser and just fetch a token.

import {
  computeScopeUnion,
  extractWWWAuthenticateParams,
  type FetchLike,
  OAuthError,
  OAuthErrorCode,
  type OAuthDiscoveryState,
} from '@modelcontextprotocol/client';
import { randomBytes } from 'node:crypto';
import type { HttpServerSpec, ServerSpec } from '../config/types.js';
import { McpctlError, usageError } from '../errors.js';
import type { Context } from '../io.js';
import { showAuthorizationUrl } from './browser.js';
import { PortInUseError, startCallbackServer, type CallbackServer } from './callback-server.js';
import { classifyAuthError } from './classify.js';
import { discoverServerInfo } from './discovery.js';
import { newProvider, openTokenStore } from './factory.js';
import { grantOf } from './grant-kind.js';
import { createOAuthFetch } from './oauth-fetch.js';
import { redirectUrisOf } from './provider.js';
import { authStatus, type AuthStatus } from './status.js';
import type { TokenStore } from './store.js';
import { assertSecureOAuthUrl, normalizeServerUrl } from './url.js';
import { redactUrl } from '../redact.js';
import type { TimeLimit } from '../deadline.js';

export interface LoginOptions {
  /** Print the URL to stderr instead of starting a browser. */
  noBrowser?: boolean;
  /** When waiting for the browser to come back ends, and the --timeout named then; default 5 minutes from the start. */
  limit?: TimeLimit;
  /** Scope to request, replacing the configured / discovered one. */
  scope?: string;
  /** Base fetch for OAuth requests (e.g. proxy-aware). */
  fetch?: FetchLike;
  /** For tests: a store other than the one at $XDG_CONFIG_HOME/mcpctl/auth.json. */
  store?: TokenStore;
}

export const DEFAULT_LOGIN_TIMEOUT_MS = 5 * 60_000;

export async function login(spec: ServerSpec, ctx: Context, options: LoginOptions = {}): Promise<AuthStatus> {
  if (spec.transport === 'stdio') {
    throw usageError(`${spec.name} is a stdio server; OAuth sign-in applies to HTTP servers only`, {
      server: spec.name,
    });
  }
  assertSecureOAuthUrl(spec.url, 'the server URL', spec.name);
  const store = options.store ?? openTokenStore(ctx);
  try {
    if (grantOf(spec.oauth ?? {}) === 'authorization_code') await browserLogin(spec, ctx, store, options);
    else await machineLogin(spec, ctx, store, options);
  } catch (err) {
    throw toLoginError(err, spec);
  }
  return authStatus(spec, ctx, { store });
}

async function machineLogin(
  spec: HttpServerSpec,
  ctx: Context,
  store: TokenStore,
  options: LoginOptions,
): Promise<void> {
  const provider = await newProvider(spec, ctx, store, 'login', options.fetch);
  await provider.runAuth({ scope: options.scope ?? spec.oauth?.scope });
}

async function browserLogin(
  spec: HttpServerSpec,
  ctx: Context,
  store: TokenStore,
  options: LoginOptions,
): Promise<void> {
  const fetchFn = createOAuthFetch({
    server: spec.name,
    timeoutMs: spec.timeoutMs,
    signal: ctx.signal,
    base: options.fetch,
  });
  // Discovery first: the issuer tells which registered client (and so which port) to reuse.
  const challenge = await probeChallenge(spec.url, fetchFn);
  const info = await discoverServerInfo(spec.url, { resourceMetadataUrl: challenge.resourceMetadataUrl, fetchFn });
  if (
    challenge.status !== 401 &&
    info.resourceMetadata === undefined &&
    info.authorizationServerMetadata === undefined &&
    spec.oauth === undefined
  ) {
    throw usageError(`${spec.name} does not use OAuth: it asks for no sign-in and publishes no OAuth metadata`, {
      server: spec.name,
      hint: 'add an `oauth` entry to its config if it needs one',
    });
  }
  const discovery: OAuthDiscoveryState = {
    authorizationServerUrl: info.authorizationServerUrl,
    resourceMetadataUrl: challenge.resourceMetadataUrl?.href,
    resourceMetadata: info.resourceMetadata,
    authorizationServerMetadata: info.authorizationServerMetadata,
  };
  const issuer = info.authorizationServerMetadata?.issuer ?? info.authorizationServerUrl;
  const attempt = { spec, ctx, store, options, challenge, info, discovery, issuer };
  try {
    await signInOnce(attempt);
  } catch (err) {
    if (!(err instanceof ScopeRefused)) throw err;
    // A server may hold a dynamically registered client to the scope it registered with (RFC
    // 7591): register again, once, and sign in with the new client.
    const provider = await newProvider(spec, ctx, store, 'login', options.fetch);
    if (!(await provider.forgetRegisteredClient(issuer))) throw err.error;
    ctx.io.stderr.write(`The authorization server refused the scope for the registered client; registering again.\n`);
    try {
      await signInOnce(attempt);
    } catch (again) {
      throw again instanceof ScopeRefused ? again.error : again;
    }
  }
}

interface SignInAttempt {
  spec: HttpServerSpec;
  ctx: Context;
  store: TokenStore;
  options: LoginOptions;
  challenge: Challenge;
  info: Awaited<ReturnType<typeof discoverServerInfo>>;
  discovery: OAuthDiscoveryState;
  issuer: string;
}

/** The authorization server answered invalid_scope, at the redirect or the token endpoint. */
class ScopeRefused extends Error {
  constructor(readonly error: McpctlError) {
    super(error.message);
  }
}

/** One authorization: the browser, the callback, the code exchange. */
async function signInOnce(attempt: SignInAttempt): Promise<void> {
  const { spec, ctx, store, options, challenge, info, discovery, issuer } = attempt;
  const data = await store.read();
  const stored = data.servers[normalizeServerUrl(spec.url)];
  const client = spec.oauth?.clientId === undefined ? data.clients[issuer] : undefined;
  const rememberedPort = client === undefined ? undefined : portOf(redirectUrisOf(client)[0]);

  const state = randomBytes(24).toString('base64url');
  const listener = await openListener(spec, state, rememberedPort);
  try {
    const provider = await newProvider(spec, ctx, store, 'login', options.fetch, {
      redirectUrl: listener.redirectUrl,
      state,
      onAuthorizationUrl: (url) => showAuthorizationUrl(url, spec.name, ctx, options.noBrowser === true),
    });
    await provider.saveDiscoveryState(discovery);

    // Scope: explicit, else configured, else the challenge's; a pending step-up adds its scope
    // to what was granted before. Undefined lets the SDK use the resource's scopes_supported.
    let scope = options.scope ?? spec.oauth?.scope ?? challenge.scope;
    if (options.scope === undefined && stored?.pendingScope !== undefined) {
      const previous = stored.issuer === undefined ? undefined : stored.tokens[stored.issuer]?.scope;
      const base = scope ?? previous ?? info.resourceMetadata?.scopes_supported?.join(' ');
      scope = computeScopeUnion(base, stored.pendingScope);
    }

    const common = {
      scope,
      ...(challenge.resourceMetadataUrl !== undefined ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {}),
    };
    const started = await provider.runAuth({ ...common, forceReauthorization: true });
    if (started === 'AUTHORIZED') return;

    const limit = options.limit ?? { at: ctx.now() + DEFAULT_LOGIN_TIMEOUT_MS, ms: DEFAULT_LOGIN_TIMEOUT_MS };
    const waitMs = Math.max(0, limit.at - ctx.now());
    if (options.noBrowser === true)
      ctx.io.stderr.write(`Waiting for the sign-in (up to ${Math.round(waitMs / 1000)} s)…\n`);
    const callback = await listener.waitForCallback({ waitMs, namedMs: limit.ms }, ctx.signal);
    const error = callback.params.get('error');
    const code = callback.params.get('code');
    if (error !== null || code === null) {
      callback.respond('failure');
      const refused = new McpctlError(
        'auth',
        `the authorization server did not grant access to ${spec.name} (${sanitizeCode(error ?? 'no code')})`,
        {
          server: spec.name,
          phase: 'auth',
        },
      );
      throw error === OAuthErrorCode.InvalidScope ? new ScopeRefused(refused) : refused;
    }
    try {
      const iss = callback.params.get('iss');
      await provider.runAuth({ ...common, authorizationCode: code, ...(iss !== null ? { iss } : {}) });
    } catch (err) {
      callback.respond('failure');
      throw err instanceof McpctlError && isInvalidScope(err.cause) ? new ScopeRefused(err) : err;
    }
    // The tokens are saved (auth() awaited saveTokens): only now may the page say so.
    callback.respond('success');
  } finally {
    await listener.close();
  }
}

function isInvalidScope(err: unknown): boolean {
  return err instanceof OAuthError && err.code === OAuthErrorCode.InvalidScope;
}

/** The configured port, else the one the client was registered with, else any free one. */
async function openListener(
  spec: HttpServerSpec,
  state: string,
  rememberedPort: number | undefined,
): Promise<CallbackServer> {
  const configured = spec.oauth?.redirectPort;
  if (configured !== undefined) {
    try {
      return await startCallbackServer(configured, state);
    } catch (err) {
      if (err instanceof PortInUseError) {
        throw new McpctlError('auth', `the sign-in callback port ${configured} (oauth.redirectPort) is in use`, {
          server: spec.name,
          phase: 'auth',
          hint: 'free the port, or change oauth.redirectPort (the authorization server must accept the new redirect URI)',
        });
      }
      throw err;
    }
  }
  if (rememberedPort !== undefined) {
    try {
      return await startCallbackServer(rememberedPort, state);
    } catch (err) {
      // Busy: a free port and a new registration for it.
      if (!(err instanceof PortInUseError)) throw err;
    }
  }
  return startCallbackServer(0, state);
}

/** An unauthenticated request, for the WWW-Authenticate challenge (resource_metadata, scope). */
interface Challenge {
  status?: number;
  resourceMetadataUrl?: URL;
  scope?: string;
}

async function probeChallenge(url: string, fetchFn: FetchLike): Promise<Challenge> {
  const controller = new AbortController();
  try {
    const response = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'ping' }),
      signal: controller.signal,
    });
    const params = response.status === 401 ? extractWWWAuthenticateParams(response) : {};
    controller.abort();
    return {
      status: response.status,
      ...(params.resourceMetadataUrl !== undefined ? { resourceMetadataUrl: params.resourceMetadataUrl } : {}),
      ...(params.scope !== undefined ? { scope: params.scope } : {}),
    };
  } catch (err) {
    if (err instanceof McpctlError) throw err;
    // Unreachable or odd: discovery below reports it properly.
    return {};
  }
}

function portOf(uri: string | undefined): number | undefined {
  if (uri === undefined) return undefined;
  try {
    const port = Number(new URL(uri).port);
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}

/** An OAuth error code is a short token; anything else is not repeated. */
function sanitizeCode(code: string): string {
  return /^[\w .-]{1,64}$/.test(code) ? code : 'unexpected response';
}

function toLoginError(err: unknown, spec: HttpServerSpec): unknown {
  if (err instanceof McpctlError) return err;
  const auth = classifyAuthError(err, spec.name);
  if (auth !== undefined) return auth;
  if (err instanceof DOMException && err.name === 'TimeoutError') {
    return new McpctlError(
      'timeout',
      `an OAuth request for ${spec.name} took longer than ${Math.round(spec.timeoutMs / 1000)} s`,
      {
        server: spec.name,
        phase: 'auth',
        cause: err,
      },
    );
  }
  if (err instanceof TypeError) {
    return new McpctlError(
      'connection',
      `could not reach the OAuth endpoints of ${spec.name} (${redactUrl(spec.url)})`,
      {
        server: spec.name,
        phase: 'auth',
        cause: err,
      },
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  return new McpctlError('auth', `sign-in to ${spec.name} failed: ${message}`, {
    server: spec.name,
    phase: 'auth',
    cause: err,
  });
}
