import { createStream } from '../../framework/index.js';
import type { ScoreTally } from './score-tally.js';

/**
 * What both modes of `rpe tune` search: how many rows to take from each unit (a family, or a class
 * of items the panel answers alike), always the unit's first rows in its order, so that the mean
 * official score over the tallies (one per seed) is highest.
 */
export interface CountProblem {
  /** One tally per set (a trial's seeds) or a single one (a pool). */
  tallies: readonly ScoreTally[];
  /** units[u][s]: the rows of unit u in tally s, in the order they are taken. */
  units: readonly (readonly (readonly number[])[])[];
  /** The most rows unit u can give in every tally. */
  caps: readonly number[];
  /** The set size: nMin = nMax for a fixed size. */
  nMin: number;
  nMax: number;
  /** A feasible choice to start from (the current one). */
  start: readonly number[];
  /** Seeds the perturbations of the iterated local search. */
  seed: number;
  /** Rounds of perturbation and local search after the first (default 24). */
  rounds?: number;
}

export interface CountChoice {
  counts: number[];
  /** The mean score over the tallies, from the tallies' counts. */
  value: number;
}

const EPS = 1e-12;
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

// The rows of every unit taken to `counts`, in every tally.
function apply(problem: CountProblem, counts: readonly number[]): void {
  problem.tallies.forEach((tally, s) => {
    tally.clear();
    counts.forEach((q, u) => {
      const rows = problem.units[u]?.[s] ?? [];
      for (let i = 0; i < q; i++) tally.add(rows[i] ?? 0);
    });
  });
}

function mean(problem: CountProblem, out: number, into: number, counts: readonly number[]) {
  const { tallies, units } = problem;
  const outRows = out < 0 ? null : units[out];
  const inRows = into < 0 ? null : units[into];
  const q = out < 0 ? 0 : (counts[out] ?? 0) - 1;
  const k = into < 0 ? 0 : (counts[into] ?? 0);
  let total = 0;
  for (let s = 0; s < tallies.length; s++) {
    const o = outRows ? (outRows[s]?.[q] ?? -1) : -1;
    const i = inRows ? (inRows[s]?.[k] ?? -1) : -1;
    total += tallies[s]?.scoreAfter(o, i) ?? 0;
  }
  return total / tallies.length;
}

function step(problem: CountProblem, counts: number[], u: number, sign: 1 | -1): void {
  const q = counts[u] ?? 0;
  problem.tallies.forEach((tally, s) => {
    const rows = problem.units[u]?.[s] ?? [];
    if (sign > 0) tally.add(rows[q] ?? 0);
    else tally.remove(rows[q - 1] ?? 0);
  });
  counts[u] = q + sign;
}

/**
 * Steepest ascent from `counts` by single moves: one row from a unit to another, and with a free
 * size one row more or less. Each move is scored in O(pairs) by the tallies without applying it.
 */
export function localSearch(problem: CountProblem, from: readonly number[]): CountChoice {
  const counts = [...from];
  apply(problem, counts);
  let n = sum(counts);
  let value = mean(problem, -1, -1, counts);
  const U = counts.length;
  for (;;) {
    let best = value + EPS * Math.max(1, value);
    let move: [number, number] | null = null;
    for (let a = -1; a < U; a++) {
      if (a >= 0 && (counts[a] ?? 0) === 0) continue;
      for (let b = -1; b < U; b++) {
        if (a === b || (b >= 0 && (counts[b] ?? 0) >= (problem.caps[b] ?? 0))) continue;
        const size = n - (a >= 0 ? 1 : 0) + (b >= 0 ? 1 : 0);
        if (size < problem.nMin || size > problem.nMax) continue;
        const v = mean(problem, a, b, counts);
        if (v > best) [best, move] = [v, [a, b]];
      }
    }
    if (!move) return { counts, value };
    const [a, b] = move;
    if (a >= 0) step(problem, counts, a, -1);
    if (b >= 0) step(problem, counts, b, 1);
    n = sum(counts);
    value = mean(problem, -1, -1, counts);
  }
}

/**
 * Simple greedy selection, the baseline the search must beat: from nothing, add the row that
 * raises the mean score most, up to nMax, and keep the best size from nMin on.
 */
export function greedyCounts(problem: CountProblem): CountChoice {
  const counts = problem.caps.map(() => 0);
  apply(problem, counts);
  let best: CountChoice | null = null;
  for (let n = 0; n < problem.nMax; n++) {
    let pick = -1;
    let top = -Infinity;
    counts.forEach((q, u) => {
      if (q >= (problem.caps[u] ?? 0)) return;
      const v = mean(problem, -1, u, counts);
      if (v > top + EPS) [top, pick] = [v, u];
    });
    if (pick < 0) break;
    step(problem, counts, pick, 1);
    if (n + 1 >= problem.nMin && (!best || top > best.value + EPS))
      best = { counts: [...counts], value: top };
  }
  return best ?? { counts, value: 0 };
}

// A few random moves away from a choice, feasible throughout (the seeded stream of this round).
function perturb(problem: CountProblem, counts: readonly number[], round: number): number[] {
  const rng = createStream({
    seed: problem.seed,
    family: 'tune',
    index: round,
    attempt: 0,
    label: 'perturb',
  });
  const next = [...counts];
  const U = next.length;
  const moves = rng.int(2, 2 + Math.min(8, Math.ceil(sum(next) / 20)));
  for (let k = 0; k < moves; k++) {
    const a = rng.int(0, U - 1);
    const b = rng.int(0, U - 1);
    const canGive = (next[a] ?? 0) > 0;
    const canTake = (next[b] ?? 0) < (problem.caps[b] ?? 0);
    const n = sum(next);
    if (a !== b && canGive && canTake) {
      next[a] = (next[a] ?? 0) - 1;
      next[b] = (next[b] ?? 0) + 1;
    } else if (canTake && n < problem.nMax) next[b] = (next[b] ?? 0) + 1;
    else if (canGive && n > problem.nMin) next[a] = (next[a] ?? 0) - 1;
  }
  return next;
}

/**
 * The search: local search from the current choice and from the greedy one, then rounds of
 * perturbation and local search from the best so far (an iterated local search on the seeded
 * stream): never worse than either start, and deterministic for the same input and seed.
 */
export function searchCounts(problem: CountProblem): CountChoice & { greedy: number } {
  const greedy = greedyCounts(problem);
  const starts = [problem.start, greedy.counts];
  let best: CountChoice | null = null;
  for (const start of starts) {
    const found = localSearch(problem, start);
    if (!best || found.value > best.value + EPS) best = found;
  }
  let current = best ?? localSearch(problem, problem.start);
  const rounds = problem.rounds ?? 24;
  for (let round = 0; round < rounds; round++) {
    const found = localSearch(problem, perturb(problem, current.counts, round));
    if (found.value > current.value + EPS) current = found;
  }
  return { ...current, greedy: greedy.value };
}
