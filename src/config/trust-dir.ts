// Where a stdio server starts when its entry names no `cwd` (docs/SECURITY.md "Where a server
// runs"): the user's own servers run in the directory mcpctl was started in only when that
// directory is trusted, since `npx`, `uvx` or `./server.sh` there runs whatever the directory
// holds (its node_modules, its .npmrc); otherwise they run in the home directory.

import path from 'node:path';
import type { Context } from '../io.js';
import * as fs from '../fs-async.js';
import { isRecord } from '../is-record.js';
import type { ConfigScope } from './paths.js';
import type { FolderTrustRecord, TrustFileData } from './trust.js';

/** Why the invoking directory is trusted for the user's own servers. */
export type DirectoryTrustReason = 'project' | 'folder' | 'trust-project';

export interface DirectoryTrust {
  /** The invoking directory. */
  dir: string;
  /** Undefined: not trusted, the user's servers run in the home directory. */
  trustedBy?: DirectoryTrustReason;
  /** The directory is in a repository or a project: a server sent elsewhere is worth a notice. */
  inProject: boolean;
}

/** Where a stdio server without `cwd` starts. */
export interface WorkDir {
  /** Absolute. */
  dir: string;
  /** The invoking directory, when the server runs in the home directory instead because it is not trusted. */
  movedFrom?: string;
  /** A move worth saying on stderr (the invoking directory is in a repository or a project). */
  notice?: boolean;
}

/** What decides the trust of the invoking directory, as the loader knows it. */
export interface DirectoryTrustInput {
  /** `--trust-project` for this run. */
  trustProject: boolean;
  /** The folders of the configs found or named that are trusted as project configs (not user files). */
  trustedProjects: string[];
  /** The trust store, read only when nothing else decides. */
  store: () => Promise<TrustFileData>;
  /** A repository holds the invoking directory, or a project config was found from it. */
  inProject: () => boolean;
}

/** Whether `dir` is `folder` or lies below it. */
export function isInside(dir: string, folder: string): boolean {
  const rel = path.relative(folder, dir);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** The folder a config file belongs to: .vscode/mcp.json and .cursor/mcp.json belong to the one above them. */
export function projectFolder(configFile: string): string {
  const dir = path.dirname(configFile);
  const base = path.basename(dir);
  return base === '.vscode' || base === '.cursor' ? path.dirname(dir) : dir;
}

/** A directory written in a config (`cwd`, `roots`): `~` is home, relative is relative to the config file. */
export function configRelativeDir(dir: string, configFile: string, home: string): string {
  const expanded = dir === '~' || dir.startsWith('~/') ? path.join(home, dir.slice(1)) : dir;
  return path.resolve(path.dirname(configFile), expanded);
}

/** The trusted folders of the store (`servers trust DIR`), by real path; a malformed record counts as none. */
export function trustedFolders(data: TrustFileData): Record<string, FolderTrustRecord> {
  return isRecord(data.folders) ? (data.folders as Record<string, FolderTrustRecord>) : {};
}

async function realDirectory(dir: string): Promise<string> {
  return fs.realpath(dir).catch(() => path.resolve(dir));
}

/**
 * Whether the user's own servers may run in the invoking directory, and why. `ctx.home` is
 * compared with `ctx.cwd` and the folders of configs found from it: give it with its links
 * resolved, as they are.
 */
export async function directoryTrust(
  ctx: Pick<Context, 'cwd' | 'home'>,
  input: DirectoryTrustInput,
): Promise<DirectoryTrust> {
  const dir = path.resolve(ctx.cwd);
  const home = path.resolve(ctx.home);
  const trusted = (trustedBy: DirectoryTrustReason): DirectoryTrust => ({ dir, trustedBy, inProject: true });
  if (input.trustProject) return trusted('trust-project');
  // A config at the home directory is everyone's below it: it does not make all of home a project.
  if (input.trustedProjects.some((folder) => folder !== home && isInside(dir, folder))) return trusted('project');
  const folders = Object.keys(trustedFolders(await input.store()));
  if (folders.length > 0) {
    const real = await realDirectory(dir);
    if (folders.some((folder) => isInside(real, folder))) return trusted('folder');
  }
  return { dir, inProject: input.inProject() };
}

/** The file and scope of an entry, which decide its default working directory. */
export interface EntryPlace {
  scope: ConfigScope;
  source: string;
  jsonPath: string;
}

/**
 * Where a stdio server starts when its entry has no `cwd`: a project's server in the project; a
 * server of a file named on this command line (`-c`, a test file) where the user typed the
 * command, as `--stdio`; a user's server in the invoking directory when it is trusted, else in
 * the home directory (`ctx.home`, as the user knows it; `realHome`, its links resolved, is what
 * the invoking directory is compared with). `trust` undefined counts as not trusted.
 */
export function defaultWorkDir(
  entry: EntryPlace,
  trust: DirectoryTrust | undefined,
  ctx: Pick<Context, 'cwd' | 'home'>,
  realHome = ctx.home,
): WorkDir {
  if (entry.scope === 'project') return { dir: projectFolder(entry.source) };
  const cwd = path.resolve(ctx.cwd);
  if (entry.scope === 'explicit' || trust?.trustedBy !== undefined || isClaudeCodeLocal(entry)) return { dir: cwd };
  const home = path.resolve(ctx.home);
  if (cwd === path.resolve(realHome)) return { dir: home };
  return { dir: home, movedFrom: cwd, notice: trust?.inProject === true };
}

/**
 * Claude Code's local servers, `projects[<dir>].mcpServers` of ~/.claude.json, are the user's own
 * for exactly the invoking directory (paths.ts reads only that one): added there, they run there.
 */
function isClaudeCodeLocal(entry: EntryPlace): boolean {
  return path.basename(entry.source) === '.claude.json' && entry.jsonPath.startsWith('projects[');
}
