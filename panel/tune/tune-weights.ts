import { RpeError, TASK_LIMITS, allocateQuotas } from '../../framework/index.js';
import { heldOut, type HeldOut } from './held-out.js';
import type { ModelGroups } from './model-groups.js';
import { gcdOf, officialScore, panelRows } from './panel-rows.js';
import type { TrialData } from './read-trial.js';
import { ScoreTally, type Components } from './score-tally.js';
import { searchCounts, type CountProblem } from './search-counts.js';

export interface FamilyWeight {
  id: string;
  /** The family's weight as the trial's sets have it (its items per set, reduced). */
  weight_now: number;
  /** The recommended weight (0: leave the family out). */
  weight: number;
  /** Its items per set at the recommended weight and size. */
  items: number;
  items_now: number;
  /** The most items of it every set of the trial holds: tuning cannot ask for more. */
  available: number;
}

export interface SetFigures extends Components {
  label: string;
  n_items: number;
}

export interface Expected {
  mean: number;
  worst: number;
  worst_set: string;
  sets: SetFigures[];
}

export interface WeightsResult {
  mode: 'weights';
  families: FamilyWeight[];
  n: number;
  n_now: number;
  expected: Expected;
  current: Expected;
  /** The mean score of simple greedy selection under the same constraints. */
  greedy: number;
  heldout: HeldOut | null;
  /** Per set, the rows (0-based, set order) the recommended weights keep. */
  kept: number[][];
}

export interface TuneWeightsOptions {
  /** The set size, or 'auto' to search it in 50–200 too (default: the trial's own size). */
  n?: number | 'auto';
  seed: number;
  groups: ModelGroups | null;
  onFold?: (done: number, total: number) => void;
}

function expected(trial: TrialData, kept: number[][]): Expected {
  const sets = trial.sets.map((s, i) => ({
    label: s.label,
    n_items: kept[i]?.length ?? 0,
    ...officialScore(s.matrix, kept[i] ?? []),
  }));
  const worst = sets.reduce((w, s) => (s.score < w.score ? s : w));
  const mean = sets.reduce((a, s) => a + s.score, 0) / sets.length;
  return { mean, worst: worst.score, worst_set: worst.label, sets };
}

// Per set, the rows of each family in set order: the generator fills a family's quota by item
// index, so a smaller quota keeps the first of them and nothing else changes.
function familyRows(trial: TrialData, ids: string[]): number[][][] {
  return ids.map((id) =>
    trial.sets.map((s) => s.families.flatMap((f, row) => (f === id ? [row] : []))),
  );
}

// The rows a choice of quotas keeps, in set order.
function keptRows(trial: TrialData, ids: string[], quotas: readonly number[]): number[][] {
  return trial.sets.map((s) => {
    const seen = new Map<string, number>();
    return s.families.flatMap((f, row) => {
      const k = seen.get(f) ?? 0;
      seen.set(f, k + 1);
      return k < (quotas[ids.indexOf(f)] ?? 0) ? [row] : [];
    });
  });
}

// The current proportions at size n within the caps: the quota rule, then any excess moved on.
function feasibleStart(now: number[], caps: number[], n: number): number[] {
  const start = allocateQuotas(n, now).map((q, u) => Math.min(q, caps[u] ?? 0));
  let left = n - start.reduce((a, b) => a + b, 0);
  for (let u = 0; left > 0 && u < start.length; u++) {
    const room = Math.min(left, (caps[u] ?? 0) - (start[u] ?? 0));
    start[u] = (start[u] ?? 0) + room;
    left -= room;
  }
  return start;
}

/**
 * Track 2: the family weights (and with n 'auto' the set size) that maximise the mean official
 * score over a trial's seeds, each candidate materialised by the generator's quota rule from its
 * weights; with the held-out estimate when `groups` is given.
 */
export function tuneWeights(trial: TrialData, options: TuneWeightsOptions): WeightsResult {
  const ids = [...new Set(trial.sets.flatMap((s) => s.families))];
  const rows = familyRows(trial, ids);
  const caps = rows.map((perSet) => Math.min(...perSet.map((r) => r.length)));
  const first = trial.sets[0]?.families ?? [];
  const now = ids.map((id) => first.filter((f) => f === id).length);
  const nNow = first.length;
  const total = caps.reduce((a, b) => a + b, 0);
  const nMax = Math.min(TASK_LIMITS.maxItems, total);
  const wanted = options.n ?? Math.min(nNow, total);
  if (wanted !== 'auto' && wanted > total) {
    throw new RpeError(
      'usage',
      `--n ${wanted}: the sets of the trial hold only ${total} items tuning can keep (the fewest of each family in any set)`,
    );
  }
  const [nMin, nTop] = wanted === 'auto' ? [TASK_LIMITS.minItems, nMax] : [wanted, wanted];
  const start = feasibleStart(now, caps, Math.min(Math.max(nNow, nMin), nTop));
  const solve = (models: readonly string[]) => {
    const problem: CountProblem = {
      tallies: trial.sets.map((s) => new ScoreTally(panelRows(s.matrix, models), models.length)),
      units: rows,
      caps,
      nMin,
      nMax: nTop,
      start,
      seed: options.seed,
    };
    return searchCounts(problem);
  };
  const best = solve(trial.models);
  const n = best.counts.reduce((a, b) => a + b, 0);
  const g = gcdOf(best.counts);
  const weights = best.counts.map((q) => q / g);
  // The generator's own rule, from the weights as they will be pasted, gives the quotas back.
  const quotas = allocateQuotas(n, weights);
  const kept = keptRows(trial, ids, quotas);
  const current = expected(
    trial,
    trial.sets.map((s) => s.families.map((_, i) => i)),
  );
  const tuned = expected(trial, kept);
  const groups = options.groups?.groups.length ? options.groups : null;
  const folds = groups?.groups.length ?? 0;
  const held = groups
    ? heldOut(
        groups,
        { untuned: current.mean, inSample: tuned.mean },
        (keptModels, i) => {
          const choice = solve(keptModels);
          const q = choice.counts;
          const value = expected(trial, keptRows(trial, ids, q)).mean;
          options.onFold?.(i + 1, folds);
          return value;
        },
        trial.models,
      )
    : null;
  const gNow = gcdOf(now);
  return {
    mode: 'weights',
    families: ids.map((id, u) => ({
      id,
      weight_now: (now[u] ?? 0) / gNow,
      weight: weights[u] ?? 0,
      items: quotas[u] ?? 0,
      items_now: now[u] ?? 0,
      available: caps[u] ?? 0,
    })),
    n,
    n_now: nNow,
    expected: tuned,
    current,
    greedy: best.greedy,
    heldout: held,
    kept,
  };
}
