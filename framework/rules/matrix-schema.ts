import { z } from 'zod';
import { RpeError } from '../errors.js';

/** Which panel model answered which item correctly: `correct[item][model]`, models in `models` order. */
export interface CorrectnessMatrix {
  models: string[];
  correct: (0 | 1 | boolean)[][];
}

const cell = z.union([z.literal(0), z.literal(1), z.boolean()], {
  error: 'must be 0, 1, true or false',
});

/**
 * A correctness matrix: at least one model with unique names, at least one item, every row one
 * 0/1/boolean per model. Other top-level fields (written by other tools) are allowed and ignored.
 */
export const matrixSchema = z
  .object({
    models: z
      .array(z.string().min(1, 'a model name is empty'))
      .min(1, 'at least one model is required')
      .refine((names) => new Set(names).size === names.length, 'model names must be unique'),
    correct: z.array(z.array(cell)).min(1, 'at least one item row is required'),
  })
  .superRefine((matrix, ctx) => {
    matrix.correct.forEach((row, i) => {
      if (row.length !== matrix.models.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['correct', i],
          message: `row ${i + 1} has ${row.length} values for ${matrix.models.length} models`,
        });
      }
    });
  });

function where(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'the matrix' : path.map(String).join('.');
}

/**
 * Checks an untrusted value (parsed JSON) is a correctness matrix. Throws RpeError
 * `invalid_matrix` (exit 2) with the first problem and where it is.
 */
export function parseMatrix(value: unknown, source = 'matrix'): CorrectnessMatrix {
  const parsed = matrixSchema.safeParse(value);
  if (parsed.success) return { models: parsed.data.models, correct: parsed.data.correct };
  const first = parsed.error.issues[0];
  const detail = first ? `${where(first.path)}: ${first.message}` : 'not a correctness matrix';
  throw new RpeError(
    'invalid_matrix',
    `${source}: ${detail} (expected {"models": [names], "correct": [[0/1 per model] per item]})`,
    { exitCode: 2 },
  );
}
