// The Docker sandbox: a full check of a fast generator (3 seeds x 2 runs, seeds in parallel where
// cores allow; the install step, the network trace and the clock variation included) against six
// bare `docker run`s of the same generator. The two are timed in turns, round after round, so a
// change in the machine's load falls on both; the ratio is the median of the rounds' ratios.
// Target: at most 1.0x, goal 0.8x. The load average is printed beside the figures: on a shared
// machine they mean little without it.
import { availableParallelism, loadavg } from 'node:os';
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
import { report } from './measure.js';

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

/** Where a check's time went, in milliseconds. */
interface Phases {
  total: number;
  /** From the start to the executor's creation: the tree prepared, listed, its files read. */
  prepare: number;
  /** The executor's creation: sweep, image, tree volumes, keeper, install step. */
  setup: number;
  /** From the first run's start to the last run's end. */
  runs: number;
  /** The executor's disposal: the containers and volumes removed. */
  dispose: number;
}

async function fullCheck(engine: Engine, jobs?: number): Promise<Phases> {
  const limits = { ...DEFAULT_LIMITS };
  const t0 = performance.now();
  const marks = { asked: 0, ready: 0, firstRun: Infinity, lastRun: 0, disposeStart: 0, end: 0 };
  const result = await checkSubmission({
    dir: fixture,
    seeds: SEEDS,
    limits,
    jobs,
    createExecutor: async (entrypoint, submissionDir) => {
      marks.asked = performance.now();
      const executor = await createDockerExecutor({ engine, submissionDir, entrypoint, limits });
      marks.ready = performance.now();
      return {
        ...executor,
        run: async (request) => {
          marks.firstRun = Math.min(marks.firstRun, performance.now());
          const outcome = await executor.run(request);
          marks.lastRun = Math.max(marks.lastRun, performance.now());
          return outcome;
        },
        dispose: async () => {
          marks.disposeStart = performance.now();
          await executor.dispose();
          marks.end = performance.now();
        },
      };
    },
  });
  if (result.verdict !== 'eligible') throw new Error(`good-python was ${result.verdict}`);
  return {
    total: performance.now() - t0,
    prepare: marks.asked - t0,
    setup: marks.ready - marks.asked,
    runs: marks.lastRun - marks.firstRun,
    dispose: marks.end - marks.disposeStart,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export async function run(): Promise<void> {
  const engine = await connectEngine(readEngineConfig());
  await buildRunnerImages(engine);
  const rounds = Number(process.env.RPE_BENCH_RUNS ?? 5);
  const loadBefore = load();
  await bareRuns();
  await fullCheck(engine);
  const bare: number[] = [];
  const checks: Phases[] = [];
  const serial: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const t0 = performance.now();
    await bareRuns();
    bare.push(performance.now() - t0);
    checks.push(await fullCheck(engine));
    serial.push((await fullCheck(engine, 1)).total);
  }
  const ratios = checks.map((c, i) => c.total / (bare[i] ?? NaN));
  const serialRatios = serial.map((s, i) => s / (bare[i] ?? NaN));
  const phase = (key: keyof Phases) => median(checks.map((c) => c[key]));
  process.stdout.write(`load average before ${loadBefore}, after ${load()} (1, 5, 15 min)\n`);
  report('six bare docker runs (sequential)', median(bare), 'ms');
  report(`full check (${availableParallelism()} cores)`, phase('total'), 'ms');
  report('  tree prepared and read', phase('prepare'), 'ms');
  report('  executor set up (volumes, keeper, install)', phase('setup'), 'ms');
  report('  six runs', phase('runs'), 'ms');
  report('  containers and volumes removed', phase('dispose'), 'ms');
  report('full check, one run at a time', median(serial), 'ms');
  report('full check / bare runs (median of rounds)', median(ratios), 'x', { max: 1.0 });
  report('one run at a time / bare runs', median(serialRatios), 'x');
}
