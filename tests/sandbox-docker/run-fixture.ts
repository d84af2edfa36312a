// Runs one fixture submission through the Docker executor and checks what every run must leave
// behind: no container and no volume with the run's label, and an unchanged submission.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Engine } from '../../sandbox/engine/index.js';
import { createDockerExecutor, type EngineIdentity } from '../../sandbox/run/docker-executor.js';
import { ENV_VARIATIONS } from '../../sandbox/run/env-variations.js';
import type { EnvVariation, Limits, RunResult } from '../../sandbox/run/executor.js';
import { detectEntrypoint, hashTree, type InstallSource } from '../../sandbox/submission/index.js';
import {
  containersOfRun,
  engine as mainEngine,
  TEST_LIMITS,
  volumesOfRun,
} from './docker-engine.js';

export interface FixtureRun {
  results: RunResult[];
  image: { name: string; id: string };
  engine: EngineIdentity;
  notes: string[];
  /** Why the install step failed, or null. */
  installFailure: string | null;
}

// Runs `dir` once per variation (seed 7 unless told), then asserts nothing was left behind.
export async function runFixture(
  dir: string,
  options: {
    limits?: Partial<Limits>;
    variations?: EnvVariation[];
    seed?: number;
    /** The engine to run on (default: DOCKER_HOST's). */
    engine?: Engine;
    /** Where the install step may fetch what the tree does not hold (default: bridge). */
    install?: InstallSource;
  } = {},
): Promise<FixtureRun> {
  const engine = options.engine ?? mainEngine;
  if (!engine) throw new Error('no engine');
  const { entrypoint } = await detectEntrypoint(dir);
  if (!entrypoint) throw new Error(`${dir} has no entrypoint`);
  const before = await hashTree(dir);
  const runId = `test-${randomUUID()}`;
  const limits = { ...TEST_LIMITS, ...options.limits };
  const executor = await createDockerExecutor({
    engine,
    submissionDir: dir,
    entrypoint,
    limits,
    runId,
    ...(options.install ? { install: options.install } : {}),
  });
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
  expect(await containersOfRun(runId, engine)).toEqual([]);
  expect(await volumesOfRun(runId, engine)).toEqual([]);
  expect(await hashTree(dir)).toBe(before);
  return {
    results,
    image: executor.image,
    engine: executor.engine,
    notes: executor.notes,
    installFailure: executor.installFailure ?? null,
  };
}
