import { score, type CorrectnessMatrix } from '../../framework/index.js';
import type { Components } from './score-tally.js';

/** The matrix's rows as booleans, over the `kept` models only (all by default), in panel order. */
export function panelRows(matrix: CorrectnessMatrix, kept?: readonly string[]): boolean[][] {
  const columns = (kept ?? matrix.models).map((m) => matrix.models.indexOf(m));
  return matrix.correct.map((row) => columns.map((c) => row[c] === 1 || row[c] === true));
}

/** The matrix of some of its rows, in the order given. */
export function pickRows(matrix: CorrectnessMatrix, rows: readonly number[]): CorrectnessMatrix {
  return { models: matrix.models, correct: rows.map((r) => matrix.correct[r] ?? []) };
}

/** The official score (the rules' own `score`) of some rows of a matrix. */
export function officialScore(matrix: CorrectnessMatrix, rows: readonly number[]): Components {
  const { discrimination, diversity, separation, score: value } = score(pickRows(matrix, rows));
  return { discrimination, diversity, separation, score: value };
}

/** Greatest common divisor of positive integers (0s ignored); 1 for none. */
export function gcdOf(xs: readonly number[]): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  return xs.filter((x) => x > 0).reduce((g, x) => gcd(x, g), 0) || 1;
}
