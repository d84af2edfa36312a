import type { TopLevelSpec } from 'vega-lite';
import type { ScoredSet } from '../summarize-trial.js';
import { COLORS, shortNames } from './render-vega-lite.js';

/**
 * Items × models for one set: a cell per answer, right or wrong, items grouped by family (one
 * panel each, as wide as the family is large) and sorted within it by the share of the panel
 * right, so a family whose items all look alike shows as one block.
 */
export function plotCorrectnessHeatmap({ set, result }: ScoredSet): TopLevelSpec {
  const names = shortNames(result.models);
  const families = set.families ?? result.items.map(() => 'all items');
  // Within each family panel the columns follow this order: most right first, equal cuts together.
  const cut = (i: number) => result.items[i]?.bitvector ?? '';
  const order = [...result.items.keys()].sort(
    (a, b) =>
      (result.items[b]?.p ?? 0) - (result.items[a]?.p ?? 0) ||
      (cut(a) < cut(b) ? 1 : cut(a) > cut(b) ? -1 : 0) ||
      a - b,
  );
  const rank = new Map(order.map((index, position) => [index, position]));
  const familyOrder = [...new Set(families)];
  const counts = new Map(familyOrder.map((f) => [f, families.filter((x) => x === f).length]));
  const values = result.items.flatMap((item, index) =>
    result.models.map((model, k) => ({
      position: rank.get(index) ?? index,
      model: names.get(model) ?? model,
      family: `${families[index] ?? ''} (${counts.get(families[index] ?? '') ?? 0})`,
      answer: item.bitvector[k] === '1' ? 'right' : 'wrong',
    })),
  );
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `${set.label}: who answers what`,
      subtitle: `${result.n_items} items × ${result.n_models} models, score ${result.score.toFixed(3)}. Columns are items, grouped by family and sorted by the share of the panel right; a useful item has both colours in its column.`,
    },
    data: { values },
    facet: {
      column: {
        field: 'family',
        type: 'nominal',
        sort: familyOrder.map((f) => `${f} (${counts.get(f) ?? 0})`),
        title: null,
        header: { labelOrient: 'top', labelAngle: 0, labelAlign: 'left', labelAnchor: 'start' },
      },
    },
    spacing: 10,
    resolve: { scale: { x: 'independent' } },
    spec: {
      width: { step: 5 },
      height: { step: 20 },
      // No aria-label per cell: thousands of them would triple the file's size.
      mark: { type: 'rect', aria: false },
      encoding: {
        x: {
          field: 'position',
          type: 'ordinal',
          sort: 'ascending',
          title: null,
          axis: null,
        },
        y: {
          field: 'model',
          type: 'nominal',
          sort: result.models.map((m) => names.get(m) ?? m),
          title: null,
          axis: { labelLimit: 260 },
        },
        color: {
          field: 'answer',
          type: 'nominal',
          scale: { domain: ['right', 'wrong'], range: [COLORS.right, COLORS.wrong] },
          legend: { title: 'answer', orient: 'right' },
        },
      },
    },
  } as TopLevelSpec;
}
