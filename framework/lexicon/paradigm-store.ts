import type BetterSqlite3 from 'better-sqlite3';
import type { FormReading, Lexeme } from './lexicon.js';
import { PACKED_VALUES } from './pack-paradigms.js';
import { MEMO_LIMIT, QUERY_MEMO_LIMIT, remember } from './remember.js';
import type { TagTable } from './tag-table.js';

/** A lemma's lexemes in id order and its readings whose tag passes the query, in forms() order. */
export interface PackedMatch {
  lexemes: readonly Lexeme[];
  readings: readonly FormReading[];
}

export interface ParadigmStore {
  /**
   * The lemma's lexemes and its readings whose tag passes `ok` (`query` names `ok` for the
   * memo); undefined for a lemma the snapshot does not have. Shared: do not change them.
   */
  match(lemma: string, query: string, ok: Uint8Array): PackedMatch | undefined;
}

// The code below runs on first asks, mostly before V8 has optimised it: it stays close to plain
// byte arithmetic, and the matching runs over a whole bucket at once, a loop long enough for V8
// to optimise while it runs.

const valueAt = (i: number): string | null => (i === 0 ? null : (PACKED_VALUES[i] ?? null));

const u32 = (b: Uint8Array, o: number): number =>
  ((b[o] as number) | ((b[o + 1] as number) << 8) | ((b[o + 2] as number) << 16)) +
  (b[o + 3] as number) * 0x1000000;

/** A bucket read: its bytes and its lemmas with their lexemes and where their forms start. */
interface Bucket {
  buf: Buffer;
  lemmas: { lemma: string; lexemes: Lexeme[]; forms: number }[];
  lexemes: Map<string, Lexeme[]>;
}

// A lemma's lexemes, decoded from the start of its packed paradigm; returns where its forms begin.
function decodeLexemes(lemma: string, b: Uint8Array, start: number, into: Lexeme[]): number {
  let o = start + 1;
  for (let n = b[start] as number; n > 0; n--, o += 11) {
    const rank = (b[o + 9] as number) | ((b[o + 10] as number) << 8);
    into.push(
      Object.freeze({
        id: u32(b, o),
        lemma,
        pos: valueAt(b[o + 4] as number) ?? '',
        gender: valueAt(b[o + 5] as number),
        aspect: valueAt(b[o + 6] as number),
        reflexivity: valueAt(b[o + 7] as number),
        sense: b[o + 8] as number,
        rank: rank === 0 ? null : rank,
      }),
    );
  }
  return o;
}

// The bucket's lemmas with their lexemes (see the bucket layout in pack-paradigms.ts).
function decodeBucket(buf: Buffer): Bucket {
  const lemmas: Bucket['lemmas'] = [];
  const byLemma = new Map<string, Lexeme[]>();
  let o = 2;
  for (let n = (buf[0] as number) | ((buf[1] as number) << 8); n > 0; n--) {
    const end = o + 1 + (buf[o] as number);
    const lemma = buf.toString('utf8', o + 1, end);
    const lexemes: Lexeme[] = [];
    lemmas.push({ lemma, lexemes, forms: decodeLexemes(lemma, buf, u32(buf, end), lexemes) });
    byLemma.set(lemma, lexemes);
    o = end + 4;
  }
  return { buf, lemmas, lexemes: byLemma };
}

