// A fixed list of questions with the readings (in order) and the answers the snapshot gave before
// forms() and answer() read the packed paradigms: the readings come from the SQL of SCHEMA.md,
// the answers from the Python runtime, which reads the tables only (tests/fixtures/lexicon/
// fixed-answers.json). Faster asks must not change a single form or its place.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lexicon, LexiconError, openLexicon } from '../../framework/lexicon/index.js';
import { packagePath } from '../../framework/package-root.js';

interface Fixed {
  lemma: string;
  query: string;
  forms: [string, string][];
  answer:
    | { gold: string; aliases: string[]; tag: string; lexeme: number; excluded: string[] }
    | { error: string };
}

const FIXED = JSON.parse(
  readFileSync(packagePath('tests', 'fixtures', 'lexicon', 'fixed-answers.json'), 'utf8'),
) as Fixed[];

let lexicon: Lexicon;
beforeAll(() => {
  lexicon = openLexicon();
});
afterAll(() => lexicon.close());

const attempt = <T>(call: () => T): T | { error: string } => {
  try {
    return call();
  } catch (error) {
    if (error instanceof LexiconError) return { error: error.code };
    throw error;
  }
};

describe('fixed questions', () => {
  it.each(FIXED.map((f) => [f.lemma, f.query, f] as const))('%s %s', (lemma, query, fixed) => {
    const forms = attempt(() => lexicon.forms(lemma, query).map((r) => [r.form, r.tag]));
    expect(forms).toEqual(fixed.forms.length > 0 ? fixed.forms : { error: expect.any(String) });
    const answer = attempt(() => {
      const a = lexicon.answer(lemma, query);
      const excluded = a.excluded.map((e) => e.form);
      return { gold: a.gold, aliases: a.aliases, tag: a.tag, lexeme: a.lexeme.id, excluded };
    });
    expect(answer).toEqual(fixed.answer);
  });

  it('covers misses, homographs, doublets and every class of the list', () => {
    expect(FIXED.filter((f) => 'error' in f.answer).map((f) => f.answer)).toEqual([
      { error: 'unknown_lemma' },
      { error: 'no_such_form' },
    ]);
    expect(FIXED.length).toBeGreaterThanOrEqual(30);
  });
});
