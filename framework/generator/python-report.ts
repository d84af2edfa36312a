import { z } from 'zod';
import { RpeError } from '../errors.js';
import { readSource } from '../rules/index.js';

// What a Python generator made by `rpe init --lang py` writes for the toolkit, checked at the
// boundary: its declaration (`generate.py --describe FILE`) and one run's report (`--report FILE`).

const count = z.number().int().nonnegative();
export const declarationSchema = z.object({
  name: z.string().min(1),
  count,
  lexicon: z.string().nullable(),
  families: z.array(
    z.object({
      id: z.string().min(1),
      phenomenon: z.string(),
      contrast: z.string(),
      weight: z.number().positive(),
    }),
  ),
});
export const reportSchema = z.object({
  generator: z.string(),
  seed: count,
  n_items: count,
  expected_overlap: z.number(),
  families: z.array(
    z.object({
      id: z.string(),
      phenomenon: z.string(),
      quota: count,
      produced: count,
      attempts: count,
      duplicates: count,
      rejections: z.record(z.string(), count),
      /** Rejected draws by the lemma the snapshot did not know (runtimes before it: absent). */
      unknown_lemmas: z.record(z.string(), count).optional(),
      unknown_filter_lemmas: z.array(z.string()).optional(),
      capacity: count.nullable(),
      capacity_source: z.enum(['declared', 'estimated', 'unknown']),
      expected_overlap: z.number().nullable(),
    }),
  ),
  items: z.array(z.object({ family: z.string(), index: count, attempt: count })),
});
export const failureSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    exit_code: z.union([z.literal(1), z.literal(2)]),
  }),
});

/** The declaration a Python generator gives with `generate.py --describe FILE`. */
export type PythonDeclaration = z.infer<typeof declarationSchema>;

/** What the Python runtime reports of one seed (`generate.py --report FILE`). */
export type PythonReport = z.infer<typeof reportSchema>;

/** A family as the Python runtime reports it after a run. */
export type PythonFamilyReport = PythonReport['families'][number];

// A JSON file the runtime wrote, or null when it wrote none.
export function readJsonFile(path: string, what: string): unknown {
  let text: string;
  try {
    text = new TextDecoder().decode(readSource(path));
  } catch {
    return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RpeError('python_report_invalid', `${what} is not JSON`);
  }
}

export function checked<T>(value: unknown, schema: z.ZodType<T>, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw new RpeError(
    'python_report_invalid',
    `${what} is not what rpe expects (${first?.path.join('.') ?? ''}: ${first?.message ?? 'invalid'})`,
  );
}
