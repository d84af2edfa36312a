import type { TopLevelSpec } from 'vega-lite';
import { TASK_LIMITS } from '../../../framework/index.js';
import type { TrialSummary } from '../summarize-trial.js';
import { COLORS, shortNames } from './render-vega-lite.js';

/**
 * How often each pair of models disagrees: the matrix (mean over the sets; pairs under the 5 %
 * saturation outlined) and every pair on one axis with a dot per set and the saturation line.
 */
export function plotDisagreement(summary: TrialSummary): TopLevelSpec | null {
  if (!summary.panel || summary.pairs.length === 0) return null;
  const t = TASK_LIMITS.saturation;
  const names = shortNames(summary.panel.models);
  const order = summary.panel.models.map((m) => names.get(m) ?? m);
  const name = (m: string) => names.get(m) ?? m;
  const cells = summary.pairs.flatMap((p) => {
    const cell = {
      r: p.disagreement,
      weak: p.per_set.some((r) => r < t) ? 'below 5 % in a set' : 'ok',
    };
    return [
      { a: name(p.a), b: name(p.b), ...cell },
      { a: name(p.b), b: name(p.a), ...cell },
    ];
  });
  const sorted = [...summary.pairs].sort((x, y) => x.disagreement - y.disagreement);
  const pairLabel = (p: { a: string; b: string }) => `${name(p.a)} · ${name(p.b)}`;
  const dots = sorted.flatMap((p) =>
    p.per_set.map((r, k) => ({ pair: pairLabel(p), set: summary.scores[k]?.label ?? '', r })),
  );
  const means = sorted.map((p) => ({ pair: pairLabel(p), r: p.disagreement }));
  const pairY = {
    field: 'pair',
    type: 'nominal',
    sort: sorted.map(pairLabel),
    title: null,
    axis: { labelLimit: 300 },
  } as const;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    spacing: 40,
    hconcat: [
      {
        title: { text: 'disagreement, mean over the sets', fontSize: 13 },
        data: { values: cells },
        width: { step: 46 },
        height: { step: 46 },
        encoding: {
          x: {
            field: 'b',
            type: 'nominal',
            sort: order,
            title: null,
            axis: { labelAngle: -35, labelLimit: 200 },
          },
          y: { field: 'a', type: 'nominal', sort: order, title: null, axis: { labelLimit: 200 } },
        },
        layer: [
          {
            mark: { type: 'rect' },
            encoding: {
              color: {
                field: 'r',
                type: 'quantitative',
                title: 'disagreement',
                scale: { scheme: 'blues', domain: [0, 1] },
                legend: { format: '.0%', orient: 'right', gradientLength: 160 },
              },
            },
          },
          {
            transform: [{ filter: "datum.weak !== 'ok'" }],
            mark: { type: 'rect', fill: null, stroke: COLORS.alarm, strokeWidth: 3 },
          },
          {
            mark: { type: 'text', fontSize: 11 },
            encoding: {
              text: { field: 'r', type: 'quantitative', format: '.0%' },
              color: { condition: { test: 'datum.r > 0.3', value: 'white' }, value: '#1a202c' },
            },
          },
        ],
      },
      {
        title: { text: `every pair, with the ${100 * t} % saturation line`, fontSize: 13 },
        width: 340,
        height: { step: 20 },
        layer: [
          {
            data: { values: means },
            mark: { type: 'bar', color: '#e2e8f0', height: { band: 0.7 } },
            encoding: {
              y: pairY,
              x: {
                field: 'r',
                type: 'quantitative',
                title: 'share of items the pair disagrees on',
                // A square-root scale spreads out the low end, where the credit is partial.
                scale: { type: 'sqrt', domain: [0, 1] },
                axis: { format: '.0%', values: [0, 0.01, 0.05, 0.1, 0.25, 0.5, 1] },
              },
            },
          },
          {
            data: { values: dots },
            mark: { type: 'point', filled: true, size: 40 },
            encoding: {
              y: pairY,
              x: { field: 'r', type: 'quantitative' },
              color: {
                field: 'set',
                type: 'nominal',
                title: 'set',
                scale: { scheme: 'tableau10' },
                legend: { orient: 'bottom', direction: 'horizontal' },
              },
            },
          },
          {
            data: { values: [{ t, label: `saturation ${100 * t} %` }] },
            layer: [
              {
                mark: { type: 'rule', color: COLORS.alarm, strokeWidth: 2, strokeDash: [6, 3] },
                encoding: { x: { field: 't', type: 'quantitative' } },
              },
              {
                mark: {
                  type: 'text',
                  align: 'left',
                  dx: 4,
                  baseline: 'bottom',
                  color: COLORS.alarm,
                  fontWeight: 600,
                  fontSize: 11,
                },
                encoding: {
                  x: { field: 't', type: 'quantitative' },
                  y: { value: 0 },
                  text: { field: 'label' },
                },
              },
            ],
          },
        ],
      },
    ],
    resolve: { scale: { color: 'independent' } },
  } as TopLevelSpec;
}
