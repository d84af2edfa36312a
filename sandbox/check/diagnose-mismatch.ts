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

// `items` cut into `n` parts in order, their sizes differing by one at most.
function splitInto<T>(items: readonly T[], n: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0, start = 0; i < n; i++) {
    const size = Math.ceil((items.length - start) / (n - i));
    parts.push(items.slice(start, start + size));
    start += size;
  }
  return parts;
}

/**
 * The report's sentence for a diagnosis: the causes (fields whose change alone gives the
 * difference and whose return alone removes it), else whether any field gave it alone.
 */
export function causeOf(
  causes: readonly VariationField[],
  candidates: readonly VariationField[],
): string {
  if (causes.length > 0)
    return `differs when ${causes.map((f) => VARIATION_LABELS[f]).join(' or ')} changes`;
  if (candidates.length > 0)
    return `differs between runs, but no single variation explains it: ${UNSTABLE}`;
  return 'differs between the two environments, but no single variation reproduces it';
}

/**
 * Finds what makes two runs of one seed differ by running it again: once in the first
 * environment unchanged (a difference there means the output is unstable), then with fields of
 * the second environment taken over, to find each field whose change alone reproduces the
 * difference. A field counts as the cause only if the converse holds too: the second
 * environment with that one field set back gives the first run's bytes. Without that check a
 * generator that changes on every run would blame every field it happened to be tried on.
 *
 * The fields are searched by parts rather than one by one: all of them together are known to
 * make the difference (they are the second environment), so they are cut into as many parts as
 * runs may go at once (two at least), each part is run, and a part that differs is cut again,
 * down to single fields; a part that gives the first run's bytes holds no field that would alone.
 * With one or two jobs, one cause among the thirteen fields takes at most eight runs instead of
 * thirteen; with thirteen jobs or more the parts are single fields from the start, as one at a
 * time, in the fewest rounds. Several fields that each make a difference can cost more runs than
 * one at a time, and are no cause anyway (the converse fails for each). A field that alone would
 * give the difference is missed only if another field of the same part undoes it: none is meant
 * to, and the two that both move the local time, TZ and the clock, are never in one part (they
 * are eight fields apart, and no part holds more than seven). A part whose run fails says nothing
 * and is cut again, as a field whose run fails is no candidate. An output that changes on every
 * run, which the first re-run happened to match, makes every part differ: up to twice as many
 * runs as one at a time, and the same answer.
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
  // The groups of fields still in question: first all of them, known to differ together. A part
  // that differs, or whose run failed and so says nothing, is cut again unless it is one field.
  const candidates: VariationField[] = [];
  let groups: VariationField[][] = fields.length > 0 ? [fields] : [];
  while (groups.length > 0) {
    const parts = groups.flatMap((g) =>
      g.length === 1 ? [g] : splitInto(g, Math.max(2, Math.min(options.jobs, g.length))),
    );
    const same = await mapConcurrent(parts, options.jobs, (part) =>
      sameAsFirst(withFields(first, second, part)),
    );
    runs += parts.length;
    groups = [];
    for (const [i, part] of parts.entries()) {
      if (same[i] === true || (same[i] === null && part.length === 1)) continue;
      if (part.length === 1) candidates.push(...part);
      else groups.push(part);
    }
  }
  candidates.sort((x, y) => fields.indexOf(x) - fields.indexOf(y));
  const restored = await mapConcurrent(candidates, options.jobs, (f) =>
    sameAsFirst(withField(second, first, f)),
  );
  runs += candidates.length;
  const causes = candidates.filter((_, i) => restored[i] === true);
  return { sameEnvironment: false, causes, cause: causeOf(causes, candidates), runs };
}
