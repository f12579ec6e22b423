// Writes a private file atomically: a temp file in the same directory (mode 0600), fsync,
// rename over the target, fsync the directory; the directory itself is kept at mode 0700.

import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Creates the directory (mode 0700), or narrows an existing one to 0700. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing directory's mode alone; tokens need a private directory.
  await chmod(dir, 0o700);
}

export async function writePrivateFileAtomic(file: string, content: string): Promise<void> {
  const dir = dirname(file);
  await ensurePrivateDir(dir);
  const temp = join(dir, `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
  // Make the rename itself durable; not every file system allows syncing a directory.
  try {
    const dirHandle = await open(dir, 'r');
    try {
      await dirHandle.sync();
    } finally {
      await dirHandle.close();
    }
  } catch {
    // best effort
  }
}
