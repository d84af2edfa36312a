import type BetterSqlite3 from 'better-sqlite3';
import { hostWords16, hostWords32 } from './host-words.js';
import type { FormReading, Lexeme } from './lexicon.js';
import {
  BUCKET_HEAD,
  BUCKET_LEMMAS,
  BUCKET_SHIFT,
  ENDINGS_PER_PAGE,
  ENDINGS_SHIFT,
  PACKED_FORM,
  PACKED_LEXEME,
  PACKED_VALUES,
  PARADIGM_HEAD,
} from './pack-paradigms.js';
import type { TagTable } from './tag-table.js';

export interface ParadigmStore {
  /** An upper bound of the lemma numbers: they run from 0 to this, exclusive. */
  size(): number;
  /**
   * The readings of `lemma` whose tag id is 1 in `ok`, in forms() order: a new array of frozen
   * readings; undefined when the snapshot does not have the lemma.
   */
  readings(lemma: string, ok: Uint8Array): FormReading[] | undefined;
  /** The lemma's lexemes in id order, frozen and shared; undefined for an unknown lemma. */
  lexemes(lemma: string): readonly Lexeme[] | undefined;
  /** The number of the lemma that readings() or lexemes() found last. */
  found(): number;
}

/** A packed value index to the value (0 is NULL; see PACKED_VALUES). */
const VALUES: readonly (string | null)[] = PACKED_VALUES.map((v, i) => (i === 0 ? null : v));

/**
 * The packed paradigms of one open snapshot (see pack-paradigms.ts). The first question about a
 * lemma of a bucket not read yet asks SQLite for its number, reads the bucket and learns the
 * numbers of all its lemmas; a question then goes through the lemma's tag ids, and only the
 * readings that match become objects.
 *
 * First asks run mostly before V8 has optimised this code, and in a short run the optimising
 * compiler costs more than it saves: a question reads the words it needs through typed arrays,
 * allocates little besides what it returns, and runs in one function, readings(), whose only
 * calls on its common path are Map and tag lookups. Helpers called on every question would each
 * be compiled on their own as well as inside readings(); what runs once per bucket, page of
 * endings or tag stays out of line.
 */
