// Issuer comparison: RFC 8414 issuers compare as strings; a trailing slash is tolerated, as the
// SDK tolerates it.

export function sameIssuer(a: string, b: string): boolean {
  const trim = (value: string) => (value.endsWith('/') ? value.slice(0, -1) : value);
  return trim(a) === trim(b);
}
