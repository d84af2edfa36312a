import { InvalidArgumentError } from 'commander';
import { RpeError } from '../framework/errors.js';
import {
  parseWholeNumber,
  tryParseDecimalNumber,
  tryParseWholeNumber,
  type NumberRange,
  type Parsed,
} from '../framework/parse-number.js';

// A commander parser from one of the framework's shared parsers: the message says what was expected.
function commanderParser(
  parse: (text: string, range: NumberRange) => Parsed,
  range: Omit<NumberRange, 'option'>,
  expected: string,
) {
  return (value: string): number => {
    const parsed = parse(value, { option: '', ...range });
    if (!parsed.ok) throw new InvalidArgumentError(`expected ${expected}`);
    return parsed.value;
  };
}

/**
 * A commander parser for a whole number of at least `min` (and at most `max`), written in digits:
 * `1e3`, `0x10`, `1.0` and an empty value are refused rather than read as a number JavaScript
 * would make of them.
 */
export function count(min: number, max: number = Number.MAX_SAFE_INTEGER) {
  const most = max < Number.MAX_SAFE_INTEGER ? ` and ≤ ${max}` : '';
  return commanderParser(tryParseWholeNumber, { min, max }, `an integer ≥ ${min}${most}`);
}

/** The longest wait an option in seconds may ask for: 24 h (a timer cannot wait much longer). */
export const MAX_SECONDS = 86_400;

// A commander parser for a positive number of seconds in digits (`120`, `0.5`), at most MAX_SECONDS.
export const seconds = commanderParser(
  tryParseDecimalNumber,
  { above: 0, max: MAX_SECONDS },
  `a number of seconds > 0 and ≤ ${MAX_SECONDS}`,
);

/** Most runs in flight at once that --jobs may ask for: far above any machine's cores. */
export const MAX_JOBS = 256;

// Parses --jobs: a whole number from 1 to MAX_JOBS, or undefined when not given.
export function parseJobs(text: string | undefined): number | undefined {
  return text === undefined
    ? undefined
    : parseWholeNumber(text, { option: '--jobs', min: 1, max: MAX_JOBS, code: 'bad_jobs' });
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
