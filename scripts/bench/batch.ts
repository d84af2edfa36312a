// A batch spread over two Docker engines against the same batch on one: six fixture submissions,
// three seeds each. The second engine is RPE_BENCH_ENGINE2: `sudo bash
// scripts/ci/start-test-engines.sh DIR` starts one and writes its URL (ENGINE2) to DIR/engines.env.
// On a machine where both engines share the same cores (as on the 2-core
// machine these figures come from), the speed-up shows that the pool mechanism works and what it
// costs, not a gain in speed: that needs engines on other machines.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_LIMITS,
  poolBatchEngines,
  readEngineConfig,
  resolveEnginePool,
  runBatch,
  toolkitVersion,
} from '../../sandbox/index.js';
import { measure, report } from './measure.js';

const FIXTURES = fileURLToPath(new URL('../../tests/fixtures/submissions/', import.meta.url));
const NAMES = [
  'good-python',
  'good-typescript',
  'good-javascript',
  'static-list',
  'runtime-error',
  'reads-data-relative',
];
const MAIN = readEngineConfig().endpoint.url;
const SECOND = process.env.RPE_BENCH_ENGINE2 ?? 'unix:///run/rpe-engine2/docker.sock';

// One whole batch on the engines named: the pool resolved, the images in place, every check run.
async function batchOn(engines: string[], scratch: string): Promise<void> {
  const config = readEngineConfig();
  const pool = await resolveEnginePool(config, { engines });
  if (pool.ready.length !== engines.length)
    throw new Error(`not every engine answers: ${engines.join(', ')}`);
  const limits = { ...DEFAULT_LIMITS };
  const batch = await poolBatchEngines(pool, { limits });
  const out = join(scratch, 'out');
  rmSync(out, { recursive: true, force: true });
  const { rows } = await runBatch({
    submissions: join(scratch, 'list.txt'),
    seeds: [0, 1, 2],
    outDir: out,
    limits,
    engines: batch.engines,
    rerun: true,
    toolkitVersion: toolkitVersion(),
    executor: 'docker',
    imageFor: batch.imageFor,
  });
  if (rows.some((r) => r.verdict === 'error'))
    throw new Error(`a submission was not checked: ${rows.map((r) => r.message).join('; ')}`);
}

export async function run(): Promise<void> {
  const config = readEngineConfig();
  const pool = await resolveEnginePool(config, { engines: [MAIN, SECOND] });
  if (pool.ready.length < 2) {
    process.stdout.write(
      `skipped: the second engine ${SECOND} does not answer (start it with \`sudo bash scripts/ci/start-test-engines.sh\`)\n`,
    );
    return;
  }
  const scratch = mkdtempSync(join(tmpdir(), 'rpe-bench-batch-'));
  try {
    writeFileSync(join(scratch, 'list.txt'), NAMES.map((n) => join(FIXTURES, n)).join('\n'));
    const runs = Number(process.env.RPE_BENCH_RUNS ?? 3);
    const cpus = pool.ready[0]?.jobs ?? 1;
    const half = Math.max(1, Math.floor(cpus / 2));
    const one = await measure('one engine', () => batchOn([MAIN], scratch), { runs, warmup: 1 });
    const two = await measure('two engines', () => batchOn([MAIN, SECOND], scratch), {
      runs,
      warmup: 1,
    });
    const same = await measure(
      'two engines, half the jobs each',
      () => batchOn([`${MAIN}#jobs=${half}`, `${SECOND}#jobs=${half}`], scratch),
      { runs, warmup: 1 },
    );
    report(`batch of ${NAMES.length} x 3 seeds, one engine (${cpus} jobs)`, one.medianMs, 'ms');
    report(`the same on two engines (${cpus} jobs each)`, two.medianMs, 'ms');
    report(`the same on two engines (${half} job(s) each)`, same.medianMs, 'ms');
    report('speed-up, two engines against one', one.medianMs / two.medianMs, 'x');
    report('speed-up, same jobs in all', one.medianMs / same.medianMs, 'x');
    process.stdout.write(
      `note: both engines run on this machine's ${availableParallelism()} cores, so these figures show that the pool spreads the work and what spreading costs, not a speed gain; engines on other machines add their cores\n`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
