// JSON Pointers (RFC 6901), as ajv reports where an error is (`/servers/0/url`) and as `$ref`
// and test expectations name a place: one token unescaped, and a whole pointer as a path.

/** One reference token as the key it names: `~1` is `/`, `~0` is `~`. */
export function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A pointer as the path it names, all-digit tokens as array indexes: `/args/0` → `['args', 0]`. */
export function pointerPath(pointer: string): Array<string | number> {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map(unescapeToken)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** A key as one reference token: `/` is `~1`, `~` is `~0`. */
export function escapeToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
