// The subset search on pools whose optimum is known: found exactly on small pools (checked against
// every subset), never below simple greedy and above it where greedy is stuck, items every model
// answers right left out, the held-out folds recomputed here by hand.
import { describe, expect, it } from 'vitest';
import { score, type CorrectnessMatrix } from '../../framework/index.js';
import { lcg, syntheticPool } from '../../tests/panel/synthetic-tune.js';
import { modelGroups } from './model-groups.js';
import { tuneSubset } from './tune-subset.js';

const rowsScore = (matrix: CorrectnessMatrix, rows: readonly number[]) =>
  score({ models: matrix.models, correct: rows.map((r) => matrix.correct[r] ?? []) }).score;

// The best score of any k of the matrix's rows, by trying every subset.
function bruteForce(matrix: CorrectnessMatrix, k: number): number {
  let best = 0;
  const pick: number[] = [];
  const walk = (from: number) => {
    if (pick.length === k) {
      best = Math.max(best, rowsScore(matrix, pick));
      return;
    }
    for (let r = from; r <= matrix.correct.length - (k - pick.length); r++) {
      pick.push(r);
      walk(r + 1);
      pick.pop();
    }
  };
  walk(0);
  return best;
}

function smallPool(n: number, m: number, seed: number): CorrectnessMatrix {
  const next = lcg(seed);
  const models = Array.from({ length: m }, (_, k) => `org/m${k}`);
  return {
    models,
    correct: Array.from({ length: n }, () => models.map(() => (next() < 0.45 ? 1 : 0))),
  } as CorrectnessMatrix;
}

describe('tuneSubset', () => {
  it.each([
    [14, 3, 5, 1],
    [14, 3, 6, 2],
    [13, 4, 5, 3],
    [12, 2, 4, 4],
  ])(
    'finds the optimum of a %i-item pool, %i models, n = %i (every subset tried)',
    (n, m, k, seed) => {
      const matrix = smallPool(n, m, seed);
      const result = tuneSubset(matrix, { n: k, seed: 0, groups: null });
      expect(result.rows).toHaveLength(k);
      expect(result.score.score).toBeCloseTo(bruteForce(matrix, k), 12);
      expect(result.score.score).toBeCloseTo(rowsScore(matrix, result.rows), 12);
    },
  );

  it('beats simple greedy selection where greedy is stuck, and is never below it', () => {
    const models = ['a/1', 'b/2', 'c/3', 'd/4', 'e/5', 'f/6'];
    for (const seed of [1, 2, 3, 7]) {
      const { matrix } = syntheticPool(300, models, seed);
      const result = tuneSubset(matrix, { n: 50, seed: 0, groups: null });
      expect(result.score.score).toBeGreaterThanOrEqual(result.greedy - 1e-12);
      if (seed === 3 || seed === 7)
        expect(result.score.score).toBeGreaterThan(result.greedy + 1e-4);
    }
  });

  it('leaves out the items every model answers right, and keeps the pool order', () => {
    const models = ['a/1', 'b/2', 'c/3', 'd/4'];
    const { matrix } = syntheticPool(120, models, 5);
    // Every third item becomes one the whole panel gets right.
    matrix.correct = matrix.correct.map((row, i) => (i % 3 === 0 ? row.map(() => 1) : row));
    for (const n of [60, 'auto'] as const) {
      const result = tuneSubset(matrix, { n, seed: 0, groups: null });
      expect(result.rows.filter((r) => r % 3 === 0)).toEqual([]);
      expect(result.rows).toEqual([...result.rows].sort((a, b) => a - b));
    }
  });

  it('chooses a size from 50 to 200 with auto, and the same subset for the same input', () => {
    const { matrix } = syntheticPool(400, ['a/1', 'b/2', 'c/3', 'd/4', 'e/5'], 9);
    const a = tuneSubset(matrix, { n: 'auto', seed: 4, groups: null });
    const b = tuneSubset(matrix, { n: 'auto', seed: 4, groups: null });
    expect(a.n).toBeGreaterThanOrEqual(50);
    expect(a.n).toBeLessThanOrEqual(200);
    expect(b).toEqual(a);
    // The untuned figure: the pool's first n items (the pool is longer than a set may be).
    expect(a.pool.of).toBe('first');
    expect(a.pool.score).toBeCloseTo(rowsScore(matrix, [...Array(a.n).keys()]), 12);
  });

  it('computes each held-out fold as tuning without the model, scored with it back', () => {
    const models = ['x/1', 'x/2', 'y/1', 'z/1', 'z/2'];
    const { matrix } = syntheticPool(250, models, 11);
    const groups = modelGroups(models, { by: 'family' });
    expect(groups.groups.map((g) => g.name)).toEqual(['x', 'y', 'z']);
    const result = tuneSubset(matrix, { n: 80, seed: 0, groups });
    const held = result.heldout;
    expect(held?.by).toBe('family');
    const untuned = rowsScore(matrix, [...Array(80).keys()]);
    for (const [i, group] of groups.groups.entries()) {
      // By hand: drop the family's columns, tune on what is left, score the rows on all models.
      const kept = models.filter((m) => !group.models.includes(m));
      const columns = kept.map((m) => models.indexOf(m));
      const without = {
        models: kept,
        correct: matrix.correct.map((row) => columns.map((c) => row[c] ?? 0)),
      } as CorrectnessMatrix;
      const alone = tuneSubset(without, { n: 80, seed: 0, groups: null });
      const fold = held?.folds[i];
      expect(fold?.left_out).toBe(group.name);
      expect(fold?.tuned).toBeCloseTo(rowsScore(matrix, alone.rows), 12);
      expect(fold?.untuned).toBeCloseTo(untuned, 12);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(held?.tuned_mean).toBeCloseTo(mean(held?.folds.map((f) => f.tuned) ?? []), 12);
    expect(held?.helps).toBe((held?.tuned_mean ?? 0) > (held?.untuned_mean ?? 0));
  });
});

describe('tuneSubset on two models', () => {
  it('tunes and reports no held-out estimate (no fold leaves two models)', () => {
    const { matrix } = syntheticPool(120, ['a/1', 'b/1'], 4);
    const result = tuneSubset(matrix, {
      n: 60,
      seed: 0,
      groups: modelGroups(matrix.models, { by: 'family' }),
    });
    expect(result.heldout).toBeNull();
    expect(result.rows).toHaveLength(60);
  });
});
