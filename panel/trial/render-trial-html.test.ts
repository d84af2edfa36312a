import { describe, expect, it } from 'vitest';
import { syntheticTrial } from '../../tests/panel/synthetic-trial.js';
import { renderTrialHtml } from './render-trial-html.js';
import { renderTrialMarkdown } from './render-trial-markdown.js';

const models = ['org/alpha', 'org/<b>eta', 'org/gamma', 'org/delta', 'org/epsilon'];
const trial = () => {
  const made = syntheticTrial({
    seeds: [1, 2, 3],
    models,
    items: 60,
    families: ['first', 'second', 'second'],
  });
  made.summary.generator.name = 'demo <gen>';
  return made;
};

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
