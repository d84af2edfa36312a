import type { TopLevelSpec } from 'vega-lite';
import type { TrialSummary } from '../summarize-trial.js';
import { COLORS } from './render-vega-lite.js';

const COMPONENTS = ['score', 'discrimination', 'diversity', 'separation'] as const;

// Score and components per set, side by side on 0–1, the mean of each marked, the worst set in colour.
export function plotSetScores(summary: TrialSummary): TopLevelSpec {
  const worst = summary.worst?.label;
  const values = summary.scores.flatMap((s) =>
    COMPONENTS.map((component) => ({
      set: s.label,
      component: component === 'score' ? 'score (the product)' : component,
      value: s[component],
      kind: s.label === worst ? 'worst set' : 'other sets',
    })),
  );
  const order = summary.scores.map((s) => s.label);
  const y = { field: 'set', type: 'nominal', sort: order, title: null } as const;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    data: { values },
    facet: {
      column: {
        field: 'component',
        type: 'nominal',
        sort: ['score (the product)', 'discrimination', 'diversity', 'separation'],
        title: null,
        header: { labelOrient: 'top', labelFontSize: 13 },
      },
    },
    spacing: 18,
    spec: {
      width: 190,
      height: { step: 30 },
      layer: [
        {
          mark: { type: 'bar', cornerRadiusEnd: 2, height: { band: 0.7 } },
          encoding: {
            y,
            x: {
              field: 'value',
              type: 'quantitative',
              scale: { domain: [0, 1] },
              title: null,
              axis: { format: '.1f', tickCount: 5 },
            },
            color: {
              field: 'kind',
              type: 'nominal',
              scale: { domain: ['other sets', 'worst set'], range: [COLORS.set, COLORS.worst] },
              legend: { title: null, orient: 'bottom', direction: 'horizontal' },
            },
          },
        },
        {
          mark: { type: 'rule', color: COLORS.mean, strokeWidth: 2, strokeDash: [5, 3] },
          encoding: { x: { aggregate: 'mean', field: 'value', type: 'quantitative' } },
        },
        {
          mark: {
            type: 'text',
            baseline: 'bottom',
            dy: -2,
            fontSize: 11,
            fontWeight: 600,
            color: COLORS.mean,
          },
          encoding: {
            x: { aggregate: 'mean', field: 'value', type: 'quantitative' },
            y: { value: 0 },
            text: { aggregate: 'mean', field: 'value', type: 'quantitative', format: '.3f' },
          },
        },
        // The values last, over the mean line, on a white halo so the line does not cross them.
        ...['white', '#222222'].map((color) => ({
          mark: {
            type: 'text',
            align: 'left',
            dx: 4,
            fontSize: 11,
            color,
            ...(color === 'white' ? { stroke: 'white', strokeWidth: 3 } : {}),
          },
          encoding: {
            y,
            x: { field: 'value', type: 'quantitative' },
            text: { field: 'value', type: 'quantitative', format: '.3f' },
          },
        })),
      ],
    },
  } as TopLevelSpec;
}
