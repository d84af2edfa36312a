import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkSubmission } from '../../sandbox/check/check-submission.js';
import { PID_BASE, readEngineFacts } from '../../sandbox/engine/index.js';
import { createDockerExecutor } from '../../sandbox/run/docker-executor.js';
import { CLOCK_SHIFT_SECONDS, ENV_VARIATIONS } from '../../sandbox/run/env-variations.js';
import {
  DOCKER_SUBMISSIONS,
  engine,
  ensureImages,
  IMAGE_BUILD_TIMEOUT_MS,
  SUBMISSIONS,
  TEST_LIMITS,
} from './docker-engine.js';
import { runFixture } from './run-fixture.js';

interface Seen {
  time: number;
  monotonic: number;
  slept: boolean;
  umask: string;
  uid: number;
  pid: number;
  affinity?: number[];
  cpus?: number;
}

const facts = (output: Buffer | undefined): Seen =>
  JSON.parse((output ?? Buffer.from('{}')).toString('utf8')) as Seen;

describe.skipIf(!engine)(
  'Docker executor: the variations that are no environment variable',
  { timeout: 600_000 },
  () => {
    beforeAll(ensureImages, IMAGE_BUILD_TIMEOUT_MS);

    it.each(['report-variations', 'report-variations-node'])(
      '%s: the second run sees the clock moved, another umask, user and CPU set, and the same pid',
      async (name) => {
        const cpus = engine ? (await readEngineFacts(engine, 15_000)).cpus : 1;
        const { results, notes } = await runFixture(join(DOCKER_SUBMISSIONS, name), {
          variations: [...ENV_VARIATIONS],
        });
        expect(results.map((r) => r.status)).toEqual(['ok', 'ok']);
        const [a, b] = results.map((r) => facts(r.output));
        if (!a || !b) throw new Error('no facts');
        // Both runs happen within minutes; the second sees a clock 398 days and 7 hours ahead.
        expect(Math.abs(b.time - a.time - CLOCK_SHIFT_SECONDS)).toBeLessThan(600);
        expect(Math.abs(a.time - Date.now() / 1000)).toBeLessThan(600);
        // The monotonic clock moves by a constant within a run, so the fixture's sleep ended.
        expect(a.slept && b.slept).toBe(true);
        expect([a.umask, b.umask]).toEqual(['0o22', '0o2']);
        expect([a.uid, b.uid]).toEqual(ENV_VARIATIONS.map((v) => v.uid));
        // Exactly the documented pid (41, 78), however many pids strace takes as it starts.
        expect([a.pid, b.pid]).toEqual(ENV_VARIATIONS.map((v) => PID_BASE + v.pidShift + 1));
        const usable = a.affinity?.length ?? a.cpus;
        const pinned = b.affinity?.length ?? b.cpus;
        expect(usable).toBe(cpus);
        expect(pinned).toBe(1);
        expect(notes.join('\n')).toContain(
          `the second run of each seed: the clock +398 days 7 hours (libfaketime), umask 0002, user id 10003${cpus > 1 ? ', one CPU (taskset)' : ''}`,
        );
      },
    );

    it.each(['nondeterministic-date-hour', 'nondeterministic-date-hour-node'])(
      '%s (the date and hour in its seed) is nondeterministic, and the clock is named',
      async (name) => {
        const on = engine;
        if (!on) return;
        const report = await checkSubmission({
          dir: join(SUBMISSIONS, name),
          seeds: [0, 1],
          limits: TEST_LIMITS,
          createExecutor: (entrypoint, submissionDir) =>
            createDockerExecutor({ engine: on, submissionDir, entrypoint, limits: TEST_LIMITS }),
        });
        expect(report.verdict).toBe('disqualified');
        const disqualifying = report.reasons.filter((r) => r.class === 'disqualified');
        expect([...new Set(disqualifying.map((r) => r.code))]).toEqual(['nondeterministic']);
        // A check that crosses the hour may blame the same environment for one seed; both name
        // the clock, and one seed at least finds it alone.
        for (const seed of report.seeds) expect(seed.cause).toMatch(/the clock/);
        expect(report.seeds.map((s) => s.cause)).toContain('differs when the clock changes');
      },
    );
  },
);
