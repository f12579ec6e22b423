// The token store (auth.json): tokens per server URL and issuer, client registrations per
// issuer, discovery state per server. Every change is a locked read-modify-write, so two
// mcpctl processes never lose each other's updates.

import { AsyncLocalStorage } from 'node:async_hooks';
import { isMissing, readText } from '../fs-async.js';
import type { OAuthDiscoveryState, StoredOAuthClientInformation } from '@modelcontextprotocol/client';
import { McpctlError } from '../errors.js';
import { acquireLock, DEFAULT_LOCK_OPTIONS, type LockOptions, type ReleaseLock } from '../file-lock.js';
import { ensurePrivateDir, writePrivateFileAtomic } from '../atomic-file.js';
import { dirname } from 'node:path';
import type { DpopPrivateJwk } from './dpop.js';
import { isRecord } from '../is-record.js';

/** Tokens as stored: the token response plus an absolute expiry. Secret: never print. */
export interface StoredTokenEntry {
  access_token: string;
  token_type: string;
  refresh_token?: string;
  id_token?: string;
  scope?: string;
  /** Absolute expiry in ms since the epoch, computed from `expires_in` when saved. */
  expires_at?: number;
  obtained_at: number;
  issuer: string;
  /** The DPoP key the tokens are bound to (RFC 9449): a refresh must be signed with it. */
  dpop_key?: DpopPrivateJwk;
}

export interface ServerEntry {
  /** Issuer of the most recently saved tokens. */
  issuer?: string;
  tokens: Record<string, StoredTokenEntry>;
  discovery?: OAuthDiscoveryState;
  /** Scope a server asked for beyond the granted one (step-up); the next sign-in requests it. */
  pendingScope?: string;
}

export interface AuthFileData {
  version: 1;
  /** Keyed by normalised server URL. */
  servers: Record<string, ServerEntry>;
  /** Dynamically registered clients, keyed by issuer. */
  clients: Record<string, StoredOAuthClientInformation>;
}

export function emptyAuthFile(): AuthFileData {
  return { version: 1, servers: {}, clients: {} };
}

/** The entry for `key`, created empty when missing. */
export function serverEntry(servers: Record<string, ServerEntry>, key: string): ServerEntry {
  let entry = servers[key];
  if (entry === undefined) {
    entry = { tokens: {} };
    servers[key] = entry;
  }
  return entry;
}

const lockOwner = new AsyncLocalStorage<TokenStore>();

export class TokenStore {
  readonly file: string;
  readonly lockFile: string;
  private readonly lockOptions: LockOptions;
  private lease?: { release: ReleaseLock; timer: NodeJS.Timeout };

  constructor(file: string, lockOptions: Partial<LockOptions> = {}) {
    this.file = file;
    this.lockFile = `${file}.lock`;
    this.lockOptions = { ...DEFAULT_LOCK_OPTIONS, what: 'the token store', phase: 'auth', ...lockOptions };
  }

  async read(): Promise<AuthFileData> {
    let text: string;
    try {
      text = await readText(this.file);
    } catch (err) {
      if (isMissing(err)) return emptyAuthFile();
      throw err;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw corrupt(this.file);
    }
    if (!isAuthFileData(parsed)) throw corrupt(this.file);
    return parsed;
  }

  /** True when this store's lock is held by the current async flow (or by a lease). */
  holdsLock(): boolean {
    return lockOwner.getStore() === this || this.lease !== undefined;
  }

  /** Runs `fn` holding the lock; re-entrant within the same async flow. */
  async withLock<T>(fn: () => Promise<T>): Promise<T> {
    if (this.holdsLock()) return fn();
    await ensurePrivateDir(dirname(this.file));
    const release = await acquireLock(this.lockFile, this.lockOptions);
    try {
      return await lockOwner.run(this, fn);
    } finally {
      await release();
    }
  }

  /** Locked read-modify-write: `fn` changes the data in place; the result is written atomically. */
  async update<T>(fn: (data: AuthFileData) => T): Promise<T> {
    return this.withLock(async () => {
      const data = await this.read();
      const result = fn(data);
      await writePrivateFileAtomic(this.file, `${JSON.stringify(data, null, 2)}\n`);
      return result;
    });
  }

  /**
   * Takes the lock for a flow this code does not drive from start to end (the SDK's own
   * refresh after a 401): released by `endLease`, or after `maxMs` at the latest.
   */
  async beginLease(maxMs: number): Promise<void> {
    if (this.holdsLock()) return;
    await ensurePrivateDir(dirname(this.file));
    const release = await acquireLock(this.lockFile, this.lockOptions);
    const timer = setTimeout(() => void this.endLease(), maxMs);
    timer.unref();
    this.lease = { release, timer };
  }

  async endLease(): Promise<void> {
    const lease = this.lease;
    if (lease === undefined) return;
    this.lease = undefined;
    clearTimeout(lease.timer);
    await lease.release();
  }
}

function corrupt(file: string): McpctlError {
  return new McpctlError('config', `the token store ${file} is not a valid mcpctl token file`, {
    phase: 'auth',
    hint: 'delete the file and sign in again with `mcpctl auth login SERVER`',
  });
}

function isAuthFileData(value: unknown): value is AuthFileData {
  return isRecord(value) && value.version === 1 && isRecord(value.servers) && isRecord(value.clients);
}
