// Small text helpers for session messages: durations and stderr tails.

/** 5000 → "5s", 1500 → "1.5s", 250 → "250ms": how limits are named in messages. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const seconds = ms / 1000;
  return Number.isInteger(seconds) ? `${seconds}s` : `${Number(seconds.toFixed(1))}s`;
}

/** The last lines a server wrote to stderr, indented under a message. */
export function tailBlock(lines: readonly string[]): string {
  if (lines.length === 0) return '';
  return `; its last stderr lines:\n${lines.map((line) => `  ${line}`).join('\n')}`;
}
