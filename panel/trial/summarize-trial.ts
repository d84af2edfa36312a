import type {
  CorrectnessMatrix,
  OverlapResult,
  PairScore,
  ScoreResult,
} from '../../framework/index.js';
import { pooledFamilyFigures, familyFigures, type FamilyFigures } from './family-figures.js';
import { panelRobustness, type PanelRobustness } from './panel-robustness.js';
import type { SetSource } from './resolve-set-source.js';
import type { SeedSet } from './seed-set.js';

/** The three components of the official metric and their product. */
export interface Components {
  score: number;
  discrimination: number;
  diversity: number;
  separation: number;
}

/** One set's score on the panel. Paths are relative to the trial folder. */
export interface SetScore extends Components {
  label: string;
  seed: number | null;
  n_items: number;
  n_models: number;
  matrix: string;
  least_separated: PairScore | null;
  families: FamilyFigures[] | null;
}

/** How the panel was asked and marked. */
export interface PanelInfo {
  models: string[];
  endpoint: string;
  evaluator: { kind: 'aliases' } | { kind: 'custom'; path: string };
  /** HTTP requests this run sent (0 on a rerun that found every answer cached). */
  requests: number;
  /** Answers found in the cache. */
  cached: number;
  /** accept() calls of a custom evaluator that timed out or failed (marked incorrect). */
  evaluator_problems: number;
}

/** summary.json: everything `rpe trial` reports. Paths are relative to the trial folder. */
export interface TrialSummary {
  generator: { kind: SetSource['kind']; path: string | null; name: string | null };
  seeds: number[] | null;
  sets: {
    label: string;
    seed: number | null;
    items: string;
    meta: string | null;
    n_items: number;
    sha256: string;
  }[];
  overlap: OverlapResult;
  /** Null with --items-only. */
  panel: PanelInfo | null;
  scores: SetScore[];
  /** The mean over sets of the score and of each component (the ranking figure is the score's). */
  mean: Components | null;
  /** The set with the lowest score, as Test B publishes it. */
  worst: (Components & { label: string; seed: number | null }) | null;
  /** Per family over all sets; null when no set has a meta sidecar. */
  families: FamilyFigures[] | null;
  /** Every pair of models: the share of items they disagree on, per set and on average. */
  pairs: { a: string; b: string; disagreement: number; per_set: number[] }[];
  robustness: PanelRobustness | null;
  notes: string[];
}

/** A scored set as the summary and the report need it. */
export interface ScoredSet {
  set: SeedSet;
  matrix: CorrectnessMatrix;
  result: ScoreResult;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function setScore(set: SeedSet, result: ScoreResult): SetScore {
  return {
    label: set.label,
    seed: set.seed,
    n_items: result.n_items,
    n_models: result.n_models,
    score: result.score,
    discrimination: result.discrimination,
    diversity: result.diversity,
    separation: result.separation,
    matrix: `${set.folder}/matrix.json`,
    least_separated: result.least_separated,
    families: set.families ? familyFigures(result, set.families) : null,
  };
}

/** The panel's part of the summary: scores, mean, worst, families, pairs, robustness. */
export function summarizeScores(scored: readonly ScoredSet[]) {
  const scores = scored.map(({ set, result }) => setScore(set, result));
  if (scores.length === 0) {
    return { scores, mean: null, worst: null, families: null, pairs: [], robustness: null };
  }
  const worst = scores.reduce((w, s) => (s.score < w.score ? s : w));
  const withMeta = scored.flatMap(({ set, result }) =>
    set.families ? [{ result, families: set.families }] : [],
  );
  const first = scored[0]?.result.pairs ?? [];
  return {
    scores,
    mean: {
      score: mean(scores.map((s) => s.score)),
      discrimination: mean(scores.map((s) => s.discrimination)),
      diversity: mean(scores.map((s) => s.diversity)),
      separation: mean(scores.map((s) => s.separation)),
    },
    worst: {
      label: worst.label,
      seed: worst.seed,
      score: worst.score,
      discrimination: worst.discrimination,
      diversity: worst.diversity,
      separation: worst.separation,
    },
    families: withMeta.length > 0 ? pooledFamilyFigures(withMeta) : null,
    pairs: first.map((pair, k) => {
      const perSet = scored.map(({ result }) => result.pairs[k]?.disagreement ?? 0);
      return { a: pair.a, b: pair.b, disagreement: mean(perSet), per_set: perSet };
    }),
    robustness: panelRobustness(scored.map(({ set, matrix }) => ({ label: set.label, matrix }))),
  };
}
