// `npm run bench -- trial`: what `rpe trial` adds on top of the panel's own work: the robustness
// of a large panel (every sub-panel without one or two models, on every set) and the HTML report
// (Vega-Lite compiled and rendered to SVG in Node), for three sets of 200 items.
import { overlap, score, type CorrectnessMatrix } from '../../framework/index.js';
import {
  panelRobustness,
  renderTrialHtml,
  summarizeScores,
  type ScoredSet,
  type TrialSummary,
} from '../../panel/trial/index.js';
import { measure, report } from './measure.js';

const N = 200;

// A set whose answers vary by item and model, deterministically.
function scoredSet(seed: number, models: string[]): ScoredSet {
  const correct = Array.from({ length: N }, (_, i) =>
    models.map((_, k) => (((i + 1) * (k + 3) + seed * 7) % (k + 4) < 2 ? 1 : 0) as 0 | 1),
  );
  const matrix: CorrectnessMatrix = { models, correct };
  return {
    set: {
      label: `seed ${seed}`,
      seed,
      folder: `seed-${seed}`,
      items: correct.map((_, i) => ({ input: `Pytanie ${seed}.${i}`, gold: 'tak' })),
      families: correct.map((_, i) => ['a', 'b', 'c', 'd'][i % 4] ?? 'a'),
      sha256: 'sha256:0',
    },
    matrix,
    result: score(matrix),
  };
}

function summary(scored: ScoredSet[], models: string[]): TrialSummary {
  return {
    generator: { kind: 'framework', path: 'bench', name: 'bench' },
    seeds: scored.map((s) => s.set.seed ?? 0),
    sets: [],
    overlap: overlap(
      scored.map((s) => ({ name: s.set.label, inputs: s.set.items.map((i) => i.input) })),
    ),
    panel: {
      models,
      endpoint: 'http://127.0.0.1/v1/chat/completions',
      evaluator: { kind: 'aliases' },
      requests: 0,
      cached: 0,
      evaluator_problems: 0,
    },
    ...summarizeScores(scored),
    notes: [],
  };
}

export async function run(): Promise<void> {
  const big = Array.from({ length: 20 }, (_, k) => `org/model-${k}`);
  const bigSets = [1, 2, 3].map((seed) => scoredSet(seed, big));
  const robustness = await measure(
    'robustness',
    () => panelRobustness(bigSets.map((s) => ({ label: s.set.label, matrix: s.matrix }))),
    { runs: 5, warmup: 1 },
  );
  report(
    `robustness: 3 sets x ${N} items x 20 models (20 + 190 sub-panels)`,
    robustness.medianMs,
    'ms',
    { max: 2000 },
  );

  const models = Array.from({ length: 8 }, (_, k) => `org/model-${k}`);
  const scored = [1, 2, 3].map((seed) => scoredSet(seed, models));
  const page = summary(scored, models);
  let bytes = 0;
  const html = await measure(
    'html',
    async () => {
      bytes = (await renderTrialHtml({ summary: page, scored })).length;
    },
    { runs: 5, warmup: 1 },
  );
  report(`report.html: 3 sets x ${N} items x 8 models`, html.medianMs, 'ms', { max: 5000 });
  report('report.html size', bytes / 1024, 'KiB', { max: 2048 });
}
