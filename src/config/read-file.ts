// Reading a config file safely: only a regular file, at most MAX_CONFIG_BYTES, and (for files
// found by the search) only one owned by us or root in a directory others cannot write to, as
// git refuses a repository owned by someone else. A FIFO is never opened for reading.

import { constants, promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
// Our own uid, for the ownership rule: no other API answers it without a passwd entry.
import { getuid } from 'node:process';
import { configError } from '../errors.js';

export const MAX_CONFIG_BYTES = 10 * 1024 * 1024;

export interface ReadConfigFile {
  text: string;
  /** The bytes read: `contentHash` is what trust is given to. */
  bytes: Buffer;
  /** The file with every symlink resolved. */
  realPath: string;
}

export interface ReadRules {
  /** How messages name the file. */
  shown: string;
  /** Refuse a file owned by another user, or in a directory others may write to. */
  checkOwner: boolean;
}

/** The file's content, or 'missing' when there is no file (or a directory) at that path. */
export async function readConfigFile(file: string, rules: ReadRules): Promise<ReadConfigFile | 'missing'> {
  let info: Stats;
  try {
    info = await fs.stat(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    if (code === 'ELOOP') throw refused(rules, 'is a symlink loop');
    throw err;
  }
  if (info.isDirectory()) return 'missing';
  checkKind(info, rules);
  // O_NONBLOCK: should the file be swapped for a FIFO after the stat, open() still returns at
  // once, and the fstat below refuses it.
  const handle = await fs.open(file, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0));
  try {
    const opened = await handle.stat();
    checkKind(opened, rules);
    const realPath = await fs.realpath(file);
    if (rules.checkOwner) await checkOwner(file, realPath, opened, rules);
    const bytes = await handle.readFile();
    if (bytes.length > MAX_CONFIG_BYTES) throw tooBig(rules);
    return { text: bytes.toString('utf8'), bytes, realPath };
  } finally {
    await handle.close();
  }
}

/**
 * SHA-256 of the bytes read, hex: what trust is given to. Only project configs need it, so
 * node:crypto (milliseconds to load) is loaded here, not with every config read.
 */
export async function contentHash(read: ReadConfigFile): Promise<string> {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(read.bytes).digest('hex');
}

function checkKind(info: Stats, rules: ReadRules): void {
  if (!info.isFile()) throw refused(rules, `is ${kindOf(info)}, not a regular file`);
  if (info.size > MAX_CONFIG_BYTES) throw tooBig(rules);
}

function kindOf(info: Stats): string {
  if (info.isFIFO()) return 'a FIFO';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSocket()) return 'a socket';
  return 'not a file';
}

async function checkOwner(file: string, realPath: string, info: Stats, rules: ReadRules): Promise<void> {
  const uid = getuid?.();
  if (uid === undefined) return; // Windows: no POSIX owners
  if (info.uid !== uid && info.uid !== 0) {
    throw refused(
      rules,
      `is owned by another user (uid ${info.uid})`,
      'if you trust it, take it over (chown) or name it with --config FILE',
    );
  }
  for (const dir of new Set([path.dirname(path.resolve(file)), path.dirname(realPath)])) {
    const d = await fs.stat(dir);
    const othersWrite = (d.mode & 0o002) !== 0;
    const sticky = (d.mode & 0o1000) !== 0;
    if (othersWrite && !sticky) {
      throw refused(
        rules,
        `is in ${dir}, a directory anyone may write to`,
        'move the file to a directory only you can write to, or name it with --config FILE',
      );
    }
  }
}

function tooBig(rules: ReadRules) {
  return refused(
    rules,
    `is larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MiB`,
    'a config file is small; check that the path names the right file',
  );
}

function refused(rules: ReadRules, why: string, hint = 'point mcpctl at a regular config file, or remove this one') {
  return configError(`${rules.shown}: refused: it ${why}`, { phase: 'config', hint });
}
