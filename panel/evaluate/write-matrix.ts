import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RpeError } from '../../framework/index.js';
import type { CorrectnessMatrix } from './evaluate-responses.js';

// Writes the matrix as JSON through a temporary file and a rename: never a half-written matrix.
export function writeMatrix(path: string, matrix: CorrectnessMatrix): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    mkdirSync(dirname(path), { recursive: true });
    // One row per line keeps the file readable and diffable for 200 items.
    const rows = matrix.correct.map((row) => `    ${JSON.stringify(row)}`).join(',\n');
    const text = `{\n  "models": ${JSON.stringify(matrix.models)},\n  "correct": [\n${rows}\n  ]\n}\n`;
    writeFileSync(temp, text, 'utf8');
    renameSync(temp, path);
  } catch (cause) {
    rmSync(temp, { force: true });
    throw new RpeError('output_unwritable', `cannot write ${path}: ${String(cause)}`, { cause });
  }
}
