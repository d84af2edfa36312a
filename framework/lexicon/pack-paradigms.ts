import { commonPrefix } from './common-prefix.js';
import { compareCodePoints } from './compare-code-points.js';
import { nullsLast } from './nulls-last.js';
import type { LexiconPlan } from './plan-lexicon.js';

/** Lemmas per packed bucket: one read brings the paradigms of this many lemmas of similar rank. */
export const BUCKET_LEMMAS = 32;

/** The values of the lexeme columns a packed lexeme names by index (0 is NULL). */
export const PACKED_VALUES: readonly string[] = [
  '',
  ...['subst', 'verb', 'adj', 'adv', 'num', 'ppron12', 'ppron3', 'siebie', 'prep', 'conj'],
  ...['comp', 'qub', 'pred', 'burk', 'interj', 'brev'],
  ...['m1', 'm2', 'm3', 'f', 'n1', 'n2', 'p1', 'p2', 'p3'],
  ...['imperf', 'perf', 'imperf.perf', 'refl', 'nonrefl', 'refl.nonrefl'],
];

export interface PackedParadigms {
  /**
   * [bucket id, data], ids from 1: the paradigms of BUCKET_LEMMAS lemmas of similar rank, after a
   * directory of the bucket: u16 count, then per lemma u8 name length, name, u32 offset.
   */
  buckets: [number, Buffer][];
  /**
   * Where each lemma's paradigm is, lemmas in code-point order (UTF-8 byte order):
   * u32 count, count × u32 offset of the lemma's record, then the records: u8 name length,
   * name (UTF-8), u16 bucket id, u32 offset of the paradigm in its bucket.
   */
  directory: Buffer;
}

/** Appends little-endian fields to a growing byte list; refuses a value its field cannot hold. */
class Writer {
  private readonly out: number[] = [];
  private fit(n: number, max: number, what: string): void {
    if (!Number.isInteger(n) || n < 0 || n > max)
      throw new Error(`framework/lexicon: ${what} ${n} does not fit the packed paradigm`);
  }
  u8(n: number, what = 'value'): void {
    this.fit(n, 0xff, what);
    this.out.push(n);
  }
  u16(n: number, what = 'value'): void {
    this.fit(n, 0xffff, what);
    this.out.push(n & 0xff, n >>> 8);
  }
  u32(n: number, what = 'value'): void {
    this.fit(n, 0xffffffff, what);
    this.out.push(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24);
  }
  bytes(b: Uint8Array): void {
    for (const byte of b) this.out.push(byte);
  }
  done(): Buffer {
    return Buffer.from(this.out);
  }
}

function valueIndex(value: string | null): number {
  const i = PACKED_VALUES.indexOf(value ?? '');
  if (i < 0) throw new Error(`framework/lexicon: no packed index for the value "${value}"`);
  return i;
}

// One lemma's paradigm: its lexemes, then its forms in form-id order, each with its readings in
// (lexeme id, tag id) order: the order of forms(). A form is stored as the number of UTF-16 units
// it shares with the lemma and the rest in UTF-8. Layout (little-endian):
//   u8 lexemes; per lexeme: u32 id, u8 pos, u8 gender, u8 aspect, u8 reflexivity (PACKED_VALUES
//   indexes), u8 sense, u16 rank (0 = NULL);
//   u16 forms; per form: u8 shared, u8 rest length, rest, u8 readings | 0x80 when ranked,
//   [u16 rank], per reading: u8 lexeme index << 4 | variant, u16 tag id.
function packLemma(
  lemma: string,
  lexemeIds: number[],
  plan: LexiconPlan,
  readingsOf: Map<number, [number, number, number, number][]>,
): Buffer {
  const w = new Writer();
  // A reading packs its lexeme's index and its variant code into one byte.
  if (lexemeIds.length > 15) throw new Error(`framework/lexicon: ${lemma}: more than 15 lexemes`);
  w.u8(lexemeIds.length, 'lexemes of a lemma');
  for (const id of lexemeIds) {
    const l = plan.lexemes[id - 1];
    if (!l) throw new Error(`framework/lexicon: no lexeme ${id}`);
    w.u32(id);
    for (const v of [l.pos, l.gender, l.aspect, l.reflexivity]) w.u8(valueIndex(v));
    w.u8(l.sense, 'sense');
    w.u16(l.rank ?? 0, 'rank');
  }
  const rows = lexemeIds
    .flatMap((id) => readingsOf.get(id) ?? [])
    .sort((a, b) => a[1] - b[1] || a[0] - b[0] || a[2] - b[2]);
  const byForm: [number, [number, number, number, number][]][] = [];
  for (const row of rows) {
    const last = byForm.at(-1);
    if (last && last[0] === row[1]) last[1].push(row);
    else byForm.push([row[1], [row]]);
  }
  w.u16(byForm.length, 'forms of a lemma');
  for (const [formId, readings] of byForm) {
    const { form, rank } = plan.forms[formId - 1] ?? { form: '', rank: null };
    const shared = Math.min(commonPrefix(lemma, form), 255);
    const rest = Buffer.from(form.slice(shared), 'utf8');
    w.u8(shared);
    w.u8(rest.length, 'form length');
    w.bytes(rest);
    // The top bit of the reading count says whether a rank follows (most forms have none).
    w.u8(readings.length | (rank === null ? 0 : 0x80), 'readings of a form');
    if (rank !== null) w.u16(rank, 'rank');
    for (const [lexemeId, , tagId, variant] of readings) {
      w.u8((lexemeIds.indexOf(lexemeId) << 4) | variant, 'lexeme index and variant');
      w.u16(tagId, 'tag id');
    }
  }
  return w.done();
}

