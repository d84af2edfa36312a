import { RpeError, accepts, normalize, type Item, type Lexicon } from '../../framework/index.js';
import {
  SHORTCUT_BASELINES,
  type BaselineContext,
  type ShortcutBaseline,
} from './shortcut-baselines.js';
import { topFormFinder } from './top-form-finder.js';

export interface BaselineSummary {
  name: string;
  description: string;
  /** Items it gives an answer for. */
  answered: number;
  /** Items it answers correctly (accepts(): the gold or an alias after normalisation). */
  correct: number;
}

export interface FlaggedItem {
  /** 1-based item number. */
  item: number;
  gold: string;
  /** The baselines that answer it correctly. */
  flagged_by: string[];
  family: string | null;
}

export interface FamilyShortcuts {
  family: string;
  n_items: number;
  flagged: number;
  /** Items of the family each baseline answers correctly (baselines with none left out). */
  by_baseline: Record<string, number>;
}

export interface BaselinesReport {
  n_items: number;
  /** Items answered correctly by at least one baseline: they do not need Polish. */
  n_flagged: number;
  baselines: BaselineSummary[];
  flagged: FlaggedItem[];
  families: FamilyShortcuts[] | null;
  /** Whether the lexicon baseline could run, and why not. */
  lexicon: { used: boolean; note: string | null };
}

export interface RunBaselinesOptions {
  items: readonly Item[];
  /** families[i] is the family of item i + 1 (rpe generate --meta). */
  families?: readonly string[];
  /** The morphology lexicon; null skips lexicon-top-form. */
  lexicon?: Lexicon | null;
  lexiconNote?: string;
  baselines?: readonly ShortcutBaseline[];
}

// Runs every shortcut answerer on every item and flags the items one of them gets right.
export function runBaselines(options: RunBaselinesOptions): BaselinesReport {
  const { items, families } = options;
  const baselines = options.baselines ?? SHORTCUT_BASELINES;
  if (families && families.length !== items.length) {
    throw new RpeError(
      'meta_mismatch',
      `the meta file has ${families.length} lines but the items file has ${items.length} items`,
    );
  }
  const context: BaselineContext = {
    topForm: options.lexicon ? topFormFinder(options.lexicon) : null,
    mostCommonGold: mostCommonGold(items),
  };
  const summaries = baselines.map((b) => ({
    name: b.name,
    description: b.description,
    answered: 0,
    correct: 0,
  }));
  const flagged: FlaggedItem[] = [];
  items.forEach((item, index) => {
    const by: string[] = [];
    baselines.forEach((baseline, b) => {
      const answer = baseline.answer(item.input, context);
      const summary = summaries[b];
      if (answer === null || !summary) return;
      summary.answered += 1;
      if (accepts(answer, item)) {
        summary.correct += 1;
        by.push(baseline.name);
      }
    });
    if (by.length > 0)
      flagged.push({
        item: index + 1,
        gold: item.gold,
        flagged_by: by,
        family: families?.[index] ?? null,
      });
  });
  return {
    n_items: items.length,
    n_flagged: flagged.length,
    baselines: summaries,
    flagged,
    families: families ? familyShortcuts(families, flagged) : null,
    lexicon: {
      used: Boolean(options.lexicon),
      note: options.lexicon ? null : (options.lexiconNote ?? 'no lexicon given'),
    },
  };
}

// The normalised gold shared by the most items, first seen on a tie; null when no gold repeats.
export function mostCommonGold(items: readonly Item[]): string | null {
  const counts = new Map<string, number>();
  for (const item of items) {
    const gold = normalize(item.gold);
    counts.set(gold, (counts.get(gold) ?? 0) + 1);
  }
  let best: [string, number] | null = null;
  for (const entry of counts) if (best === null || entry[1] > best[1]) best = entry;
  return best && best[1] >= 2 ? best[0] : null;
}

function familyShortcuts(
  families: readonly string[],
  flagged: readonly FlaggedItem[],
): FamilyShortcuts[] {
  const rows = new Map<string, FamilyShortcuts>();
  for (const family of families) {
    const row = rows.get(family) ?? { family, n_items: 0, flagged: 0, by_baseline: {} };
    row.n_items += 1;
    rows.set(family, row);
  }
  for (const f of flagged) {
    const row = f.family === null ? undefined : rows.get(f.family);
    if (!row) continue;
    row.flagged += 1;
    for (const name of f.flagged_by) row.by_baseline[name] = (row.by_baseline[name] ?? 0) + 1;
  }
  return [...rows.values()];
}
