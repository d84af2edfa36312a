// A trial made up without a panel: sets whose answers follow fixed patterns, scored and summarised,
// for the report's unit test and its benchmark.
import { overlap, score, type CorrectnessMatrix } from '../../framework/index.js';
import { summarizeScores, type ScoredSet, type TrialSummary } from '../../panel/trial/index.js';

export interface SyntheticTrialOptions {
  seeds: number[];
  models: string[];
  items: number;
  families: string[];
}

// One set: model k is right on item i when ((i + 1)(k + 3) + 7·seed) mod (k + 4) < 2.
function scoredSet(seed: number, options: SyntheticTrialOptions): ScoredSet {
  const { models, families } = options;
  const correct = Array.from({ length: options.items }, (_, i) =>
    models.map((_, k) => (((i + 1) * (k + 3) + seed * 7) % (k + 4) < 2 ? 1 : 0) as 0 | 1),
  );
  const matrix: CorrectnessMatrix = { models, correct };
  return {
    set: {
      label: `seed ${seed}`,
      seed,
      folder: `seed-${seed}`,
      items: correct.map((_, i) => ({ input: `Pytanie ${seed}.${i}`, gold: 'tak' })),
      families: correct.map((_, i) => families[i % families.length] ?? 'all'),
      sha256: 'sha256:0',
    },
    matrix,
    result: score(matrix),
  };
}

// The scored sets and the summary `rpe trial` would write for them.
export function syntheticTrial(options: SyntheticTrialOptions): {
  summary: TrialSummary;
  scored: ScoredSet[];
} {
  const scored = options.seeds.map((seed) => scoredSet(seed, options));
  const summary: TrialSummary = {
    generator: { kind: 'framework', path: 'synthetic', name: 'synthetic' },
    seeds: options.seeds,
    sets: scored.map(({ set }) => ({
      label: set.label,
      seed: set.seed,
      items: `${set.folder}/items.jsonl`,
      meta: `${set.folder}/meta.jsonl`,
      n_items: set.items.length,
      sha256: set.sha256,
    })),
    overlap: overlap(
      scored.map(({ set }) => ({ name: set.label, inputs: set.items.map((i) => i.input) })),
    ),
    panel: {
      models: options.models,
      endpoint: 'http://127.0.0.1:1/v1/chat/completions',
      evaluator: { kind: 'aliases' },
      requests: 0,
      cached: 0,
      evaluator_problems: 0,
    },
    ...summarizeScores(scored),
    notes: [],
  };
  return { summary, scored };
}
