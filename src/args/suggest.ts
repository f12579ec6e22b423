// "Did you mean" for mistyped argument names: the declared names closest by edit distance
// (insertions, deletions, substitutions and swaps of neighbours), ignoring case.

/** Optimal-string-alignment distance: Levenshtein plus one-step transpositions. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[rows - 1][cols - 1];
}

/** The candidates within a small distance of `name`, closest first (ties keep their order). */
export function closestNames(name: string, candidates: readonly string[]): string[] {
  const wanted = name.toLowerCase();
  // Short names tolerate one typo; longer ones about one per three letters.
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  const scored = candidates
    .filter((c) => c !== name)
    .map((c) => ({ c, d: editDistance(wanted, c.toLowerCase()) }))
    // A distance as long as the name itself means nothing is shared: `x` is no typo of `y`.
    .filter(({ d }) => d <= limit && d < wanted.length);
  if (scored.length === 0) return [];
  const best = Math.min(...scored.map(({ d }) => d));
  return scored.filter(({ d }) => d === best).map(({ c }) => c);
}

/** ` (did you mean "x"?)`, or an empty string when nothing is close. */
export function didYouMean(name: string, candidates: readonly string[]): string {
  const close = closestNames(name, candidates).slice(0, 3);
  if (close.length === 0) return '';
  return ` (did you mean ${close.map((c) => `"${c}"`).join(' or ')}?)`;
}
