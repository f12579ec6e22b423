// The warning for a list entry that did not match the spec's shape (a tool, resource, prompt or
// skill), which the list left out instead of failing whole.

export interface MalformedEntry {
  /** Its name (or URI), when it had a usable one. */
  name?: string;
  /** Its position in the server's list. */
  index: number;
  reason?: string;
}

export function malformedWarning(server: string, what: string, bad: MalformedEntry): string {
  const which = bad.name ? `"${bad.name}"` : `#${bad.index + 1}`;
  return `server "${server}": ${what} ${which} is malformed and was left out${bad.reason ? ` (${bad.reason})` : ''}`;
}
