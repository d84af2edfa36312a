import { describe, expect, it } from 'vitest';
import { score, simpson } from '../../framework/index.js';
import { diversityShares, familyFigures, pooledFamilyFigures } from './family-figures.js';

const matrix = (rows: (0 | 1)[][]) => ({ models: ['a', 'b'], correct: rows });

describe('diversityShares', () => {
  it('splits the Simpson sum by item: each item holds the share of pairs it differs in', () => {
    // Cuts 11, 11, 10, 01: raw Simpson 1 − (1/4 + 1/16 + 1/16) = 0.625; the two 11 items hold
    // (1 − 2/4)/4 each, the others (1 − 1/4)/4 each.
    const cuts = ['11', '11', '10', '01'];
    expect(simpson([2, 1, 1], 4)).toBeCloseTo(0.625, 12);
    const shares = diversityShares(cuts);
    expect(shares.map((s) => Number(s.toFixed(12)))).toEqual([0.2, 0.2, 0.3, 0.3]);
  });

  it('gives every item 0 when all items show one cut', () => {
    expect(diversityShares(['10', '10', '10'])).toEqual([0, 0, 0]);
  });
});

describe('familyFigures', () => {
  it("adds the shares of a family's items to the rules' family table", () => {
    const result = score(
      matrix([
        [1, 1],
        [1, 1],
        [1, 0],
        [0, 1],
      ]),
    );
    const rows = familyFigures(result, ['same', 'same', 'split', 'split']);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ family: 'same', n_items: 2, mean_p: 1, item_share: 0.5 });
    expect(rows[0]?.diversity_share).toBeCloseTo(0.4, 12);
    expect(rows[1]).toMatchObject({
      family: 'split',
      mean_discrimination: 1,
      distinct_bitvectors: 2,
    });
    expect(rows[1]?.diversity_share).toBeCloseTo(0.6, 12);
  });

  it('pools the sets: items summed, means over all items, cuts over all sets, shares averaged', () => {
    const one = score(
      matrix([
        [1, 1],
        [1, 0],
      ]),
    );
    const two = score(
      matrix([
        [0, 1],
        [0, 1],
        [1, 1],
        [0, 0],
      ]),
    );
    const rows = pooledFamilyFigures([
      { result: one, families: ['x', 'y'] },
      { result: two, families: ['x', 'x', 'x', 'x'] },
    ]);
    const x = rows.find((r) => r.family === 'x');
    const y = rows.find((r) => r.family === 'y');
    expect(x).toMatchObject({ n_items: 5, distinct_bitvectors: 3 });
    expect(x?.mean_p).toBeCloseTo((1 + 0.5 + 0.5 + 1 + 0) / 5, 12);
    // Set one: x and y differ, each holds half; set two: x holds everything.
    expect(x?.diversity_share).toBeCloseTo((0.5 + 1) / 2, 12);
    expect(y?.diversity_share).toBeCloseTo(0.25, 12);
    expect(y?.item_share).toBeCloseTo(0.25, 12);
  });
});
