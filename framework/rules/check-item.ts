import type { Item } from './item-schema.js';
import { codePointLength, normalize } from './normalize.js';
import { TASK_LIMITS } from './task-limits.js';
import { issue, type ValidationIssue } from './validation-issue.js';

const KNOWN_FIELDS = new Set(['input', 'gold', 'aliases']);

/**
 * A length over the limit, counted in code points. Both the submitted string and its normalised
 * form must fit: the task does not say which one is measured, and passing both means passing
 * whichever the organisers measure.
 */
function tooLong(s: string, normalised: string, limit: number): number | null {
  const n = Math.max(codePointLength(s), codePointLength(normalised));
  return n > limit ? n : null;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

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
    errors.push(issue(line, 'not_an_object', `the line is ${describe(value)}, not a JSON object`));
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
      errors.push(issue(line, 'wrong_type', `"${name}" must be a string, not ${describe(field)}`));
    }
  }
  const inputKey = typeof input === 'string' ? normalize(input) : null;
  if (typeof input === 'string' && inputKey !== null) {
    if (inputKey === '')
      errors.push(issue(line, 'empty_input', 'input is empty after normalisation'));
    const n = tooLong(input, inputKey, TASK_LIMITS.maxInputLength);
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
    const n = tooLong(gold, goldKey, TASK_LIMITS.maxGoldLength);
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
          `"aliases" must be an array of strings, not ${describe(aliases)}`,
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

function checkAliases(
  aliases: unknown[],
  goldKey: string | null,
  line: number,
  errors: ValidationIssue[],
): string[] {
  if (aliases.length > TASK_LIMITS.maxAliases) {
    errors.push(
      issue(
        line,
        'too_many_aliases',
        `${aliases.length} aliases; at most ${TASK_LIMITS.maxAliases} are allowed`,
      ),
    );
  }
  const seen = new Map<string, number>();
  const strings: string[] = [];
  aliases.forEach((alias, i) => {
    const which = `alias ${i + 1}`;
    if (typeof alias !== 'string') {
      errors.push(issue(line, 'wrong_type', `${which} must be a string, not ${describe(alias)}`));
      return;
    }
    strings.push(alias);
    const key = normalize(alias);
    const n = tooLong(alias, key, TASK_LIMITS.maxGoldLength);
    if (n !== null) {
      errors.push(
        issue(
          line,
          'alias_too_long',
          `${which} has ${n} characters; at most ${TASK_LIMITS.maxGoldLength} are allowed`,
        ),
      );
    }
    if (key === '') {
      errors.push(issue(line, 'empty_alias', `${which} is empty after normalisation`));
      return;
    }
    if (key === goldKey) {
      errors.push(
        issue(line, 'alias_equals_gold', `${which} "${alias}" is the gold after normalisation`),
      );
    }
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push(
        issue(
          line,
          'duplicate_alias',
          `${which} "${alias}" repeats alias ${first} after normalisation`,
        ),
      );
    } else seen.set(key, i + 1);
  });
  return strings;
}
