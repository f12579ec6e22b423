// Consent for project configs (docs/SECURITY.md): the trust store, trust.json, which records
// the real path and content hash of each project config the user trusted, and Claude Code's own
// record of the project servers its user approved. A changed file is untrusted again.

import path from 'node:path';
import type { Context } from '../io.js';
import { ensurePrivateDir, writePrivateFileAtomic } from '../atomic-file.js';
import { configError } from '../errors.js';
import { withFileLock } from '../file-lock.js';
import { xdgConfigHome } from './paths.js';
import { readConfigFile } from './read-file.js';
import { isRecord } from '../is-record.js';

export interface TrustRecord {
  sha256: string;
  /** ISO time of the `servers trust` that wrote it. */
  trustedAt: string;
}

export interface TrustFileData {
  version: 1;
  /** By the real path of the config file. */
  files: Record<string, TrustRecord>;
}

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

export function trustFilePath(ctx: Pick<Context, 'env' | 'home'>): string {
  return path.join(xdgConfigHome(ctx), 'mcpctl', 'trust.json');
}

export async function readTrustStore(file: string): Promise<TrustFileData> {
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

/** Locked read-modify-write of the trust store; `fn` changes the data in place. */
export async function updateTrustStore<T>(
  file: string,
  signal: AbortSignal,
  fn: (data: TrustFileData) => T,
): Promise<T> {
  await ensurePrivateDir(path.dirname(file));
  return withFileLock(file, { what: 'the trust store', phase: 'config', signal }, async () => {
    const data = await readTrustStore(file);
    const result = fn(data);
    await writePrivateFileAtomic(file, `${JSON.stringify(data, null, 2)}\n`);
    return result;
  });
}

/** What the trust store says of a project file read with this real path and content hash. */
export function storedTrust(
  data: TrustFileData,
  realPath: string,
  sha256: string,
): 'trusted' | 'changed' | 'untrusted' {
  const record = data.files[realPath];
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
