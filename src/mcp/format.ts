// Small text helpers for session messages: durations, URLs without secrets, stderr tails.

/** 5000 → "5s", 1500 → "1.5s", 250 → "250ms": how limits are named in messages. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const seconds = ms / 1000;
  return Number.isInteger(seconds) ? `${seconds}s` : `${Number(seconds.toFixed(1))}s`;
}

/**
 * A URL as it may appear in a message: query and fragment dropped, credentials removed,
 * because either may carry a token (`?api_key=…`, `https://user:pass@…`).
 */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/** The last lines a server wrote to stderr, indented under a message. */
export function tailBlock(lines: readonly string[]): string {
  if (lines.length === 0) return '';
  return `; its last stderr lines:\n${lines.map((line) => `  ${line}`).join('\n')}`;
}
