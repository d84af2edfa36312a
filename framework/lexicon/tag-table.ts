import type BetterSqlite3 from 'better-sqlite3';
import { RpeError } from '../errors.js';
import { type TagFeatures, parseTag } from './parse-tag.js';

export interface TagEntry {
  tag: string;
  features: TagFeatures;
}

/** The snapshot's tags by id, parsed on first use. */
export interface TagTable {
  get(id: number): TagEntry;
  /** Which tag ids hold every value of a query, given as its masks: 1 at those ids. */
  matching(masks: readonly number[]): Uint8Array;
}

// Reads the tag strings and masks only when a query first needs them and parses each tag once, so
// opening a snapshot costs no parsing at all.
export function tagTable(db: BetterSqlite3.Database, path: string): TagTable {
  let strings: Map<number, string> | undefined;
  let masks: [number, number, number, number][] | undefined;
  const parsed = new Map<number, TagEntry>();
  return {
    matching([q0 = 0, q1 = 0, q2 = 0]) {
      masks ??= db.prepare('SELECT id, mask0, mask1, mask2 FROM tags').raw().all() as [
        number,
        number,
        number,
        number,
      ][];
      const ok = new Uint8Array(masks.reduce((max, [id]) => Math.max(max, id), 0) + 1);
      for (const [id, m0, m1, m2] of masks) {
        if ((m0 & q0) === q0 && (m1 & q1) === q1 && (m2 & q2) === q2) ok[id] = 1;
      }
      return ok;
    },
    get(id) {
      let entry = parsed.get(id);
      if (entry) return entry;
      strings ??= new Map(db.prepare('SELECT id, tag FROM tags').raw().all() as [number, string][]);
      const tag = strings.get(id);
      if (tag === undefined) {
        throw new RpeError('lexicon_invalid', `${path}: a reading refers to missing tag ${id}`);
      }
      entry = { tag, features: Object.freeze(parseTag(tag)) };
      parsed.set(id, entry);
      return entry;
    },
  };
}
