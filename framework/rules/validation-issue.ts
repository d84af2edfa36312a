/**
 * One finding of a check: the 1-based line of the file it concerns (0 for the whole file), a
 * stable snake_case code that scripts can match on, and a sentence for people.
 */
export interface ValidationIssue {
  line: number;
  code: string;
  message: string;
}

// Builds an issue; keeps call sites on one line.
export function issue(line: number, code: string, message: string): ValidationIssue {
  return { line, code, message };
}
