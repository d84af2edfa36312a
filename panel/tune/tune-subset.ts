import { RpeError, TASK_LIMITS, type CorrectnessMatrix } from '../../framework/index.js';
import { heldOut, type HeldOut } from './held-out.js';
import type { ModelGroups } from './model-groups.js';
import { officialScore, panelRows } from './panel-rows.js';
import { ScoreTally, type Components } from './score-tally.js';
import { searchCounts } from './search-counts.js';

export interface SubsetResult {
  mode: 'subset';
  n: number;
  score: Components;
  /** The untuned choice: the whole pool when it is a valid set's size, else its first n items. */
  pool: Components & { n_items: number; of: 'whole' | 'first' };
  /** The score of simple greedy selection under the same constraints. */
  greedy: number;
  heldout: HeldOut | null;
  /** The chosen rows of the pool (0-based), in pool order. */
  rows: number[];
}

export interface TuneSubsetOptions {
  n: number | 'auto';
  seed: number;
  groups: ModelGroups | null;
  onFold?: (done: number, total: number) => void;
}

// The search over the kept models: items the panel answers alike are interchangeable for the
// metric, so the units are the classes of equal answers, each taken in pool order.
function solveSubset(
  matrix: CorrectnessMatrix,
  models: readonly string[],
  range: { nMin: number; nMax: number; start: number },
  seed: number,
) {
  const rows = panelRows(matrix, models);
  const classes = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const key = row.map((ok) => (ok ? '1' : '0')).join('');
    const members = classes.get(key);
    if (members) members.push(i);
    else classes.set(key, [i]);
  });
  const units = [...classes.values()];
  const found = searchCounts({
    tallies: [new ScoreTally(rows, models.length)],
    units: units.map((u) => [u]),
    caps: units.map((u) => u.length),
    nMin: range.nMin,
    nMax: range.nMax,
    start: units.map((u) => u.filter((r) => r < range.start).length),
    seed,
  });
  const chosen = units.flatMap((u, i) => u.slice(0, found.counts[i] ?? 0)).sort((a, b) => a - b);
  return { chosen, greedy: found.greedy };
}

/**
 * Track 1: the subset of a pool (the matrix's rows, one per pool item) with the highest official
 * score, of size n or, with 'auto', of the best size in 50–200; with the held-out estimate.
 */
export function tuneSubset(matrix: CorrectnessMatrix, options: TuneSubsetOptions): SubsetResult {
  const size = matrix.correct.length;
  const { minItems, maxItems } = TASK_LIMITS;
  if (options.n === 'auto' ? size < minItems : options.n > size) {
    throw new RpeError(
      'usage',
      `the pool has ${size} items: too few for ${options.n === 'auto' ? `a set of at least ${minItems}` : `--n ${options.n}`}`,
    );
  }
  const range =
    options.n === 'auto'
      ? // The pool's first 50 items to start from: the search walks up from there.
        { nMin: minItems, nMax: Math.min(maxItems, size), start: minItems }
      : { nMin: options.n, nMax: options.n, start: options.n };
  const best = solveSubset(matrix, matrix.models, range, options.seed);
  const n = best.chosen.length;
  const whole = size <= maxItems;
  const untunedRows = Array.from({ length: whole ? size : n }, (_, i) => i);
  const pool = officialScore(matrix, untunedRows);
  const tuned = officialScore(matrix, best.chosen);
  const groups = options.groups?.groups.length ? options.groups : null;
  const folds = groups?.groups.length ?? 0;
  const held = groups
    ? heldOut(
        groups,
        { untuned: pool.score, inSample: tuned.score },
        (kept, i) => {
          const { chosen } = solveSubset(matrix, kept, range, options.seed);
          options.onFold?.(i + 1, folds);
          return officialScore(matrix, chosen).score;
        },
        matrix.models,
      )
    : null;
  return {
    mode: 'subset',
    n,
    score: tuned,
    pool: { ...pool, n_items: untunedRows.length, of: whole ? 'whole' : 'first' },
    greedy: best.greedy,
    heldout: held,
    rows: best.chosen,
  };
}
