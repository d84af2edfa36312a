import { createStream } from '../../framework/index.js';

/** The stream key's family for review samples: part of the documented recipe, never change it. */
export const SAMPLE_STREAM = 'rpe-sheet-sample';

/**
 * `size` item numbers (1-based) out of `count`, drawn uniformly with the toolkit's keyed stream
 * (seed, family `rpe-sheet-sample`, index 0, attempt 0, label `sample`) and listed in ascending
 * order. The same seed and count always give the same numbers; all of them when size ≥ count.
 */
export function sampleItemNumbers(count: number, size: number, seed: number): number[] {
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  if (size >= count) return numbers;
  const rng = createStream({ seed, family: SAMPLE_STREAM, index: 0, attempt: 0, label: 'sample' });
  return rng.sample(numbers, size).sort((a, b) => a - b);
}
