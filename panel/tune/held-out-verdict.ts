import type { HeldOut } from './held-out.js';

/** What the held-out estimate says, in one plain sentence. */
export function heldOutVerdict(h: HeldOut): string {
  const n = h.folds.length;
  const wins = h.folds.filter((f) => f.tuned > f.untuned).length;
  const figures = `${h.tuned_mean.toFixed(4)} tuned vs ${h.untuned_mean.toFixed(4)} untuned, better in ${wins} of ${n} folds; ${h.in_sample.toFixed(4)} when tuned on the whole panel`;
  return h.helps
    ? `tuning helps on models it did not see: ${figures}`
    : `tuning does NOT help on models it did not see (${figures}): the gain fits this panel; keep the current choice`;
}
