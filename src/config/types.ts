// The typed shapes of configuration: what a config file holds (raw) and the ready-to-connect
// server description the session layer consumes (ServerSpec).

export const PROTOCOL_REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type ProtocolRevision = (typeof PROTOCOL_REVISIONS)[number];
/** `auto` negotiates, `legacy` is the plain initialize, a revision pins. */
export type ProtocolSetting = 'auto' | 'legacy' | ProtocolRevision;

export type TransportKind = 'stdio' | 'http' | 'sse';

/**
 * Why a server may (or may not) be started: `user` (a user-level file), `named` (--config or
 * MCPCTL_CONFIG), `trusted` (trust.json, same content), `claude-code` (approved in Claude Code),
 * `trust-project` (--trust-project for this run); `untrusted` and `changed` (trusted once, edited
 * since) are never started.
 */
export type TrustState = 'user' | 'named' | 'trusted' | 'claude-code' | 'trust-project' | 'untrusted' | 'changed';

export function isTrusted(state: TrustState): boolean {
  return state !== 'untrusted' && state !== 'changed';
}

export interface IdpSettings {
  issuer?: string;
  tokenEndpoint?: string;
  clientId?: string;
  /** Already resolved from `clientSecretFrom`. */
  clientSecret?: string;
  /** Already resolved from `idTokenFrom`. */
  idToken?: string;
}

export interface OAuthSettings {
  clientId?: string;
  /** Already resolved from `clientSecretFrom`. */
  clientSecret?: string;
  issuer?: string;
  scope?: string;
  redirectPort?: number;
  clientMetadataUrl?: string;
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post' | 'none' | 'private_key_jwt';
  grant?: 'authorization_code' | 'client_credentials' | 'jwt-bearer';
  /** grant jwt-bearer: the variable that holds the workload's signed JWT. */
  assertionFrom?: string;
  /** The value of `assertionFrom`, when that variable is set. Secret: never print. */
  assertion?: string;
  /** Already resolved from `privateKeyFrom`: a PEM key. */
  privateKey?: string;
  signingAlgorithm?: string;
  idp?: IdpSettings;
}

interface ServerSpecBase {
  /** The config name, or the URL / command line of an ad-hoc server. */
  name: string;
  /** The file the entry came from, or `command line` for ad-hoc servers. */
  source: string;
  /** Bounds connect + handshake + discovery, and each request. */
  timeoutMs: number;
  protocol: ProtocolSetting;
  enabledTools?: string[];
  disabledTools?: string[];
  /** Absolute directories offered as roots (the `roots` key); absent: none. */
  roots?: string[];
}

export interface StdioServerSpec extends ServerSpecBase {
  transport: 'stdio';
  command: string;
  args: string[];
  /** Absolute. */
  cwd?: string;
  /** The complete environment of the child process (inheritEnv, env, envFrom applied). */
  env: Record<string, string>;
  /** The variables the entry itself sets (env, envFrom): their values are the user's, never shown. */
  secretEnv?: string[];
}

export interface HttpServerSpec extends ServerSpecBase {
  transport: 'http' | 'sse';
  url: string;
  /** Static headers with values resolved (headers, headersFrom). Secret: never print. */
  headers: Record<string, string>;
  /** True when `type` was absent: try Streamable HTTP, fall back to SSE on 404/405. */
  sseFallback: boolean;
  oauth?: OAuthSettings;
}

export type ServerSpec = StdioServerSpec | HttpServerSpec;

export const DEFAULT_TIMEOUT_SECONDS = 30;

/** Values of `type` (and its alias `transport`) as a config file may write them. */
export const TRANSPORT_TYPES = ['stdio', 'http', 'streamable-http', 'sse'] as const;
export type TransportType = (typeof TRANSPORT_TYPES)[number];

export const PROTOCOL_SETTINGS: readonly ProtocolSetting[] = ['auto', 'legacy', ...PROTOCOL_REVISIONS];

export interface RawIdpEntry {
  issuer?: string;
  tokenEndpoint?: string;
  clientId?: string;
  clientSecretFrom?: string;
  idTokenFrom?: string;
}

export interface RawOAuthEntry {
  clientId?: string;
  clientSecretFrom?: string;
  issuer?: string;
  scope?: string;
  redirectPort?: number;
  clientMetadataUrl?: string;
  tokenEndpointAuthMethod?: OAuthSettings['tokenEndpointAuthMethod'];
  grant?: OAuthSettings['grant'];
  assertionFrom?: string;
  privateKeyFrom?: string;
  signingAlgorithm?: string;
  idp?: RawIdpEntry;
}

/**
 * One server entry as written in a config file, after validation: keys in camelCase (snake_case
 * spellings and the aliases `transport`, `serverUrl` mapped), unknown keys dropped, string values
 * not yet interpolated, `timeout` as written (see resolve.ts for its unit).
 */
export interface RawServerEntry {
  type?: TransportType;
  command?: string;
  args?: string[];
  cwd?: string;
  env?: Record<string, string>;
  envFrom?: string[];
  inheritEnv?: boolean;
  url?: string;
  headers?: Record<string, string>;
  headersFrom?: Record<string, string>;
  timeout?: number;
  protocolVersion?: ProtocolSetting;
  oauth?: RawOAuthEntry;
  enabledTools?: string[];
  disabledTools?: string[];
  roots?: string[];
  disabled?: boolean;
}
