import type { TopLevelSpec } from 'vega-lite';
import type { TrialSummary } from '../summarize-trial.js';
import { COLORS, shortNames } from './render-vega-lite.js';

/**
 * The mean score on sub-panels of the panel: the range over leave-one-out and leave-two-out
 * sub-panels against the full panel, the score without each model, and who splits items alone.
 */
export function plotRobustness(summary: TrialSummary): TopLevelSpec | null {
  const r = summary.robustness;
  if (!r?.leave_one_out || !summary.panel) return null;
  const names = shortNames(summary.panel.models);
  const name = (m: string) => names.get(m) ?? m;
  const full = r.full.mean;
  const rows = [
    { row: 'full panel', sub: r.leave_one_out, n: 1 },
    {
      row: `without 1 model (${r.leave_one_out.count})`,
      sub: r.leave_one_out,
      n: r.leave_one_out.count,
    },
    ...(r.leave_two_out
      ? [
          {
            row: `without 2 models (${r.leave_two_out.count})`,
            sub: r.leave_two_out,
            n: r.leave_two_out.count,
          },
        ]
      : []),
  ];
  const ranges = rows
    .slice(1)
    .map(({ row, sub }) => ({ row, min: sub.min, median: sub.median, max: sub.max }));
  const points = rows
    .slice(1)
    .flatMap(({ row, sub }) => sub.subpanels.map((s) => ({ row, mean: s.mean })));
  const rowY = {
    field: 'row',
    type: 'nominal',
    sort: rows.map((x) => x.row),
    title: null,
    axis: { labelLimit: 220 },
  } as const;
  const harmful = r.most_harmful_removal?.model;
  const without = r.leave_one_out.subpanels.map((s) => {
    const model = s.removed[0] ?? '';
    return {
      model: `without ${name(model)}${model === harmful ? ' (hurts most)' : ''}`,
      mean: s.mean,
      full,
      effect: s.mean < full ? 'lower without it' : 'higher without it',
      label: `${s.mean >= full ? '+' : '−'}${Math.abs(s.mean - full).toFixed(3)}`,
    };
  });
  const alone = r.single_model_items.by_model.flatMap((m) => [
    { model: name(m.model), side: 'alone right', count: m.alone_right },
    { model: name(m.model), side: 'alone wrong', count: m.alone_wrong },
  ]);
  const all = [full, ...points.map((p) => p.mean)];
  const axisX = (values: number[], pad: number) => {
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    const room = pad * Math.max(hi - lo, 0.05);
    return {
      type: 'quantitative',
      title: 'mean score over the sets',
      scale: { domain: [lo - room, hi + room], nice: false },
      axis: { format: '.2f' },
    } as const;
  };
  const x = axisX(all, 0.1);
  // Room on both sides for the labels written beside the points.
  const xWithout = axisX([full, ...without.map((w) => w.mean)], 0.45);
  const ruleAt = (scale: typeof x) =>
    ({
      data: { values: [{ full }] },
      mark: { type: 'rule', color: COLORS.mean, strokeDash: [5, 3], strokeWidth: 1.5 },
      encoding: { x: { field: 'full', ...scale } },
    }) as const;
  const fullRule = ruleAt(x);
  const withoutY = {
    field: 'model',
    type: 'nominal',
    sort: { field: 'mean', order: 'ascending' },
  } as const;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    spacing: 40,
    vconcat: [
      {
        hconcat: [
          {
            title: { text: 'range over sub-panels (bar: min–max, tick: median)', fontSize: 13 },
            width: 330,
            height: { step: 34 },
            layer: [
              {
                data: { values: ranges },
                mark: { type: 'bar', color: '#cbd5e0', height: 12, cornerRadius: 6 },
                encoding: { y: rowY, x: { field: 'min', ...x }, x2: { field: 'max' } },
              },
              {
                data: { values: points },
                mark: { type: 'point', filled: true, size: 30, color: COLORS.set, opacity: 0.8 },
                encoding: { y: rowY, x: { field: 'mean', ...x } },
              },
              {
                data: { values: ranges },
                mark: { type: 'tick', color: COLORS.mean, thickness: 3, size: 20 },
                encoding: { y: rowY, x: { field: 'median', ...x } },
              },
              {
                data: { values: [{ row: 'full panel', full }] },
                mark: {
                  type: 'point',
                  shape: 'diamond',
                  filled: true,
                  size: 120,
                  color: COLORS.mean,
                },
                encoding: { y: rowY, x: { field: 'full', ...x } },
              },
              fullRule,
            ],
          },
          {
            title: { text: 'the score without each model', fontSize: 13 },
            width: 330,
            height: { step: 26 },
            layer: [
              ruleAt(xWithout),
              {
                data: { values: without },
                mark: { type: 'rule', strokeWidth: 2 },
                encoding: {
                  y: { ...withoutY, title: null, axis: { labelLimit: 320 } },
                  x: { field: 'full', ...xWithout },
                  x2: { field: 'mean' },
                  color: {
                    field: 'effect',
                    type: 'nominal',
                    title: null,
                    scale: {
                      domain: ['lower without it', 'higher without it'],
                      range: [COLORS.alarm, COLORS.good],
                    },
                    legend: null,
                  },
                },
              },
              {
                data: { values: without },
                mark: { type: 'point', filled: true, size: 70 },
                encoding: {
                  y: withoutY,
                  x: { field: 'mean', ...xWithout },
                  color: { field: 'effect', type: 'nominal' },
                },
              },
              // The change is written on the side away from the full panel's line.
              ...(['lower without it', 'higher without it'] as const).map((effect) => ({
                data: { values: without },
                transform: [{ filter: { field: 'effect', equal: effect } }],
                mark: {
                  type: 'text',
                  align: effect === 'lower without it' ? 'right' : 'left',
                  dx: effect === 'lower without it' ? -9 : 9,
                  fontSize: 11,
                  color: '#222',
                },
                encoding: {
                  y: withoutY,
                  x: { field: 'mean', ...xWithout },
                  text: { field: 'label' },
                },
              })),
            ],
          },
        ],
      },
      {
        title: { text: 'items split by one model alone, per model', fontSize: 13 },
        width: 330,
        height: { step: 22 },
        data: { values: alone },
        mark: { type: 'bar', height: { band: 0.7 } },
        encoding: {
          y: {
            field: 'model',
            type: 'nominal',
            sort: summary.panel.models.map(name),
            title: null,
            axis: { labelLimit: 320 },
          },
          x: {
            field: 'count',
            type: 'quantitative',
            aggregate: 'sum',
            title: 'items',
            axis: { tickMinStep: 1 },
          },
          color: {
            field: 'side',
            type: 'nominal',
            title: null,
            scale: { domain: ['alone right', 'alone wrong'], range: [COLORS.right, COLORS.worst] },
            legend: { orient: 'bottom', direction: 'horizontal' },
          },
        },
      },
    ],
    resolve: { scale: { color: 'independent' } },
  } as TopLevelSpec;
}
