import { commonPrefix } from './common-prefix.js';
import { compareCodePoints } from './compare-code-points.js';
import type { DraftReading } from './split-lexemes.js';

/** How many cells must hold two stems before a paradigm counts as two parallel ones. */
export const PARALLEL_CELLS = 3;

const VOWELS = new Set([...'aąeęioóuy']);

/** Verbal prefixes that keep or drop their -e before a consonant cluster (zeszedł/zszedł). */
const E_PREFIXES = new Set(['z', 'w', 'wz', 'od', 'nad', 'pod', 'przed', 'roz', 'ob']);

// Free variants inside one verb's paradigm, not a second stem: the -ną- of -nąć verbs in the past
// tense (zniknęła/znikła, wybuchnął/wybuchł) and a prefix with or without its -e
// (zeszedł/zszedł). Both forms are standard; they are aliases of each other.
function isVerbVariant(prefix: string, extra: string): boolean {
  return extra === 'nę' || extra === 'ną' || (extra === 'e' && E_PREFIXES.has(prefix));
}

/**
 * When two forms of one cell are such verb variants, which is the longer (zniknęła, zeszedł) and
 * which the shorter (znikła, zszedł); otherwise null.
 */
export function verbVariantPair(a: string, b: string): { long: string; short: string } | null {
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  const p = commonPrefix(long, short);
  const extra = long.length - short.length;
  if (extra < 1 || long.slice(p + extra) !== short.slice(p)) return null;
  return isVerbVariant(long.slice(0, p), long.slice(p, p + extra)) ? { long, short } : null;
}

// Two forms of one cell that differ inside the stem rather than in the ending: nothing in common
// (lat/roków), or, between a common beginning and a common end, one side empty (lwa/lewa,
// mego/mojego), a consonant (wyślę/wyścielę) or a nasal or ó/o alternation (rządu/rzędu).
// Ending variants differ at the end (rękami/rękoma, dni/dnie) or only in the vowel of the ending
// (karach/karych); the -ną- and prefix variants of verbs are variants too (zniknęła/znikła).
export function differInStem(a: string, b: string): boolean {
  const p = commonPrefix(a, b);
  if (p === 0) return true;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  if (s === 0) return false;
  const da = a.slice(p, a.length - s);
  const db = b.slice(p, b.length - s);
  if (da === '' || db === '') return !isVerbVariant(a.slice(0, p), da || db);
  if ([...da, ...db].some((c) => !VOWELS.has(c))) return true;
  const pair = [da, db].sort().join('');
  return pair === 'ąę' || pair === 'oó';
}

/**
 * The readings of one lexeme as one paradigm, or as two when at least PARALLEL_CELLS cells hold
 * two forms that differ in the stem: Morfologik merges homographs with the same tags into one
 * entry (rząd "government" rządu/rządy and rząd "row" rzędu/rzędy; rok lata/lat and roki/roków;
 * the contracted possessives ma/me/mym beside moja/moje/moim). The pairs are put on two sides one
 * after the other, each the way round that puts its forms beside the forms they share the longest
 * beginning with, nie- and naj- left aside (wyślemy with wyślę, wyścielemy with wyścielę). Every other form of a cell with
 * several forms joins the side it is nearest to that way, or the side the cell's other forms are
 * not on; forms of the other cells belong to both sides.
 */
export function splitParallelParadigms(readings: readonly DraftReading[]): DraftReading[][] {
  const cells = new Map<string, Set<string>>();
  for (const r of readings) cells.set(r.tag, (cells.get(r.tag) ?? new Set()).add(r.form));
  const pairKeys = new Set<string>();
  for (const forms of cells.values()) {
    if (forms.size !== 2) continue;
    const [a, b] = [...forms].sort(compareCodePoints) as [string, string];
    if (differInStem(a, b)) pairKeys.add(`${a}\n${b}`);
  }
  if (pairKeys.size < PARALLEL_CELLS) return [[...readings]];
  const pairs = [...pairKeys].sort(compareCodePoints).map((k) => k.split('\n') as [string, string]);
  const sides: [Set<string>, Set<string>] = [new Set(), new Set()];
  const sideOf = (f: string): 0 | 1 | null => (sides[0].has(f) ? 0 : sides[1].has(f) ? 1 : null);
  // Negated participles and gerunds (nie-) and superlatives (naj-) are compared without the prefix.
  const bare = (f: string) => f.replace(/^(nie)?(naj)?/, '');
  const closeness = (form: string, side: 0 | 1) => {
    let best = 0;
    for (const other of sides[side]) {
      if (other !== form) best = Math.max(best, commonPrefix(bare(form), bare(other)));
    }
    return best;
  };
  const put = (form: string, side: 0 | 1) => sides[side].add(form);
  // A second pass places the pairs that the first could not orient yet.
  for (let pass = 0; pass < 2; pass++) {
    for (const [a, b] of pairs) {
      const [sa, sb] = [sideOf(a), sideOf(b)];
      if (sa !== null && sb !== null) continue;
      if (sa !== null) put(b, sa === 0 ? 1 : 0);
      else if (sb !== null) put(a, sb === 0 ? 1 : 0);
      else if (sides[0].size === 0) {
        put(a, 0);
        put(b, 1);
      } else {
        const straight = closeness(a, 0) + closeness(b, 1);
        const crossed = closeness(a, 1) + closeness(b, 0);
        if (straight === crossed) continue;
        put(a, straight > crossed ? 0 : 1);
        put(b, straight > crossed ? 1 : 0);
      }
    }
  }
  for (const forms of cells.values()) {
    if (forms.size < 2) continue;
    const open = [...forms].filter((f) => sideOf(f) === null);
    for (const form of open) {
      const [c0, c1] = [closeness(form, 0), closeness(form, 1)];
      if (c0 !== c1) put(form, c0 > c1 ? 0 : 1);
    }
    const placed = [...forms].map(sideOf);
    const still = [...forms].filter((_, i) => placed[i] === null);
    const taken = new Set(placed.filter((p) => p !== null));
    if (still.length === 1 && taken.size === 1) put(still[0] as string, taken.has(0) ? 1 : 0);
  }
  const one = readings.filter((r) => sideOf(r.form) !== 1);
  const two = readings.filter((r) => sideOf(r.form) !== 0);
  return one.length === readings.length || two.length === readings.length
    ? [[...readings]]
    : [one, two];
}
