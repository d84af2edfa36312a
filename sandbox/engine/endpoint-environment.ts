import type { DockerEndpoint } from './parse-engine-url.js';

/**
 * The DOCKER_HOST, DOCKER_TLS_VERIFY, DOCKER_TLS and DOCKER_CERT_PATH values that name this engine
 * the way the docker CLI (and readEngineConfig) reads them; undefined means "unset". For code that
 * still takes its engine from the environment, and for showing an organiser the docker command.
 */
export function endpointEnvironment(endpoint: DockerEndpoint): Record<string, string | undefined> {
  const tls = endpoint.kind === 'tcp' ? endpoint.tls : null;
  const host =
    endpoint.kind === 'tcp' && endpoint.protocol === 'https' && tls?.certDir === null
      ? `https://${endpoint.host}:${endpoint.port}`
      : endpoint.kind === 'tcp'
        ? `tcp://${endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host}:${endpoint.port}`
        : endpoint.url;
  return {
    DOCKER_HOST: host,
    DOCKER_TLS_VERIFY: tls?.certDir && tls.verify ? '1' : undefined,
    DOCKER_TLS: tls?.certDir && !tls.verify ? '1' : undefined,
    DOCKER_CERT_PATH: tls?.certDir ?? undefined,
  };
}
