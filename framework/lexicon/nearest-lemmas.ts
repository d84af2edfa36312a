import { compareCodePoints } from './compare-code-points.js';

/** How many spellings an unknown lemma's error names at most. */
export const NEAREST_SHOWN = 3;

// Edit distance (insertions, deletions, substitutions of code points), or more than `limit`
// as soon as it must be.
function distance(a: readonly string[], b: readonly string[], limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const d = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(d);
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/**
 * The lemmas spelled nearest to an unknown one, ignoring case: at most 2 edits (1 for a word of
 * up to 5 letters), nearest first, then in code-point order; at most NEAREST_SHOWN. The Python
 * runtime (rpe_runtime/lexicon.py) gives the same list.
 */
export function nearestLemmas(asked: string, lemmas: readonly string[]): string[] {
  const a = [...asked.toLowerCase()];
  const limit = a.length <= 5 ? 1 : 2;
  const found: [number, string][] = [];
  for (const lemma of lemmas) {
    const d = distance(a, [...lemma.toLowerCase()], limit);
    if (d <= limit && lemma !== asked) found.push([d, lemma]);
  }
  found.sort((x, y) => x[0] - y[0] || compareCodePoints(x[1], y[1]));
  return found.slice(0, NEAREST_SHOWN).map(([, lemma]) => lemma);
}

/** The message of an unknown lemma's error, naming the nearest spellings when there are any. */
export function unknownLemmaMessage(asked: string, nearest: readonly string[]): string {
  const names = nearest.map((l) => `"${l}"`).join(', ');
  return nearest.length > 0
    ? `unknown lemma "${asked}"; nearest in the snapshot: ${names}`
    : `unknown lemma "${asked}"`;
}
