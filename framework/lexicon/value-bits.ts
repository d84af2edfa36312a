import { FEATURE_VALUES, PARTS_OF_SPEECH } from './parse-tag.js';

/** Bits per mask column: 30 keeps every mask a small positive integer in SQLite, JS and Python. */
export const BITS_PER_WORD = 30;

/** How many mask columns (`mask0`, `mask1`, ...) the tags table has. */
export const MASK_WORDS = 3;

/**
 * Every tag value in a fixed order: parts of speech, then each feature's values. A value written
 * the same in two places (`pred`, `comp`: a part of speech and a verb or numeral form class) has
 * one bit, as a query value matches in any position.
 */
export const TAG_VALUES: readonly string[] = [
  ...new Set<string>([...PARTS_OF_SPEECH, ...Object.values(FEATURE_VALUES).flat()]),
];

/** Each value's mask column and bit. */
export const VALUE_BITS: ReadonlyMap<string, readonly [word: number, bit: number]> = new Map(
  TAG_VALUES.map((value, i) => [value, [Math.floor(i / BITS_PER_WORD), i % BITS_PER_WORD]]),
);

if (TAG_VALUES.length > BITS_PER_WORD * MASK_WORDS) {
  throw new Error('framework/lexicon: more tag values than mask bits; add a mask column');
}

// The mask columns of a set of values: a tag matches a query when (mask & query) = query per column.
export function valueMasks(values: Iterable<string>): number[] {
  const masks: number[] = new Array<number>(MASK_WORDS).fill(0);
  for (const value of values) {
    const place = VALUE_BITS.get(value);
    if (!place) throw new Error(`"${value}" is not a value of the tagset`);
    masks[place[0]] = (masks[place[0]] ?? 0) | (1 << place[1]);
  }
  return masks;
}
