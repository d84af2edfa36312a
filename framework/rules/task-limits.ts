/**
 * The frozen numbers of the task text ("Track 1 — file format", "Ranking", "Track 2"). Every check
 * reads them from here so a change of the rules is a change of one line.
 */
export const TASK_LIMITS = {
  minItems: 50,
  maxItems: 200,
  maxInputLength: 2000,
  maxGoldLength: 80,
  maxAliases: 5,
  /** Two seeds' normalised input sets with a Jaccard above this make a static list. */
  overlapMax: 0.5,
  /** Pairwise separation saturates when a pair disagrees on this fraction of items. */
  saturation: 0.05,
  /** The least credit a pair of models gets, so one unseparated pair does not zero the score. */
  floor: 0.01,
} as const;

export type TaskLimits = typeof TASK_LIMITS;
