import { nullsLast } from './nulls-last.js';

/** What the ranking needs to know of a lexeme: its word (lemma and class), family and forms. */
export interface RankedLexeme {
  owner: string;
  /** See word-families.ts: whose frequency a form shared with another word is. */
  family: string;
  /** Its forms, depreciative ones left out (psy is the plural of pies m2, not of pies m1). */
  forms: ReadonlySet<string>;
}

export interface LexemeStanding {
  /** Best frequency rank of the forms that speak for this lexeme; null when none is ranked. */
  rank: number | null;
  /** 1 for the main lexeme of its lemma and class, 2, 3... for the others. */
  sense: number;
}

/**
 * Each lexeme's rank and sense. A form speaks for a word (lemma and class) when no other word has
 * it, in either spelling ("taka" the noun would otherwise rank with the adjective; "Musiał" the
 * surname does not take the rank of "musiał", the verb form). Among the lexemes of one word, the
 * main one (sense 1) is the one whose forms that its siblings lack rank best among those that
 * speak for it (oko "eye": oczy; not oko "mesh": ok, which is also "OK"); when no sibling has
 * such a form, the one with the most ranked forms of its own, then the best of those ranks, then
 * one that declines before one with a single form (Turek the man, not Turek the woman, whose one
 * form is his too), then the declaration order. The main lexeme keeps the word's rank; the others
 * rank by their own forms.
 */
export function lexemeStandings(
  lexemes: readonly RankedLexeme[],
  rankOf: (form: string) => number | null,
  alone: (form: string, family: string) => boolean,
): LexemeStanding[] {
  const best = (forms: Iterable<string>, family: string): number | null => {
    let found: number | null = null;
    for (const f of forms) {
      const rank = rankOf(f);
      if (rank !== null && (found === null || rank < found) && alone(f, family)) found = rank;
    }
    return found;
  };
  const byOwner = new Map<string, number[]>();
  lexemes.forEach((l, i) => byOwner.set(l.owner, [...(byOwner.get(l.owner) ?? []), i]));
  const standings: LexemeStanding[] = lexemes.map(() => ({ rank: null, sense: 1 }));
  for (const members of byOwner.values()) {
    const family = lexemes[members[0] ?? 0]?.family ?? '';
    const own = members.map((i) => {
      const forms = lexemes[i]?.forms ?? new Set<string>();
      const others = members.filter((j) => j !== i).map((j) => lexemes[j]?.forms);
      const distinct = [...forms].filter((f) => others.every((o) => !o?.has(f)));
      const ranked = distinct.map(rankOf).filter((r): r is number => r !== null);
      return {
        i,
        distinct,
        single: forms.size === 1,
        alone: best(distinct, family),
        ranked: ranked.length,
        any: ranked.length > 0 ? Math.min(...ranked) : null,
      };
    });
    own.sort(
      (a, b) =>
        nullsLast(a.alone, b.alone) ||
        b.ranked - a.ranked ||
        nullsLast(a.any, b.any) ||
        Number(a.single) - Number(b.single) ||
        a.i - b.i,
    );
    own.forEach(({ i, distinct }, place) => {
      const forms = lexemes[i]?.forms ?? new Set<string>();
      standings[i] = {
        sense: place + 1,
        rank: place === 0 ? best(forms, family) : best(distinct, family),
      };
    });
  }
  return standings;
}
