// mcpctl's OAuthClientProvider: the SDK's auth() drives discovery, registration, PKCE and token
// requests; this class answers its questions from the token store, refreshes before a request
// under the store lock, and in a normal command never starts a browser sign-in.

import {
  auth,
  computeScopeUnion,
  type AddClientAuthentication,
  type AuthOptions,
  type AuthResult,
  type AuthorizationServerMetadata,
  type DpopSession,
  type FetchLike,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  registerClient,
  resolveClientMetadata,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { randomBytes } from 'node:crypto';
import type { HttpServerSpec, OAuthSettings } from '../config/types.js';
import { McpctlError } from '../errors.js';
import type { Context } from '../io.js';
import { classifyAuthError } from './classify.js';
import { advertisesDpop, dpopSessionFor, isDpopPrivateJwk, newDpopKey, type DpopPrivateJwk } from './dpop.js';
import { grantOf, type Grant } from './grant-kind.js';
import { sameIssuer } from './issuer.js';
import { isWorkloadIdentity, machineClientAuthentication, machineTokenRequest } from './grants.js';
import { signInRequired, stepUpRequired } from './messages.js';
import { scopeCovers } from './scope.js';
import { serverEntry, type StoredTokenEntry, type TokenStore } from './store.js';
import { assertSecureOAuthUrl, normalizeServerUrl } from './url.js';

export type ProviderMode = 'command' | 'login';

export interface ProviderInit {
  spec: HttpServerSpec;
  ctx: Context;
  store: TokenStore;
  /** `command`: never a browser, sign-in needed → McpctlError kind 'auth'. `login`: interactive. */
  mode: ProviderMode;
  /** Used for every OAuth request this code starts (already refuses insecure URLs). */
  fetchFn: FetchLike;
  /** login: the loopback callback URL. */
  redirectUrl?: string;
  /** login: shows the authorization URL to the user (browser or stderr). */
  onAuthorizationUrl?: (url: URL) => Promise<void>;
  /** login: the `state` the callback listener expects; random otherwise. */
  state?: string;
}

/** Never refresh earlier than this before expiry; short-lived tokens use half their lifetime. */
const REFRESH_SKEW_MS = 60_000;
/** Redirect URL of a command-mode provider with no registered client: never sent anywhere. */
const PLACEHOLDER_REDIRECT = 'http://127.0.0.1/callback';

/** What createAuthProvider returns: an OAuthClientProvider the session must close when done. */
export interface McpctlAuthProvider extends OAuthClientProvider {
  /** Releases the store lock if an SDK-driven refresh failed while holding it. Idempotent. */
  close(): Promise<void>;
}

export class McpctlOAuthProvider implements McpctlAuthProvider {
  readonly serverKey: string;
  readonly grant: Grant;
  readonly mode: ProviderMode;
  readonly addClientAuthentication?: AddClientAuthentication;
  private readonly spec: HttpServerSpec;
  private readonly oauth: OAuthSettings;
  private readonly ctx: Context;
  private readonly store: TokenStore;
  private readonly fetchFn: FetchLike;
  private readonly loginRedirectUrl?: string;
  private readonly onAuthorizationUrl?: (url: URL) => Promise<void>;
  readonly expectedState: string;
  private commandRedirectUrl = PLACEHOLDER_REDIRECT;
  private verifier?: string;
  private cimdClient?: StoredOAuthClientInformation;
  private authServerIssuer?: string;
  private resourceUrlValue?: string;
  /** The refresh token last handed to auth(): invalidation deletes only that one. */
  private refreshTokenInFlight?: string;
  private asMetadata?: AuthorizationServerMetadata;
  private authServerUrl?: string;
  /** One DPoP session per provider, so the nonces a server hands out are kept between requests. */
  private dpopState?: { key: DpopPrivateJwk; session: DpopSession };
  /** Workload identity: the JWT went out and no tokens came back yet; refused: the SDK's retry is stopped. */
  private workloadAssertion: 'unsent' | 'sent' | 'refused' = 'unsent';

  constructor(init: ProviderInit) {
    this.spec = init.spec;
    this.oauth = init.spec.oauth ?? {};
    this.ctx = init.ctx;
    this.store = init.store;
    this.mode = init.mode;
    this.fetchFn = init.fetchFn;
    this.loginRedirectUrl = init.redirectUrl;
    this.onAuthorizationUrl = init.onAuthorizationUrl;
    this.serverKey = normalizeServerUrl(init.spec.url);
    this.grant = grantOf(this.oauth);
    this.expectedState = init.state ?? randomBytes(24).toString('base64url');
    this.addClientAuthentication = machineClientAuthentication(this.oauth);
  }

  /** Reads what a command-mode provider needs before the SDK asks synchronously. */
  async load(): Promise<this> {
    const data = await this.store.read();
    const issuer = data.servers[this.serverKey]?.issuer;
    const client = issuer === undefined ? undefined : data.clients[issuer];
    const registered = client === undefined ? undefined : redirectUrisOf(client)[0];
    this.commandRedirectUrl =
      registered ??
      (this.oauth.redirectPort !== undefined
        ? `http://127.0.0.1:${this.oauth.redirectPort}/callback`
        : PLACEHOLDER_REDIRECT);
    return this;
  }

  /** The `state` the authorization request carries and the callback must bring back. */
  state(): string {
    return this.expectedState;
  }

  get redirectUrl(): string | undefined {
    if (this.grant !== 'authorization_code') return undefined;
    return this.mode === 'login' ? this.loginRedirectUrl : this.commandRedirectUrl;
  }

  get clientMetadataUrl(): string | undefined {
    return this.oauth.clientId === undefined ? this.oauth.clientMetadataUrl : undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    const redirect = this.redirectUrl;
    const interactive = this.grant === 'authorization_code';
    return {
      client_name: 'mcpctl',
      software_id: 'mcpctl',
      redirect_uris: redirect === undefined ? [] : [redirect],
      grant_types: interactive
        ? ['authorization_code', 'refresh_token']
        : this.grant === 'client_credentials'
          ? ['client_credentials']
          : ['urn:ietf:params:oauth:grant-type:jwt-bearer'],
      response_types: interactive ? ['code'] : [],
      token_endpoint_auth_method: this.tokenEndpointAuthMethod(),
      ...(this.oauth.scope !== undefined ? { scope: this.oauth.scope } : {}),
    };
  }

  private tokenEndpointAuthMethod(): string {
    if (this.oauth.tokenEndpointAuthMethod !== undefined) return this.oauth.tokenEndpointAuthMethod;
    if (this.oauth.privateKey !== undefined) return 'private_key_jwt';
    return this.oauth.clientSecret !== undefined ? 'client_secret_basic' : 'none';
  }

  // ---- client identity: configured clientId, else CIMD (SDK decides), else DCR per issuer ----

  async clientInformation(ctx?: OAuthClientInformationContext): Promise<StoredOAuthClientInformation | undefined> {
    const { clientId, issuer } = this.oauth;
    if (clientId !== undefined) {
      // A workload's JWT names its audience itself (checked before it is sent): no issuer needed.
      if (issuer === undefined && !isWorkloadIdentity(this.oauth)) throw missingIssuer(this.spec.name);
      if (ctx !== undefined && issuer !== undefined && !sameIssuer(ctx.issuer, issuer)) {
        throw new McpctlError(
          'auth',
          `the authorization server of ${this.spec.name} is ${ctx.issuer}, not the configured issuer ${issuer}`,
          {
            server: this.spec.name,
            phase: 'auth',
            hint: 'check oauth.issuer in the config; the client credentials are only sent to that issuer',
          },
        );
      }
      return {
        client_id: clientId,
        ...(this.oauth.clientSecret !== undefined ? { client_secret: this.oauth.clientSecret } : {}),
        ...(this.oauth.tokenEndpointAuthMethod !== undefined && this.oauth.tokenEndpointAuthMethod !== 'private_key_jwt'
          ? { token_endpoint_auth_method: this.oauth.tokenEndpointAuthMethod }
          : {}),
        ...(ctx !== undefined || issuer !== undefined ? { issuer: ctx?.issuer ?? issuer } : {}),
      };
    }
    if (this.cimdClient !== undefined && (ctx === undefined || sameIssuer(this.cimdClient.issuer ?? '', ctx.issuer)))
      return this.cimdClient;
    const data = await this.store.read();
    const key = ctx?.issuer ?? data.servers[this.serverKey]?.issuer;
    const client = key === undefined ? undefined : data.clients[key];
    const redirect = this.redirectUrl;
    // Registered for another callback port: a new sign-in registers again for this one.
    const usable =
      client !== undefined &&
      !(this.mode === 'login' && redirect !== undefined && !redirectUrisOf(client).includes(redirect));
    if (usable) return client;
    return ctx === undefined ? undefined : this.registerWithoutScope(ctx.issuer);
  }

  /**
   * Dynamic registration of our own during a sign-in. auth() would register with the scope it is
   * about to request, and a server may then hold the client to it (RFC 7591 §2), so a later
   * step-up to a wider scope is refused with invalid_scope. Without oauth.scope nothing asks for
   * a limit: register with none. With oauth.scope (or a client ID metadata document the server
   * takes) auth() registers as it does.
   */
  private async registerWithoutScope(issuer: string): Promise<StoredOAuthClientInformation | undefined> {
    if (this.mode !== 'login' || this.oauth.scope !== undefined || this.authServerUrl === undefined) return undefined;
    const metadata = this.asMetadata;
    if (this.clientMetadataUrl !== undefined && metadata?.client_id_metadata_document_supported === true)
      return undefined;
    const registered = await registerClient(this.authServerUrl, {
      ...(metadata !== undefined ? { metadata } : {}),
      // The defaults auth() fills before it registers (application_type, SEP-837; grant types).
      clientMetadata: resolveClientMetadata(this),
      fetchFn: this.fetchFn,
    });
    const info = { ...registered, issuer };
    await this.saveClientInformation(info, { issuer });
    return info;
  }

  /** A client registered dynamically for `issuer` is forgotten: the next sign-in registers again. */
  async forgetRegisteredClient(issuer: string): Promise<boolean> {
    if (this.oauth.clientId !== undefined) return false;
    let forgotten = false;
    await this.store.update((data) => {
      const client = data.clients[issuer];
      if (client === undefined || client.client_id === this.clientMetadataUrl) return;
      delete data.clients[issuer];
      forgotten = true;
    });
    return forgotten;
  }

  async saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): Promise<void> {
    if (this.clientMetadataUrl !== undefined && info.client_id === this.clientMetadataUrl) {
      // A CIMD client id is derived from the config each time: nothing to remember.
      this.cimdClient = info;
      return;
    }
    if (this.oauth.clientId !== undefined) return;
    const issuer = ctx?.issuer ?? info.issuer;
    if (issuer === undefined) return;
    await this.store.update((data) => {
      data.clients[issuer] = { ...info, issuer };
    });
  }

  // ---- DPoP: the key stored with the tokens, else a new one when the server offers DPoP ----

  async dpop(): Promise<DpopSession | undefined> {
    if (this.dpopState !== undefined) return this.dpopState.session;
    const stored = (await this.currentEntry())?.dpop_key;
    const key = isDpopPrivateJwk(stored) ? stored : advertisesDpop(this.asMetadata) ? await newDpopKey() : undefined;
    if (key === undefined) return undefined;
    // Another call may have finished first while this one awaited: keep the first session.
    this.dpopState ??= { key, session: await dpopSessionFor(key) };
    return this.dpopState.session;
  }

  // ---- tokens ----

  async tokens(ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    return ctx === undefined ? this.tokensForRequest() : this.tokensForAuthFlow(ctx.issuer);
  }

  /** The transport's read before each request: refresh first when expired or about to expire. */
  private async tokensForRequest(): Promise<StoredOAuthTokens | undefined> {
    // The transport asks again right after an auth() run of its own: that run is over.
    await this.store.endLease();
    const entry = await this.currentEntry();
    if (entry === undefined) {
      // Machine grants need no person: get a token now rather than after a 401.
      return this.grant === 'authorization_code' ? undefined : this.obtainLocked();
    }
    if (!this.isExpiring(entry)) return this.toSdkTokens(entry);
    if (entry.refresh_token !== undefined || this.grant !== 'authorization_code') return this.obtainLocked();
    if (this.mode === 'command') throw signInRequired(this.spec.name, 'expired');
    return this.toSdkTokens(entry);
  }

  /**
   * Inside an auth() run. When the run is not ours (the transport reacting to a 401) it may be
   * about to spend the refresh token: hold the store lock until it saves the new tokens, so a
   * concurrent mcpctl does not spend the same one.
   */
  private async tokensForAuthFlow(issuer: string): Promise<StoredOAuthTokens | undefined> {
    if (this.mode === 'command' && !this.store.holdsLock()) {
      const peek = (await this.store.read()).servers[this.serverKey]?.tokens[issuer];
      if (peek?.refresh_token !== undefined) await this.store.beginLease(this.spec.timeoutMs + 5_000);
    }
    const entry = (await this.store.read()).servers[this.serverKey]?.tokens[issuer];
    if (entry === undefined) return undefined;
    this.refreshTokenInFlight = entry.refresh_token;
    return this.toSdkTokens(entry);
  }

  /** Refresh (or, for machine grants, fetch) under the lock, unless another process just did. */
  private async obtainLocked(): Promise<StoredOAuthTokens | undefined> {
    return this.store.withLock(async () => {
      const current = await this.currentEntry();
      if (current !== undefined && !this.isExpiring(current)) return this.toSdkTokens(current);
      await this.runAuth({});
      const after = await this.currentEntry();
      if (after === undefined) throw signInRequired(this.spec.name, 'none');
      return this.toSdkTokens(after);
    });
  }

  async saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    const now = this.ctx.now();
    this.workloadAssertion = 'unsent';
    try {
      await this.store.update((data) => {
        const server = serverEntry(data.servers, this.serverKey);
        const issuer = ctx?.issuer ?? tokens.issuer ?? server.issuer;
        if (issuer === undefined) return;
        const previous = server.tokens[issuer];
        const entry: StoredTokenEntry = {
          access_token: tokens.access_token,
          token_type: tokens.token_type,
          obtained_at: now,
          issuer,
        };
        if (tokens.refresh_token !== undefined) entry.refresh_token = tokens.refresh_token;
        // The token request carried a proof with this key: the tokens may be bound to it.
        if (this.dpopState !== undefined) entry.dpop_key = this.dpopState.key;
        if (tokens.id_token !== undefined) entry.id_token = tokens.id_token;
        // A refresh response may leave out the scope: it is then the one granted before.
        const scope = tokens.scope ?? previous?.scope;
        if (scope !== undefined) entry.scope = scope;
        if (tokens.expires_in !== undefined) entry.expires_at = now + tokens.expires_in * 1000;
        server.tokens[issuer] = entry;
        server.issuer = issuer;
        if (server.pendingScope !== undefined && scopeCovers(entry.scope, server.pendingScope))
          delete server.pendingScope;
      });
    } finally {
      await this.store.endLease();
    }
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'verifier' || scope === 'all') this.verifier = undefined;
    if (scope === 'client' || scope === 'all') this.cimdClient = undefined;
    // The SDK retries a refused token request; a workload's JWT would only be refused again.
    if (this.workloadAssertion === 'sent') this.workloadAssertion = 'refused';
    const inFlight = this.refreshTokenInFlight;
    try {
      await this.store.update((data) => {
        const server = data.servers[this.serverKey];
        if (server === undefined) return;
        if (scope === 'tokens' || scope === 'all') {
          // Only the tokens the failed request used: a newer set saved by another process stays.
          for (const [issuer, entry] of Object.entries(server.tokens)) {
            if (inFlight !== undefined && entry.refresh_token === inFlight) delete server.tokens[issuer];
          }
        }
        if (scope === 'discovery' || scope === 'all') delete server.discovery;
        if (
          (scope === 'client' || scope === 'all') &&
          this.oauth.clientId === undefined &&
          server.issuer !== undefined
        ) {
          delete data.clients[server.issuer];
        }
      });
    } finally {
      if (scope === 'tokens' || scope === 'all') await this.store.endLease();
    }
  }

  // ---- authorization ----

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    await this.store.endLease();
    assertSecureOAuthUrl(authorizationUrl, 'the authorization endpoint', this.spec.name);
    if (this.mode === 'login' && this.onAuthorizationUrl !== undefined) {
      await this.onAuthorizationUrl(authorizationUrl);
      return;
    }
    // A command never opens a browser: remember what the server asked for, tell the user.
    const entry = await this.currentEntry();
    const requested = authorizationUrl.searchParams.get('scope') ?? undefined;
    if (entry !== undefined && requested !== undefined && !scopeCovers(entry.scope, requested)) {
      await this.store.update((data) => {
        const server = serverEntry(data.servers, this.serverKey);
        server.pendingScope = computeScopeUnion(server.pendingScope, requested);
      });
      throw stepUpRequired(this.spec.name, requested);
    }
    // An unexpired token ends up here only after the server turned it away.
    throw signInRequired(
      this.spec.name,
      entry === undefined ? 'none' : this.isExpiring(entry) ? 'expired' : 'rejected',
    );
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    this.verifier = codeVerifier;
  }

  async codeVerifier(): Promise<string> {
    if (this.verifier === undefined)
      throw new McpctlError('auth', `no sign-in is in progress for ${this.spec.name}`, {
        server: this.spec.name,
        phase: 'auth',
      });
    return this.verifier;
  }

  // ---- discovery state: remembered per server URL, checked for https every time ----

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    const server = (await this.store.read()).servers[this.serverKey];
    const hasTokens = server !== undefined && Object.keys(server.tokens).length > 0;
    // No sign-in to refresh: stop before discovery and registration touch the network.
    if (this.mode === 'command' && this.grant === 'authorization_code' && !hasTokens)
      throw signInRequired(this.spec.name, 'none');
    const state = server?.discovery;
    if (state !== undefined) assertSecureDiscovery(state, this.spec.name);
    this.asMetadata = state?.authorizationServerMetadata;
    this.authServerUrl = state?.authorizationServerUrl;
    return state;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    assertSecureDiscovery(state, this.spec.name);
    this.asMetadata = state.authorizationServerMetadata;
    this.authServerUrl = state.authorizationServerUrl;
    await this.store.update((data) => {
      serverEntry(data.servers, this.serverKey).discovery = state;
    });
  }

  saveAuthorizationServerUrl(issuer: string): void {
    this.authServerIssuer = issuer;
  }

  saveResourceUrl(resourceUrl: string): void {
    this.resourceUrlValue = resourceUrl;
  }

  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    if (this.grant === 'authorization_code') return undefined;
    if (isWorkloadIdentity(this.oauth)) {
      if (this.workloadAssertion === 'refused') throw workloadRefused(this.spec.name, this.oauth.assertionFrom);
      this.workloadAssertion = 'sent';
    }
    return machineTokenRequest({
      grant: this.grant,
      oauth: this.oauth,
      server: this.spec.name,
      scope,
      audience: this.authServerIssuer ?? this.oauth.issuer,
      ...(this.asMetadata !== undefined ? { tokenEndpoint: this.asMetadata.token_endpoint } : {}),
      resource: this.resourceUrlValue ?? this.spec.url,
      fetchFn: this.fetchFn,
    });
  }

  // ---- helpers for login and for the transport ----

  async close(): Promise<void> {
    await this.store.endLease();
  }

  /** auth() with this provider, our fetch, and errors turned into McpctlError. */
  async runAuth(options: Omit<AuthOptions, 'serverUrl' | 'fetchFn'>): Promise<AuthResult> {
    try {
      return await auth(this, { serverUrl: this.spec.url, fetchFn: this.fetchFn, ...options });
    } catch (err) {
      throw classifyAuthError(err, this.spec.name) ?? err;
    } finally {
      await this.store.endLease();
    }
  }

  /** The most recently saved tokens for this server. */
  async currentEntry(): Promise<StoredTokenEntry | undefined> {
    const server = (await this.store.read()).servers[this.serverKey];
    return server?.issuer === undefined ? undefined : server.tokens[server.issuer];
  }

  private isExpiring(entry: StoredTokenEntry): boolean {
    if (entry.expires_at === undefined) return false;
    const lifetime = entry.expires_at - entry.obtained_at;
    const skew = Math.min(REFRESH_SKEW_MS, Math.max(0, lifetime / 2));
    return entry.expires_at - this.ctx.now() <= skew;
  }

  private toSdkTokens(entry: StoredTokenEntry): StoredOAuthTokens {
    const tokens: StoredOAuthTokens = {
      access_token: entry.access_token,
      token_type: entry.token_type,
      issuer: entry.issuer,
    };
    if (entry.refresh_token !== undefined) tokens.refresh_token = entry.refresh_token;
    if (entry.id_token !== undefined) tokens.id_token = entry.id_token;
    if (entry.scope !== undefined) tokens.scope = entry.scope;
    if (entry.expires_at !== undefined)
      tokens.expires_in = Math.max(0, Math.floor((entry.expires_at - this.ctx.now()) / 1000));
    return tokens;
  }
}

