import type { TopLevelSpec } from 'vega-lite';
import type { TrialSummary } from '../summarize-trial.js';
import { COLORS } from './render-vega-lite.js';

/**
 * Per family: mean discrimination and mean share of the panel right (bars over all sets, a dot
 * per set), and the family's share of the items beside its share of the diversity.
 */
export function plotFamilyDiscrimination(summary: TrialSummary): TopLevelSpec | null {
  const pooled = summary.families;
  if (!pooled || pooled.length === 0) return null;
  const order = pooled.map((f) => f.family);
  const perSet = summary.scores.flatMap((s) =>
    (s.families ?? []).map((f) => ({
      family: f.family,
      set: s.label,
      discrimination: f.mean_discrimination,
      p: f.mean_p,
    })),
  );
  const shares = pooled.flatMap((f) => [
    { family: f.family, measure: 'share of the items', value: f.item_share },
    { family: f.family, measure: 'share of the diversity', value: f.diversity_share },
  ]);
  const y = {
    field: 'family',
    type: 'nominal',
    sort: order,
    title: null,
    axis: { labelLimit: 220 },
  } as const;
  const height = 44 * order.length;
  const unit = { scale: { domain: [0, 1] }, axis: { format: '.1f', tickCount: 5 } } as const;
  const dots = (field: string) => ({
    data: { values: perSet },
    mark: { type: 'point', filled: true, size: 45, color: COLORS.mean, opacity: 0.75 },
    encoding: { y, x: { field, type: 'quantitative' } },
  });
  // A panel of bars over all sets (field of `pooled`) with a dot per set (field of `perSet`).
  const barsWithDots = (
    title: string,
    pooledField: string,
    setField: string,
    axisTitle: string,
  ) => ({
    width: 230,
    height,
    title: { text: title, fontSize: 13 },
    layer: [
      {
        data: { values: pooled },
        mark: { type: 'bar', color: COLORS.set, height: { band: 0.65 } },
        encoding: { y, x: { field: pooledField, type: 'quantitative', title: axisTitle, ...unit } },
      },
      dots(setField),
    ],
  });
  const pPanel = barsWithDots('mean share of the panel right (p)', 'mean_p', 'p', 'p');
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    spacing: 28,
    hconcat: [
      barsWithDots(
        'mean discrimination 4p(1−p)',
        'mean_discrimination',
        'discrimination',
        'discrimination',
      ),
      {
        ...pPanel,
        layer: [
          ...pPanel.layer,
          {
            data: { values: [{ x: 0.5 }] },
            mark: { type: 'rule', color: COLORS.good, strokeDash: [4, 3], strokeWidth: 1.5 },
            encoding: { x: { field: 'x', type: 'quantitative' } },
          },
        ],
      },
      {
        width: 230,
        height,
        title: { text: 'share of items (grey), of diversity (blue)', fontSize: 13 },
        data: { values: shares },
        mark: { type: 'bar', height: { band: 0.9 } },
        encoding: {
          y,
          yOffset: {
            field: 'measure',
            type: 'nominal',
            sort: ['share of the items', 'share of the diversity'],
          },
          x: {
            field: 'value',
            type: 'quantitative',
            title: 'share',
            scale: { domain: [0, 1] },
            axis: { format: '.0%', values: [0, 0.25, 0.5, 0.75, 1] },
          },
          color: {
            field: 'measure',
            type: 'nominal',
            scale: {
              domain: ['share of the items', 'share of the diversity'],
              range: [COLORS.muted, COLORS.right],
            },
            legend: null,
          },
        },
      },
    ],
  } as TopLevelSpec;
}
