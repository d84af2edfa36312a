import { TASK_LIMITS, type Item } from '../../framework/index.js';
import type { SheetMeta } from './read-sheet-meta.js';

/** A column of the review sheet: its header and its width in characters. */
export interface ReviewColumn {
  name: string;
  width: number;
}

/** The review sheet: a header and one row per item; only the `item` column holds numbers. */
export interface ReviewTable {
  columns: ReviewColumn[];
  rows: (string | number)[][];
}

const ALIAS_COLUMNS = Array.from({ length: TASK_LIMITS.maxAliases }, (_, i) => `alias${i + 1}`);
const META_FIELDS = ['family', 'lemma', 'tag', 'phenomenon'] as const;

const WIDTHS: Record<string, number> = {
  item: 6,
  input: 60,
  gold: 22,
  family: 22,
  lemma: 16,
  tag: 24,
  phenomenon: 40,
  ok: 6,
  comment: 40,
};

/**
 * The review sheet of some items: `item` (the number of the item in its file), `input`, `gold`,
 * `alias1`…`alias5` (the canonical import layout), with `meta` the `family`, `lemma`, `tag` and
 * `phenomenon` of each item, and empty `ok` and `comment` columns for the reviewer. `numbers` are
 * the 1-based item numbers to include (default: all, in order).
 */
export function reviewTable(
  items: readonly Item[],
  options: { meta?: readonly SheetMeta[]; numbers?: readonly number[] } = {},
): ReviewTable {
  const names = [
    'item',
    'input',
    'gold',
    ...ALIAS_COLUMNS,
    ...(options.meta ? META_FIELDS : []),
    'ok',
    'comment',
  ];
  const numbers = options.numbers ?? items.map((_, i) => i + 1);
  const rows = numbers.map((n) => {
    const item = items[n - 1];
    if (!item) throw new RangeError(`item ${n} is not among ${items.length} items`);
    const aliases = ALIAS_COLUMNS.map((_, i) => item.aliases?.[i] ?? '');
    const meta = options.meta?.[n - 1];
    const metaCells = options.meta ? META_FIELDS.map((field) => meta?.[field] ?? '') : [];
    return [n, item.input, item.gold, ...aliases, ...metaCells, '', ''];
  });
  return { columns: names.map((name) => ({ name, width: WIDTHS[name] ?? 16 })), rows };
}
