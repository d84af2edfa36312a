import { createHash } from 'node:crypto';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../run/default-limits.js';
import {
  ENV_VARIATIONS,
  VARIATION_FIELDS,
  VARIATION_LABELS,
  withField,
  type VariationField,
} from '../run/env-variations.js';
import type { EnvVariation, Executor, RunResult } from '../run/executor.js';
import { okRun } from '../../tests/ok-run.js';
import { diagnoseMismatch } from './diagnose-mismatch.js';

const [A, B] = ENV_VARIATIONS;
const UNSTABLE_WORDS =
  'the output depends on the clock, the process id or randomness not taken from the seed';
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * An executor whose generator prints `output(variation, n)` on its n-th run (from 1) and that
 * records every environment it was asked to run in.
 */
function fake(output: (v: EnvVariation, n: number) => string) {
  const asked: EnvVariation[] = [];
  const flight = { now: 0, most: 0 };
  const executor: Executor = {
    kind: 'local',
    isolated: false,
    networkTraced: false,
    async run(request): Promise<RunResult> {
      asked.push(request.variation);
      const n = asked.length;
      flight.most = Math.max(flight.most, ++flight.now);
      await new Promise((resolve) => setTimeout(resolve, 1));
      flight.now -= 1;
      return okRun(request.seed, request.variation.name, output(request.variation, n));
    },
    dispose: async () => {},
  };
  return { executor, asked, flight };
}

// A generator whose output shows the values of `fields` and nothing else.
const showing = (fields: readonly VariationField[]) => (v: EnvVariation) =>
  fields.map((f) => `${f}=${String(v[f])}`).join('\n');

function diagnose(
  output: (v: EnvVariation, n: number) => string,
  variations: readonly [EnvVariation, EnvVariation] = [A, B],
  jobs = 1,
) {
  const { executor, asked, flight } = fake(output);
  const diagnosis = diagnoseMismatch({
    executor,
    request: {
      submissionDir: '/tmp/tree',
      entrypoint: { file: 'generate.py', kind: 'python' },
      limits: resolveLimits({}),
      seed: 3,
    },
    variations,
    firstSha256: sha(output(variations[0], 0)),
    jobs,
  });
  return diagnosis.then((d) => ({ ...d, asked, mostAtOnce: flight.most }));
}

/**
 * The diagnosis one field at a time: each field of the second environment alone, then the
 * converse for each that differs. What the search by halves must agree with.
 */
function oneAtATime(output: (v: EnvVariation) => string) {
  const differs = (v: EnvVariation) => output(v) !== output(A);
  const fields = VARIATION_FIELDS.filter((f) => A[f] !== B[f]);
  const candidates = fields.filter((f) => differs(withField(A, B, f)));
  const causes = candidates.filter((f) => !differs(withField(B, A, f)));
  return { causes, runs: 1 + fields.length + candidates.length };
}

describe('diagnoseMismatch', () => {
  it('names the one field that makes the difference, in fewer runs than one at a time', async () => {
    for (const field of VARIATION_FIELDS) {
      const d = await diagnose(showing([field]));
      expect(d.causes).toEqual([field]);
      expect(d.sameEnvironment).toBe(false);
      expect(d.runs).toBe(d.asked.length);
      expect(d.runs).toBeLessThanOrEqual(10);
      expect(d.runs).toBeLessThan(oneAtATime(showing([field])).runs);
    }
    const tz = await diagnose(showing(['tz']));
    expect(tz.cause).toBe('differs when TZ changes');
    // The cause was run alone, and so was its converse: the second environment with it set back.
    expect(tz.asked).toContainEqual({ ...A, tz: B.tz, name: 'a+tz' });
    expect(tz.asked).toContainEqual({ ...B, tz: A.tz, name: 'b+tz' });
  });

  it('gives the answer one field at a time gives, whatever fields the output shows', async () => {
    const random = seedrandom('diagnosis');
    for (let round = 0; round < 200; round++) {
      const fields = VARIATION_FIELDS.filter(() => random() < 0.25);
      if (fields.length === 0) continue;
      const expected = oneAtATime(showing(fields));
      const d = await diagnose(showing(fields));
      expect(d.causes, fields.join(',')).toEqual(expected.causes);
      // Two fields shown: each alone makes a difference, but setting either back leaves the
      // other's, so neither is the cause, one at a time or by halves.
      expect(d.cause, fields.join(',')).toBe(
        fields.length === 1
          ? `differs when ${VARIATION_LABELS[fields[0] as VariationField]} changes`
          : `differs between runs, but no single variation explains it: ${UNSTABLE_WORDS}`,
      );
      expect(d.runs).toBe(d.asked.length);
    }
  });

  it('runs the same work two at a time with two jobs', async () => {
    const one = await diagnose(showing(['lang']), [A, B], 1);
    const two = await diagnose(showing(['lang']), [A, B], 2);
    expect(two.causes).toEqual(['lang']);
    expect(two.runs).toBe(one.runs);
    expect(one.mostAtOnce).toBe(1);
    expect(two.mostAtOnce).toBe(2);
  });

  it('says the output is unstable when a re-run in the first environment differs', async () => {
    const d = await diagnose((_, n) => `run ${n}`);
    expect(d).toMatchObject({ sameEnvironment: true, causes: [], runs: 1 });
    expect(d.cause).toMatch(/^differs between two runs in the same environment: /);
    expect(d.asked).toEqual([{ ...A, name: 'a-again' }]);
  });

  it('blames no field when the output changes on every run but the first re-run matched', async () => {
    // The re-run (run 1) matches the first run's bytes; every later run differs.
    const d = await diagnose((v, n) => (n <= 1 ? showing([])(v) : `run ${n}`));
    expect(d.causes).toEqual([]);
    expect(d.cause).toMatch(/^differs between runs, but no single variation explains it: /);
    expect(d.runs).toBe(d.asked.length);
  });

  it('blames no field when two fields each give the same difference (the converse fails)', async () => {
    // Either change gives the same output: setting one back leaves the other's difference.
    const output = (v: EnvVariation) => (v.tz !== A.tz || v.lang !== A.lang ? 'X' : 'Y');
    const d = await diagnose(output);
    expect(oneAtATime(output).causes).toEqual([]);
    expect(d.causes).toEqual([]);
    expect(d.cause).toMatch(/^differs between runs, but no single variation explains it: /);
  });

  it('blames no field when only two changed together make the difference', async () => {
    const output = (v: EnvVariation) => (v.home !== A.home && v.uid !== A.uid ? 'X' : 'Y');
    const d = await diagnose(output);
    expect(oneAtATime(output).causes).toEqual([]);
    expect(d.causes).toEqual([]);
    expect(d.cause).toBe(
      'differs between the two environments, but no single variation reproduces it',
    );
  });

  it('needs no search when the environments differ in one field only', async () => {
    const second = { ...A, name: 'b', tz: B.tz };
    const d = await diagnose(showing(['tz']), [A, second]);
    expect(d.causes).toEqual(['tz']);
    // The re-run and the converse: the second environment is the field's change alone.
    expect(d.runs).toBe(2);
  });
});
