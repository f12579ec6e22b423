// Private files for tokens: mode 0600 in a directory kept at mode 0700, replaced atomically.

import { chmod, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';

/** Creates the directory (mode 0700), or narrows an existing one to 0700. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing directory's mode alone; tokens need a private directory.
  await chmod(dir, 0o700);
}

/** A private file (mode 0600) in a private directory (0700), replaced atomically. */
export async function writePrivateFileAtomic(file: string, content: string): Promise<void> {
  await ensurePrivateDir(dirname(file));
  await writeFileAtomic(file, content, { mode: 0o600 });
}
