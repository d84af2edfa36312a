import type { Lexicon } from '../../framework/index.js';

/**
 * The most frequent form of a lemma over all its lexemes: the form with the best frequency rank,
 * else the first form the lexicon lists. Null for a lemma the lexicon does not know.
 */
export function topFormFinder(lexicon: Lexicon): (lemma: string) => string | null {
  const cache = new Map<string, string | null>();
  return (lemma) => {
    const cached = cache.get(lemma);
    if (cached !== undefined) return cached;
    let best: { form: string; rank: number } | null = null;
    let fallback: string | null = null;
    for (const lexeme of lexicon.lexemes({ lemma })) {
      let readings;
      try {
        readings = lexicon.forms(lexeme, lexeme.pos);
      } catch {
        // A lexeme whose class is not a tag value (or has no forms) has nothing to offer.
        continue;
      }
      fallback ??= readings[0]?.form ?? null;
      for (const r of readings) {
        if (r.rank !== null && (best === null || r.rank < best.rank))
          best = { form: r.form, rank: r.rank };
      }
    }
    const form = best?.form ?? fallback;
    cache.set(lemma, form);
    return form;
  };
}
