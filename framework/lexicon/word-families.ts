import type { DraftReading } from './split-lexemes.js';

/** A word of the dictionary: a lemma in one lexeme class, with every reading of its lexemes. */
export interface Word {
  lemma: string;
  pos: string;
  readings: readonly DraftReading[];
}

/** Which words share a form, so that a form's frequency is credited to one word only. */
export interface WordFamilies {
  /** The family a word belongs to: itself, or the adjective it is a substantivised form of. */
  familyOf(word: Word): string;
  /** Whether no other family has the form or its lower-case spelling. */
  alone(form: string, family: string): boolean;
}

const key = (lemma: string, pos: string) => `${lemma}\t${pos}`;

// The genitive forms of a word (singular, else plural), which tell a substantivised adjective
// (moja: mojej, as the adjective) from a noun that merely shares its lemma (kara: kary, not karej).
function genitives(w: Word): Set<string> {
  const of = (number: 'sg' | 'pl') =>
    w.readings.filter((r) => r.features.case.includes('gen') && r.features.number.includes(number));
  const found = of('sg');
  return new Set((found.length > 0 ? found : of('pl')).map((r) => r.form));
}

/**
 * Groups words into families: a noun whose lemma is a form of exactly one adjective and whose
 * genitives are that adjective's genitives is the adjective used as a noun (moja, moje, mój "my
 * folks" of mój; chory of chory), so the forms they share still speak for the adjective. Every other word is its own family. A form is alone in a
 * family when no other family has it in either spelling ("Musiał" the surname and "musiał" of
 * musieć share, "ma" of mój and of mieć share).
 */
export function wordFamilies(words: Iterable<Word>): WordFamilies {
  const list = [...words];
  const adjectivesWith = new Map<string, Word[]>();
  for (const w of list) {
    if (w.pos !== 'adj') continue;
    for (const f of new Set(w.readings.map((r) => r.form)))
      adjectivesWith.set(f, [...(adjectivesWith.get(f) ?? []), w]);
  }
  const familyOf = (w: Word) => {
    const own = key(w.lemma, w.pos);
    const adjectives = w.pos === 'subst' ? (adjectivesWith.get(w.lemma) ?? []) : [];
    if (adjectives.length !== 1) return own;
    const adjective = adjectives[0] as Word;
    const theirs = genitives(adjective);
    const mine = genitives(w);
    return mine.size > 0 && [...mine].every((f) => theirs.has(f))
      ? key(adjective.lemma, adjective.pos)
      : own;
  };
  const families = new Map<string, Set<string>>();
  for (const w of list) {
    const family = familyOf(w);
    for (const { form } of w.readings)
      families.set(form, (families.get(form) ?? new Set()).add(family));
  }
  const alone = (form: string, family: string) =>
    [form, form.toLowerCase()].every((t) => {
      const set = families.get(t);
      return set === undefined || (set.size === 1 && set.has(family));
    });
  return { familyOf, alone };
}
