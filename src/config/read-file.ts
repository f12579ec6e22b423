// Reading a config file safely: only a regular file, at most MAX_CONFIG_BYTES, and (for files
// found by the search) only one owned by us or root in a directory others cannot write to, as
// git refuses a repository owned by someone else. A FIFO is never opened for reading. A project
// config may be a link only within its project, and every link and directory on its way counts.

import { constants, existsSync, type Stats } from 'node:fs';
import path from 'node:path';
// Our own uid, for the ownership rule: no other API answers it without a passwd entry.
import { getuid } from 'node:process';
import { configError } from '../errors.js';
import * as fs from '../fs-async.js';
import { projectDirs, projectRoot } from './paths.js';

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
  /**
   * A project config's root (paths.ts `projectRoot`): the file, a link, may not lead out of it,
   * and the owner rule holds for the link, its target and every directory from the root down.
   */
  projectRoot?: string;
}

/**
 * The project root of a config in `dir`, as the search from there would find it (paths.ts): `dir`
 * and home are compared with their links resolved, as the search from a working directory has them.
 */
export async function projectRootOf(dir: string, home: string): Promise<string> {
  const isRepoRoot = (d: string) => existsSync(path.join(d, '.git'));
  const real = (d: string) => fs.realpath(d).catch(() => path.resolve(d));
  const search = { cwd: await real(dir), home: await real(home) };
  return projectRoot(search.cwd, projectDirs(search, isRepoRoot), search, isRepoRoot);
}

/** The file's content, or 'missing' when there is no file (or a directory) at that path. */
export async function readConfigFile(file: string, rules: ReadRules): Promise<ReadConfigFile | 'missing'> {
  let info: Stats;
  try {
    info = await fs.stat(file);
  } catch (err) {
    if (fs.isMissing(err)) return 'missing';
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') throw refused(rules, 'is a symlink loop');
    throw err;
  }
  if (info.isDirectory()) return 'missing';
  checkKind(info, rules);
  // Before anything is opened: a link to ~/.netrc is never read, so no parse error can quote it.
  const inside = rules.projectRoot === undefined ? undefined : await insideProject(file, rules.projectRoot, rules);
  // O_NONBLOCK: should the file be swapped for a FIFO after the stat, open() still returns at
  // once, and the fstat below refuses it.
  const fd = await fs.open(file, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0));
  try {
    const opened = await fs.fstat(fd);
    checkKind(opened, rules);
    const realPath = await fs.realpath(file);
    if (inside !== undefined) {
      // A link swapped between the check and the open would have us read what was refused.
      if (opened.dev !== inside.dev || opened.ino !== inside.ino)
        throw refused(rules, 'changed while it was being read');
      await checkProjectOwners(file, realPath, opened, rules.projectRoot!, rules);
    } else if (rules.checkOwner) await checkOwner(file, realPath, opened, rules);
    const bytes = await fs.readFile(fd);
    if (bytes.length > MAX_CONFIG_BYTES) throw tooBig(rules);
    return { text: bytes.toString('utf8'), bytes, realPath };
  } finally {
    await fs.close(fd);
  }
}

/**
 * SHA-256 of the bytes read, hex: what trust is given to. Only a project config the trust store
 * has a record of needs it (and `servers trust`), so node:crypto (milliseconds to load) is loaded
 * here, not with every config read.
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
  const uid = ownUid();
  if (uid === undefined) return; // Windows: no POSIX owners
  checkOwnedBy(uid, info, rules, 'is owned by another user');
  for (const dir of new Set([path.dirname(path.resolve(file)), path.dirname(realPath)]))
    checkNotOpen(dir, await fs.stat(dir), rules);
}

/** The file's identity when its real path lies inside the project root, and not in `.git`. */
async function insideProject(file: string, root: string, rules: ReadRules): Promise<Stats> {
  const realRoot = await fs.realpath(root);
  const realPath = await fs.realpath(file);
  const rel = path.relative(realRoot, realPath);
  const hint =
    'a project config must be a file of the project itself: replace the link with a copy, or name the file with --config FILE';
  if (outside(rel)) throw refused(rules, `is a link that leads outside the project (${root})`, hint);
  // A checkout's .git is git's, not the project's: .git/config may hold a remote's credentials.
  if (rel.split(path.sep).includes('.git')) throw refused(rules, "is a link into the project's .git directory", hint);
  return fs.stat(realPath);
}

/**
 * Where an edit of a project config goes: the file a link leads to, refused as `readConfigFile`
 * refuses a link out of the project but without opening anything (an edit makes its lock there
 * before it reads); the path itself when nothing is there.
 */
export async function projectEditTarget(file: string, root: string, rules: ReadRules): Promise<string> {
  const realPath = await fs.realpath(file).catch(() => undefined);
  if (realPath !== undefined) await insideProject(file, root, rules);
  return realPath ?? file;
}

/** A relative path (path.relative) that climbs out of the directory it is relative to. */
function outside(rel: string): boolean {
  return rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
}

/** Our uid, or undefined where files have no POSIX owner (Windows). */
export function ownUid(): number | undefined {
  return getuid?.();
}

/**
 * The owner rule for a project config: the link (if it is one), its target and every directory
 * from the project root down to each of them belong to us or root, and none is writable by
 * others (a directory may be, with the sticky bit, as /tmp is).
 */
async function checkProjectOwners(
  file: string,
  realPath: string,
  target: Stats,
  root: string,
  rules: ReadRules,
): Promise<void> {
  const uid = ownUid();
  if (uid === undefined) return;
  const link = await fs.lstat(file);
  if (link.isSymbolicLink()) checkOwnedBy(uid, link, rules, 'is a link owned by another user');
  checkOwnedBy(uid, target, rules, 'is owned by another user');
  if ((target.mode & 0o002) !== 0)
    throw refused(
      rules,
      `is writable by anyone (mode ${modeOf(target)})`,
      `if you trust it, make it yours alone: chmod o-w ${rules.shown}`,
    );
  const dirs = new Set([
    ...dirsDown(root, path.dirname(path.resolve(file))),
    ...dirsDown(await fs.realpath(root), path.dirname(realPath)),
  ]);
  for (const dir of dirs) {
    const entry = await fs.lstat(dir);
    if (entry.isSymbolicLink()) checkOwnedBy(uid, entry, rules, `is under ${dir}, a link owned by another user`);
    const d = entry.isSymbolicLink() ? await fs.stat(dir) : entry;
    checkOwnedBy(uid, d, rules, `is in ${dir}, a directory of another user`);
    checkNotOpen(dir, d, rules);
  }
}

/** `top`, then each directory below it down to `bottom` (only `bottom` when it is not below `top`). */
function dirsDown(top: string, bottom: string): string[] {
  const rel = path.relative(top, bottom);
  if (rel === '') return [top];
  if (outside(rel)) return [bottom];
  const dirs = [top];
  for (const part of rel.split(path.sep)) dirs.push(path.join(dirs.at(-1)!, part));
  return dirs;
}

function checkOwnedBy(uid: number, info: Stats, rules: ReadRules, what: string): void {
  if (info.uid !== uid && info.uid !== 0)
    throw refused(
      rules,
      `${what} (uid ${info.uid})`,
      'if you trust it, take it over (chown) or name it with --config FILE',
    );
}

/** Others may write to the directory, and the sticky bit does not stop them replacing our file. */
function checkNotOpen(dir: string, d: Stats, rules: ReadRules): void {
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

function modeOf(info: Stats): string {
  return `0${(info.mode & 0o7777).toString(8).padStart(3, '0')}`;
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
