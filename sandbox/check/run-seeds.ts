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
 * before the second runs so the seeds spread over the workers; a second run whose first already
 * failed is skipped, since a seed that times out should not cost the limit twice.
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
  const settled = new Map<number, RunResult>();
  const tasks = [0, 1].flatMap((v) => seeds.map((seed) => ({ seed, v })));
  let done = 0;
  let total = tasks.length;
  const results = await mapConcurrent(tasks, options.jobs, async ({ seed, v }) => {
    if (v === 1 && settled.get(seed)?.status !== undefined && settled.get(seed)?.status !== 'ok') {
      total--;
      options.onProgress?.({ done, total, label: `seed ${seed} skipped` });
      return null;
    }
    const variation = variations[v] as EnvVariation;
    const result = await options.executor.run({
      submissionDir: options.submissionDir,
      entrypoint: options.entrypoint,
      seed,
      limits: options.limits,
      variation,
    });
    if (v === 0) settled.set(seed, result);
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
