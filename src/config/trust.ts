// Consent for project configs (docs/SECURITY.md): the trust store, trust.json, which records
// the real path and content hash of each project config the user trusted, and Claude Code's own
// record of the project servers its user approved. A changed file is untrusted again. Trust is
// recorded where a config was found, never where a link leads, and a store anyone else could
// have written is not believed.

import path from 'node:path';
import type { Context } from '../io.js';
import { writeFailureReason } from '../atomic-file.js';
import { configError } from '../errors.js';
import * as fs from '../fs-async.js';
import { xdgConfigHome } from './paths.js';
import { ownUid, readConfigFile } from './read-file.js';
import { isRecord } from '../is-record.js';

export interface TrustRecord {
  sha256: string;
  /** ISO time of the `servers trust` that wrote it. */
  trustedAt: string;
}

export interface TrustFileData {
  version: 1;
  /** By `trustKey`: the config's directory resolved, then its name as found. */
  files: Record<string, TrustRecord>;
  /** Folders trusted with `servers trust DIR`, by real path: the user's own servers may run in them (trust-dir.ts). */
  folders?: Record<string, FolderTrustRecord>;
}

export interface FolderTrustRecord {
  /** ISO time of the `servers trust DIR` that wrote it. */
  trustedAt: string;
}

export function trustFilePath(ctx: Pick<Context, 'env' | 'home'>): string {
  return path.join(xdgConfigHome(ctx), 'mcpctl', 'trust.json');
}

/**
 * Where trust in a project config found at `file` is recorded: the directory it was found in
 * (`projectDirOf`) with its links resolved, then the rest of the path as found. A link at the file
 * is not followed, so `B/.mcp.json -> ../A/.mcp.json` is B's file, never A's.
 */
export async function trustKey(dir: string, file: string): Promise<string> {
  return path.join(await fs.realpath(dir), path.relative(dir, file));
}

/**
 * The trust store as loading believes it: an unsafe one (see `unsafeStore`) trusts nothing, and
 * the warning says so, naming the file and the fix.
 */
export async function believedTrustStore(file: string): Promise<{ data: TrustFileData; warning?: string }> {
  const unsafe = await unsafeStore(file);
  if (unsafe === undefined) return { data: await parseTrustStore(file) };
  return {
    data: { version: 1, files: {} },
    warning: `the trust store ${file} is ignored: it ${unsafe.why}; every project config counts as untrusted until you ${unsafe.fix}`,
  };
}

/** Reads the trust store, for an edit: an unsafe one is a config error naming the fix. */
export async function readTrustStore(file: string): Promise<TrustFileData> {
  const unsafe = await unsafeStore(file);
  if (unsafe !== undefined)
    throw configError(`the trust store ${file} is not used: it ${unsafe.why}`, { phase: 'config', hint: unsafe.fix });
  return parseTrustStore(file);
}

async function parseTrustStore(file: string): Promise<TrustFileData> {
  const read = await readConfigFile(file, { shown: file, checkOwner: false });
  if (read === 'missing' || read.text.trim() === '') return { version: 1, files: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.text);
  } catch {
    parsed = undefined;
  }
  const data = parsed as Partial<TrustFileData> | undefined;
  if (data?.version !== 1 || typeof data.files !== 'object' || data.files === null || Array.isArray(data.files)) {
    throw configError(`the trust store ${file} is not a valid mcpctl trust file`, {
      phase: 'config',
      hint: 'delete it and trust your project configs again with `mcpctl servers trust FILE`',
    });
  }
  return data as TrustFileData;
}

/**
 * Why the trust store may not be believed: anyone but us could have written what it says. It
 * must be a regular file (not a link), ours, writable by nobody else.
 */
async function unsafeStore(file: string): Promise<{ why: string; fix: string } | undefined> {
  let info: import('node:fs').Stats;
  try {
    info = await fs.lstat(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // Not an empty store: one that cannot be looked at may hold records, and says nothing.
    throw configError(`cannot read the trust store ${file}: ${writeFailureReason(err)}`, {
      phase: 'config',
      cause: err,
      hint: `check the path: ${path.dirname(file)} must be a directory you can read (XDG_CONFIG_HOME moves it)`,
    });
  }
  const again = 'remove it and trust your project configs again (`mcpctl servers trust FILE`)';
  if (info.isSymbolicLink()) return { why: 'is a symbolic link', fix: again };
  if (!info.isFile()) return { why: 'is not a regular file', fix: again };
  const uid = ownUid();
  if (uid === undefined) return undefined;
  if (info.uid !== uid) return { why: `is owned by another user (uid ${info.uid})`, fix: again };
  if ((info.mode & 0o022) !== 0) {
    const mode = `0${(info.mode & 0o777).toString(8)}`;
    return {
      why: `may be written by others (mode ${mode})`,
      fix: `check what it trusts and chmod 600 ${file}, or ${again}`,
    };
  }
  return undefined;
}

/**
 * What the trust store says of a project file recorded under `key` (`trustKey`), its content
 * hashed by `hash` only when there is a record to compare it with: without one the file is
 * untrusted whatever it holds, and node:crypto (milliseconds to load) is not loaded for that.
 */
export async function trustOfContent(
  data: TrustFileData,
  key: string,
  hash: () => Promise<string>,
): Promise<'trusted' | 'changed' | 'untrusted'> {
  if (data.files[key] === undefined) return 'untrusted';
  return storedTrust(data, key, await hash());
}

/** What the trust store says of a project file recorded under `key` (`trustKey`) with this hash. */
export function storedTrust(data: TrustFileData, key: string, sha256: string): 'trusted' | 'changed' | 'untrusted' {
  const record = data.files[key];
  if (record === undefined) return 'untrusted';
  return record.sha256 === sha256 ? 'trusted' : 'changed';
}

/**
 * The servers of the project `.mcp.json` in `dir` that Claude Code's user approved, from the
 * plain value of ~/.claude.json: `projects[dir]` with `enableAllProjectMcpServers` or
 * `enabledMcpjsonServers`, less `disabledMcpjsonServers`.
 */
export function claudeCodeApproval(claudeJson: unknown, dir: string): (name: string) => boolean {
  const projects = isRecord(claudeJson) ? claudeJson.projects : undefined;
  const project = isRecord(projects) ? projects[dir] : undefined;
  if (!isRecord(project)) return () => false;
  const names = (value: unknown) =>
    new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  const enabled = names(project.enabledMcpjsonServers);
  const disabled = names(project.disabledMcpjsonServers);
  const all = project.enableAllProjectMcpServers === true;
  return (name) => !disabled.has(name) && (all || enabled.has(name));
}
