import { score, type CorrectnessMatrix } from '../../framework/index.js';
import { singleModelItems, type SingleModelItems } from './single-model-items.js';

/** A sub-panel: the panel without `removed`, scored on every set. */
export interface SubPanelScore {
  removed: string[];
  /** One score per set, in set order. */
  scores: number[];
  /** Their mean: the Test B figure this sub-panel would give. */
  mean: number;
}

/** The spread of the mean score over sub-panels of one size. */
export interface SubPanelRange {
  count: number;
  min: number;
  median: number;
  max: number;
  subpanels: SubPanelScore[];
}

export interface PanelRobustness {
  /** What these figures are, and what they are not. */
  note: string;
  full: { scores: number[]; mean: number };
  /** Every sub-panel without one model; null with fewer than 3 models. */
  leave_one_out: SubPanelRange | null;
  /** Every sub-panel without two models; null with fewer than 5 models. */
  leave_two_out: SubPanelRange | null;
  /**
   * The model whose removal lowers the mean score most (drop = full mean − sub-panel mean > 0);
   * null when no removal lowers it (or with fewer than 3 models).
   */
  most_harmful_removal: { model: string; mean: number; drop: number } | null;
  single_model_items: SingleModelItems;
}

export const ROBUSTNESS_NOTE =
  "These figures estimate how sensitive the score is to the panel's make-up, from sub-panels of your own panel. They are not a prediction of the Test B score: Test B asks other models, from other families, and may ask more of them.";

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

// The matrix restricted to the models not in `removed`, in the panel's order.
export function subPanel(matrix: CorrectnessMatrix, removed: readonly string[]): CorrectnessMatrix {
  const keep = matrix.models.flatMap((m, i) => (removed.includes(m) ? [] : [i]));
  return {
    models: keep.map((i) => matrix.models[i] ?? ''),
    correct: matrix.correct.map((row) => keep.map((i) => row[i] ?? 0)),
  };
}

function range(matrices: readonly CorrectnessMatrix[], removals: string[][]): SubPanelRange {
  const subpanels = removals.map((removed): SubPanelScore => {
    const scores = matrices.map((m) => score(subPanel(m, removed)).score);
    return { removed, scores, mean: mean(scores) };
  });
  const sorted = subpanels.map((s) => s.mean).sort((a, b) => a - b);
  return {
    count: subpanels.length,
    min: sorted[0] ?? 0,
    median: median(sorted),
    max: sorted[sorted.length - 1] ?? 0,
    subpanels,
  };
}

/**
 * How the trial's mean score moves when the panel loses one model (and two, from 5 models up),
 * which model matters most, and which items split the panel only because of one model. All sets
 * must have the same panel, in the same order.
 */
export function panelRobustness(
  sets: readonly { label: string; matrix: CorrectnessMatrix }[],
): PanelRobustness {
  const matrices = sets.map((s) => s.matrix);
  const models = matrices[0]?.models ?? [];
  const fullScores = matrices.map((m) => score(m).score);
  const full = { scores: fullScores, mean: mean(fullScores) };
  const one =
    models.length >= 3
      ? range(
          matrices,
          models.map((m) => [m]),
        )
      : null;
  const pairs = models.flatMap((a, i) => models.slice(i + 1).map((b) => [a, b]));
  const two = models.length >= 5 ? range(matrices, pairs) : null;
  const worst = one?.subpanels.reduce((w, s) => (s.mean < w.mean ? s : w));
  return {
    note: ROBUSTNESS_NOTE,
    full,
    leave_one_out: one,
    leave_two_out: two,
    // A removal that leaves the score as it is, or raises it, hurts nothing.
    most_harmful_removal:
      worst && full.mean - worst.mean > 0
        ? { model: worst.removed[0] ?? '', mean: worst.mean, drop: full.mean - worst.mean }
        : null,
    single_model_items: singleModelItems(sets),
  };
}
