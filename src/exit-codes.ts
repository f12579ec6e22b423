// The exit code of each kind of error, in a module of its own that imports nothing: bin/ loads
// it (the bundle's exit-codes.js) before the program, so that a second Ctrl-C or SIGTERM exits
// with these codes even while the program is still loading. src/errors.ts re-exports them.

import type { ErrorKind } from './errors.js';

export const EXIT_CODES: Readonly<Record<ErrorKind, number>> = {
  internal: 1,
  usage: 2,
  config: 2,
  connection: 3,
  auth: 4,
  protocol: 5,
  tool: 6,
  'output-schema': 7,
  check: 8,
  timeout: 124,
  interrupted: 130,
};

/** A run ended by SIGTERM exits 128 + 15, as shells report it. */
export const TERMINATED_EXIT_CODE = 143;
