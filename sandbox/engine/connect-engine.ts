import Dockerode from 'dockerode';
import { RpeError } from '../../framework/errors.js';
import type { EngineConfig } from './engine-config.js';

/** A connected Docker engine. Only sandbox/engine looks inside `docker`. */
export interface Engine {
  readonly config: EngineConfig;
  readonly docker: Dockerode;
  readonly serverVersion: string;
}

/** How to get an engine running, shown whenever none answers. */
export const START_ENGINE_HINT =
  'start one with `bash scripts/ci/setup-docker.sh` (installs docker.io and runs dockerd)';

// Connects to the engine named by the config and checks that it answers.
export async function connectEngine(config: EngineConfig): Promise<Engine> {
  const docker =
    'socketPath' in config.endpoint
      ? new Dockerode({ socketPath: config.endpoint.socketPath })
      : new Dockerode({
          host: config.endpoint.host,
          port: config.endpoint.port,
          protocol: config.endpoint.protocol,
        });
  try {
    // A TCP endpoint that drops packets would hang the first request; give up after a few seconds.
    const version = await Promise.race([
      docker.version(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('timed out')), 5000).unref(),
      ),
    ]);
    return { config, docker, serverVersion: version.Version };
  } catch (error) {
    throw new RpeError(
      'engine_unreachable',
      `no Docker engine answers at ${config.endpoint.url}; ${START_ENGINE_HINT}, or see \`rpe sandbox doctor\``,
      { cause: error },
    );
  }
}
