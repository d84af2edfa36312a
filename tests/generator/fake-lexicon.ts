import { RpeError } from '../../framework/errors.js';
import type { FormReading, Lexeme, Lexicon } from '../../framework/lexicon/index.js';

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
  return {
    forms,
    form: (lemma, query) => (forms(lemma, query)[0] as FormReading).form,
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
