// With --stdio the server is the command line, so a command's first positional is not SERVER:
// what commander parsed as SERVER is the command's next argument (a tool, a URI, a prompt), and
// that one moves into the words that follow it.

export interface Positionals {
  server?: string;
  /** The argument after SERVER: a tool, a URI, a prompt, a task. */
  subject?: string;
  words: string[];
}

export function shiftedForStdio(stdio: string | undefined, given: Positionals): Positionals {
  if (stdio === undefined || given.server === undefined) return given;
  return {
    server: undefined,
    subject: given.server,
    words: given.subject === undefined ? given.words : [given.subject, ...given.words],
  };
}
