import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { RpeError } from '../errors.js';
import { parseMatrix } from './matrix-schema.js';
import { score } from './score.js';
import { simpsonMaximum } from './simpson-maximum.js';

// Every partition of n into at most `parts` positive parts: the brute-force search space.
function* partitions(n: number, parts: number, largest = n): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  if (parts === 0) return;
  for (let first = Math.min(n, largest); first >= 1; first--) {
    for (const rest of partitions(n - first, parts - 1, first)) yield [first, ...rest];
  }
}

// The metric written out directly from the task text, independently of score.ts.
function bruteForce(correct: number[][], m: number) {
  const n = correct.length;
  let disc = 0;
  const classes: Record<string, number> = {};
  for (const row of correct) {
    const p = row.reduce((a, b) => a + b, 0) / m;
    disc += 4 * p * (1 - p);
    const key = row.join(',');
    classes[key] = (classes[key] ?? 0) + 1;
  }
  disc /= n;
  const simpsonOf = (sizes: number[]) => 1 - sizes.reduce((s, c) => s + (c * c) / (n * n), 0);
  const raw = simpsonOf(Object.values(classes));
  let best = 0;
  for (const sizes of partitions(n, Math.min(n, 2 ** m))) best = Math.max(best, simpsonOf(sizes));
  const diversity = best === 0 ? 0 : raw / best;
  let inverse = 0;
  let pairCount = 0;
  for (let k = 0; k < m; k++) {
    for (let l = k + 1; l < m; l++) {
      const r = correct.filter((row) => row[k] !== row[l]).length / n;
      inverse += 1 / Math.max(Math.min(r / 0.05, 1), 0.01);
      pairCount++;
    }
  }
  const separation = pairCount === 0 ? 1 : pairCount / inverse;
  return { discrimination: disc, diversity, separation, score: disc * diversity * separation };
}

function models(m: number): string[] {
  return Array.from({ length: m }, (_, i) => `model-${i}`);
}

describe('simpsonMaximum', () => {
  it('equals the best partition found by brute force', () => {
    for (let n = 1; n <= 12; n++) {
      for (let m = 1; m <= 4; m++) {
        let best = 0;
        for (const sizes of partitions(n, Math.min(n, 2 ** m))) {
          best = Math.max(best, 1 - sizes.reduce((s, c) => s + (c / n) ** 2, 0));
        }
        expect(simpsonMaximum(n, m)).toBeCloseTo(best, 12);
      }
    }
  });
});

describe('score', () => {
  it('matches the brute-force metric on random matrices', () => {
    const random = seedrandom('rules-score-property');
    for (let trial = 0; trial < 300; trial++) {
      const m = 1 + Math.floor(random() * 5);
      const n = 1 + Math.floor(random() * 14);
      const bias = random();
      const correct = Array.from({ length: n }, () =>
        Array.from({ length: m }, () => (random() < bias ? 1 : 0)),
      );
      const expected = bruteForce(correct, m);
      const got = score({ models: models(m), correct: correct as (0 | 1)[][] });
      expect(got.discrimination).toBeCloseTo(expected.discrimination, 12);
      expect(got.diversity).toBeCloseTo(expected.diversity, 12);
      expect(got.separation).toBeCloseTo(expected.separation, 12);
      expect(got.score).toBeCloseTo(expected.score, 12);
      expect(got.diversity).toBeLessThanOrEqual(1 + 1e-12);
    }
  });

  it('scores n > 2^m with evenly used bitvectors as full diversity (hand-computed)', () => {
    const result = score({
      models: ['A', 'B'],
      correct: [
        [1, 0],
        [1, 0],
        [0, 1],
        [0, 1],
        [1, 1],
        [0, 0],
      ],
    });
    expect(result.diversity_raw).toBeCloseTo(26 / 36, 12);
    expect(result.diversity_max).toBeCloseTo(26 / 36, 12);
    expect(result.diversity).toBeCloseTo(1, 12);
    expect(result.discrimination).toBeCloseTo(2 / 3, 12);
    expect(result.separation).toBe(1);
    expect(result.score).toBeCloseTo(2 / 3, 12);
    expect(result.items.map((i) => i.bitvector)).toEqual(['10', '10', '01', '01', '11', '00']);
    expect(result.items[0]).toEqual({ index: 1, p: 0.5, bitvector: '10', discrimination: 1 });
    expect(result.pairs).toEqual([{ a: 'A', b: 'B', disagreement: 4 / 6, credit: 1 }]);
  });

  it('floors identical models at 0.01 and takes the harmonic mean (hand-computed)', () => {
    const result = score({
      models: ['A', 'B', 'C'],
      correct: [
        [true, true, false],
        [false, false, true],
        [true, true, true],
        [false, false, false],
      ],
    });
    expect(result.pairs.map((p) => p.credit)).toEqual([0.01, 1, 1]);
    expect(result.separation).toBeCloseTo(3 / 102, 12);
    expect(result.least_separated).toEqual({ a: 'A', b: 'B', disagreement: 0, credit: 0.01 });
  });

  it('gives partial credit under the 5% saturation', () => {
    const correct = Array.from({ length: 40 }, (_, i) => [i % 2, i === 0 ? 1 - (i % 2) : i % 2]);
    const result = score({ models: ['A', 'B'], correct: correct as (0 | 1)[][] });
    expect(result.pairs[0]?.disagreement).toBe(1 / 40);
    expect(result.pairs[0]?.credit).toBeCloseTo(0.5, 12);
  });

  it('scores all-correct items 0 on discrimination and diversity', () => {
    const result = score({
      models: ['A', 'B', 'C'],
      correct: [
        [1, 1, 1],
        [1, 1, 1],
        [1, 1, 1],
      ],
    });
    expect(result).toMatchObject({ discrimination: 0, diversity_raw: 0, diversity: 0, score: 0 });
    expect(result.separation).toBeCloseTo(0.01, 12);
  });

  it('defines one model (separation 1, no pair) and one item (diversity 0)', () => {
    const one = score({ models: ['A'], correct: [[1], [0]] });
    expect(one).toMatchObject({
      separation: 1,
      discrimination: 0,
      score: 0,
      pairs: [],
      least_separated: null,
    });
    const single = score({ models: ['A', 'B'], correct: [[1, 0]] });
    expect(single).toMatchObject({ diversity_max: 0, diversity: 0, discrimination: 1, score: 0 });
  });

  it('rejects malformed matrices with a clear error', () => {
    const bad: unknown[] = [
      { models: ['A', 'B'], correct: [[1, 0], [1]] },
      { models: ['A', 'A'], correct: [[1, 0]] },
      { models: ['A'], correct: [] },
      { models: [], correct: [[]] },
      { models: ['A', 'B'], correct: [[1, 2]] },
      { correct: [[1]] },
      [[1, 0]],
    ];
    for (const matrix of bad) {
      expect(() => parseMatrix(matrix, 'm.json')).toThrow(RpeError);
      expect(() => parseMatrix(matrix, 'm.json')).toThrow(/^m\.json: /);
    }
    expect(() => score({ models: ['A', 'B'], correct: [[1, 0], [1]] })).toThrow(
      /correct\.1: row 2 has 1 values for 2 models/,
    );
    expect(() => score({ models: ['A', 'A'], correct: [[1, 0]] })).toThrow(
      /model names must be unique/,
    );
  });
});
