// Replacing a file whole or not at all: a temp file in the same directory, fsync, rename over the
// target, fsync of the directory. Config edits, tokens, trust, saved results and the era cache use
// it; private files (tokens, trust) go in a directory kept at mode 0700.

import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { configError } from './errors.js';

export interface AtomicWriteOptions {
  /** The file's mode. Default: an existing file keeps its mode; a new one gets 0666 less the umask. */
  mode?: number;
  /** false: a symlink at `file` is replaced itself, never followed (files of ours in a cache). */
  followSymlink?: boolean;
}

/** Writes `data` to `file` atomically; a symlink is followed (unless told not to), so the file it points to is replaced. */
export async function writeFileAtomic(file: string, data: string | Uint8Array, opts: AtomicWriteOptions = {}): Promise<void> {
  try {
    await replaceFile(file, data, opts);
  } catch (err) {
    throw clearWriteError(err, file);
  }
}

/** A full disk is the user's to fix, not a bug: say so, naming the file. Other errors pass through. */
export function clearWriteError(err: unknown, file: string): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return err;
  return configError(`cannot write ${file}: ${code === 'ENOSPC' ? 'no space left on the device' : 'disk quota exceeded'}`, {
    cause: err,
    hint: `free some space and run the command again; ${file} was left as it was`,
  });
}

async function replaceFile(file: string, data: string | Uint8Array, opts: AtomicWriteOptions): Promise<void> {
  const target = opts.followSymlink === false ? file : await fs.realpath(file).catch(() => file);
  const mode = opts.mode ?? (await fs.stat(target).then((s) => s.mode & 0o7777, () => undefined));
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'wx', mode ?? 0o666);
  try {
    try {
      await handle.writeFile(data);
      // open() applies the umask; chmod makes the mode exactly the one asked for or kept.
      if (mode !== undefined) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
  } catch (err) {
    await fs.rm(temp, { force: true }).catch(() => {});
    throw err;
  }
  // Make the rename itself durable; not every file system can sync a directory, and that is fine.
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

/** Creates the directory (mode 0700), or narrows an existing one to 0700. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing directory's mode alone; tokens need a private directory.
  await fs.chmod(dir, 0o700);
}

/** A private file (mode 0600) in a private directory (0700), replaced atomically. */
export async function writePrivateFileAtomic(file: string, content: string): Promise<void> {
  await ensurePrivateDir(path.dirname(file));
  await writeFileAtomic(file, content, { mode: 0o600 });
}
