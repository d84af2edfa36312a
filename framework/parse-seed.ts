import { RpeError } from './errors.js';

/**
 * The largest seed: 2^53 − 1, the largest integer a JavaScript number holds exactly, so that the
 * TypeScript and Python runtimes key their streams with the same decimal text for every seed.
 */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/**
 * Parses a seed the way every command and generator entry point takes it: a whole number from 0
 * to MAX_SEED in plain decimal digits (`-1`, `1.5`, `1e3`, `0x10` are refused). Throws RpeError
 * `bad_seed` (exit 2) naming the option.
 */
export function parseSeed(text: string, option = '--seed'): number {
  const seed = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(seed)) {
    throw new RpeError(
      'bad_seed',
      `${option} must be a whole number from 0 to ${MAX_SEED}, got "${text}"`,
    );
  }
  return seed;
}
