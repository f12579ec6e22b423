// The one check that a parsed JSON value is an object with keys (not null, not an array), for
// everything that reads untrusted JSON: config and token files, schemas, arguments.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
