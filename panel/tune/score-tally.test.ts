// The incremental evaluator against the rules' own score: equal on every subset a search can reach.
import { describe, expect, it } from 'vitest';
import { score, type CorrectnessMatrix } from '../../framework/index.js';
import { lcg } from '../../tests/panel/synthetic-tune.js';
import { ScoreTally } from './score-tally.js';

function randomMatrix(n: number, m: number, seed: number, bias = 0.5): CorrectnessMatrix {
  const next = lcg(seed);
  const models = Array.from({ length: m }, (_, k) => `org/m${k}`);
  const correct = Array.from({ length: n }, () => models.map(() => (next() < bias ? 1 : 0))) as (
    0 | 1
  )[][];
  return { models, correct };
}

const official = (matrix: CorrectnessMatrix, rows: number[]) =>
  score({ models: matrix.models, correct: rows.map((r) => matrix.correct[r] ?? []) });

const bools = (matrix: CorrectnessMatrix) =>
  matrix.correct.map((row) => row.map((v) => v === 1 || v === true));

describe('ScoreTally', () => {
  it.each([
    [60, 6, 1, 0.5],
    [200, 6, 2, 0.3],
    [90, 2, 3, 0.5],
    [40, 12, 4, 0.6],
    [30, 1, 5, 0.5],
    [120, 4, 6, 0.95],
  ])(
    'equals the official score of %i rows × %i models through adds and removes',
    (n, m, seed, bias) => {
      const matrix = randomMatrix(n, m, seed, bias);
      const tally = new ScoreTally(bools(matrix), m);
      const next = lcg(seed * 7 + 1);
      const inside = new Set<number>();
      for (let step = 0; step < 400; step++) {
        const row = Math.floor(next() * n);
        if (inside.has(row)) {
          tally.remove(row);
          inside.delete(row);
        } else {
          tally.add(row);
          inside.add(row);
        }
        if (inside.size === 0) continue;
        const rows = [...inside];
        const want = official(matrix, rows);
        const got = tally.components();
        expect(got.score).toBeCloseTo(want.score, 12);
        expect(got.discrimination).toBeCloseTo(want.discrimination, 12);
        expect(got.diversity).toBeCloseTo(want.diversity, 12);
        expect(got.separation).toBeCloseTo(want.separation, 12);
        expect(tally.score()).toBeCloseTo(want.score, 12);
      }
    },
  );

  it('predicts a swap, an addition and a removal without changing its rows', () => {
    const matrix = randomMatrix(80, 5, 9);
    const tally = new ScoreTally(bools(matrix), 5);
    const rows = Array.from({ length: 40 }, (_, i) => i * 2);
    for (const r of rows) tally.add(r);
    const before = tally.score();
    for (const [out, into] of [
      [0, 1],
      [0, -1],
      [-1, 1],
      [78, 79],
      [2, 3],
    ] as const) {
      const after = rows.filter((r) => r !== out).concat(into >= 0 ? [into] : []);
      expect(tally.scoreAfter(out, into)).toBeCloseTo(official(matrix, after).score, 12);
    }
    expect(tally.score()).toBe(before);
    expect(tally.n).toBe(40);
  });

  it('swaps within one class of answers as the official score does', () => {
    const matrix: CorrectnessMatrix = {
      models: ['a', 'b', 'c'],
      correct: [
        [1, 0, 0],
        [1, 0, 0],
        [0, 1, 1],
        [1, 1, 0],
      ],
    };
    const tally = new ScoreTally(bools(matrix), 3);
    for (const r of [0, 2, 3]) tally.add(r);
    expect(tally.scoreAfter(0, 1)).toBeCloseTo(official(matrix, [1, 2, 3]).score, 12);
    expect(tally.scoreAfter(2, 1)).toBeCloseTo(official(matrix, [0, 1, 3]).score, 12);
  });

  it('gives 0 for no rows and back to nothing after clear()', () => {
    const matrix = randomMatrix(10, 3, 11);
    const tally = new ScoreTally(bools(matrix), 3);
    expect(tally.score()).toBe(0);
    for (let r = 0; r < 10; r++) tally.add(r);
    tally.clear();
    expect(tally.n).toBe(0);
    tally.add(4);
    tally.add(5);
    expect(tally.score()).toBeCloseTo(official(matrix, [4, 5]).score, 12);
  });
});
