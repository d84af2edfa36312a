import { RpeError } from '../../framework/errors.js';
import type { createDockerExecutor } from './docker-executor.js';

/** The Docker executor's factory, as agreed between the engine and the checks. */
export type CreateDockerExecutor = typeof createDockerExecutor;

/**
 * Loads the Docker executor on demand, and a build without it fails with one clear line instead
 * of at start-up. dockerode itself is loaded only when an engine is reached (docker-client.ts).
 */
export async function loadDockerExecutor(): Promise<CreateDockerExecutor> {
  let mod: { createDockerExecutor?: CreateDockerExecutor };
  try {
    // A literal specifier: the sandbox's bundle (scripts/bundle-doors) holds the executor too, so
    // it shares the bundle's one copy of the engine code (its cleanup on interrupt among it).
    mod = (await import('./docker-executor.js')) as typeof mod;
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
