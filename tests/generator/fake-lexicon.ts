import { RpeError } from '../../framework/errors.js';
import type { Answer, FormReading, Lexeme, Lexicon } from '../../framework/lexicon/index.js';

type Row = [lemma: string, form: string, tag: string];

/**
 * An in-memory Lexicon over a handful of rows, for tests of the generator runtime that must not
 * depend on the snapshot. Matching and order follow the agreed contract of framework/lexicon.
 */
export function fakeLexicon(rows: readonly Row[]): Lexicon {
  const lexemes = new Map<string, Lexeme>();
  for (const [lemma, , tag] of rows) {
    if (!lexemes.has(lemma)) {
      lexemes.set(lemma, {
        id: lexemes.size + 1,
        lemma,
        pos: tag.split(':')[0] ?? '',
        gender: null,
        aspect: null,
        reflexivity: null,
        sense: 1,
        rank: null,
      });
    }
  }
  const readings: FormReading[] = rows.map(([lemma, form, tag]) => ({
    form,
    tag,
    features: {} as FormReading['features'],
    lexeme: lexemes.get(lemma) as Lexeme,
    rank: null,
    variant: 0,
  }));
  const matches = (tag: string, query: string) => {
    const values = new Set(tag.split(':').flatMap((p) => p.split('.')));
    return query.split(':').every((v) => values.has(v));
  };
  const forms = (lemma: string | Lexeme, query: string): FormReading[] => {
    const name = typeof lemma === 'string' ? lemma : lemma.lemma;
    if (!lexemes.has(name))
      throw new RpeError('unknown_lemma', `unknown lemma "${name}"`, { exitCode: 1 });
    const found = readings
      .filter((r) => r.lexeme.lemma === name && matches(r.tag, query))
      .sort((a, b) => (a.form < b.form ? -1 : a.form > b.form ? 1 : a.tag < b.tag ? -1 : 1));
    if (found.length === 0)
      throw new RpeError('no_such_form', `"${name}" has no form ${query}`, { exitCode: 1 });
    return found;
  };
  // The first form is the gold; forms of its tag are its aliases, the others another cell.
  const answer = (lemma: string | Lexeme, query: string): Answer => {
    const found = forms(lemma, query);
    const first = found[0] as FormReading;
    const cell = found.filter((r) => r.tag === first.tag).map((r) => r.form);
    return {
      gold: first.form,
      aliases: [...new Set(cell)].filter((f) => f !== first.form),
      lemma: first.lexeme.lemma,
      query,
      tag: first.tag,
      lexeme: first.lexeme,
      excluded: found
        .filter((r) => !cell.includes(r.form))
        .map((r) => ({ form: r.form, why: `another cell: ${r.tag}` })),
    };
  };
  return {
    forms,
    answer,
    form: (lemma, query) => answer(lemma, query).gold,
    analyse(form) {
      const found = readings.filter((r) => r.form === form);
      if (found.length === 0)
        throw new RpeError('unknown_form', `unknown form "${form}"`, { exitCode: 1 });
      return found;
    },
    lexemes: () => [...lexemes.values()],
    info: () => ({
      path: ':memory:',
      source: 'test rows',
      lemmas: lexemes.size,
      lexemes: lexemes.size,
      forms: rows.length,
      readings: rows.length,
    }),
    close: () => undefined,
  };
}
