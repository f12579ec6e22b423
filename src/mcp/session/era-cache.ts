// Remembers what `auto` negotiation found for a server (legacy, or modern with its discover
// result), so the next run can pass it as `connect(transport, { prior })` and skip the probe.
// Files are named by a hash of the server's resolved spec; nothing secret is stored in clear.

import { join } from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { DiscoverResult } from '@modelcontextprotocol/client';
import { readText, rm } from '../../fs-async.js';
import type { Env } from '../../io.js';
import { ensurePrivateDir, writeFileAtomic } from '../../atomic-file.js';
import type { ServerSpec } from '../../config/types.js';

export type EraVerdict = { kind: 'legacy' } | { kind: 'modern'; discover: DiscoverResult };

interface EraCacheFile {
  version: 1;
  savedAt: number;
  verdict: EraVerdict;
}

/**
 * A legacy verdict goes stale silently (an upgraded server still answers `initialize`), so
 * it is trusted for a day; a stale modern verdict fails loudly and is then dropped.
 */
const MAX_AGE_MS = { legacy: 24 * 60 * 60 * 1000, modern: 7 * 24 * 60 * 60 * 1000 } as const;

/**
 * The cache key of a server: a SHA-256 over what decides which program or endpoint answers
 * (@noble/hashes: node:crypto takes 4–7 ms to load, and every connect looks its server up).
 * For stdio, only the variables that differ from our own environment are included: the
 * inherited rest (PWD, SHLVL, …) changes between shells and would defeat the cache.
 * Header values are included because they select the principal an answer belongs to.
 */
export function eraCacheKey(spec: ServerSpec, env: Env): string {
  const identity =
    spec.transport === 'stdio'
      ? {
          transport: spec.transport,
          command: spec.command,
          args: spec.args,
          cwd: spec.cwd ?? null,
          env: Object.entries(spec.env)
            .filter(([name, value]) => env[name] !== value)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        }
      : {
          transport: spec.transport,
          url: spec.url,
          headers: Object.entries(spec.headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        };
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify(identity))));
}

export class EraCache {
  constructor(
    private readonly dir: string,
    private readonly now: () => number,
  ) {}

  private file(key: string): string {
    return join(this.dir, 'era', `${key}.json`);
  }

  /** The remembered verdict, or undefined when absent, unreadable or too old. */
  async read(key: string): Promise<EraVerdict | undefined> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readText(this.file(key)));
    } catch {
      return undefined;
    }
    if (!isCacheFile(parsed)) return undefined;
    if (this.now() - parsed.savedAt > MAX_AGE_MS[parsed.verdict.kind]) return undefined;
    return parsed.verdict;
  }

  /** Best effort: a cache that cannot be written only costs a probe next time. */
  async write(key: string, verdict: EraVerdict): Promise<void> {
    const body: EraCacheFile = { version: 1, savedAt: this.now(), verdict };
    try {
      // Private even where the directory already exists with looser modes; a symlink planted
      // where a cache file goes is replaced, never written through.
      await ensurePrivateDir(this.dir);
      await ensurePrivateDir(join(this.dir, 'era'));
      await writeFileAtomic(this.file(key), JSON.stringify(body), { mode: 0o600, followSymlink: false });
    } catch {
      // nothing to undo: an atomic write leaves no partial file
    }
  }

  async drop(key: string): Promise<void> {
    await rm(this.file(key), { force: true }).catch(() => {});
  }
}

function isCacheFile(value: unknown): value is EraCacheFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<EraCacheFile>;
  if (file.version !== 1 || typeof file.savedAt !== 'number') return false;
  const verdict = file.verdict as { kind?: unknown; discover?: unknown } | undefined;
  if (verdict?.kind === 'legacy') return true;
  return verdict?.kind === 'modern' && typeof verdict.discover === 'object' && verdict.discover !== null;
}
