import { familyTable, type FamilyRow, type ScoreResult } from '../../framework/index.js';

/** A family's figures on the panel, with its part of the set's size and of its diversity. */
export interface FamilyFigures extends FamilyRow {
  /** n_items over the set's items. */
  item_share: number;
  /** The family's part of the set's Simpson diversity (the shares of a set add up to 1). */
  diversity_share: number;
}

/**
 * Each item's part of the raw Simpson diversity 1 − Σ(c_v/n)², which is the share of ordered
 * item pairs (i, j) whose bitvectors differ: pair (i, j) is credited to i, so item i holds
 * (1 − c_{v_i}/n)/n. Divided by the total, the parts add up to 1 (all 0 when every item shows
 * the same cut). A family whose items repeat one cut, or repeat the cuts of other families, gets
 * less than its share of items.
 */
export function diversityShares(bitvectors: readonly string[]): number[] {
  const n = bitvectors.length;
  const counts = new Map<string, number>();
  for (const v of bitvectors) counts.set(v, (counts.get(v) ?? 0) + 1);
  const parts = bitvectors.map((v) => (1 - (counts.get(v) ?? 0) / n) / n);
  const total = parts.reduce((a, b) => a + b, 0);
  return parts.map((part) => (total > 0 ? part / total : 0));
}

// The per-family table of one scored set: rules' familyTable plus the two shares.
export function familyFigures(result: ScoreResult, families: readonly string[]): FamilyFigures[] {
  const shares = diversityShares(result.items.map((i) => i.bitvector));
  const byFamily = new Map<string, number>();
  families.forEach((family, i) =>
    byFamily.set(family, (byFamily.get(family) ?? 0) + (shares[i] ?? 0)),
  );
  return familyTable(result, families).map((row) => ({
    ...row,
    item_share: row.n_items / result.n_items,
    diversity_share: byFamily.get(row.family) ?? 0,
  }));
}

/**
 * The families over every set of a trial: items counted over all sets, mean p and discrimination
 * over all their items, the distinct cuts over all sets (the panel is the same, so a cut means
 * the same in every set), and the two shares averaged over the sets (0 where a set lacks it).
 */
export function pooledFamilyFigures(
  sets: readonly { result: ScoreResult; families: readonly string[] }[],
): FamilyFigures[] {
  const pooled = new Map<
    string,
    { n: number; p: number; disc: number; cuts: Set<string>; items: number; diversity: number }
  >();
  for (const { result, families } of sets) {
    const rows = familyFigures(result, families);
    for (const row of rows) {
      const entry = pooled.get(row.family) ?? {
        n: 0,
        p: 0,
        disc: 0,
        cuts: new Set<string>(),
        items: 0,
        diversity: 0,
      };
      entry.n += row.n_items;
      entry.p += row.mean_p * row.n_items;
      entry.disc += row.mean_discrimination * row.n_items;
      entry.items += row.item_share;
      entry.diversity += row.diversity_share;
      pooled.set(row.family, entry);
    }
    result.items.forEach((item, i) => pooled.get(families[i] ?? '')?.cuts.add(item.bitvector));
  }
  return [...pooled].map(([family, e]) => ({
    family,
    n_items: e.n,
    mean_p: e.p / e.n,
    mean_discrimination: e.disc / e.n,
    distinct_bitvectors: e.cuts.size,
    item_share: e.items / sets.length,
    diversity_share: e.diversity / sets.length,
  }));
}
