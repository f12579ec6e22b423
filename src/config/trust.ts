// Consent for project configs (docs/SECURITY.md): the trust store, trust.json, which records
// the real path and content hash of each project config the user trusted, and Claude Code's own
// record of the project servers its user approved. A changed file is untrusted again.

import path from 'node:path';
import type { Context } from '../io.js';
import { configError } from '../errors.js';
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
