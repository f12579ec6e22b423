// What a command returns to main(): the failures of a command that still printed its results
// (several servers, some unhealthy). main() reports them after the results and takes the exit
// code of the first; a command that fails outright throws instead.

import { McpctlError, toMcpctlError } from '../../src/errors.js';

export interface Outcome {
  /** In config order: the first one decides the exit code. */
  readonly failures: readonly McpctlError[];
}

export const SUCCESS: Outcome = { failures: [] };

/** The exit code of a command that returned: 0, or the code of its first failure. */
export function exitCodeOf(outcome: Outcome): number {
  return outcome.failures[0]?.exitCode ?? 0;
}

/** Any error as ours, attributed to the server it concerns when it names none. */
export function failureOf(err: unknown, server: string): McpctlError {
  const e = toMcpctlError(err);
  if (e.server !== undefined) return e;
  return new McpctlError(e.kind, e.message, { server, phase: e.phase, hint: e.hint, cause: e });
}
