import { RpeError } from '../../framework/errors.js';
import type { createDockerExecutor } from './docker-executor.js';

/** The Docker executor's factory, as agreed between the engine and the checks. */
export type CreateDockerExecutor = typeof createDockerExecutor;

/**
 * Loads the Docker executor on demand: `rpe check` and the library never pay for dockerode, and a
 * build without the engine fails with one clear line instead of at start-up.
 */
export async function loadDockerExecutor(): Promise<CreateDockerExecutor> {
  // A computed specifier keeps the module out of the static import graph.
  const specifier = './docker-executor.js';
  let mod: { createDockerExecutor?: CreateDockerExecutor };
  try {
    mod = (await import(specifier)) as typeof mod;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const ours = String((error as Error).message).includes('docker-executor');
    if (code !== 'ERR_MODULE_NOT_FOUND' || !ours) throw error;
    throw new RpeError(
      'docker_executor_missing',
      'the Docker executor is not part of this build; use `rpe check` to run the checks locally',
      { cause: error },
    );
  }
  if (typeof mod.createDockerExecutor !== 'function') {
    throw new RpeError(
      'docker_executor_missing',
      'the Docker executor module exports no createDockerExecutor',
    );
  }
  return mod.createDockerExecutor;
}
