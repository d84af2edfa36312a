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

// Reads a tag only when a question first needs it and parses each tag once, so opening a
// snapshot costs no parsing at all; SQLite picks the tags a query's masks match.
export function tagTable(db: BetterSqlite3.Database, path: string): TagTable {
  const readTag = db.prepare('SELECT tag FROM tags WHERE id = ?').pluck();
  const readMatching = db
    .prepare('SELECT id FROM tags WHERE (mask0 & ?) = ? AND (mask1 & ?) = ? AND (mask2 & ?) = ?')
    .pluck();
  let size = -1;
  let parsed: (TagEntry | undefined)[] = [];
  // One more than the highest tag id: the length of a query's ok array and of the parsed tags.
  const idSpan = (): number => {
    if (size < 0) {
      size = ((db.prepare('SELECT max(id) FROM tags').pluck().get() as number | null) ?? 0) + 1;
      parsed = new Array<TagEntry | undefined>(size);
    }
    return size;
  };
  // Out of line: it runs once per tag, get() on every reading a question returns.
  const parse = (id: number): TagEntry => {
    idSpan();
    const tag = readTag.get(id) as string | undefined;
    if (tag === undefined) {
      throw new RpeError('lexicon_invalid', `${path}: a reading refers to missing tag ${id}`);
    }
    const entry = { tag, features: Object.freeze(parseTag(tag)) };
    parsed[id] = entry;
    return entry;
  };
  return {
    matching([q0 = 0, q1 = 0, q2 = 0]) {
      const ok = new Uint8Array(idSpan());
      for (const id of readMatching.all(q0, q0, q1, q1, q2, q2) as number[]) ok[id] = 1;
      return ok;
    },
    get: (id) => parsed[id] ?? parse(id),
  };
}