// Every reading of every lemma of a bucket whose tag passes `ok`, by lemma, in forms() order.
function matchBucket(
  bucket: Bucket,
  ok: Uint8Array,
  tags: TagTable,
): Map<string, readonly FormReading[]> {
  const b = bucket.buf;
  const found = new Map<string, readonly FormReading[]>();
  for (const { lemma, lexemes, forms: start } of bucket.lemmas) {
    const rows: FormReading[] = [];
    let o = start;
    let forms = (b[o] as number) | ((b[o + 1] as number) << 8);
    o += 2;
    for (; forms > 0; forms--) {
      const shared = b[o] as number;
      const restAt = o + 2;
      const restEnd = restAt + (b[o + 1] as number);
      const count = b[restEnd] as number;
      o = restEnd + 1;
      let rank: number | null = null;
      if (count & 0x80) {
        rank = (b[o] as number) | ((b[o + 1] as number) << 8);
        o += 2;
      }
      let form: string | undefined;
      for (let r = count & 0x7f; r > 0; r--, o += 3) {
        const tagId = (b[o + 1] as number) | ((b[o + 2] as number) << 8);
        if (ok[tagId] !== 1) continue;
        const packed = b[o] as number;
        form ??= lemma.slice(0, shared) + b.toString('utf8', restAt, restEnd);
        const { tag, features } = tags.get(tagId);
        const lexeme = lexemes[packed >> 4] as Lexeme;
        rows.push(Object.freeze({ form, tag, features, lexeme, rank, variant: packed & 0x0f }));
      }
    }
    if (rows.length > 0) found.set(lemma, rows);
  }
  return found;
}

/**
 * The packed paradigms of one open snapshot (see pack-paradigms.ts). A first ask about a lemma
 * reads the bucket that holds it, found by a binary search of the directory (read once), unless
 * an earlier ask read it; the first ask with a query in a bucket matches every lemma of the
 * bucket, so that the next first asks there only look their answers up.
 */
export function paradigmStore(db: BetterSqlite3.Database, tags: TagTable): ParadigmStore {
  const readBucket = db.prepare('SELECT data FROM paradigm_buckets WHERE id = ?').pluck();
  const readDirectory = db.prepare('SELECT data FROM paradigm_directory WHERE id = 1').pluck();
  let dir: Uint8Array | undefined;
  let count = 0;
  const name = new Uint8Array(1024);
  const encoder = new TextEncoder();
  const buckets = new Map<number, Bucket>();
  /** Lemma to bucket id, for every lemma of every bucket read. */
  const home = new Map<string, number>();
  const absent = new Set<string>();
  const matched = new Map<string, Map<number, Map<string, readonly FormReading[]>>>();

  // The bucket of a lemma: a binary search of the directory for its UTF-8 bytes; 0 when absent.
  const search = (lemma: string): number => {
    if (!dir) {
      dir = readDirectory.get() as Uint8Array;
      count = u32(dir, 0);
    }
    const d = dir;
    const { written } = encoder.encodeInto(lemma, name);
    let low = 0;
    let high = count - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = u32(d, 4 + 4 * mid);
      const length = d[at] as number;
      const n = length < written ? length : written;
      let order = 0;
      for (let i = 0; i < n && order === 0; i++)
        order = (name[i] as number) - (d[at + 1 + i] as number);
      if (order === 0) order = written - length;
      if (order < 0) high = mid - 1;
      else if (order > 0) low = mid + 1;
      else return (d[at + 1 + length] as number) | ((d[at + 2 + length] as number) << 8);
    }
    return 0;
  };

  const bucketOf = (lemma: string): [number, Bucket] | undefined => {
    let id = home.get(lemma);
    if (id === undefined) {
      if (absent.has(lemma)) return undefined;
      id = search(lemma);
      if (id === 0) {
        if (absent.size < MEMO_LIMIT) absent.add(lemma);
        return undefined;
      }
    }
    let bucket = buckets.get(id);
    if (!bucket) {
      bucket = decodeBucket(readBucket.get(id) as Buffer);
      buckets.set(id, bucket);
      for (const { lemma: member } of bucket.lemmas) home.set(member, id);
    }
    return [id, bucket];
  };

  const none: readonly FormReading[] = [];
  return {
    match(lemma, query, ok) {
      const found = bucketOf(lemma);
      if (!found) return undefined;
      const [id, bucket] = found;
      let byBucket = matched.get(query);
      if (!byBucket) byBucket = remember(matched, query, new Map(), QUERY_MEMO_LIMIT);
      let byLemma = byBucket.get(id);
      if (!byLemma) byBucket.set(id, (byLemma = matchBucket(bucket, ok, tags)));
      return { lexemes: bucket.lexemes.get(lemma) ?? [], readings: byLemma.get(lemma) ?? none };
    },
  };
}
