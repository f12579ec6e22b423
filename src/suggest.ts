// "Did you mean …?" for every mistyped name: servers, config keys, tools, prompts, arguments.
// Closest candidates by edit distance (swapped neighbours count as one edit), ignoring case.

/** Optimal-string-alignment distance: Levenshtein plus one-step transpositions. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The candidates closest to `word` (ties kept, at most `limit`): within about one edit per three
 * letters, and sharing something with it; failing that, those containing it or contained in it.
 */
export function suggest(word: string, candidates: Iterable<string>, limit = 3): string[] {
  const w = word.toLowerCase();
  const budget = Math.min(3, Math.max(1, Math.floor(w.length / 3)));
  const unique = [...new Set(candidates)].filter((c) => c !== word);
  const scored = unique
    .map((c) => ({ c, d: editDistance(w, c.toLowerCase()) }))
    .filter(({ d }) => d <= budget && d < w.length);
  if (scored.length > 0) {
    const best = Math.min(...scored.map(({ d }) => d));
    return scored
      .filter(({ d }) => d === best)
      .slice(0, limit)
      .map(({ c }) => c);
  }
  if (w.length < 3) return [];
  return unique.filter((c) => c.toLowerCase().includes(w) || w.includes(c.toLowerCase())).slice(0, limit);
}

/** ` (did you mean "a", "b" or "c"?)`, or the empty string. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const quoted = suggest(word, candidates).map((c) => `"${c}"`);
  if (quoted.length === 0) return '';
  const last = quoted.pop()!;
  return ` (did you mean ${quoted.length > 0 ? `${quoted.join(', ')} or ${last}` : last}?)`;
}
