import { createRequire } from 'node:module';
import type seedrandomModule from 'seedrandom';
import { RpeError } from '../errors.js';
import { streamSeed, type StreamKey } from './stream-seed.js';

// Only seedrandom's ARC4 generator is used: the package's index would also load six other PRNGs
// at start-up, which every `rpe generate` pays for.
const seedrandom = createRequire(import.meta.url)(
  'seedrandom/seedrandom.js',
) as typeof seedrandomModule;

const TWO_32 = 0x1_0000_0000;

/**
 * A deterministic random stream. Every method is defined on unsigned 32-bit draws only (no
 * floating point), so the Python runtime reproduces each result bit for bit.
 */
export interface Rng {
  /** The seedrandom seed (hex) this stream was started from. */
  readonly seedHex: string;
  /** The next unsigned 32-bit draw. */
  uint32(): number;
  /** A uniform integer in [min, max], both included; rejection sampling, no modulo bias. */
  int(min: number, max: number): number;
  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** k distinct positions, uniformly, in draw order (partial Fisher–Yates on a copy). */
  sample<T>(items: readonly T[], k: number): T[];
  /** A shuffled copy (Fisher–Yates from the end). */
  shuffle<T>(items: readonly T[]): T[];
  /** One element with probability proportional to its non-negative integer weight. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** True with probability numerator/denominator (integers). */
  chance(numerator: number, denominator: number): boolean;
}

function fail(message: string): never {
  throw new RpeError('rng_usage', `random stream: ${message}`, { exitCode: 1 });
}

// Starts the stream of a key: seedrandom's ARC4 seeded with the key's SHA-256 hex.
export function createStream(key: StreamKey): Rng {
  return streamFromSeedHex(streamSeed(key));
}

// Starts a stream from a seedrandom seed string directly (test vectors, the generator runtime).
export function streamFromSeedHex(seedHex: string): Rng {
  const prng = seedrandom(seedHex);
  const uint32 = (): number => prng.int32() >>> 0;

  const int = (min: number, max: number): number => {
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min) {
      fail(`int(${min}, ${max}) needs integers with min ≤ max`);
    }
    const range = max - min + 1;
    if (range > TWO_32) fail(`int(${min}, ${max}) spans more than 2^32 values`);
    if (range === TWO_32) return min + uint32();
    // The largest multiple of range below 2^32: draws at or above it are redrawn.
    const limit = TWO_32 - (TWO_32 % range);
    let draw = uint32();
    while (draw >= limit) draw = uint32();
    return min + (draw % range);
  };

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) fail('pick() from an empty list');
    return items[int(0, items.length - 1)] as T;
  };

  const sample = <T>(items: readonly T[], k: number): T[] => {
    if (!Number.isSafeInteger(k) || k < 0 || k > items.length) {
      fail(`sample() of ${k} from ${items.length} items`);
    }
    const copy = items.slice();
    for (let i = 0; i < k; i++) {
      const j = int(i, copy.length - 1);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, k);
  };

  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };

  const weighted = <T>(items: readonly T[], weights: readonly number[]): T => {
    if (items.length === 0 || items.length !== weights.length) {
      fail('weighted() needs one weight per item and at least one item');
    }
    let total = 0;
    for (const w of weights) {
      if (!Number.isSafeInteger(w) || w < 0) fail(`weighted(): weight ${w} is not an integer ≥ 0`);
      total += w;
    }
    if (total === 0 || total > TWO_32) fail(`weighted(): total weight ${total} not in 1..2^32`);
    let r = int(0, total - 1);
    for (let i = 0; i < items.length; i++) {
      r -= weights[i] as number;
      if (r < 0) return items[i] as T;
    }
    return fail('weighted(): unreachable');
  };

  const chance = (numerator: number, denominator: number): boolean => {
    if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator < 1) {
      fail(`chance(${numerator}, ${denominator}) needs integers and denominator ≥ 1`);
    }
    return int(0, denominator - 1) < numerator;
  };

  return { seedHex, uint32, int, pick, sample, shuffle, weighted, chance };
}
