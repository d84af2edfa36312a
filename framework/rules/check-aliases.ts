import { describeValue } from './describe-value.js';
import { lengthOverLimit } from './length-over-limit.js';
import { normalize } from './normalize.js';
import { TASK_LIMITS } from './task-limits.js';
import { issue, type ValidationIssue } from './validation-issue.js';

/**
 * Checks an item's aliases: at most five, each a string, non-empty and at most 80 code points
 * after normalisation, none repeating another or the gold (`goldKey`, the normalised gold).
 * Pushes errors onto `errors` and returns the string aliases.
 */
export function checkAliases(
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
      errors.push(
        issue(line, 'wrong_type', `${which} must be a string, not ${describeValue(alias)}`),
      );
      return;
    }
    strings.push(alias);
    const key = normalize(alias);
    const n = lengthOverLimit(alias, key, TASK_LIMITS.maxGoldLength);
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
