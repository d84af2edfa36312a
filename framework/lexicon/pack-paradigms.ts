import { commonPrefix } from './common-prefix.js';
import { compareCodePoints } from './compare-code-points.js';
import { nullsLast } from './nulls-last.js';
import type { LexiconPlan } from './plan-lexicon.js';

/** Lemmas per packed bucket (1 << BUCKET_SHIFT): one read brings the paradigms of this many lemmas. */
export const BUCKET_SHIFT = 5;
export const BUCKET_LEMMAS = 1 << BUCKET_SHIFT;

/** The values of the lexeme columns a packed lexeme names by index (0 is NULL). */
export const PACKED_VALUES: readonly string[] = [
  '',
  ...['subst', 'verb', 'adj', 'adv', 'num', 'ppron12', 'ppron3', 'siebie', 'prep', 'conj'],
  ...['comp', 'qub', 'pred', 'burk', 'interj', 'brev'],
  ...['m1', 'm2', 'm3', 'f', 'n1', 'n2', 'p1', 'p2', 'p3'],
  ...['imperf', 'perf', 'imperf.perf', 'refl', 'nonrefl', 'refl.nonrefl'],
];

/** Endings per page of `paradigm_endings` (1 << ENDINGS_SHIFT): page 0 holds the most used. */
export const ENDINGS_SHIFT = 10;
export const ENDINGS_PER_PAGE = 1 << ENDINGS_SHIFT;

// Sizes, in bytes, of the fixed parts of a bucket and of a lemma's paradigm (see packBucket and
// packLemma).
export const BUCKET_HEAD = 8;
export const PARADIGM_HEAD = 8;
export const PACKED_LEXEME = 12;
export const PACKED_FORM = 8;

/**
 * The packed paradigms, read by paradigm-store.ts; little-endian, every 16-bit field at an even
 * offset and every 32-bit field at a multiple of 4, so that the reader can use typed arrays. The
 * layout is private to the TypeScript reader; SCHEMA.md's tables hold the same readings and stay
 * the reference (the tests compare the two).
 */
export interface PackedParadigms {
  /**
   * Every lemma with its number, from 0, in bucket order: one class after another, most frequent
   * lemmas first (`paradigm_lemmas`).
   */
  lemmas: [string, number][];
  /**
   * [bucket id, data], ids from 1: bucket b holds the paradigms of lemmas (b - 1) × BUCKET_LEMMAS
   * onwards (`paradigm_buckets`; see packBucket).
   */
  buckets: [number, Buffer][];
  /**
   * The distinct form endings, most used first, ENDINGS_PER_PAGE per page, pages from 0
   * (`paradigm_endings`): what a form adds to the beginning it shares with its lemma ("ów" of
   * kot: kotów). u32 count, count + 1 × u32 offset of each ending in the text that follows (the
   * last one its end), then the text in UTF-8.
   */
  endingPages: Buffer[];
}

