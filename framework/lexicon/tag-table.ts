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
}

// Reads the tag strings only when a query first needs them and parses each tag once, so opening
// a snapshot costs no parsing at all.
export function tagTable(db: BetterSqlite3.Database, path: string): TagTable {
  let strings: Map<number, string> | undefined;
  const parsed = new Map<number, TagEntry>();
  return {
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
