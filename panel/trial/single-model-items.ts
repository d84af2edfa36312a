import type { CorrectnessMatrix } from '../../framework/index.js';

/** An item whose split rests on one model: it alone is right, or it alone is wrong. */
export interface SingleModelItem {
  set: string;
  /** 1-based item number in its set. */
  item: number;
  model: string;
  alone: 'right' | 'wrong';
}

export interface SingleModelItems {
  /** How many items over all sets (0 with fewer than 3 models, where the notion is empty). */
  count: number;
  /** count over all items of all sets. */
  share: number;
  by_model: { model: string; alone_right: number; alone_wrong: number }[];
  items: SingleModelItem[];
}

/**
 * Items whose discrimination comes from a single model: without that model every remaining model
 * agrees and the item's 4p(1−p) drops to 0. A panel without that model, or with a model that
 * behaves otherwise, does not split them. Needs at least 3 models.
 */
export function singleModelItems(
  sets: readonly { label: string; matrix: CorrectnessMatrix }[],
): SingleModelItems {
  const models = sets[0]?.matrix.models ?? [];
  const m = models.length;
  const items: SingleModelItem[] = [];
  let total = 0;
  for (const { label, matrix } of sets) {
    total += matrix.correct.length;
    if (m < 3) continue;
    matrix.correct.forEach((row, index) => {
      const right = row.flatMap((v, k) => (v === 1 || v === true ? [k] : []));
      const wrong = row.flatMap((v, k) => (v === 1 || v === true ? [] : [k]));
      const [alone, side] =
        right.length === 1
          ? [right[0], 'right' as const]
          : wrong.length === 1
            ? [wrong[0], 'wrong' as const]
            : [undefined, null];
      if (alone !== undefined && side) {
        items.push({ set: label, item: index + 1, model: models[alone] ?? '', alone: side });
      }
    });
  }
  return {
    count: items.length,
    share: total > 0 ? items.length / total : 0,
    by_model: models.map((model) => ({
      model,
      alone_right: items.filter((i) => i.model === model && i.alone === 'right').length,
      alone_wrong: items.filter((i) => i.model === model && i.alone === 'wrong').length,
    })),
    items,
  };
}
