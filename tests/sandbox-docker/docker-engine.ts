// Shared set-up of the Docker tests: find the engine (or say loudly why the tests are skipped) and
// build the runner images once, whichever test file gets there first.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  buildRunnerImages,
  connectEngine,
  readEngineConfig,
  type Engine,
} from '../../sandbox/engine/index.js';
import type { Limits } from '../../sandbox/run/executor.js';
import { withFolderLock } from '../folder-lock.js';

const config = readEngineConfig();

async function tryConnect(): Promise<Engine | null> {
  try {
    return await connectEngine(config);
  } catch (error) {
    if (config.ci) throw error;
    process.stderr.write(
      `\n${'!'.repeat(78)}\n!! SKIPPED: the Docker sandbox tests need an engine and none answers at ${config.endpoint.url}.\n` +
        `!! Start one with \`bash scripts/ci/setup-docker.sh\`. Under CI (CI set) these tests fail instead.\n${'!'.repeat(78)}\n\n`,
    );
    return null;
  }
}

/** The engine, or null when none answers outside CI (the tests are then skipped, loudly). */
export const engine = await tryConnect();

/**
 * Small limits keep the hostile fixtures quick; the time limit is generous, so that a loaded
 * machine cannot turn another outcome into a timeout (the tests about time set their own).
 */
export const TEST_LIMITS: Limits = {
  timeoutSeconds: 120,
  memoryBytes: 256 * 1024 * 1024,
  cpus: 1,
  pids: 64,
  outputBytes: 1024 * 1024,
  logBytes: 4096,
};

export const SUBMISSIONS = join(import.meta.dirname, '..', 'fixtures', 'submissions');
export const DOCKER_SUBMISSIONS = join(import.meta.dirname, '..', 'fixtures', 'submissions-docker');

/** The first debootstrap on a loaded two-core machine has taken ten minutes. */
export const IMAGE_BUILD_TIMEOUT_MS = 30 * 60 * 1000;

// Builds the images of the current recipe unless present; a lock folder serialises test files.
export async function ensureImages(): Promise<void> {
  if (!engine) return;
  const on = engine;
  await mkdir(config.cacheDir, { recursive: true });
  await withFolderLock(join(config.cacheDir, 'images-build.lock'), () => buildRunnerImages(on));
}

// Containers still carrying a run's label: a finished run must leave none.
export async function containersOfRun(runId: string, on = engine): Promise<string[]> {
  if (!on) return [];
  const filters = JSON.stringify({ label: [`org.reverse-poleval.run=${runId}`] });
  const list = await on.docker.listContainers({ all: true, filters });
  return list.map((c) => c.Id);
}

// Volumes still carrying a run's label (the tree, its reversed copy, the install layer).
export async function volumesOfRun(runId: string, on = engine): Promise<string[]> {
  if (!on) return [];
  const filters = JSON.stringify({ label: [`org.reverse-poleval.run=${runId}`] });
  const { Volumes } = await on.docker.listVolumes({ filters });
  return (Volumes ?? []).map((v) => v.Name);
}
