// Family weights on synthetic trials whose best weights are known: a family every model answers
// right is left out, complementary families are both kept, the tuned sets are what the quota rule
// makes of the weights, and the held-out folds recomputed here by hand.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allocateQuotas, score, type CorrectnessMatrix } from '../../framework/index.js';
import { lcg, writeSyntheticTrial, type SyntheticTune } from '../../tests/panel/synthetic-tune.js';
import { modelGroups } from './model-groups.js';
import { readTrial, type TrialData } from './read-trial.js';
import { tuneWeights } from './tune-weights.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function trialOf(spec: SyntheticTune): TrialData {
  const dir = mkdtempSync(join(tmpdir(), 'rpe-tune-weights-'));
  dirs.push(dir);
  writeSyntheticTrial(dir, spec);
  return readTrial(dir);
}

const coin = (k: number, index: number, seed: number, salt: number) => {
  const next = lcg(((seed * 7919 + index) * 31 + k) * 13 + salt);
  next();
  return next() < 0.5;
};
const MODELS = ['a/1', 'a/2', 'b/1', 'b/2', 'c/1', 'd/1'];
// 'left': model 0 always right, the others at random; 'right': model 0 always wrong, the others
// at random. Each alone uses half the 64 answer patterns; together, all of them.
const spec: SyntheticTune = {
  models: MODELS,
  seeds: [1, 2, 3],
  families: [
    { id: 'easy', count: 40, right: () => true },
    { id: 'left', count: 40, right: (k, i, s) => k === 0 || coin(k, i, s, 1) },
    { id: 'right', count: 40, right: (k, i, s) => k !== 0 && coin(k, i, s, 2) },
  ],
};

const official = (matrix: CorrectnessMatrix, rows: number[]) =>
  score({ models: matrix.models, correct: rows.map((r) => matrix.correct[r] ?? []) }).score;

// By hand: the first q items of each family in every set, scored with the rules' own score.
function meanOfQuotas(trial: TrialData, quotas: Record<string, number>): number {
  const scores = trial.sets.map((set) => {
    const seen: Record<string, number> = {};
    const rows = set.families.flatMap((f, r) => {
      seen[f] = (seen[f] ?? 0) + 1;
      return (seen[f] ?? 0) <= (quotas[f] ?? 0) ? [r] : [];
    });
    return official(set.matrix, rows);
  });
  return scores.reduce((a, b) => a + b, 0) / scores.length;
}

describe('tuneWeights', () => {
  const trial = trialOf(spec);

  it('gives weight 0 to the family every model answers right and keeps both complementary ones', () => {
    for (const n of [80, 'auto'] as const) {
      const result = tuneWeights(trial, { n, seed: 0, groups: null });
      const byId = Object.fromEntries(result.families.map((f) => [f.id, f]));
      expect(byId.easy?.weight).toBe(0);
      expect(byId.left?.weight).toBeGreaterThan(0);
      expect(byId.right?.weight).toBeGreaterThan(0);
      expect(result.expected.mean).toBeGreaterThan(result.current.mean);
      expect(result.expected.mean).toBeGreaterThanOrEqual(result.greedy - 1e-12);
    }
  });

  it('reports the current weights and scores from the trial as it is', () => {
    const result = tuneWeights(trial, { seed: 0, groups: null });
    expect(result.n_now).toBe(120);
    expect(result.n).toBe(120);
    expect(result.families.map((f) => [f.id, f.weight_now, f.items_now])).toEqual([
      ['easy', 1, 40],
      ['left', 1, 40],
      ['right', 1, 40],
    ]);
    const all = [...Array(120).keys()];
    const current = trial.sets.map((s) => official(s.matrix, all));
    expect(result.current.mean).toBeCloseTo(current.reduce((a, b) => a + b) / 3, 12);
    expect(result.current.worst).toBe(Math.min(...current));
  });

  it('materialises the weights by the quota rule: the first items of each family, per set', () => {
    const result = tuneWeights(trial, { n: 'auto', seed: 0, groups: null });
    const weights = result.families.map((f) => f.weight);
    const quotas = allocateQuotas(result.n, weights);
    expect(result.families.map((f) => f.items)).toEqual(quotas);
    const byFamily = Object.fromEntries(result.families.map((f) => [f.id, f.items]));
    expect(result.expected.mean).toBeCloseTo(meanOfQuotas(trial, byFamily), 12);
    for (const [s, set] of trial.sets.entries()) {
      const kept = result.kept[s] ?? [];
      expect(kept).toHaveLength(result.n);
      for (const f of result.families) {
        const rows = set.families.flatMap((id, r) => (id === f.id ? [r] : []));
        expect(kept.filter((r) => set.families[r] === f.id)).toEqual(rows.slice(0, f.items));
      }
    }
  });

  it('keeps a family at most at the items the trial holds of it', () => {
    const result = tuneWeights(trial, { n: 'auto', seed: 0, groups: null });
    for (const f of result.families) expect(f.items).toBeLessThanOrEqual(f.available);
    expect(() => tuneWeights(trial, { n: 130, seed: 0, groups: null })).toThrow(/hold only 120/);
  });

  it('computes each held-out fold as tuning without the model, scored with it back', () => {
    const groups = modelGroups(MODELS, { by: 'model' });
    const result = tuneWeights(trial, { n: 'auto', seed: 0, groups });
    const held = result.heldout;
    expect(held?.folds.map((f) => f.left_out)).toEqual(MODELS);
    for (const [i, model] of MODELS.entries()) {
      const kept = MODELS.filter((m) => m !== model);
      const columns = kept.map((m) => MODELS.indexOf(m));
      const without: TrialData = {
        ...trial,
        models: kept,
        sets: trial.sets.map((s) => ({
          ...s,
          matrix: {
            models: kept,
            correct: s.matrix.correct.map((row) => columns.map((c) => row[c] ?? 0)),
          },
        })),
      };
      const alone = tuneWeights(without, { n: 'auto', seed: 0, groups: null });
      const quotas = Object.fromEntries(alone.families.map((f) => [f.id, f.items]));
      expect(held?.folds[i]?.tuned).toBeCloseTo(meanOfQuotas(trial, quotas), 12);
      expect(held?.folds[i]?.untuned).toBeCloseTo(result.current.mean, 12);
    }
  });

  it('is deterministic and does not move a trial whose weights are already best', () => {
    const one: SyntheticTune = { ...spec, families: [spec.families[1]!, spec.families[2]!] };
    const t = trialOf(one);
    const a = tuneWeights(t, { seed: 3, groups: modelGroups(MODELS, { by: 'family' }) });
    expect(tuneWeights(t, { seed: 3, groups: modelGroups(MODELS, { by: 'family' }) })).toEqual(a);
    // With the size fixed at the trial's own, both families are taken whole: nothing to tune.
    expect(a.families.map((f) => f.items)).toEqual([40, 40]);
    expect(a.heldout?.helps).toBe(false);
  });
});
