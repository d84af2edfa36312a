import { RpeError } from '../errors.js';
import { readLines } from './read-lines.js';
import type { ScoreResult } from './score.js';

/** How one family of items (a generator's template) fares on the panel. */
export interface FamilyRow {
  family: string;
  n_items: number;
  mean_discrimination: number;
  mean_p: number;
  /** How many different correctness bitvectors the family's items show. */
  distinct_bitvectors: number;
}

/**
 * The family of each item from the sidecar JSONL that `rpe generate --meta` writes: one object
 * with a string `family` per line, in item order. Other fields are ignored. A line that is not
 * such an object is RpeError `invalid_meta` (exit 2) naming the file and line.
 */
export function readMeta(content: string | Uint8Array, source: string): string[] {
  const text = typeof content === 'string' ? content : new TextDecoder().decode(content);
  const families: string[] = [];
  for (const { line, text: lineText, blank } of readLines(text).lines) {
    const fail = (why: string) =>
      new RpeError('invalid_meta', `${source}: line ${line}: ${why}`, { exitCode: 2 });
    if (blank || lineText === null) throw fail('blank line; one object per item is expected');
    let value: unknown;
    try {
      value = JSON.parse(lineText);
    } catch {
      throw fail('not valid JSON');
    }
    const family =
      typeof value === 'object' && value !== null
        ? (value as { family?: unknown }).family
        : undefined;
    if (typeof family !== 'string') throw fail('no string "family" field');
    families.push(family);
  }
  return families;
}

/**
 * Groups a score's per-item rows by family, in order of first appearance. `families[i]` is the
 * family of item i + 1; a list of another length than the matrix is RpeError `meta_mismatch`.
 */
export function familyTable(result: ScoreResult, families: readonly string[]): FamilyRow[] {
  if (families.length !== result.n_items) {
    throw new RpeError(
      'meta_mismatch',
      `the meta file has ${families.length} lines but the matrix has ${result.n_items} items`,
      { exitCode: 2 },
    );
  }
  const groups = new Map<string, { disc: number; p: number; n: number; cuts: Set<string> }>();
  result.items.forEach((item, i) => {
    const family = families[i] ?? '';
    const group = groups.get(family) ?? { disc: 0, p: 0, n: 0, cuts: new Set<string>() };
    group.disc += item.discrimination;
    group.p += item.p;
    group.n++;
    group.cuts.add(item.bitvector);
    groups.set(family, group);
  });
  return [...groups].map(([family, g]) => ({
    family,
    n_items: g.n,
    mean_discrimination: g.disc / g.n,
    mean_p: g.p / g.n,
    distinct_bitvectors: g.cuts.size,
  }));
}
