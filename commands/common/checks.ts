// The schema checks (src/args/checks.ts: ajv), for the commands that check what they send and
// receive. They pass `loadChecks` as `alongside` to deps.sessions.open, which starts it right
// after the server is spawned, so it loads while the server boots; awaiting it again inside the
// session costs nothing.

export type Checks = typeof import('../../src/args/checks.js');

export function loadChecks(): Promise<Checks> {
  return import('../../src/args/checks.js');
}