/** The redirect URIs a client was registered with (empty for a bare client id). */
export function redirectUrisOf(client: StoredOAuthClientInformation): string[] {
  const uris: unknown = 'redirect_uris' in client ? client.redirect_uris : undefined;
  return Array.isArray(uris) ? uris.filter((u): u is string => typeof u === 'string') : [];
}

function workloadRefused(server: string, variable: string | undefined): McpctlError {
  return new McpctlError(
    'auth',
    `the authorization server of ${server} refused the workload token in ${variable ?? 'oauth.assertionFrom'}; it was not sent again`,
    {
      server,
      phase: 'auth',
      hint: 'the token may have expired, or be for another audience or subject than the authorization server trusts',
    },
  );
}

export function missingIssuer(server: string): McpctlError {
  return new McpctlError(
    'config',
    `${server}: oauth.clientId needs oauth.issuer (the authorization server the client is registered with)`,
    {
      server,
      phase: 'config',
    },
  );
}

function assertSecureDiscovery(state: OAuthDiscoveryState, server: string): void {
  assertSecureOAuthUrl(state.authorizationServerUrl, 'the authorization server', server);
  if (state.resourceMetadataUrl !== undefined)
    assertSecureOAuthUrl(state.resourceMetadataUrl, 'the resource metadata URL', server);
  const metadata = state.authorizationServerMetadata;
  if (metadata === undefined) return;
  assertSecureOAuthUrl(metadata.issuer, 'the authorization server', server);
  assertSecureOAuthUrl(metadata.authorization_endpoint, 'the authorization endpoint', server);
  assertSecureOAuthUrl(metadata.token_endpoint, 'the token endpoint', server);
  if (metadata.registration_endpoint !== undefined)
    assertSecureOAuthUrl(metadata.registration_endpoint, 'the registration endpoint', server);
}
