import type { Entrypoint, EnvVariation, Executor, Limits, RunResult } from '../run/executor.js';
import { mapConcurrent } from './map-concurrent.js';

/** The two runs of one seed; the second is null when the first failed and was not repeated. */
export interface SeedRuns {
  seed: number;
  first: RunResult;
  second: RunResult | null;
}

/** A progress event: runs finished so far out of those planned. */
export interface CheckProgress {
  done: number;
  total: number;
  label: string;
}

/**
 * Runs every seed in both environments, up to `jobs` runs at a time. All first runs are queued
 * before the second runs so the seeds spread over the workers; a second run waits for its first
 * and is skipped when that failed, since a seed that times out should not cost the limit twice.
 */
export async function runSeeds(options: {
  executor: Executor;
  submissionDir: string;
  entrypoint: Entrypoint;
  seeds: readonly number[];
  limits: Limits;
  variations: readonly [EnvVariation, EnvVariation];
  jobs: number;
  onProgress?: (event: CheckProgress) => void;
}): Promise<SeedRuns[]> {
  const { seeds, variations } = options;
  const firsts = new Map<number, Promise<RunResult>>();
  const tasks = [0, 1].flatMap((v) => seeds.map((seed) => ({ seed, v })));
  let done = 0;
  let total = tasks.length;
  const results = await mapConcurrent(tasks, options.jobs, async ({ seed, v }) => {
    // First runs are all queued ahead of second runs, so the first of this seed has started.
    if (v === 1 && (await firsts.get(seed))?.status !== 'ok') {
      total--;
      options.onProgress?.({ done, total, label: `seed ${seed} skipped` });
      return null;
    }
    const variation = variations[v] as EnvVariation;
    const run = options.executor.run({
      submissionDir: options.submissionDir,
      entrypoint: options.entrypoint,
      seed,
      limits: options.limits,
      variation,
    });
    if (v === 0) firsts.set(seed, run);
    const result = await run;
    done++;
    options.onProgress?.({
      done,
      total,
      label: `seed ${seed} (${variation.name}): ${result.status}`,
    });
    return result;
  });
  return seeds.map((seed, i) => ({
    seed,
    first: results[i] as RunResult,
    second: results[seeds.length + i] ?? null,
  }));
}
