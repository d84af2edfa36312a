import { InvalidArgumentError } from 'commander';
import { RpeError } from '../framework/errors.js';

/**
 * A commander parser for a whole number of at least `min`, written in digits: `1e3`, `0x10`, `1.0`
 * and an empty value are refused rather than read as a number JavaScript would make of them.
 */
export function count(min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min) {
      throw new InvalidArgumentError(`expected an integer ≥ ${min}`);
    }
    return n;
  };
}

/** The longest wait an option in seconds may ask for: 24 h (a timer cannot wait much longer). */
export const MAX_SECONDS = 86_400;

// A commander parser for a positive number of seconds, at most MAX_SECONDS.
export function seconds(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || n > MAX_SECONDS) {
    throw new InvalidArgumentError(`expected a number of seconds > 0 and ≤ ${MAX_SECONDS}`);
  }
  return n;
}

/**
 * --min-items and --max-items as the rules take them; a minimum above the maximum is a usage
 * error (no file could pass), not a report of too many or too few items.
 */
export function itemLimits(flags: { minItems?: number; maxItems?: number }): {
  minItems?: number;
  maxItems?: number;
} {
  const { minItems, maxItems } = flags;
  if (minItems !== undefined && maxItems !== undefined && minItems > maxItems) {
    throw new RpeError(
      'usage',
      `--min-items ${minItems} is above --max-items ${maxItems}: no set could pass`,
    );
  }
  return {
    ...(minItems !== undefined ? { minItems } : {}),
    ...(maxItems !== undefined ? { maxItems } : {}),
  };
}
