// Quoting for the command lines tests hand to a shell (util-linux `script -c`); no other imports,
// so the conformance adapter can use it without loading mcpctl.

/** A word the shell reads back as exactly `word` (left bare when nothing in it is special). */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
