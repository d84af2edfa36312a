import { checkItem } from './check-item.js';
import type { Item } from './item-schema.js';
import { itemWarnings } from './item-warnings.js';
import { readLines } from './read-lines.js';
import { TASK_LIMITS } from './task-limits.js';
import { issue, type ValidationIssue } from './validation-issue.js';

/**
 * The verdict of the format check. `n_items` counts the non-blank lines (each one is meant as an
 * item, valid or not); `items` holds the items of the lines without errors, in file order.
 */
export interface ValidationResult {
  format_ok: boolean;
  n_items: number;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
  items: Item[];
}

/**
 * Checks a Track 1 items.jsonl (bytes, text or lines) against every rule of the task's
 * "Track 1 — file format". Never throws on bad content: every problem is an issue in the result.
 */
export function validateItems(
  input: string | Uint8Array | readonly string[],
  options: { minItems?: number; maxItems?: number } = {},
): ValidationResult {
  const minItems = options.minItems ?? TASK_LIMITS.minItems;
  const maxItems = options.maxItems ?? TASK_LIMITS.maxItems;
  const { lines, issues } = readLines(input);
  const errors: ValidationIssue[] = [...issues];
  const warnings: ValidationIssue[] = [];
  const items: Item[] = [];
  const firstLineOfInput = new Map<string, number>();
  let count = 0;
  for (const { line, text, blank } of lines) {
    if (blank) {
      errors.push(issue(line, 'blank_line', 'blank line; every line must hold one item'));
      continue;
    }
    count++;
    if (text === null) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      errors.push(issue(line, 'invalid_json', `the line is not valid JSON (${reason})`));
      continue;
    }
    const checked = checkItem(value, line);
    errors.push(...checked.errors);
    const key = checked.inputKey;
    if (key !== null && key !== '') {
      const first = firstLineOfInput.get(key);
      if (first !== undefined) {
        errors.push(
          issue(
            line,
            'duplicate_input',
            `input repeats the input of line ${first} after normalisation`,
          ),
        );
        continue;
      }
      firstLineOfInput.set(key, line);
    }
    if (checked.item) {
      items.push(checked.item);
      warnings.push(...itemWarnings(checked.item, line, text, key ?? undefined));
    }
  }
  if (count < minItems) {
    errors.push(issue(0, 'too_few_items', `${count} items; at least ${minItems} are required`));
  }
  if (count > maxItems) {
    errors.push(issue(0, 'too_many_items', `${count} items; at most ${maxItems} are allowed`));
  }
  errors.sort((a, b) => a.line - b.line);
  return { format_ok: errors.length === 0, n_items: count, errors, warnings, items };
}
