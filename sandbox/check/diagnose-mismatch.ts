import type { EnvVariation, Executor, RunRequest } from '../run/executor.js';
import {
  VARIATION_FIELDS,
  VARIATION_LABELS,
  withField,
  type VariationField,
} from '../run/env-variations.js';
import { mapConcurrent } from './map-concurrent.js';

export interface MismatchDiagnosis {
  /** A re-run in the first environment already differs: the clock, the pid, unseeded randomness. */
  sameEnvironment: boolean;
  /** The fields whose change alone reproduces the difference. */
  causes: VariationField[];
  /** One sentence for the report: "differs when PYTHONHASHSEED changes". */
  cause: string;
  /** How many extra runs the diagnosis took. */
  runs: number;
}

/**
 * Finds what makes two runs of one seed differ by running it again: once in the first
 * environment unchanged (a difference there is the clock, the process id or randomness not taken
 * from the seed), then, if that matches, once per field with only that field changed.
 */
export async function diagnoseMismatch(options: {
  executor: Executor;
  request: Omit<RunRequest, 'variation'>;
  variations: readonly [EnvVariation, EnvVariation];
  /** sha256 of the first environment's output. */
  firstSha256: string;
  jobs: number;
}): Promise<MismatchDiagnosis> {
  const { executor, request, firstSha256 } = options;
  const [first, second] = options.variations;
  const differs = async (variation: EnvVariation): Promise<boolean> => {
    const result = await executor.run({ ...request, variation });
    return result.status === 'ok' && result.outputSha256 !== firstSha256;
  };
  if (await differs({ ...first, name: `${first.name}-again` })) {
    return {
      sameEnvironment: true,
      causes: [],
      cause:
        'differs between two runs in the same environment: the output depends on the clock, ' +
        'the process id or randomness not taken from the seed',
      runs: 1,
    };
  }
  const fields = VARIATION_FIELDS.filter((f) => first[f] !== second[f]);
  const verdicts = await mapConcurrent(fields, options.jobs, (f) =>
    differs(withField(first, second, f)),
  );
  const causes = fields.filter((_, i) => verdicts[i]);
  const cause =
    causes.length > 0
      ? `differs when ${causes.map((f) => VARIATION_LABELS[f]).join(' or ')} changes`
      : 'differs between the two environments, but no single variation reproduces it';
  return { sameEnvironment: false, causes, cause, runs: 1 + fields.length };
}
