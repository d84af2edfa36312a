import { describe, expect, it } from 'vitest';
import { reviewTable } from './review-table.js';

const items = [
  { input: 'Pierwsze', gold: 'a', aliases: ['b', 'c'] },
  { input: 'Drugie', gold: 'd' },
  { input: 'Trzecie', gold: 'e' },
];

describe('reviewTable', () => {
  it('has the canonical columns and the reviewer columns without meta', () => {
    const table = reviewTable(items);
    expect(table.columns.map((c) => c.name)).toEqual([
      'item',
      'input',
      'gold',
      'alias1',
      'alias2',
      'alias3',
      'alias4',
      'alias5',
      'ok',
      'comment',
    ]);
    expect(table.rows[0]).toEqual([1, 'Pierwsze', 'a', 'b', 'c', '', '', '', '', '']);
  });

  it('adds family, lemma, tag and phenomenon, and keeps the number of each item drawn', () => {
    const meta = ['x', 'y', 'z'].map((family) => ({
      family,
      phenomenon: `p-${family}`,
      lemma: family === 'z' ? 'kot' : '',
      tag: family === 'z' ? 'subst:sg:nom:m2' : '',
    }));
    const table = reviewTable(items, { meta, numbers: [1, 3] });
    expect(table.columns.map((c) => c.name).slice(8, 12)).toEqual([
      'family',
      'lemma',
      'tag',
      'phenomenon',
    ]);
    expect(table.rows.map((r) => [r[0], r[1], ...r.slice(8)])).toEqual([
      [1, 'Pierwsze', 'x', '', '', 'p-x', '', ''],
      [3, 'Trzecie', 'z', 'kot', 'subst:sg:nom:m2', 'p-z', '', ''],
    ]);
  });
});
