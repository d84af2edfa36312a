// The checks in local mode (`rpe check`): a full check of a fast generator (3 seeds x 2 runs,
// seeds in parallel where cores allow) against six bare runs of the same generator one after
// another. Target: at most 1.3x, so the checks themselves cost little next to the generator.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import {
  checkSubmission,
  createLocalExecutor,
  hashTree,
  resolveLimits,
  renderReportMarkdown,
  type ExecutorFactory,
} from '../../sandbox/index.js';
import { measure, report } from './measure.js';

const fixture = fileURLToPath(
  new URL('../../tests/fixtures/submissions/good-python', import.meta.url),
);
const SEEDS = [0, 1, 2];

export async function run(): Promise<void> {
  const python = (
    await execa('python3', ['-c', 'import sys; print(sys.executable)'])
  ).stdout.trim();
  const limits = resolveLimits({});
  // As `rpe check` makes it: the install step and the Python without this machine's packages.
  const asTheCliDoes: ExecutorFactory = (entrypoint, submissionDir, tree) =>
    createLocalExecutor({ submissionDir, entrypoint, limits, install: tree?.temporary === true });
  const bare = await measure(
    'six bare runs',
    async () => {
      for (const seed of SEEDS)
        for (let i = 0; i < 2; i++)
          await execa(python, [
            `${fixture}/generate.py`,
            '--seed',
            String(seed),
            '--out',
            '/dev/null',
          ]);
    },
    { runs: 5, warmup: 1 },
  );
  const full = await measure(
    'full local check',
    () =>
      checkSubmission({
        dir: fixture,
        seeds: SEEDS,
        limits,
        createExecutor: asTheCliDoes,
      }),
    { runs: 5, warmup: 1 },
  );
  const sample = await checkSubmission({
    dir: fixture,
    seeds: SEEDS,
    limits,
    createExecutor: asTheCliDoes,
  });
  const hash = await measure('tree hash', () => hashTree(fixture), { runs: 50 });
  const md = await measure('report.md rendering', () => renderReportMarkdown(sample), {
    runs: 200,
  });
  report(`six bare python runs (${availableParallelism()} cores)`, bare.medianMs, 'ms');
  report('full check, 3 seeds x 2 runs, local', full.medianMs, 'ms');
  report('full check / six bare runs', full.medianMs / bare.medianMs, 'x', { max: 1.3 });
  report('submission tree hash', hash.medianMs, 'ms', { max: 50 });
  report('report.md rendering', md.medianMs, 'ms', { max: 5 });
}
