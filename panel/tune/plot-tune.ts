import type { TopLevelSpec } from 'vega-lite';
import { COLORS } from '../trial/plots/render-vega-lite.js';
import type { HeldOut } from './held-out.js';
import type { Components } from './score-tally.js';
import type { FamilyWeight } from './tune-weights.js';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const NOW = 'now';
const TUNED = 'tuned';
const colour = { domain: [NOW, TUNED], range: [COLORS.muted, COLORS.right] };

// Bars side by side per row: the figure now (grey) and tuned (blue), with its value.
function pairedBars(
  values: { row: string; kind: string; value: number; label: string }[],
  options: { title: string; subtitle: string; axis: string; format?: string; max?: number },
): TopLevelSpec {
  const rows = [...new Set(values.map((v) => v.row))];
  const y = { field: 'row', type: 'nominal', sort: rows, title: null, axis: { labelLimit: 240 } };
  const yOffset = { field: 'kind', type: 'nominal', sort: [NOW, TUNED] };
  const x = {
    field: 'value',
    type: 'quantitative',
    title: options.axis,
    ...(options.max !== undefined ? { scale: { domain: [0, options.max] } } : {}),
    ...(options.format ? { axis: { format: options.format } } : {}),
  };
  return {
    $schema: SCHEMA,
    title: { text: options.title, subtitle: options.subtitle },
    data: { values },
    width: 520,
    height: { step: 18 },
    layer: [
      {
        mark: { type: 'bar', height: { band: 0.9 } },
        encoding: {
          y,
          yOffset,
          x,
          color: {
            field: 'kind',
            type: 'nominal',
            scale: colour,
            legend: { title: null, orient: 'bottom', direction: 'horizontal' },
          },
        },
      },
      {
        mark: { type: 'text', align: 'left', dx: 4, fontSize: 10.5, color: '#222222' },
        encoding: { y, yOffset, x, text: { field: 'label', type: 'nominal' } },
      },
    ],
  } as TopLevelSpec;
}

/** The items per set of each family, as the trial has them and as tuned (0: left out). */
export function plotWeights(families: readonly FamilyWeight[]): TopLevelSpec {
  const values = families.flatMap((f) => [
    { row: f.id, kind: NOW, value: f.items_now, label: `${f.items_now} (weight ${f.weight_now})` },
    {
      row: f.id,
      kind: TUNED,
      value: f.items,
      label: f.items === 0 ? 'left out' : `${f.items} (weight ${f.weight})`,
    },
  ]);
  return pairedBars(values, {
    title: 'Weights before and after',
    subtitle: 'items per set of each family; the weights are these counts reduced',
    axis: 'items per set',
  });
}

/** The official figures of the untuned choice and the tuned one, side by side. */
export function plotComponents(now: Components, tuned: Components, what: string): TopLevelSpec {
  const names = ['score', 'discrimination', 'diversity', 'separation'] as const;
  const values = names.flatMap((name) => [
    { row: name, kind: NOW, value: now[name], label: now[name].toFixed(3) },
    { row: name, kind: TUNED, value: tuned[name], label: tuned[name].toFixed(3) },
  ]);
  return pairedBars(values, {
    title: 'The official figures',
    subtitle: what,
    axis: 'value',
    format: '.1f',
    max: 1,
  });
}

/** Per fold: the whole-panel score of the choice tuned without that model (or family), and untuned. */
export function plotHeldOut(held: HeldOut): TopLevelSpec {
  const values = held.folds.flatMap((f) => [
    { row: `without ${f.left_out}`, kind: NOW, value: f.untuned, label: f.untuned.toFixed(3) },
    { row: `without ${f.left_out}`, kind: TUNED, value: f.tuned, label: f.tuned.toFixed(3) },
  ]);
  values.push(
    { row: 'mean', kind: NOW, value: held.untuned_mean, label: held.untuned_mean.toFixed(3) },
    { row: 'mean', kind: TUNED, value: held.tuned_mean, label: held.tuned_mean.toFixed(3) },
  );
  return pairedBars(values, {
    title: `Held out: one ${held.by} at a time`,
    subtitle: 'tuned without it, then scored on the whole panel with it back (grey: untuned)',
    axis: 'mean score on the whole panel',
    format: '.2f',
    max: 1,
  });
}

/** The score of each set, as the trial has it and as the tuned weights would make it. */
export function plotSets(
  now: readonly { label: string; score: number }[],
  tuned: readonly { label: string; score: number }[],
): TopLevelSpec {
  const values = now.flatMap((s, i) => {
    const t = tuned[i]?.score ?? 0;
    return [
      { row: s.label, kind: NOW, value: s.score, label: s.score.toFixed(3) },
      { row: s.label, kind: TUNED, value: t, label: t.toFixed(3) },
    ];
  });
  return pairedBars(values, {
    title: 'Score per set',
    subtitle: 'each seed of the trial, with the current weights (grey) and the tuned ones (blue)',
    axis: 'official score',
    format: '.1f',
    max: 1,
  });
}
