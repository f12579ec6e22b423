// The warning for a list entry that did not match the spec's shape or the size limits (a tool,
// resource, prompt or skill), which the list left out instead of failing whole; and the error for
// using one.

import { McpctlError } from '../../src/errors.js';

export interface MalformedEntry {
  /** Its name (or URI), when it had a usable one. */
  name?: string;
  /** Its position in the server's list. */
  index: number;
  reason?: string;
}

/**
 * The error for a call of a tool the list left out: the server sent it broken (exit 5, as any
 * answer that breaks the protocol), and its other tools still work.
 */
export function leftOutError(server: string, what: string, bad: MalformedEntry): McpctlError {
  const why = bad.reason ?? "its definition does not have the MCP specification's shape";
  return new McpctlError('protocol', `${what} "${bad.name}" of server "${server}" cannot be used: ${why}`, {
    server,
    hint: `the server's list carries it this way; report it to the server's authors (its other ${what}s still work)`,
  });
}

export function malformedWarning(server: string, what: string, bad: MalformedEntry): string {
  const which = bad.name ? `"${bad.name}"` : `#${bad.index + 1}`;
  return `server "${server}": ${what} ${which} is malformed and was left out${bad.reason ? ` (${bad.reason})` : ''}`;
}
