import { checkAliases } from './check-aliases.js';
import type { Item } from './item-schema.js';
import { describeValue } from './describe-value.js';
import { lengthOverLimit } from './length-over-limit.js';
import { normalize } from './normalize.js';
import { TASK_LIMITS } from './task-limits.js';
import { issue, type ValidationIssue } from './validation-issue.js';

const KNOWN_FIELDS = new Set(['input', 'gold', 'aliases']);

/**
 * Checks one parsed line against every per-item rule of "Track 1 — file format" except the
 * uniqueness of inputs across lines. Returns the item when the line has no error, and the
 * normalised input (when input is a string) for that uniqueness check.
 */
export function checkItem(
  value: unknown,
  line: number,
): { item: Item | null; errors: ValidationIssue[]; inputKey: string | null } {
  const errors: ValidationIssue[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push(
      issue(line, 'not_an_object', `the line is ${describeValue(value)}, not a JSON object`),
    );
    return { item: null, errors, inputKey: null };
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!KNOWN_FIELDS.has(key)) {
      errors.push(
        issue(line, 'unknown_field', `field "${key}" is not allowed (only input, gold, aliases)`),
      );
    }
  }
  const { input, gold, aliases } = record;
  for (const [name, field] of [
    ['input', input],
    ['gold', gold],
  ] as const) {
    if (field === undefined)
      errors.push(issue(line, 'missing_field', `field "${name}" is required`));
    else if (typeof field !== 'string') {
      errors.push(
        issue(line, 'wrong_type', `"${name}" must be a string, not ${describeValue(field)}`),
      );
    }
  }
  const inputKey = typeof input === 'string' ? normalize(input) : null;
  if (typeof input === 'string' && inputKey !== null) {
    if (inputKey === '')
      errors.push(issue(line, 'empty_input', 'input is empty after normalisation'));
    const n = lengthOverLimit(input, inputKey, TASK_LIMITS.maxInputLength);
    if (n !== null) {
      errors.push(
        issue(
          line,
          'input_too_long',
          `input has ${n} characters; at most ${TASK_LIMITS.maxInputLength} are allowed`,
        ),
      );
    }
  }
  const goldKey = typeof gold === 'string' ? normalize(gold) : null;
  if (typeof gold === 'string' && goldKey !== null) {
    if (goldKey === '') errors.push(issue(line, 'empty_gold', 'gold is empty after normalisation'));
    const n = lengthOverLimit(gold, goldKey, TASK_LIMITS.maxGoldLength);
    if (n !== null) {
      errors.push(
        issue(
          line,
          'gold_too_long',
          `gold has ${n} characters; at most ${TASK_LIMITS.maxGoldLength} are allowed`,
        ),
      );
    }
  }
  let aliasList: string[] | undefined;
  if (aliases !== undefined) {
    if (!Array.isArray(aliases)) {
      errors.push(
        issue(
          line,
          'wrong_type',
          `"aliases" must be an array of strings, not ${describeValue(aliases)}`,
        ),
      );
    } else {
      aliasList = checkAliases(aliases, goldKey, line, errors);
    }
  }
  if (errors.length > 0 || typeof input !== 'string' || typeof gold !== 'string') {
    return { item: null, errors, inputKey };
  }
  return {
    item: aliasList === undefined ? { input, gold } : { input, gold, aliases: aliasList },
    errors,
    inputKey,
  };
}
