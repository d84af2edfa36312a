import { describe, expect, it } from 'vitest';
import { overlap, score, type CorrectnessMatrix } from '../../framework/index.js';
import { renderTrialHtml } from './render-trial-html.js';
import { renderTrialMarkdown } from './render-trial-markdown.js';
import type { SeedSet } from './seed-set.js';
import { summarizeScores, type ScoredSet, type TrialSummary } from './summarize-trial.js';

const models = ['org/alpha', 'org/<b>eta', 'org/gamma', 'org/delta', 'org/epsilon'];

// A set of 60 items whose answers follow simple patterns, so every plot has something to draw.
function scoredSet(seed: number): ScoredSet {
  const correct = Array.from({ length: 60 }, (_, i) =>
    models.map((_, k) => ((i * (k + 2) + seed) % (k + 3) === 0 ? 0 : 1) as 0 | 1),
  );
  const matrix: CorrectnessMatrix = { models, correct };
  const set: SeedSet = {
    label: `seed ${seed}`,
    seed,
    folder: `seed-${seed}`,
    items: correct.map((_, i) => ({ input: `Pytanie ${seed}.${i}`, gold: 'tak' })),
    families: correct.map((_, i) => (i % 3 === 0 ? 'first' : 'second')),
    sha256: 'sha256:0',
  };
  return { set, matrix, result: score(matrix) };
}

function trial(): { summary: TrialSummary; scored: ScoredSet[] } {
  const scored = [1, 2, 3].map(scoredSet);
  const summary: TrialSummary = {
    generator: { kind: 'framework', path: 'gen', name: 'demo <gen>' },
    seeds: [1, 2, 3],
    sets: scored.map(({ set }) => ({
      label: set.label,
      seed: set.seed,
      items: `${set.folder}/items.jsonl`,
      meta: `${set.folder}/meta.jsonl`,
      n_items: 60,
      sha256: set.sha256,
    })),
    overlap: overlap(
      scored.map(({ set }) => ({ name: set.label, inputs: set.items.map((i) => i.input) })),
    ),
    panel: {
      models,
      endpoint: 'http://127.0.0.1:1/v1/chat/completions',
      evaluator: { kind: 'aliases' },
      requests: 0,
      cached: 900,
      evaluator_problems: 0,
    },
    ...summarizeScores(scored),
    notes: [],
  };
  return { summary, scored };
}

describe('renderTrialHtml', () => {
  it('writes one self-contained page: an inline SVG per plot, no script, nothing to fetch', async () => {
    const html = await renderTrialHtml(trial());
    const figures = [...html.matchAll(/<figure class="plot" data-plot="([^"]+)"><svg /g)].map(
      (m) => m[1],
    );
    expect(figures).toEqual([
      'scores-1',
      'heatmap-1',
      'heatmap-2',
      'heatmap-3',
      'families-1',
      'pairs-1',
      'robustness-1',
    ]);
    // Nothing to load: no script, stylesheet, image or frame; url() only for the SVG's own clips.
    expect(/<script|<link|<img|<iframe|@import|url\((?!#)/i.exec(html)?.[0]).toBeUndefined();
    // The only URLs are the SVG namespaces.
    const urls = [...html.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);
    expect(new Set(urls)).toEqual(
      new Set(['http://www.w3.org/2000/svg', 'http://www.w3.org/1999/xlink']),
    );
    // Names are escaped in the page's own text.
    expect(html).toContain('Test B rehearsal: demo &#60;gen&#62;');
    expect(html).not.toContain('<b>eta');
  }, 60_000);
});

describe('renderTrialMarkdown', () => {
  it('gives the per-set table with mean and worst, the families, the pairs and the robustness', () => {
    const { summary } = trial();
    const md = renderTrialMarkdown(summary);
    expect(md).toContain('| **mean** |');
    expect(md).toContain(`| **worst: ${summary.worst?.label}** |`);
    expect(md).toMatch(/## Families \(all sets\)[\s\S]*\| first \| 60 \|/);
    expect(md).toContain('## Model pairs');
    expect(md).toMatch(/\| leave two models out \| 10 \|/);
    expect(md).toContain('not a prediction of the Test B score');
  });
});
