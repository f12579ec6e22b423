// Replacing a file whole or not at all: a temp file in the same directory, fsync, rename over the
// target, fsync of the directory. Config edits, tokens, saved results and the era cache use it.

import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

export interface AtomicWriteOptions {
  /** The file's mode. Default: an existing file keeps its mode; a new one gets 0666 less the umask. */
  mode?: number;
}

/** Writes `data` to `file` atomically; a symlink is followed, so the file it points to is replaced. */
export async function writeFileAtomic(file: string, data: string | Uint8Array, opts: AtomicWriteOptions = {}): Promise<void> {
  const target = await fs.realpath(file).catch(() => file);
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
