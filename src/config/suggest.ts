// "Did you mean …?" for mistyped server names and config keys: the closest candidates by edit
// distance, ignoring case.

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j]!;
      prev[j] = Math.min(above + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = above;
    }
  }
  return prev[b.length]!;
}

/**
 * Candidates close to `word`, best first (at most `limit`). Close means within a third of the
 * word's length in edits (at least 1, at most 3), or one containing the other.
 */
export function suggest(word: string, candidates: Iterable<string>, limit = 3): string[] {
  const w = word.toLowerCase();
  const budget = Math.min(3, Math.max(1, Math.floor(w.length / 3)));
  const scored: Array<[number, string]> = [];
  for (const candidate of new Set(candidates)) {
    const c = candidate.toLowerCase();
    const d = distance(w, c);
    if (d <= budget) scored.push([d, candidate]);
    else if (w.length >= 3 && (c.includes(w) || w.includes(c))) scored.push([budget + 1, candidate]);
  }
  scored.sort((x, y) => x[0] - y[0] || x[1].localeCompare(y[1]));
  return scored.slice(0, limit).map(([, c]) => c);
}

/** ` (did you mean "a" or "b"?)`, or the empty string. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const found = suggest(word, candidates);
  if (found.length === 0) return '';
  const quoted = found.map((c) => `"${c}"`);
  const last = quoted.pop()!;
  return ` (did you mean ${quoted.length > 0 ? `${quoted.join(', ')} or ${last}` : last}?)`;
}
