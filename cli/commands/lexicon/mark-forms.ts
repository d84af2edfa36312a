import type { Answer, FormReading, Lexicon } from '../../../framework/index.js';

/** What answer() does with a form, asked for the cell the form belongs to (its lexeme and tag). */
export type FormMark = 'gold' | 'alias' | 'excluded';

export interface MarkedForm {
  form: string;
  tag: string;
  lemma: string;
  mark: FormMark;
  /** The gold answer() gives for the form's cell. */
  gold: string;
  /** Why answer() leaves the form out; null for a gold or an alias. */
  why: string | null;
}

// The query of a tag's own cell: its values, a dotted one ("m1.m2.m3.n2.f", "refl.nonrefl") split,
// as a tag's value set holds them (SCHEMA.md, forms()).
const cellQuery = (tag: string) => [...new Set(tag.split(/[:.]/))].join(':');

/**
 * Marks each reading by asking answer() for its own cell, its lexeme with its full tag: the gold
 * of that cell, one of its equally standard variants (aliases), or a form answer() leaves out,
 * with the reason it gives. The marks are what ctx.answer() and `rpe lexicon answer` give, so they
 * follow every rule the answer follows.
 */
export function markForms(lexicon: Lexicon, readings: readonly FormReading[]): MarkedForm[] {
  const answers = new Map<string, Answer>();
  return readings.map((r) => {
    const key = `${r.lexeme.id}\t${r.tag}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = lexicon.answer(r.lexeme, cellQuery(r.tag));
      answers.set(key, answer);
    }
    const base = { form: r.form, tag: r.tag, lemma: r.lexeme.lemma, gold: answer.gold };
    if (r.form === answer.gold) return { ...base, mark: 'gold', why: null };
    if (answer.aliases.includes(r.form)) return { ...base, mark: 'alias', why: null };
    const excluded = answer.excluded.find((e) => e.form === r.form);
    return { ...base, mark: 'excluded', why: excluded?.why ?? `not in the answer of ${r.tag}` };
  });
}

/** The mark as a text column: `gold`, `alias of GOLD`, `excluded (gold GOLD): WHY`. */
export function markColumn(m: MarkedForm): string {
  if (m.mark === 'gold') return 'gold';
  if (m.mark === 'alias') return `alias of ${m.gold}`;
  return `excluded (gold ${m.gold}): ${m.why ?? ''}`;
}

// The JSON of a marked form: the contract's fields first, then the marks.
const marks = (m: MarkedForm) => ({ mark: m.mark, gold: m.gold, why: m.why });
export const formJson = (m: MarkedForm) => ({ form: m.form, tag: m.tag, ...marks(m) });
export const analysisJson = (m: MarkedForm) => ({ lemma: m.lemma, tag: m.tag, ...marks(m) });
