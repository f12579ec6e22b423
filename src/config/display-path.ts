// A config file as messages and `servers` name it: short when it is under the working directory,
// whole otherwise, so that a name never reads as relative to a directory it is not in.

import path from 'node:path';
import type { Context } from '../io.js';

/** Relative to the working directory when inside it, else absolute; a source that is no path ("command line") as it is. */
export function displayPath(file: string, ctx: Pick<Context, 'cwd'>): string {
  if (!path.isAbsolute(file)) return file;
  const rel = path.relative(ctx.cwd, file);
  const outside = rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
  return outside ? file : rel;
}
