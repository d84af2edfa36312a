// `npm run bench -- trial`: what `rpe trial` adds on top of the panel's own work: the robustness
// of a large panel (every sub-panel without one or two models, on every set) and the HTML report
// (Vega-Lite compiled and rendered to SVG in Node), for three sets of 200 items.
import { panelRobustness, renderTrialHtml } from '../../panel/trial/index.js';
import { syntheticTrial } from '../../tests/panel/synthetic-trial.js';
import { measure, report } from './measure.js';

const N = 200;
const FAMILIES = ['a', 'b', 'c', 'd'];

export async function run(): Promise<void> {
  const big = Array.from({ length: 20 }, (_, k) => `org/model-${k}`);
  const bigSets = syntheticTrial({ seeds: [1, 2, 3], models: big, items: N, families: FAMILIES });
  const robustness = await measure(
    'robustness',
    () => panelRobustness(bigSets.scored.map((s) => ({ label: s.set.label, matrix: s.matrix }))),
    { runs: 5, warmup: 1 },
  );
  report(
    `robustness: 3 sets x ${N} items x 20 models (20 + 190 sub-panels)`,
    robustness.medianMs,
    'ms',
    { max: 2000 },
  );

  const models = Array.from({ length: 8 }, (_, k) => `org/model-${k}`);
  const trial = syntheticTrial({ seeds: [1, 2, 3], models, items: N, families: FAMILIES });
  let bytes = 0;
  const html = await measure(
    'html',
    async () => {
      bytes = (await renderTrialHtml(trial)).length;
    },
    { runs: 5, warmup: 1 },
  );
  report(`report.html: 3 sets x ${N} items x 8 models`, html.medianMs, 'ms', { max: 5000 });
  report('report.html size', bytes / 1024, 'KiB', { max: 2048 });
}
