import { RpeError } from './errors.js';

/**
 * The number and size parsers every option uses, so that `1e3`, `0x10`, `1_000`, ` 4`, `+4` and a
 * value past its range are refused the same way everywhere instead of being read as whatever
 * JavaScript's Number() makes of them. Each throws RpeError `bad_number` (exit 2) naming the
 * option and the value as typed (control characters escaped, so the message stays one line).
 */

/** A range a parsed value must fall in; `min` is inclusive unless `above` is set. */
export interface NumberRange {
  /** The option the value came from, as the message names it: `--jobs`. */
  option: string;
  min?: number;
  /** The value must be strictly above this instead (`--timeout 0` is refused). */
  above?: number;
  max?: number;
  /** The RpeError code of a refusal (default `bad_number`). */
  code?: string;
}

const WHOLE = /^[0-9]+$/;
const DECIMAL = /^[0-9]+(?:\.[0-9]+)?$/;
const SIZE = /^([0-9]+(?:\.[0-9]+)?)([bkmgt]?)(?:i?b)?$/i;
const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
  t: 1024 ** 4,
};

// A value as a message shows it: quoted, with control characters written as escapes.
export function quoteValue(text: string): string {
  const shown = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  return JSON.stringify(shown).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A parse that did not throw: the value, or what was expected instead (for commander's message). */
export type Parsed = { ok: true; value: number } | { ok: false; expected: string };

function bounds(range: NumberRange, show: (n: number) => string = String): string {
  const parts: string[] = [];
  if (range.above !== undefined) parts.push(`above ${show(range.above)}`);
  else if (range.min !== undefined) parts.push(`at least ${show(range.min)}`);
  if (range.max !== undefined) parts.push(`at most ${show(range.max)}`);
  return parts.length ? ` ${parts.join(' and ')}` : '';
}

function inRange(n: number, range: NumberRange): boolean {
  if (!Number.isFinite(n)) return false;
  if (range.above !== undefined && !(n > range.above)) return false;
  if (range.min !== undefined && n < range.min) return false;
  return range.max === undefined || n <= range.max;
}

const humanSize = (bytes: number) =>
  bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0 ? `${bytes / 1024 ** 3}g` : `${bytes} bytes`;

// tryParse*: a whole number in decimal digits only, within the range (and a safe integer).
export function tryParseWholeNumber(text: string, range: NumberRange): Parsed {
  const n = WHOLE.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(n) && inRange(n, range)
    ? { ok: true, value: n }
    : { ok: false, expected: `a whole number in digits${bounds(range)}` };
}

// A decimal number (`120`, `0.5`) written in digits, within the range.
export function tryParseDecimalNumber(text: string, range: NumberRange): Parsed {
  const n = DECIMAL.test(text) ? Number(text) : NaN;
  return inRange(n, range)
    ? { ok: true, value: n }
    : { ok: false, expected: `a number in digits${bounds(range)}` };
}

/**
 * A size in bytes: digits with an optional fraction and a binary unit, as Docker takes it (`2g`,
 * `512m`, `64k`, `1048576`, `256MiB`); the range is in bytes.
 */
export function tryParseByteSize(text: string, range: NumberRange): Parsed {
  const match = SIZE.exec(text);
  const unit = UNITS[match?.[2]?.toLowerCase() ?? ''];
  const n = match && unit !== undefined ? Math.round(Number(match[1]) * unit) : NaN;
  return Number.isSafeInteger(n) && inRange(n, range)
    ? { ok: true, value: n }
    : { ok: false, expected: `a size such as 2g, 512m or 1048576${sizeBounds(range)}` };
}

function sizeBounds(range: NumberRange): string {
  const shown = bounds(range, humanSize);
  return shown ? `,${shown}` : '';
}

function orThrow(parsed: Parsed, range: NumberRange, text: string): number {
  if (parsed.ok) return parsed.value;
  throw new RpeError(
    range.code ?? 'bad_number',
    `${range.option} must be ${parsed.expected}, got ${quoteValue(text)}`,
  );
}

// parse*: the same, throwing RpeError `bad_number` (exit 2) naming the option and the value.
export function parseWholeNumber(text: string, range: NumberRange): number {
  return orThrow(tryParseWholeNumber(text, range), range, text);
}

export function parseDecimalNumber(text: string, range: NumberRange): number {
  return orThrow(tryParseDecimalNumber(text, range), range, text);
}

export function parseByteSize(text: string, range: NumberRange): number {
  return orThrow(tryParseByteSize(text, range), range, text);
}
