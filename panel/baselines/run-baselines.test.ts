import { describe, expect, it } from 'vitest';
import { openLexicon, type Item } from '../../framework/index.js';
import { openLexiconIfPresent } from './open-lexicon-if-present.js';
import { renderBaselinesMarkdown } from './render-baselines-markdown.js';
import { mostCommonGold, runBaselines } from './run-baselines.js';
import { SHORTCUT_BASELINES } from './shortcut-baselines.js';

const flaggedBy = (item: Item, options: { lexicon?: boolean } = {}) => {
  const lexicon = options.lexicon ? openLexicon() : null;
  try {
    return runBaselines({ items: [item], lexicon }).flagged[0]?.flagged_by ?? [];
  } finally {
    lexicon?.close();
  }
};

describe('shortcut baselines', () => {
  it('each one answers the item it is made for', () => {
    expect(flaggedBy({ input: 'Przepisz: [dwa słowa]', gold: 'dwa słowa' })).toContain(
      'bracket-copy',
    );
    expect(flaggedBy({ input: 'Odmień (kot, m2) przez przypadki', gold: 'kot' })).toContain(
      'bracket-first-word',
    );
    expect(flaggedBy({ input: 'Rodzaj (m2 kot)', gold: 'kot' })).toContain('bracket-last-word');
    expect(flaggedBy({ input: 'Powtórz „Ala ma kota”.', gold: 'Ala ma kota' })).toContain(
      'quote-copy',
    );
    expect(flaggedBy({ input: '„a b” albo „c d”?', gold: 'c d' })).toContain('quote-last-copy');
    expect(flaggedBy({ input: 'W „Ala ma kota” podmiot to?', gold: 'Ala' })).toContain(
      'quote-first-word',
    );
    expect(flaggedBy({ input: 'W „Ala ma kota” dopełnienie to?', gold: 'kota' })).toContain(
      'quote-last-word',
    );
    expect(flaggedBy({ input: 'Psa widzę. Jaki to przypadek?', gold: 'Psa' })).toEqual([
      'input-first-word',
    ]);
    expect(flaggedBy({ input: 'Jakie słowo jest ostatnie: koniec.', gold: 'koniec' })).toEqual([
      'input-last-word',
    ]);
    expect(flaggedBy({ input: 'Poprawna forma: psu czy psa? Odpowiedz.', gold: 'psu' })).toContain(
      'choice-first',
    );
    expect(flaggedBy({ input: 'Poprawna forma: psu czy psa? Odpowiedz.', gold: 'psa' })).toContain(
      'choice-second',
    );
  });

  it('gives the most frequent form of a bracketed lemma from the lexicon', () => {
    expect(
      flaggedBy({ input: 'Forma od [pies] w mianowniku', gold: 'pies' }, { lexicon: true }),
    ).toContain('lexicon-top-form');
    expect(
      flaggedBy({ input: 'Forma od [pies] w dopełniaczu', gold: 'psów' }, { lexicon: true }),
    ).not.toContain('lexicon-top-form');
  });

  it('answers the most common gold only when a gold repeats', () => {
    const items = [
      { input: 'a', gold: 'tak' },
      { input: 'b', gold: ' tak ' },
      { input: 'c', gold: 'nie' },
    ];
    expect(mostCommonGold(items)).toBe('tak');
    expect(mostCommonGold(items.slice(1))).toBeNull();
    const report = runBaselines({ items, lexicon: null });
    expect(report.flagged.map((f) => [f.item, f.flagged_by])).toEqual([
      [1, ['most-common-gold']],
      [2, ['most-common-gold']],
    ]);
  });

  it('accepts an alias, counts per baseline and per family, and leaves honest items alone', () => {
    const items: Item[] = [
      { input: 'Podaj synonim: (auto)', gold: 'samochód', aliases: ['auto'] },
      {
        input:
          'Który wyraz w zdaniu „Posłanka, która wystąpiła, złożyła wniosek” odnosi się do posłanki?',
        gold: 'która',
      },
    ];
    const report = runBaselines({
      items,
      families: ['syn', 'ref'],
      lexicon: null,
      lexiconNote: 'absent',
    });
    expect(report.n_flagged).toBe(1);
    expect(report.flagged[0]).toMatchObject({ item: 1, family: 'syn' });
    expect(report.baselines.find((b) => b.name === 'bracket-copy')).toMatchObject({
      answered: 1,
      correct: 1,
    });
    expect(report.baselines.find((b) => b.name === 'lexicon-top-form')).toMatchObject({
      answered: 0,
    });
    expect(report.baselines).toHaveLength(SHORTCUT_BASELINES.length);
    expect(report.families).toEqual([
      expect.objectContaining({ family: 'syn', n_items: 1, flagged: 1 }),
      { family: 'ref', n_items: 1, flagged: 0, by_baseline: {} },
    ]);
    expect(report.lexicon).toEqual({ used: false, note: 'absent' });
    const markdown = renderBaselinesMarkdown(report, items);
    expect(markdown).toContain('1 of 2 items (50%)');
    expect(markdown).toContain(
      '| 1 | samochód | bracket-copy, bracket-first-word, bracket-last-word, input-last-word | Podaj synonim: (auto) |',
    );
    expect(markdown).toContain('Lexicon baseline skipped: absent.');
  });

  it('refuses a meta file of another length, and a lexicon the caller names that does not open', () => {
    expect(() => runBaselines({ items: [{ input: 'a', gold: 'b' }], families: [] })).toThrow(
      /meta file has 0 lines/,
    );
    expect(() => openLexiconIfPresent('/nonexistent/morphology.sqlite')).toThrow(
      expect.objectContaining({ code: 'lexicon_missing', exitCode: 2 }),
    );
  });
});
