// The config's enabledTools / disabledTools globs: which tools a server shows and accepts calls for.

import type { ServerSpec } from '../../config/types.js';

/**
 * `*` any run of characters, `?` one character; everything else literal. Matched here rather than
 * as a RegExp: the name is the server's, and `*a*a*a*a*a*a*a*b` against sixty a's took V8's
 * backtracking engine 20 s, through --timeout and SIGTERM. Only the last `*` is ever retried, so
 * the work is at most the product of the two lengths.
 */
export function globMatches(glob: string, name: string): boolean {
  const pattern = Array.from(glob);
  const text = Array.from(name);
  let p = 0;
  let t = 0;
  let star = -1;
  let from = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      from = t;
    } else if (p < pattern.length && (pattern[p] === '?' || pattern[p] === text[t])) {
      p++;
      t++;
    } else if (star >= 0) {
      p = star + 1;
      t = ++from;
    } else return false;
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

export function toolAllowed(spec: Pick<ServerSpec, 'enabledTools' | 'disabledTools'>, name: string): boolean {
  const matches = (globs: string[]) => globs.some((g) => globMatches(g, name));
  if (spec.enabledTools && !matches(spec.enabledTools)) return false;
  if (spec.disabledTools && matches(spec.disabledTools)) return false;
  return true;
}
