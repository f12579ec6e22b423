// The file calls of the paths every run takes (configs, the trust store, the era cache, the
// token store) as promises made over node:fs's callback functions. node:fs/promises, which is
// also what `promises` of node:fs is, loads a dozen modules of its own for its FileHandle
// (readline's among them): about 2 ms of every run on Node 24, a twentieth of `mcpctl servers`.
// Each call looks its function up on node:fs when it is made, so a test can stand in for one (a
// file swapped by another process between two calls).

import fs from 'node:fs';
import { promisify } from 'node:util';

export const close = (fd: number) => promisify(fs.close)(fd);
export const fstat = (fd: number) => promisify(fs.fstat)(fd);
export const lstat = (file: string) => promisify(fs.lstat)(file);
export const open = (file: string, flags: number) => promisify(fs.open)(file, flags);
export const readFile = (file: string | number) => promisify(fs.readFile)(file);
export const readText = (file: string) => promisify(fs.readFile)(file, 'utf8');
// realpath(3) in one call, as node:fs/promises does: node:fs's callback realpath is written in
// JavaScript and asks for each component of the path in turn, a trip to the thread pool each
// (a project config's read resolved its path four times over: 15 trips instead of 4).
export const realpath = (file: string) => promisify(fs.realpath.native)(file);
export const rm = (file: string, options: fs.RmOptions) => promisify(fs.rm)(file, options);
export const stat = (file: string) => promisify(fs.stat)(file);

/** Whether a call failed because nothing is at the path: none there, or a file where a directory of it should be. */
export function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
