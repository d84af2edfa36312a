import { codePointLength } from './normalize.js';

/**
 * The length of a string over a limit, counted in code points, or null when it fits. Both the
 * submitted string and its normalised form must fit: the task does not say which one is
 * measured, and passing both means passing whichever the organisers measure.
 */
export function lengthOverLimit(s: string, normalised: string, limit: number): number | null {
  const n = Math.max(codePointLength(s), codePointLength(normalised));
  return n > limit ? n : null;
}