/** Appends little-endian fields to a growing byte list; refuses a value its field cannot hold. */
class Writer {
  private readonly out: number[] = [];
  get length(): number {
    return this.out.length;
  }
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
  /** Zero bytes up to the next multiple of `n`. */
  align(n: number): void {
    while (this.out.length % n !== 0) this.out.push(0);
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

/**
 * What a form adds to the beginning it shares with its lemma (in UTF-16 code units, at most 255),
 * and how long that beginning is; never cut inside a surrogate pair, as the ending is UTF-8.
 */
function split(lemma: string, form: string): { shared: number; ending: string } {
  let shared = Math.min(commonPrefix(lemma, form), 255);
  const last = form.charCodeAt(shared - 1);
  if (last >= 0xd800 && last <= 0xdbff) shared--;
  return { shared, ending: form.slice(shared) };
}

// One lemma's paradigm, laid out so that a question reads only what it needs: the tag ids of
// every reading side by side (the one loop a question runs), then where each reading's form and
// lexeme are. Readings and forms are in the order of forms(): form id, lexeme id, tag id.
//   u8 lexemes, u8 0, u16 forms, u16 readings, u16 0                        (PARADIGM_HEAD)
//   per lexeme: u32 id, u8 pos, u8 gender, u8 aspect, u8 reflexivity (PACKED_VALUES indexes),
//     u8 sense, u8 0, u16 rank (0 = NULL)                                    (PACKED_LEXEME)
//   per form: u32 ending number, u16 rank (0 = NULL), u8 code units shared with the lemma, u8 0
//                                                                            (PACKED_FORM)
//   per reading: u16 tag id; then per reading: u16 form index; then per reading: u8 lexeme
//     index << 4 | variant code; then zeros up to a multiple of 4.
function packLemma(
  lemma: string,
  lexemeIds: number[],
  plan: LexiconPlan,
  readingsOf: Map<number, [number, number, number, number][]>,
  endingNumber: Map<string, number>,
): Buffer {
  const w = new Writer();
  // A reading packs its lexeme's index and its variant code into one byte.
  if (lexemeIds.length > 15) throw new Error(`framework/lexicon: ${lemma}: more than 15 lexemes`);
  const rows = lexemeIds
    .flatMap((id) => readingsOf.get(id) ?? [])
    .sort((a, b) => a[1] - b[1] || a[0] - b[0] || a[2] - b[2]);
  const formIds = [...new Set(rows.map((r) => r[1]))];
  const formIndex = new Map(formIds.map((id, i) => [id, i]));
  w.u8(lexemeIds.length, 'lexemes of a lemma');
  w.u8(0);
  w.u16(formIds.length, 'forms of a lemma');
  w.u16(rows.length, 'readings of a lemma');
  w.u16(0);
  for (const id of lexemeIds) {
    const l = plan.lexemes[id - 1];
    if (!l) throw new Error(`framework/lexicon: no lexeme ${id}`);
    w.u32(id);
    for (const v of [l.pos, l.gender, l.aspect, l.reflexivity]) w.u8(valueIndex(v));
    w.u8(l.sense, 'sense');
    w.u8(0);
    w.u16(l.rank ?? 0, 'rank');
  }
  for (const formId of formIds) {
    const { form, rank } = plan.forms[formId - 1] ?? { form: '', rank: null };
    const { shared, ending } = split(lemma, form);
    w.u32(endingNumber.get(ending) ?? 0);
    w.u16(rank ?? 0, 'rank');
    w.u8(shared);
    w.u8(0);
  }
  for (const [, , tagId] of rows) w.u16(tagId, 'tag id');
  for (const [, formId] of rows) w.u16(formIndex.get(formId) ?? 0);
  for (const [lexemeId, , , variant] of rows) {
    if (variant > 15) throw new Error(`framework/lexicon: variant code ${variant} over 15`);
    w.u8((lexemeIds.indexOf(lexemeId) << 4) | variant, 'lexeme index and variant');
  }
  w.align(4);
  return w.done();
}

// The endings of every form, most used first (then in code-point order), in pages, and the
// number of each.
function packEndings(
  lemmaForms: [string, number[]][],
  plan: LexiconPlan,
): { pages: Buffer[]; numbers: Map<string, number> } {
  const uses = new Map<string, number>();
  for (const [lemma, formIds] of lemmaForms) {
    for (const id of formIds) {
      const { ending } = split(lemma, plan.forms[id - 1]?.form ?? '');
      uses.set(ending, (uses.get(ending) ?? 0) + 1);
    }
  }
  const order = [...uses.entries()]
    .sort(([a, m], [b, n]) => n - m || compareCodePoints(a, b))
    .map(([ending]) => ending);
  const pages: Buffer[] = [];
  for (let start = 0; start < order.length; start += ENDINGS_PER_PAGE) {
    const texts = order.slice(start, start + ENDINGS_PER_PAGE).map((e) => Buffer.from(e, 'utf8'));
    const w = new Writer();
    w.u32(texts.length);
    let at = 0;
    for (const text of texts) {
      w.u32(at);
      at += text.length;
    }
    w.u32(at);
    pages.push(Buffer.concat([w.done(), ...texts]));
  }
  return { pages, numbers: new Map(order.map((e, i) => [e, i])) };
}

// One bucket: its lemmas' names, so that reading it makes all of them known, then their
// paradigms (see packLemma).
//   u32 lemmas m, u32 length of the names in bytes                           (BUCKET_HEAD)
//   m × u32 offset of each lemma's paradigm
//   the names in UTF-8 joined by "\n", then zeros up to a multiple of 4
//   the paradigms, each at a multiple of 4
function packBucket(names: string[], paradigms: Buffer[]): Buffer {
  for (const name of names) {
    if (name.includes('\n')) throw new Error(`framework/lexicon: a lemma holds a line break`);
  }
  const text = Buffer.from(names.join('\n'), 'utf8');
  const head = new Writer();
  head.u32(names.length);
  head.u32(text.length);
  let offset = BUCKET_HEAD + 4 * names.length + text.length;
  offset += (4 - (offset % 4)) % 4;
  for (const paradigm of paradigms) {
    head.u32(offset);
    offset += paradigm.length;
  }
  head.bytes(text);
  head.align(4);
  return Buffer.concat([head.done(), ...paradigms]);
}

/**
 * The paradigms of every lemma packed into buckets of BUCKET_LEMMAS lemmas of one class, most
 * frequent lemmas first, so that a generator drawing from a frequency-ordered pool reads one
 * bucket for many lemmas; the number of each lemma, which names its bucket; and the form endings
 * the paradigms name by number.
 */
export function packParadigms(plan: LexiconPlan): PackedParadigms {
  const readingsOf = new Map<number, [number, number, number, number][]>();
  for (const r of plan.readings) {
    const list = readingsOf.get(r[0]);
    if (list) list.push(r);
    else readingsOf.set(r[0], [r]);
  }
  const idsOf = new Map<string, number[]>();
  plan.lexemes.forEach((l, i) => {
    const ids = idsOf.get(l.lemma);
    if (ids) ids.push(i + 1);
    else idsOf.set(l.lemma, [i + 1]);
  });
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
  const lemmaForms = order.map(([lemma, ids]): [string, number[]] => [
    lemma,
    [...new Set(ids.flatMap((id) => (readingsOf.get(id) ?? []).map((r) => r[1])))],
  ]);
  const { pages, numbers } = packEndings(lemmaForms, plan);
  const buckets: [number, Buffer][] = [];
  for (let start = 0; start < order.length; start += BUCKET_LEMMAS) {
    const members = order.slice(start, start + BUCKET_LEMMAS);
    const paradigms = members.map(([lemma, ids]) =>
      packLemma(lemma, ids, plan, readingsOf, numbers),
    );
    buckets.push([
      buckets.length + 1,
      packBucket(
        members.map(([lemma]) => lemma),
        paradigms,
      ),
    ]);
  }
  const lemmas = order.map(([lemma], n): [string, number] => [lemma, n]);
  return { lemmas, buckets, endingPages: pages };
}
