import { writeFileAtomic } from '../../framework/index.js';
import type { CorrectnessMatrix } from './evaluate-responses.js';

// Writes the matrix as JSON through a temporary file and a rename: never a half-written matrix.
export function writeMatrix(path: string, matrix: CorrectnessMatrix): void {
  // One row per line keeps the file readable and diffable for 200 items.
  const rows = matrix.correct.map((row) => `    ${JSON.stringify(row)}`).join(',\n');
  writeFileAtomic(
    path,
    `{\n  "models": ${JSON.stringify(matrix.models)},\n  "correct": [\n${rows}\n  ]\n}\n`,
  );
}
