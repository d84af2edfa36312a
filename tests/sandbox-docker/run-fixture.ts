// Runs one fixture submission through the Docker executor and checks what every run must leave
// behind: no container with the run's label, no staging folder, and an unchanged submission.
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { expect } from 'vitest';
import { STAGE_DIR_PREFIX, stageParents } from '../../sandbox/engine/index.js';
import { createDockerExecutor } from '../../sandbox/run/docker-executor.js';
import { ENV_VARIATIONS } from '../../sandbox/run/env-variations.js';
import type { EnvVariation, Limits, RunResult } from '../../sandbox/run/executor.js';
import { detectEntrypoint, hashTree } from '../../sandbox/submission/index.js';
import { containersOfRun, TEST_LIMITS } from './docker-engine.js';

export interface FixtureRun {
  results: RunResult[];
  image: { name: string; id: string };
}

async function stagingDirsOfThisProcess(): Promise<string[]> {
  const found: string[] = [];
  for (const parent of stageParents()) {
    const entries = await readdir(parent).catch(() => []);
    found.push(...entries.filter((e) => e.startsWith(`${STAGE_DIR_PREFIX}${process.pid}-`)));
  }
  return found;
}

// Runs `dir` once per variation (seed 7 unless told), then asserts nothing was left behind.
export async function runFixture(
  dir: string,
  options: { limits?: Partial<Limits>; variations?: EnvVariation[]; seed?: number } = {},
): Promise<FixtureRun> {
  const { entrypoint } = await detectEntrypoint(dir);
  if (!entrypoint) throw new Error(`${dir} has no entrypoint`);
  const before = await hashTree(dir);
  const runId = `test-${randomUUID()}`;
  const limits = { ...TEST_LIMITS, ...options.limits };
  const executor = await createDockerExecutor({ submissionDir: dir, entrypoint, limits, runId });
  const results: RunResult[] = [];
  try {
    for (const variation of options.variations ?? [ENV_VARIATIONS[0]])
      results.push(
        await executor.run({
          submissionDir: dir,
          entrypoint,
          seed: options.seed ?? 7,
          limits,
          variation,
        }),
      );
  } finally {
    await executor.dispose();
  }
  expect(await containersOfRun(runId)).toEqual([]);
  expect(await stagingDirsOfThisProcess()).toEqual([]);
  expect(await hashTree(dir)).toBe(before);
  return { results, image: executor.image };
}