export function paradigmStore(db: BetterSqlite3.Database, tags: TagTable): ParadigmStore {
  // A lemma's number and, when the lemma's bucket was not read yet, the bucket.
  const readLemma = db
    .prepare(
      `SELECT l.n, b.id, b.data FROM paradigm_lemmas l
       JOIN paradigm_buckets b ON b.id = (l.n >> ${BUCKET_SHIFT}) + 1 WHERE l.lemma = ?`,
    )
    .raw();
  const readPage = db.prepare('SELECT data FROM paradigm_endings WHERE page = ?').pluck();
  /** Lemma to number, for every lemma of every bucket read. */
  const numbers = new Map<string, number>();
  // Per bucket id: its bytes, its words and the lexemes of its lemmas (by slot), once decoded.
  const bucketBytes: (Uint8Array | undefined)[] = [];
  const bucketWords: (Uint16Array | undefined)[] = [];
  const bucketLexemes: (Lexeme[] | undefined)[][] = [];
  // Per page of endings: its bytes, its words and its endings, once decoded.
  const pageBytes: (Buffer | undefined)[] = [];
  const pageWords: (Int32Array | undefined)[] = [];
  const pageTexts: (string | undefined)[][] = [];
  let scratch = new Int32Array(256);
  // The paradigm readings() found last: the lemma's number, its bucket's bytes, words and
  // lexemes, and the paradigm's byte offset there.
  let opened = -1;
  let bytes: Uint8Array = new Uint8Array(0);
  let words: Uint16Array = new Uint16Array(0);
  let lexemesHere: (Lexeme[] | undefined)[] = [];
  let at = 0;
  let span = -1;
  let none: Uint8Array | undefined;
  let every: Uint8Array | undefined;

  const loadBucket = (id: number, b: Buffer): void => {
    const w = hostWords16(b);
    bucketBytes[id] = b;
    bucketWords[id] = w;
    bucketLexemes[id] = new Array<Lexeme[] | undefined>(BUCKET_LEMMAS);
    const count = (w[0] as number) + (w[1] as number) * 0x10000;
    const start = BUCKET_HEAD + 4 * count;
    const end = start + (w[2] as number) + (w[3] as number) * 0x10000;
    const names = b.toString('utf8', start, end).split('\n');
    const first = (id - 1) << BUCKET_SHIFT;
    for (let i = 0; i < names.length; i++) numbers.set(names[i] as string, first + i);
  };

  // Lemma number n, from SQLite, for a lemma of a bucket not read yet, whose bucket it reads;
  // -1 for an unknown lemma.
  const lookUp = (lemma: string): number => {
    const row = readLemma.get(lemma) as [number, number, Buffer] | undefined;
    if (row === undefined) return -1;
    loadBucket(row[1], row[2]);
    return row[0];
  };

  // Ending e, the first time it is needed.
  const decodeEnding = (e: number): string => {
    const page = e >> ENDINGS_SHIFT;
    const i = e & (ENDINGS_PER_PAGE - 1);
    let w = pageWords[page];
    if (w === undefined) {
      const b = readPage.get(page) as Buffer;
      w = hostWords32(b);
      pageBytes[page] = b;
      pageWords[page] = w;
      pageTexts[page] = new Array<string | undefined>(w[0] as number);
    }
    const start = 4 * ((w[0] as number) + 2);
    const b = pageBytes[page] as Buffer;
    const text = b.toString('utf8', start + (w[1 + i] as number), start + (w[2 + i] as number));
    (pageTexts[page] as (string | undefined)[])[i] = text;
    return text;
  };

  const readings = (lemma: string, ok: Uint8Array): FormReading[] | undefined => {
    const n = numbers.get(lemma) ?? lookUp(lemma);
    if (n < 0) return undefined;
    if (n !== opened) {
      const id = (n >> BUCKET_SHIFT) + 1;
      const slot = BUCKET_HEAD / 2 + 2 * (n & (BUCKET_LEMMAS - 1));
      opened = n;
      bytes = bucketBytes[id] as Uint8Array;
      words = bucketWords[id] as Uint16Array;
      lexemesHere = bucketLexemes[id] as (Lexeme[] | undefined)[];
      at = (words[slot] as number) + (words[slot + 1] as number) * 0x10000;
    }
    const b = bytes;
    const w = words;
    const p = at >> 1;
    const formsAt = at + PARADIGM_HEAD + PACKED_LEXEME * (b[at] as number);
    const count = w[p + 2] as number;
    const tagsAt = (formsAt + PACKED_FORM * (w[p + 1] as number)) >> 1;
    const placesAt = tagsAt + count;
    const marksAt = 2 * (placesAt + count);
    if (scratch.length < count) scratch = new Int32Array(count);
    const hits = scratch;
    let matched = 0;
    for (let i = 0; i < count; i++) if (ok[w[tagsAt + i] as number] === 1) hits[matched++] = i;
    const rows = new Array<FormReading>(matched);
    if (matched === 0) return rows;
    let lexemes = lexemesHere[n & (BUCKET_LEMMAS - 1)];
    if (lexemes === undefined) {
      lexemes = new Array<Lexeme>(b[at] as number);
      for (let i = 0, o = at + PARADIGM_HEAD; i < lexemes.length; i++, o += PACKED_LEXEME) {
        const rank = w[(o + 10) >> 1] as number;
        lexemes[i] = Object.freeze({
          id: (w[o >> 1] as number) + (w[(o >> 1) + 1] as number) * 0x10000,
          lemma,
          pos: VALUES[b[o + 4] as number] ?? '',
          gender: VALUES[b[o + 5] as number] ?? null,
          aspect: VALUES[b[o + 6] as number] ?? null,
          reflexivity: VALUES[b[o + 7] as number] ?? null,
          sense: b[o + 8] as number,
          rank: rank === 0 ? null : rank,
        });
      }
      lexemesHere[n & (BUCKET_LEMMAS - 1)] = lexemes;
    }
    let last = -1;
    let form = '';
    let rank: number | null = null;
    for (let k = 0; k < matched; k++) {
      const i = hits[k] as number;
      const f = w[placesAt + i] as number;
      if (f !== last) {
        const o = formsAt + PACKED_FORM * f;
        const shared = b[o + 6] as number;
        const e = (w[o >> 1] as number) + (w[(o >> 1) + 1] as number) * 0x10000;
        const tail = pageTexts[e >> ENDINGS_SHIFT]?.[e & (ENDINGS_PER_PAGE - 1)] ?? decodeEnding(e);
        form = shared === lemma.length ? lemma + tail : lemma.slice(0, shared) + tail;
        const r = w[(o >> 1) + 2] as number;
        rank = r === 0 ? null : r;
        last = f;
      }
      const mark = b[marksAt + i] as number;
      const entry = tags.get(w[tagsAt + i] as number);
      rows[k] = Object.freeze({
        form,
        tag: entry.tag,
        features: entry.features,
        lexeme: lexemes[mark >> 4] as Lexeme,
        rank,
        variant: mark & 0x0f,
      });
    }
    return rows;
  };

  return {
    size() {
      if (span < 0) {
        const buckets = db.prepare('SELECT max(id) FROM paradigm_buckets').pluck().get();
        span = ((buckets as number | null) ?? 0) << BUCKET_SHIFT;
      }
      return span;
    },
    readings,
    // Mostly asked right after readings() made the lemma's readings; else readings() with no tag
    // finds the lemma, and with every tag decodes its lexemes.
    lexemes(lemma) {
      const known =
        opened === numbers.get(lemma) ? lexemesHere[opened & (BUCKET_LEMMAS - 1)] : undefined;
      if (known !== undefined) return known;
      if (readings(lemma, (none ??= tags.matching([]).fill(0))) === undefined) return undefined;
      const slot = opened & (BUCKET_LEMMAS - 1);
      if (lexemesHere[slot] === undefined) readings(lemma, (every ??= tags.matching([])));
      return lexemesHere[slot];
    },
    found: () => opened,
  };
}
