// Trial folders and pools made up without a panel, laid out as `rpe trial` lays them out, whose
// answers follow rules a test states: for the tuning tests and the tuning benchmark.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatItems, score, type CorrectnessMatrix } from '../../framework/index.js';
import { summarizeScores, type ScoredSet } from '../../panel/trial/index.js';

export interface SyntheticFamily {
  id: string;
  /** Items of the family in every set. */
  count: number;
  /** Whether model k is right on the family's item `index` of set `seed`. */
  right: (k: number, index: number, seed: number) => boolean;
}

export interface SyntheticTune {
  models: string[];
  seeds: number[];
  families: SyntheticFamily[];
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A deterministic stream of numbers in [0, 1) (a linear congruential generator). */
export function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/**
 * Writes the folder `rpe trial` would leave for these families: per seed items.jsonl, meta.jsonl
 * and matrix.json (families one after the other, as the generator emits them) and summary.json.
 */
export function writeSyntheticTrial(dir: string, spec: SyntheticTune): ScoredSet[] {
  const scored = spec.seeds.map((seed): ScoredSet => {
    const rows = spec.families.flatMap((f) =>
      Array.from({ length: f.count }, (_, index) => ({ f, index })),
    );
    const items = rows.map(({ f, index }) => ({
      input: `Pytanie ${seed} ${f.id} ${index}`,
      gold: 'tak',
    }));
    const matrix: CorrectnessMatrix = {
      models: spec.models,
      correct: rows.map(({ f, index }) =>
        spec.models.map((_, k) => (f.right(k, index, seed) ? 1 : 0)),
      ),
    };
    const folder = `seed-${seed}`;
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, 'items.jsonl'), formatItems(items));
    writeFileSync(
      join(dir, folder, 'meta.jsonl'),
      rows.map(({ f }) => `${JSON.stringify({ family: f.id })}\n`).join(''),
    );
    writeFileSync(join(dir, folder, 'matrix.json'), json(matrix));
    const set = {
      label: `seed ${seed}`,
      seed,
      folder,
      items,
      families: rows.map(({ f }) => f.id),
      sha256: 'sha256:0',
    };
    return { set, matrix, result: score(matrix) };
  });
  const summary = {
    generator: { kind: 'framework', path: 'synthetic', name: 'synthetic' },
    seeds: spec.seeds,
    sets: scored.map(({ set }) => ({
      label: set.label,
      seed: set.seed,
      items: `${set.folder}/items.jsonl`,
      meta: `${set.folder}/meta.jsonl`,
      n_items: set.items.length,
      sha256: set.sha256,
    })),
    panel: {
      models: spec.models,
      endpoint: 'http://127.0.0.1:1/v1',
      evaluator: { kind: 'aliases' },
    },
    ...summarizeScores(scored),
    notes: [],
  };
  writeFileSync(join(dir, 'summary.json'), json(summary));
  return scored;
}

/** A pool of `n` items and its matrix, model k right with a chance that grows with k. */
export function syntheticPool(n: number, models: string[], seed = 7) {
  const next = lcg(seed);
  const items = Array.from({ length: n }, (_, i) => ({ input: `Zadanie ${i}`, gold: 'tak' }));
  const correct = items.map(() =>
    models.map((_, k) => (next() < 0.15 + (0.7 * k) / Math.max(1, models.length - 1) ? 1 : 0)),
  ) as (0 | 1)[][];
  return { jsonl: formatItems(items), matrix: { models, correct } };
}

/** Ten families of 20 items per set, each with its own mix of easy, hard and splitting items. */
export function tenFamilies(models: string[], seeds = [1, 2, 3]): SyntheticTune {
  const families = Array.from({ length: 10 }, (_, f): SyntheticFamily => {
    const hardness = (f + 1) / 11;
    return {
      id: `family-${f}`,
      count: 20,
      right: (k, index, seed) => {
        const next = lcg(((seed * 131 + f) * 1009 + index) * 17 + k);
        next();
        return next() > hardness - 0.08 * k;
      },
    };
  });
  return { models, seeds, families };
}
