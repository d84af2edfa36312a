import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { RpeError } from '../../framework/errors.js';

/** Where the Docker engine answers: a Unix socket, or TCP for DOCKER_HOST=tcp://host:port. */
export type DockerEndpoint =
  | { socketPath: string; url: string }
  | { host: string; port: number; protocol: 'http' | 'https'; url: string };

/** Everything the engine reads from the environment, parsed once. */
export interface EngineConfig {
  endpoint: DockerEndpoint;
  /** Cache for the debootstrap base tarball. */
  cacheDir: string;
  debianMirror: string;
  /** Identifies this process's containers so a later process can tell live ones from leftovers. */
  sessionId: string;
  pid: number;
  host: string;
  /** True under CI, where Docker tests must run instead of being skipped. */
  ci: boolean;
}

const envSchema = z.object({
  DOCKER_HOST: z.string().optional(),
  RPE_CACHE_DIR: z.string().optional(),
  XDG_CACHE_HOME: z.string().optional(),
  HOME: z.string().optional(),
  RPE_DEBIAN_MIRROR: z.string().url().optional(),
  CI: z.string().optional(),
});

function parseEndpoint(value: string | undefined): DockerEndpoint {
  if (!value) return { socketPath: '/var/run/docker.sock', url: 'unix:///var/run/docker.sock' };
  if (value.startsWith('unix://')) return { socketPath: value.slice('unix://'.length), url: value };
  const tcp = /^(tcp|http|https):\/\/([^:/]+):(\d+)\/?$/.exec(value);
  if (tcp && tcp[2] && tcp[3]) {
    const protocol = tcp[1] === 'https' ? 'https' : 'http';
    return { host: tcp[2], port: Number(tcp[3]), protocol, url: value };
  }
  throw new RpeError(
    'docker_host_invalid',
    `DOCKER_HOST=${value} is not understood: use unix:///path/to/docker.sock or tcp://host:port`,
  );
}

// Reads DOCKER_HOST, the cache folder, the Debian mirror and CI from the environment, once.
export function readEngineConfig(env: NodeJS.ProcessEnv = process.env): EngineConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RpeError(
      'environment_invalid',
      `environment variable ${String(issue?.path[0])}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const e = parsed.data;
  const cacheBase = e.XDG_CACHE_HOME ?? join(e.HOME ?? '/tmp', '.cache');
  return {
    endpoint: parseEndpoint(e.DOCKER_HOST),
    cacheDir: e.RPE_CACHE_DIR ?? join(cacheBase, 'reverse-poleval'),
    debianMirror: e.RPE_DEBIAN_MIRROR ?? 'http://deb.debian.org/debian',
    sessionId: `${process.pid}-${randomBytes(4).toString('hex')}`,
    pid: process.pid,
    host: hostname(),
    ci: e.CI !== undefined && e.CI !== '' && e.CI !== 'false' && e.CI !== '0',
  };
}
