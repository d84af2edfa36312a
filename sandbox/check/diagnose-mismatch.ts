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
 * The second environment's values of `fields` over the first: the environment in which only
 * those fields changed.
 */
function withFields(
  first: EnvVariation,
  second: EnvVariation,
  fields: readonly VariationField[],
): EnvVariation {
  return fields.reduce((v, f) => withField(v, second, f), first);
}

/**
 * Finds what makes two runs of one seed differ by running it again: once in the first
 * environment unchanged (a difference there means the output is unstable), then with fields of
 * the second environment taken over, to find each field whose change alone reproduces the
 * difference. A field counts as the cause only if the converse holds too: the second
 * environment with that one field set back gives the first run's bytes. Without that check a
 * generator that changes on every run would blame every field it happened to be tried on.
 *
 * The fields are searched by halves rather than one by one: all of them together are known to
 * make the difference (they are the second environment), so each half is run, and a half that
 * differs is split again, down to single fields; a half that gives the first run's bytes holds no
 * field that would alone. One cause among the thirteen fields takes at most eight runs instead
 * of thirteen, two causes a few more. A field that alone would give the difference is missed only
 * when another field of the same half undoes it (none of the variations can undo another's), and
 * a difference that needs two fields changed together is found by neither way. An output that
 * changes on every run, which the first re-run happened to match, makes every half differ: up to
 * twice as many runs as one field at a time, and the same answer.
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
  let runs = 1;
  const differs = async (group: readonly VariationField[]): Promise<boolean> => {
    runs += 1;
    return (await sameAsFirst(withFields(first, second, group))) === false;
  };
  // The fields of `group`, changed together known to differ, that differ when changed alone.
  const search = async (group: readonly VariationField[]): Promise<VariationField[]> => {
    if (group.length <= 1) return [...group];
    const halves = [
      group.slice(0, Math.ceil(group.length / 2)),
      group.slice(Math.ceil(group.length / 2)),
    ];
    const differing = await mapConcurrent(halves, options.jobs, differs);
    const found: VariationField[] = [];
    for (const [i, half] of halves.entries()) if (differing[i]) found.push(...(await search(half)));
    return found;
  };
  const candidates = await search(fields);
  const restored = await mapConcurrent(candidates, options.jobs, (f) =>
    sameAsFirst(withField(second, first, f)),
  );
  runs += candidates.length;
  const causes = candidates.filter((_, i) => restored[i] === true);
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
