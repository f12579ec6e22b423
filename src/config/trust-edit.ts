// `servers trust` / `servers untrust`: record (or take back) consent to a project config as its
// content is now, or to a folder the user's own servers may run in, in the trust store, under
// the store's lock.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Context } from '../io.js';
import { ensurePrivateDir, writePrivateFileAtomic } from '../atomic-file.js';
import { usageError } from '../errors.js';
import { withFileLock } from '../file-lock.js';
import type { LoadOptions } from './load.js';
import { absolutePath, PROJECT_FILES, projectDirOf } from './paths.js';
import { displayPath } from './display-path.js';
import { contentHash, projectRootOf, readConfigFile } from './read-file.js';
import { readTrustStore, trustFilePath, trustKey, type TrustFileData } from './trust.js';
import { trustedFolders } from './trust-dir.js';

export interface Trusted {
  /** Where its trust is recorded (`trustKey`). */
  file: string;
  sha256: string;
  /** The servers it defines, now allowed to start. */
  servers: string[];
}

export interface Untrusted {
  file: string;
  /** false: it was not trusted. */
  removed: boolean;
}

/** Trusts `files`, or with none the project configs found from the working directory. */
export async function trustFiles(ctx: Context, files: string[], opts: LoadOptions): Promise<Trusted[]> {
  // Imported here, not at the top: a static import would split the config loader into one more
  // chunk of the bundle, loaded by every command that reads the configuration.
  const { loadConfig } = await import('./load.js');
  let targets = files.map((f) => absolutePath(f, ctx));
  if (targets.length === 0) {
    const found = await loadConfig(ctx, { ...opts, configFile: undefined, trustProject: true });
    targets = found.projectFiles.map((p) => p.file);
    if (targets.length === 0) {
      throw usageError(
        `no project config found from ${ctx.cwd} (looked for ${PROJECT_FILES.join(', ')}, opencode.json and .gemini/settings.json up to the repository root)`,
        {
          hint: 'name the file: mcpctl servers trust FILE',
        },
      );
    }
  }
  const trusted: Trusted[] = [];
  for (const file of targets) {
    const shown = displayPath(file, ctx);
    const dir = projectDirOf(file);
    // The same refusals as when the file is found by the search: only our own regular files,
    // links only within the project.
    const read = await readConfigFile(file, {
      shown,
      checkOwner: true,
      projectRoot: await projectRootOf(dir, ctx.home),
    });
    if (read === 'missing')
      throw usageError(`${shown}: no such config file`, { hint: 'name an existing project config' });
    // Checked like any config: a file with errors is not worth trusting yet.
    const config = await loadConfig(ctx, { configFile: file });
    const key = await trustKey(dir, file);
    trusted.push({ file: key, sha256: await contentHash(read), servers: config.entries.map((e) => e.name) });
  }
  await updateTrustStore(trustFilePath(ctx), ctx.signal, (data) => {
    const trustedAt = new Date(ctx.now()).toISOString();
    for (const t of trusted) data.files[t.file] = { sha256: t.sha256, trustedAt };
  });
  return trusted;
}

export async function untrustFiles(ctx: Context, files: string[]): Promise<Untrusted[]> {
  // A file deleted since it was trusted is still named by the path it had.
  const keys = await Promise.all(
    files.map(async (f) => {
      const file = absolutePath(f, ctx);
      return trustKey(projectDirOf(file), file).catch(() => file);
    }),
  );
  return updateTrustStore(trustFilePath(ctx), ctx.signal, (data) =>
    keys.map((file) => {
      const removed = Object.hasOwn(data.files, file);
      delete data.files[file];
      return { file, removed };
    }),
  );
}

/** Locked read-modify-write of the trust store; `fn` changes the data in place. */
async function updateTrustStore<T>(file: string, signal: AbortSignal, fn: (data: TrustFileData) => T): Promise<T> {
  await ensurePrivateDir(path.dirname(file));
  return withFileLock(file, { what: 'the trust store', phase: 'config', signal }, async () => {
    const data = await readTrustStore(file);
    const result = fn(data);
    await writePrivateFileAtomic(file, `${JSON.stringify(data, null, 2)}\n`);
    return result;
  });
}

/** A folder trusted with `servers trust DIR` (trust-dir.ts): the user's own servers may run in it. */
export interface TrustedFolder {
  /** The real path recorded. */
  folder: string;
}

export interface UntrustedFolder {
  folder: string;
  /** false: it was not trusted. */
  removed: boolean;
}

async function isDirectory(file: string): Promise<boolean> {
  return (await fs.stat(file).catch(() => undefined))?.isDirectory() === true;
}

/**
 * The arguments of `servers trust` / `untrust` that name folders rather than config files: an
 * existing directory, or (for untrust) a folder still recorded though it is gone.
 */
export async function folderArguments(ctx: Context, paths: string[], recorded = false): Promise<string[]> {
  const stored = recorded ? trustedFolders(await readTrustStore(trustFilePath(ctx))) : {};
  const found = await Promise.all(
    paths.map(async (p) => (await isDirectory(absolutePath(p, ctx))) || Object.hasOwn(stored, absolutePath(p, ctx))),
  );
  return paths.filter((_, i) => found[i]);
}

/** Trusts folders: the user's own stdio servers may start in them and below. */
export async function trustFolders(ctx: Context, dirs: string[]): Promise<TrustedFolder[]> {
  const folders = await Promise.all(dirs.map((d) => fs.realpath(absolutePath(d, ctx))));
  await updateTrustStore(trustFilePath(ctx), ctx.signal, (data) => {
    const trustedAt = new Date(ctx.now()).toISOString();
    const records = { ...trustedFolders(data) };
    for (const folder of folders) records[folder] = { trustedAt };
    data.folders = records;
  });
  return folders.map((folder) => ({ folder }));
}

export async function untrustFolders(ctx: Context, dirs: string[]): Promise<UntrustedFolder[]> {
  // A folder deleted since it was trusted is still named by the path it had.
  const keys = await Promise.all(
    dirs.map(async (d) => fs.realpath(absolutePath(d, ctx)).catch(() => absolutePath(d, ctx))),
  );
  return updateTrustStore(trustFilePath(ctx), ctx.signal, (data) => {
    const records = { ...trustedFolders(data) };
    const result = keys.map((folder) => {
      const removed = Object.hasOwn(records, folder);
      delete records[folder];
      return { folder, removed };
    });
    data.folders = records;
    return result;
  });
}
