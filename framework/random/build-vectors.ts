import { createStream } from './create-stream.js';
import { encodeStreamKey, streamSeed, type StreamKey } from './stream-seed.js';

/** One published test vector: a key and the first results of every method on a fresh stream. */
export interface StreamVector {
  key: StreamKey;
  encoded: string;
  seedHex: string;
  uint32: number[];
  int: { min: number; max: number; draws: number[] }[];
  pick: { items: string[]; draws: string[] };
  sample: { items: string[]; k: number; result: string[] };
  shuffle: { items: string[]; result: string[] };
  weighted: { items: string[]; weights: number[]; draws: string[] };
  chance: { numerator: number; denominator: number; draws: boolean[] };
}

const KEYS: StreamKey[] = [
  { seed: 0, family: 'numerals', index: 0, attempt: 0, label: 'sample' },
  { seed: 1, family: 'numerals', index: 0, attempt: 0, label: 'sample' },
  { seed: 1, family: 'numerals', index: 1, attempt: 0, label: 'sample' },
  { seed: 1, family: 'numerals', index: 0, attempt: 1, label: 'sample' },
  { seed: -7, family: 'rodzaj-żeński', index: 12, attempt: 3, label: 'imię' },
  { seed: 9007199254740991, family: '', index: 199, attempt: 49, label: '' },
  { seed: 42, family: 'emoji-😀', index: 5, attempt: 0, label: 'a|b:c' },
];

const RANGES: [number, number][] = [
  [0, 1],
  [1, 6],
  [-10, 10],
  [0, 2 ** 31], // about half the draws are rejected: exercises the redraw
  [0, 2 ** 32 - 1],
  [1000, 1000],
];

const LETTERS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];

// The vectors written to framework/random/vectors.json; the Python runtime must reproduce them.
export function buildVectors(): StreamVector[] {
  return KEYS.map((key) => {
    const fresh = () => createStream(key);
    const u = fresh();
    const uint32 = Array.from({ length: 8 }, () => u.uint32());
    const int = RANGES.map(([min, max]) => {
      const s = fresh();
      return { min, max, draws: Array.from({ length: 6 }, () => s.int(min, max)) };
    });
    const p = fresh();
    const w = fresh();
    const weights = [0, 1, 5, 0, 10, 3, 1, 1, 0, 2];
    const c = fresh();
    return {
      key,
      encoded: encodeStreamKey(key),
      seedHex: streamSeed(key),
      uint32,
      int,
      pick: { items: LETTERS, draws: Array.from({ length: 6 }, () => p.pick(LETTERS)) },
      sample: { items: LETTERS, k: 4, result: fresh().sample(LETTERS, 4) },
      shuffle: { items: LETTERS, result: fresh().shuffle(LETTERS) },
      weighted: {
        items: LETTERS,
        weights,
        draws: Array.from({ length: 8 }, () => w.weighted(LETTERS, weights)),
      },
      chance: {
        numerator: 1,
        denominator: 3,
        draws: Array.from({ length: 8 }, () => c.chance(1, 3)),
      },
    };
  });
}
