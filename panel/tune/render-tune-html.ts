import type { TopLevelSpec } from 'vega-lite';
import { escapeHtml, reportPage } from '../trial/render-trial-html.js';
import { renderVegaLite } from '../trial/plots/render-vega-lite.js';
import { heldOutVerdict } from './held-out-verdict.js';
import { plotComponents, plotHeldOut, plotSets, plotWeights } from './plot-tune.js';
import type { SubsetResult } from './tune-subset.js';
import type { WeightsResult } from './tune-weights.js';

const f3 = (x: number) => x.toFixed(3);

function card(label: string, value: string, detail: string, tone = ''): string {
  return `<div class="card ${tone}"><div class="label">${escapeHtml(label)}</div><div class="value">${escapeHtml(value)}</div><div class="detail">${escapeHtml(detail)}</div></div>`;
}

function cards(result: WeightsResult | SubsetResult): string {
  const out: string[] = [];
  if (result.mode === 'weights') {
    out.push(
      card(
        'tuned mean',
        f3(result.expected.mean),
        `worst set ${f3(result.expected.worst)}, ${result.n} items`,
      ),
      card(
        'current mean',
        f3(result.current.mean),
        `worst set ${f3(result.current.worst)}, ${result.n_now} items`,
      ),
    );
  } else {
    out.push(
      card('tuned subset', f3(result.score.score), `${result.n} items`),
      card(
        'untuned',
        f3(result.pool.score),
        `the ${result.pool.of === 'whole' ? 'whole pool' : `pool's first ${result.pool.n_items}`}`,
      ),
    );
  }
  const h = result.heldout;
  if (h) {
    out.push(
      card(
        'held out',
        `${f3(h.tuned_mean)} vs ${f3(h.untuned_mean)}`,
        heldOutVerdict(h),
        h.helps ? '' : 'bad',
      ),
    );
  }
  return `<div class="cards">${out.join('')}</div>`;
}

function sections(
  result: WeightsResult | SubsetResult,
): { id: string; title: string; read: string; spec: TopLevelSpec }[] {
  const out = [];
  if (result.mode === 'weights') {
    out.push(
      {
        id: 'weights',
        title: 'Family weights',
        read: 'Grey: the items of each family in every set of the trial; blue: the recommended ones. A family tuning leaves out adds nothing the others do not; a family cannot get more items than the trial made of it.',
        spec: plotWeights(result.families),
      },
      {
        id: 'sets',
        title: 'Per set',
        read: 'The tuned sets are the trial’s own sets with fewer items of some families, exactly what the generator makes from the tuned weights (it fills each family’s quota by item index).',
        spec: plotSets(result.current.sets, result.expected.sets),
      },
    );
  } else {
    out.push({
      id: 'figures',
      title: 'The subset',
      read: 'The three terms of the official metric and their product, for the untuned choice (grey) and the tuned subset (blue).',
      spec: plotComponents(result.pool, result.score, 'untuned (grey) and tuned (blue)'),
    });
  }
  if (result.heldout) {
    out.push({
      id: 'heldout',
      title: 'Held-out estimate',
      read: 'Each row tunes again without one model (or one family of models) and scores the result on the whole panel. Tuned above untuned on average: the gain is not only the fit to those models. It is still no forecast of Test B, whose panel shares no family with this one.',
      spec: plotHeldOut(result.heldout),
    });
  }
  return out;
}

/** tune.html: one self-contained page (inline CSS and SVG), like the trial's report.html. */
export async function renderTuneHtml(
  result: WeightsResult | SubsetResult,
  source: string,
): Promise<string> {
  const title = `Tuning: ${source}`;
  const body: string[] = [`<header><h1>${escapeHtml(title)}</h1></header>`, cards(result)];
  for (const section of sections(result)) {
    const svg = await renderVegaLite(section.spec);
    body.push(
      `<section id="${section.id}"><h2>${escapeHtml(section.title)}</h2><p class="read">${escapeHtml(section.read)}</p>`,
      `<figure class="plot" data-plot="${section.id}">${svg}</figure>`,
      '</section>',
    );
  }
  return reportPage(
    title,
    body,
    'Made by <code>rpe tune</code>. The figures are in tune.json beside this file.',
  );
}
