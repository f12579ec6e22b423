// Writing a file whole or not at all: a temp file in the same directory (created exclusively,
// never through a symlink), fsync, then rename over the target, or link to a name that must not
// exist yet; fsync of the directory. Config edits, tokens, trust, saved results, reports and the
// era cache use it; private files (tokens, trust) go in a directory kept at mode 0700.

import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { configError } from './errors.js';

export interface AtomicWriteOptions {
  /** The file's mode. Default: an existing file keeps its mode; a new one gets 0666 less the umask. */
  mode?: number;
  /** With `replace`, false: a symlink at `file` is replaced itself, never followed (files of ours in a cache). */
  followSymlink?: boolean;
  /**
   * `replace` (default): the file is replaced, whatever is there (a symlink is followed unless
   * `followSymlink` is false).
   * `create`: the file must not exist (EEXIST otherwise, whatever is there, dangling symlinks too).
   * `replace-file`: only a regular file is replaced; a symlink at `file` is refused (ELOOP).
   */
  how?: 'replace' | 'create' | 'replace-file';
}

const TEMP_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** Writes `data` to `file` atomically, as `opts.how` says; a full disk fails as a config error naming the file. */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  opts: AtomicWriteOptions = {},
): Promise<void> {
  try {
    await writeFileAtomicRaw(file, data, opts);
  } catch (err) {
    throw clearWriteError(err, file);
  }
}

/** Why a write failed, in the file system's words without the code in front (`ENOENT: `). */
export function writeFailureReason(err: unknown): string {
  return err instanceof Error ? err.message.replace(/^[A-Z]+: /, '') : String(err);
}

/** A full disk is the user's to fix, not a bug: say so, naming the file. Other errors pass through. */
export function clearWriteError(err: unknown, file: string): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return err;
  return configError(
    `cannot write ${file}: ${code === 'ENOSPC' ? 'no space left on the device' : 'disk quota exceeded'}`,
    {
      cause: err,
      hint: `free some space and run the command again; ${file} was left as it was`,
    },
  );
}

/**
 * `writeFileAtomic` failing with the file system's own error (its `code` and message), for a
 * caller that words every failure itself.
 */
export async function writeFileAtomicRaw(
  file: string,
  data: string | Uint8Array,
  opts: AtomicWriteOptions = {},
): Promise<void> {
  const how = opts.how ?? 'replace';
  const target = how === 'replace' && opts.followSymlink !== false ? await fs.realpath(file).catch(() => file) : file;
  if (how === 'replace-file') await refuseNonRegular(target);
  const kept =
    how === 'create'
      ? undefined
      : await fs.stat(target).then(
          (s) => s.mode & 0o7777,
          () => undefined,
        );
  const mode = opts.mode ?? kept;
  const dir = path.dirname(target);
  // node:crypto (milliseconds to load) only for a run that writes.
  const { randomBytes } = await import('node:crypto');
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temp, TEMP_FLAGS, mode ?? 0o666);
  try {
    try {
      await handle.writeFile(data);
      // open() applies the umask; chmod makes the mode exactly the one asked for or kept.
      if (mode !== undefined) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (how === 'create') await linkNew(temp, target, data, mode);
    else await fs.rename(temp, target);
  } finally {
    await fs.rm(temp, { force: true }).catch(() => {});
  }
  await syncDirectory(dir);
}

async function refuseNonRegular(file: string): Promise<void> {
  const stat = await fs.lstat(file).catch(() => undefined);
  if (stat === undefined || stat.isFile()) return;
  const what = stat.isSymbolicLink() ? 'a symbolic link' : stat.isDirectory() ? 'a directory' : 'not a regular file';
  throw Object.assign(new Error(`${file} is ${what}`), { code: stat.isSymbolicLink() ? 'ELOOP' : 'EISDIR' });
}

/**
 * link() takes the name only if nothing is there, and never follows what is. A file system
 * without hard links gets the same promise from O_EXCL | O_NOFOLLOW on the name itself.
 */
async function linkNew(
  temp: string,
  target: string,
  data: string | Uint8Array,
  mode: number | undefined,
): Promise<void> {
  try {
    await fs.link(temp, target);
    return;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err;
  }
  const handle = await fs.open(target, TEMP_FLAGS, mode ?? 0o666);
  try {
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
  } catch (err) {
    await handle.close().catch(() => {});
    await fs.rm(target, { force: true }).catch(() => {});
    throw err;
  }
}

/** Makes a rename or link durable; not every file system can sync a directory, and that is fine. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const d = await fs.open(dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  } catch {
    // best effort
  }
}

/**
 * `mkdir -p`, one level at a time. Node's recursive mkdir never settles where mkdir fails with
 * ENOENT under a parent that exists (XDG_CACHE_HOME=/proc/x): the run's last write would wait
 * for ever, a thread of the pool spinning. Here that mkdir fails, naming the directory.
 */
export async function makeDirs(dir: string, mode?: number): Promise<void> {
  const missing: string[] = [];
  for (let at = path.resolve(dir); !(await isDirectory(at)) && path.dirname(at) !== at; at = path.dirname(at))
    missing.unshift(at);
  for (const at of missing) {
    try {
      await fs.mkdir(at, { mode });
    } catch (err) {
      // A directory made meanwhile by another run will do. A file in the way fails the next
      // level (ENOTDIR, as Node's own mkdir -p says); at the last level, it fails here.
      const last = at === missing[missing.length - 1];
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || (last && !(await isDirectory(at)))) throw err;
    }
  }
}

async function isDirectory(dir: string): Promise<boolean> {
  return fs.stat(dir).then(
    (st) => st.isDirectory(),
    () => false,
  );
}

/**
 * Makes `dir` exist, for `file` when given; a directory that cannot be made is a config error
 * naming it (a path under a file, under /proc, or where the user may not write).
 */
export async function ensureDir(dir: string, opts: { mode?: number; file?: string } = {}): Promise<void> {
  try {
    await makeDirs(dir, opts.mode);
  } catch (err) {
    const what = opts.file === undefined ? dir : `${dir} for ${opts.file}`;
    throw configError(`cannot create the directory ${what}: ${writeFailureReason(err)}`, {
      cause: err,
      hint: 'check the path: its nearest existing parent must be a directory you can write to',
    });
  }
}

/** Creates the directory (mode 0700), or narrows an existing one to 0700. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await ensureDir(dir, { mode: 0o700 });
  // mkdir leaves an existing directory's mode alone; tokens need a private directory.
  await fs.chmod(dir, 0o700);
}

/** A private file (mode 0600) in a private directory (0700), replaced atomically. */
export async function writePrivateFileAtomic(file: string, content: string): Promise<void> {
  await ensurePrivateDir(path.dirname(file));
  await writeFileAtomic(file, content, { mode: 0o600 });
}
