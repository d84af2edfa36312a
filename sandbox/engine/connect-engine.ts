import type Dockerode from 'dockerode';
import { dockerClient } from './docker-client.js';
import type { EngineConfig } from './engine-config.js';
import { EngineConnectError, type EngineConnectCode } from './engine-connect-error.js';
import { explainEngineError } from './explain-engine-error.js';

/** A connected Docker engine. Only sandbox/engine looks inside `docker`. */
export interface Engine {
  readonly config: EngineConfig;
  readonly docker: Dockerode;
  readonly serverVersion: string;
}

/** How to get an engine running, shown whenever none answers. */
export const START_ENGINE_HINT =
  'start one with `bash scripts/ci/setup-docker.sh` (installs docker.io and runs dockerd)';

/** How long the first answer may take before the engine counts as unreachable (ssh: its handshake too). */
export const CONNECT_TIMEOUT_MS = { local: 5000, ssh: 15000 } as const;

// dockerode takes an abort signal on every call, though its type declarations leave it out.
type Abortable<T> = (options: { abortSignal: AbortSignal }) => Promise<T>;

/** Runs one engine request, aborting it after timeoutMs; the engine's error, or a timeout one. */
export async function withTimeout<T>(
  call: Abortable<T>,
  timeoutMs: number,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown; timedOut: boolean }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    return { ok: true, value: await call({ abortSignal: abort.signal }) };
  } catch (error) {
    return { ok: false, error, timedOut: abort.signal.aborted };
  } finally {
    clearTimeout(timer);
  }
}

// Connects to the engine of config.endpoint and checks that it answers; one clear line if not.
export async function connectEngine(
  config: EngineConfig,
  options: { timeoutMs?: number } = {},
): Promise<Engine> {
  const { endpoint } = config;
  const { docker, clientCertificate } = await dockerClient(endpoint);
  const timeoutMs =
    options.timeoutMs ?? CONNECT_TIMEOUT_MS[endpoint.kind === 'ssh' ? 'ssh' : 'local'];
  const version = docker.version.bind(docker) as unknown as Abortable<Dockerode.DockerVersion>;
  const answer = await withTimeout(version, timeoutMs);
  if (answer.ok) return { config, docker, serverVersion: answer.value.Version };
  const { code, reason }: { code: EngineConnectCode; reason: string } = answer.timedOut
    ? { code: 'engine_unreachable', reason: `no answer within ${timeoutMs / 1000} s` }
    : explainEngineError(answer.error, endpoint, clientCertificate);
  const hint =
    endpoint.kind === 'unix' && code === 'engine_unreachable'
      ? `; ${START_ENGINE_HINT}, or see \`rpe sandbox doctor\``
      : '';
  throw new EngineConnectError(code, endpoint.url, reason, { hint, cause: answer.error });
}
