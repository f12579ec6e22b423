// Finding a value inside a JSON value by a JSON Pointer (`/items/0/name`) or a dotted path
// (`items.0.name`), as `structured` expectations name them.

import { unescapeToken } from '../schema/pointer.js';

export function lookup(value: unknown, path: string): { exists: boolean; value?: unknown } {
  const segments =
    path === '' || path === '/'
      ? []
      : path.startsWith('/')
        ? path.slice(1).split('/').map(unescapeToken)
        : path.split('.');
  let at: unknown = value;
  if (at === undefined) return { exists: false };
  for (const seg of segments) {
    if (Array.isArray(at) && /^\d+$/.test(seg) && Number(seg) < at.length) at = at[Number(seg)];
    else if (at !== null && typeof at === 'object' && !Array.isArray(at) && Object.hasOwn(at, seg))
      at = (at as Record<string, unknown>)[seg];
    else return { exists: false };
  }
  return { exists: true, value: at };
}
