import type { HeldOutBy, ModelGroups } from './model-groups.js';

/** One fold: tuned without `left_out`, then both choices scored with it back in the panel. */
export interface HeldOutFold {
  left_out: string;
  /** The models left out (one, or a family's). */
  models: string[];
  /** The official mean score, on the whole panel, of the choice tuned without them. */
  tuned: number;
  /** The same figure for the untuned choice. */
  untuned: number;
}

export interface HeldOut {
  by: HeldOutBy;
  folds: HeldOutFold[];
  tuned_mean: number;
  untuned_mean: number;
  /** The tuned choice's own score, tuned on the whole panel: above tuned_mean by the fit to it. */
  in_sample: number;
  /** Whether the choices tuned without a model beat the untuned one, on average, with it back. */
  helps: boolean;
}

/**
 * The held-out estimate: for each group of models, tune on the panel without it (`tuneWithout`
 * returns the whole-panel score of what that tuning chose) and compare with the untuned choice.
 */
export function heldOut(
  groups: ModelGroups,
  scores: { untuned: number; inSample: number },
  tuneWithout: (kept: string[], fold: number) => number,
  allModels: readonly string[],
): HeldOut {
  const { untuned, inSample } = scores;
  const folds = groups.groups.map((group, i): HeldOutFold => {
    const kept = allModels.filter((m) => !group.models.includes(m));
    return { left_out: group.name, models: group.models, tuned: tuneWithout(kept, i), untuned };
  });
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const tuned_mean = mean(folds.map((f) => f.tuned));
  const untuned_mean = mean(folds.map((f) => f.untuned));
  return {
    by: groups.by,
    folds,
    tuned_mean,
    untuned_mean,
    in_sample: inSample,
    helps: tuned_mean > untuned_mean,
  };
}
