import { parseMatrix, type CorrectnessMatrix } from './matrix-schema.js';
import { simpson, simpsonMaximum } from './simpson-maximum.js';
import { TASK_LIMITS } from './task-limits.js';

/** One item's row: 1-based index, share of the panel correct, outcome bitvector, 4p(1−p). */
export interface ItemScore {
  index: number;
  p: number;
  /** One character per model in model order: "1" correct, "0" wrong. */
  bitvector: string;
  discrimination: number;
}

/** One pair of models: the share of items they disagree on and the credit it earns. */
export interface PairScore {
  a: string;
  b: string;
  disagreement: number;
  credit: number;
}

export interface ScoreResult {
  n_items: number;
  n_models: number;
  /** Model names in matrix order, the order of each bitvector's characters. */
  models: string[];
  discrimination: number;
  /** Simpson diversity divided by its attainable maximum. */
  diversity: number;
  diversity_raw: number;
  diversity_max: number;
  separation: number;
  score: number;
  items: ItemScore[];
  pairs: PairScore[];
  /** The pair that disagrees least (first in pair order on ties); null with fewer than two models. */
  least_separated: PairScore | null;
}

/**
 * The official Track 1 metric: discrimination × diversity × pairwise separation (task text,
 * "Ranking"). The matrix is validated first (RpeError `invalid_matrix`, exit 2).
 *
 * Two edge cases the task text leaves open, decided here:
 * - one item (n = 1): the attainable Simpson maximum is 0, so diversity is 0/0; it is 0, since a
 *   single item shows a single cut and cannot be diverse;
 * - one model (m = 1): there is no pair, so separation is 1, the neutral value of the product;
 *   the score is 0 all the same, because with one model every p is 0 or 1 and discrimination is 0.
 */
export function score(
  matrix: CorrectnessMatrix,
  options: { saturation?: number; floor?: number } = {},
): ScoreResult {
  const saturation = options.saturation ?? TASK_LIMITS.saturation;
  const floor = options.floor ?? TASK_LIMITS.floor;
  const { models, correct } = parseMatrix(matrix);
  const n = correct.length;
  const m = models.length;
  const rows = correct.map((row) => row.map((v) => v === 1 || v === true));

  const counts = new Map<string, number>();
  const items = rows.map((row, i): ItemScore => {
    const bitvector = row.map((ok) => (ok ? '1' : '0')).join('');
    counts.set(bitvector, (counts.get(bitvector) ?? 0) + 1);
    const p = row.filter(Boolean).length / m;
    return { index: i + 1, p, bitvector, discrimination: 4 * p * (1 - p) };
  });
  const discrimination = items.reduce((sum, item) => sum + item.discrimination, 0) / n;

  const diversityRaw = simpson(counts.values(), n);
  const diversityMax = simpsonMaximum(n, m);
  // Clamped: the raw and maximal sums add the same squares in different orders, and rounding
  // must not report an evenly used set as 1.0000000000000002.
  const diversity = diversityMax > 0 ? Math.min(diversityRaw / diversityMax, 1) : 0;

  const pairs: PairScore[] = [];
  for (let k = 0; k < m; k++) {
    for (let l = k + 1; l < m; l++) {
      let disagree = 0;
      for (const row of rows) if (row[k] !== row[l]) disagree++;
      const disagreement = disagree / n;
      const credit = Math.max(Math.min(disagreement / saturation, 1), floor);
      pairs.push({ a: models[k] ?? '', b: models[l] ?? '', disagreement, credit });
    }
  }
  const separation =
    pairs.length === 0 ? 1 : pairs.length / pairs.reduce((sum, pair) => sum + 1 / pair.credit, 0);
  const least_separated = pairs.reduce<PairScore | null>(
    (least, pair) => (least === null || pair.disagreement < least.disagreement ? pair : least),
    null,
  );
  return {
    n_items: n,
    n_models: m,
    models,
    discrimination,
    diversity,
    diversity_raw: diversityRaw,
    diversity_max: diversityMax,
    separation,
    score: discrimination * diversity * separation,
    items,
    pairs,
    least_separated,
  };
}
