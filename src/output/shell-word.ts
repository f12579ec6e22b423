// A word as a POSIX shell reads it back unchanged: as it is when it is plain, single-quoted
// otherwise. For command lines we print for people to paste.

export function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
