import { normalize } from './normalize.js';
import { TASK_LIMITS } from './task-limits.js';

/**
 * Jaccard similarity |A ∩ B| / |A ∪ B|. Two empty sets are equal, so their similarity is 1: two
 * seeds that both produce nothing have not changed the benchmark.
 */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const x of small) if (large.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

export interface OverlapPair {
  a: string;
  b: string;
  jaccard: number;
}

export interface OverlapResult {
  /** Every pair of sets, in input order (first with second, first with third, ...). */
  pairs: OverlapPair[];
  /** The highest Jaccard over the pairs (0 with fewer than two sets). */
  max: number;
  /** The threshold the pairs were held to. */
  threshold: number;
  /** No pair is above the threshold; exactly at the threshold is still allowed. */
  ok: boolean;
}

/**
 * The seed-variation check of Track 2: the Jaccard overlap of the sets of normalised inputs for
 * every pair of sets. Above `max` (0.5 by default) the generator counts as a static list.
 */
export function overlap(
  sets: readonly { name: string; inputs: readonly string[] }[],
  options: { max?: number } = {},
): OverlapResult {
  const threshold = options.max ?? TASK_LIMITS.overlapMax;
  const normalised = sets.map((s) => ({ name: s.name, keys: new Set(s.inputs.map(normalize)) }));
  const pairs: OverlapPair[] = [];
  normalised.forEach((a, i) => {
    for (const b of normalised.slice(i + 1)) {
      pairs.push({ a: a.name, b: b.name, jaccard: jaccard(a.keys, b.keys) });
    }
  });
  const max = pairs.reduce((m, p) => Math.max(m, p.jaccard), 0);
  return { pairs, max, threshold, ok: pairs.every((p) => p.jaccard <= threshold) };
}
