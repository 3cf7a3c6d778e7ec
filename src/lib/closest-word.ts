/**
 * Typo distance between two words: the fewest single-letter insertions, deletions, substitutions
 * or swaps of two neighbouring letters that turn one into the other (optimal string alignment).
 * A swap counts as one edit because `categroy` for `category` is the commonest slip of the hand;
 * letter case is ignored, so `pubdate` is no distance from `pubDate`.
 */
export function typoDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  // rows[i][j]: the distance between the first i letters of s and the first j letters of t.
  const rows = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[s.length][t.length];
}

/**
 * The candidate `word` is most likely a misspelling of, or undefined when none is near enough
 * to be one: at most one edit in three letters, so `tags` is not taken for `title`. On a tie
 * the earlier candidate wins, so callers list the likelier ones first.
 */
export function closestWord(word: string, candidates: readonly string[]): string | undefined {
  const limit = Math.max(1, Math.round(word.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const distance = typoDistance(word, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}
