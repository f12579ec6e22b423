// The config's enabledTools / disabledTools globs: which tools a server shows and accepts calls for.

import type { ServerSpec } from '../../config/types.js';

/** `*` any run of characters, `?` one character; everything else literal. */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

export function toolAllowed(spec: Pick<ServerSpec, 'enabledTools' | 'disabledTools'>, name: string): boolean {
  const matches = (globs: string[]) => globs.some((g) => globToRegExp(g).test(name));
  if (spec.enabledTools && !matches(spec.enabledTools)) return false;
  if (spec.disabledTools && matches(spec.disabledTools)) return false;
  return true;
}
