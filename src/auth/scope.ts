// Scope arithmetic on space-separated OAuth scope strings (RFC 6749 §3.3).

/** Scopes that need not appear in a granted scope to count as covered. */
const IMPLICIT = new Set(['offline_access']);

export function scopeList(scope: string | undefined): string[] {
  return scope === undefined ? [] : scope.split(' ').filter((s) => s !== '');
}

/** True when every scope in `requested` is in `granted` (an unknown grant covers nothing). */
export function scopeCovers(granted: string | undefined, requested: string | undefined): boolean {
  const have = new Set(scopeList(granted));
  return scopeList(requested).every((s) => IMPLICIT.has(s) || have.has(s));
}
