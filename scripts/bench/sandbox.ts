// The Docker sandbox: a full check of a fast generator (3 seeds x 2 runs, seeds in parallel where
// cores allow) against six bare `docker run`s of the same generator. Target: at most 1.3x.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import {
  buildRunnerImages,
  checkSubmission,
  connectEngine,
  DEFAULT_LIMITS,
  readEngineConfig,
  RUNNER_IMAGES,
  type Engine,
} from '../../sandbox/index.js';
import { createDockerExecutor } from '../../sandbox/run/docker-executor.js';
import { measure, report } from './measure.js';

const fixture = fileURLToPath(
  new URL('../../tests/fixtures/submissions/good-python', import.meta.url),
);
const SEEDS = [0, 1, 2];

async function bareRuns(): Promise<void> {
  for (const seed of SEEDS)
    for (let run = 0; run < 2; run++)
      await execa('docker', [
        'run',
        '--rm',
        '--network',
        'none',
        '--tmpfs',
        '/out',
        '-v',
        `${fixture}:/submission:ro`,
        RUNNER_IMAGES.python,
        'python3',
        '/submission/generate.py',
        '--seed',
        String(seed),
        '--out',
        join('/out', 'items.jsonl'),
      ]);
}

async function fullCheck(engine: Engine, jobs?: number): Promise<void> {
  const limits = { ...DEFAULT_LIMITS };
  const result = await checkSubmission({
    dir: fixture,
    seeds: SEEDS,
    limits,
    jobs,
    createExecutor: (entrypoint, submissionDir) =>
      createDockerExecutor({ engine, submissionDir, entrypoint, limits }),
  });
  if (result.verdict !== 'eligible') throw new Error(`good-python was ${result.verdict}`);
}

export async function run(): Promise<void> {
  const engine = await connectEngine(readEngineConfig());
  await buildRunnerImages(engine);
  const runs = Number(process.env.RPE_BENCH_RUNS ?? 5);
  const bare = await measure('six bare docker runs', bareRuns, { runs, warmup: 1 });
  const check = await measure('full check, 3 seeds x 2 runs', () => fullCheck(engine), {
    runs,
    warmup: 1,
  });
  const serial = await measure('full check, one run at a time', () => fullCheck(engine, 1), {
    runs,
    warmup: 1,
  });
  report(`six bare docker runs (sequential)`, bare.medianMs, 'ms');
  report(`full check (${availableParallelism()} cores)`, check.medianMs, 'ms');
  report('full check, one run at a time', serial.medianMs, 'ms');
  report('full check / bare runs', check.medianMs / bare.medianMs, 'x', { max: 1.3 });
  report('one run at a time / bare runs', serial.medianMs / bare.medianMs, 'x');
}