/**
 * The paradigms of every lemma packed into buckets of BUCKET_LEMMAS lemmas of one class, most
 * frequent lemmas first, so that a generator drawing from a frequency-ordered pool reads one bucket for many
 * lemmas, and a directory that finds a lemma's paradigm without a statement. The layout is
 * private to the TypeScript reader (paradigm-store.ts); SCHEMA.md's tables hold the same
 * readings and stay the reference (the tests compare the two).
 */
export function packParadigms(plan: LexiconPlan): PackedParadigms {
  const readingsOf = new Map<number, [number, number, number, number][]>();
  for (const r of plan.readings) readingsOf.set(r[0], [...(readingsOf.get(r[0]) ?? []), r]);
  const idsOf = new Map<string, number[]>();
  plan.lexemes.forEach((l, i) => idsOf.set(l.lemma, [...(idsOf.get(l.lemma) ?? []), i + 1]));
  // A lemma's best rank and the class of its best-ranked lexeme: buckets keep a class together
  // (a noun pool reads noun buckets), most frequent lemmas first.
  const standing = (ids: number[]): [string, number | null] => {
    let best: { pos: string; rank: number | null } | undefined;
    for (const id of ids) {
      const l = plan.lexemes[id - 1];
      if (l && (!best || nullsLast(l.rank, best.rank) < 0)) best = l;
    }
    return [best?.pos ?? '', best?.rank ?? null];
  };
  const order = [...idsOf.entries()]
    .map(([lemma, ids]) => ({ lemma, ids, standing: standing(ids) }))
    .sort(
      (a, b) =>
        compareCodePoints(a.standing[0], b.standing[0]) ||
        nullsLast(a.standing[1], b.standing[1]) ||
        compareCodePoints(a.lemma, b.lemma),
    )
    .map(({ lemma, ids }): [string, number[]] => [lemma, ids]);
  const buckets: [number, Buffer][] = [];
  const places: [string, number, number][] = [];
  for (let start = 0; start < order.length; start += BUCKET_LEMMAS) {
    const bucket = buckets.length + 1;
    const members = order.slice(start, start + BUCKET_LEMMAS);
    const datas = members.map(([lemma, ids]) => packLemma(lemma, ids, plan, readingsOf));
    // The bucket opens with its own directory, so that reading it makes every lemma in it known.
    const head = new Writer();
    head.u16(members.length, 'lemmas of a bucket');
    const names = members.map(([lemma]) => Buffer.from(lemma, 'utf8'));
    let offset = 2 + names.reduce((n, name) => n + 1 + name.length + 4, 0);
    members.forEach(([lemma], i) => {
      const name = names[i] as Buffer;
      head.u8(name.length, 'lemma length');
      head.bytes(name);
      head.u32(offset);
      places.push([lemma, bucket, offset]);
      offset += (datas[i] as Buffer).length;
    });
    buckets.push([bucket, Buffer.concat([head.done(), ...datas])]);
  }
  places.sort(([a], [b]) => compareCodePoints(a, b));
  const records = new Writer();
  const offsets = new Writer();
  offsets.u32(places.length);
  let at = 4 + 4 * places.length;
  for (const [lemma, bucket, offset] of places) {
    const name = Buffer.from(lemma, 'utf8');
    offsets.u32(at);
    records.u8(name.length, 'lemma length');
    records.bytes(name);
    records.u16(bucket, 'bucket');
    records.u32(offset);
    at += 1 + name.length + 6;
  }
  return { buckets, directory: Buffer.concat([offsets.done(), records.done()]) };
}
