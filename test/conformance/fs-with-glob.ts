// `node:fs` plus a small `globSync(pattern, { cwd })` for Nodes before 22: enough for the
// conformance runner, which globs `**/checks.json` under its results directory.

import fs from 'node:fs';
import path from 'node:path';

export * from 'node:fs';
export default fs;

/** A glob as a regular expression over `/`-separated relative paths: `**`, `*` and `?`. */
function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i] as string;
    if (pattern.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (pattern.startsWith('**', i)) {
      source += '.*';
      i += 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Every file and directory under `dir`, as paths relative to `root` with `/` separators. */
function walk(root: string, dir: string, out: string[]): void {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
    out.push(rel);
    if (entry.isDirectory()) walk(root, rel, out);
  }
}

export function globSync(pattern: string | readonly string[], options: { cwd?: string } = {}): string[] {
  const root = options.cwd ?? process.cwd();
  const patterns = (typeof pattern === 'string' ? [pattern] : [...pattern]).map(globToRegExp);
  const all: string[] = [];
  if (fs.existsSync(root)) walk(root, '', all);
  return all.filter((rel) => patterns.some((re) => re.test(rel))).map((rel) => rel.split('/').join(path.sep));
}
