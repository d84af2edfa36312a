import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { processAlive } from '../../framework/index.js';
import {
  checkSubmission,
  createLocalExecutor,
  resolveLimits,
  type Report,
} from '../../sandbox/index.js';
import { probeLocalLaunch } from '../../sandbox/run/probe-local-launch.js';
import { fixture } from './fixture-paths.js';

const { faketime } = await probeLocalLaunch();

async function check(name: string, isolation: 'auto' | 'none' = 'auto'): Promise<Report> {
  const limits = resolveLimits({ timeoutSeconds: 60, memoryBytes: 512 * 1024 ** 2 });
  return checkSubmission({
    dir: fixture(name),
    seeds: [0, 1],
    limits,
    jobs: 2,
    createExecutor: (entrypoint, submissionDir, tree) =>
      createLocalExecutor({
        submissionDir,
        entrypoint,
        limits,
        isolation,
        install: tree?.temporary === true,
      }),
  });
}

const shmLeftovers = async () =>
  (await readdir('/dev/shm').catch(() => [])).filter((f) => f.includes('faketime_'));

// A leftover is a file of a process that is gone (libfaketime names them by pid): another test
// run's live processes have theirs, made and removed while this test runs.
function ofGoneProcess(file: string): boolean {
  const pid = Number(/_(\d+)$/.exec(file)?.[1]);
  return !pid || !processAlive(pid);
}

const disqualifying = (report: Report) => [
  ...new Set(report.reasons.filter((r) => r.class === 'disqualified').map((r) => r.code)),
];

describe(
  'rpe check moves the clock of the second run where libfaketime is installed',
  { timeout: 600_000 },
  () => {
    it.each(['nondeterministic-date-hour', 'nondeterministic-date-hour-node'])(
      '%s: nondeterministic, the clock named (or the report says the clock was not varied)',
      async (name) => {
        const report = await check(name);
        if (!faketime) {
          expect(report.notes.join('\n')).toMatch(/not varied: the clock \(libfaketime is not/);
          expect(disqualifying(report)).toEqual([]);
          return;
        }
        expect(report.notes.join('\n')).toContain('the clock +398 days 7 hours (libfaketime)');
        expect(disqualifying(report)).toEqual(['nondeterministic']);
        // A check that crosses the hour may blame the same environment for one seed.
        for (const seed of report.seeds) expect(seed.cause).toMatch(/the clock/);
        expect(report.seeds.map((s) => s.cause)).toContain('differs when the clock changes');
      },
    );

    it.skipIf(!faketime)(
      'leaves nothing of libfaketime in /dev/shm, with namespaces or without',
      async () => {
        const before = await shmLeftovers();
        for (const isolation of ['auto', 'none'] as const) {
          const report = await check('good-python', isolation);
          expect(report.verdict).toBe('eligible');
        }
        const left = (await shmLeftovers()).filter((f) => !before.includes(f));
        expect(left.filter(ofGoneProcess)).toEqual([]);
      },
    );
  },
);
