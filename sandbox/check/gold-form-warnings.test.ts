import { describe, expect, it } from 'vitest';
import { openLexicon } from '../../framework/index.js';
import { knownForm } from './collect-gold-warnings.js';
import { goldFormWarnings } from './gold-form-warnings.js';

const lexicon = openLexicon();
const known = knownForm(lexicon);

// Items whose golds are forms of the snapshot, as a framework generator writes them.
const FORMS = ['kota', 'psa', 'domu', 'lasu', 'rzeki', 'miasta', 'okna', 'stołu', 'drzewa', 'wody'];
function items(golds: string[]) {
  return golds.map((gold, i) => ({ line: i + 1, item: { input: `Pytanie ${i}`, gold } }));
}

describe('goldFormWarnings', () => {
  it('warns about a gold or alias the snapshot does not know when the seed’s other answers are its forms', () => {
    const golds = [...FORMS, ...FORMS, 'kotóww'];
    const list = items(golds);
    list[3] = { line: 4, item: { input: 'Pytanie 3', gold: 'lasu', aliases: ['lasuu'] } } as never;
    const warnings = goldFormWarnings({ seed: 7, items: list, known });
    expect(warnings.map((w) => [w.code, w.seed, w.line])).toEqual([
      ['gold_unknown_form', 7, 4],
      ['gold_unknown_form', 7, 21],
    ]);
    expect(warnings[1]?.message).toMatch(
      /^gold "kotóww" is not a form the morphology snapshot knows/,
    );
    expect(warnings[0]?.message).toMatch(/^alias "lasuu"/);
  });

  it('says nothing for a team’s own word lists, which the snapshot need not know', () => {
    const own = ['zdrzemnąłbym', 'przeogromniasty', 'kociszcze', 'wyczesanko', 'psinka'];
    const golds = [...FORMS, ...own, ...own, ...own];
    expect(goldFormWarnings({ seed: 0, items: items(golds), known })).toEqual([]);
  });

  it('looks only at one lower-case word, and wants enough of them to judge', () => {
    const golds = [...FORMS, ...FORMS, 'Kotóww', 'nie wiem', 'kot.', '12'];
    expect(goldFormWarnings({ seed: 0, items: items(golds), known })).toEqual([]);
    expect(goldFormWarnings({ seed: 0, items: items([...FORMS, 'kotóww']), known })).toEqual([]);
  });
});
