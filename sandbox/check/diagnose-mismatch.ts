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

const UNSTABLE =
  'the output depends on the clock, the process id or randomness not taken from the seed';

/**
 * Finds what makes two runs of one seed differ by running it again: once in the first
 * environment unchanged (a difference there means the output is unstable), then once per field
 * with only that field changed. A field counts as the cause only if the converse holds too: the
 * second environment with that one field set back gives the first run's bytes. Without that
 * check a generator that changes on every run would blame every field it happened to be tried on.
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
  const sameAsFirst = async (variation: EnvVariation): Promise<boolean | null> => {
    const result = await executor.run({ ...request, variation });
    return result.status === 'ok' ? result.outputSha256 === firstSha256 : null;
  };
  if ((await sameAsFirst({ ...first, name: `${first.name}-again` })) === false) {
    return {
      sameEnvironment: true,
      causes: [],
      cause: `differs between two runs in the same environment: ${UNSTABLE}`,
      runs: 1,
    };
  }
  const fields = VARIATION_FIELDS.filter((f) => first[f] !== second[f]);
  const changed = await mapConcurrent(fields, options.jobs, (f) =>
    sameAsFirst(withField(first, second, f)),
  );
  const candidates = fields.filter((_, i) => changed[i] === false);
  const restored = await mapConcurrent(candidates, options.jobs, (f) =>
    sameAsFirst(withField(second, first, f)),
  );
  const causes = candidates.filter((_, i) => restored[i] === true);
  const runs = 1 + fields.length + candidates.length;
  let cause: string;
  if (causes.length > 0) {
    cause = `differs when ${causes.map((f) => VARIATION_LABELS[f]).join(' or ')} changes`;
  } else if (candidates.length > 0) {
    cause = `differs between runs, but no single variation explains it: ${UNSTABLE}`;
  } else {
    cause = 'differs between the two environments, but no single variation reproduces it';
  }
  return { sameEnvironment: false, causes, cause, runs };
}
