import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { RpeError } from '../../framework/errors.js';
import {
  DEFAULT_SOCKET,
  parseEngineUrl,
  type DockerEndpoint,
  type TlsDefaults,
} from './parse-engine-url.js';

/** Everything the engine reads from the environment, parsed once. */
export interface EngineConfig {
  /** The engine DOCKER_HOST names (the default socket when unset); a pool's member for its engine. */
  endpoint: DockerEndpoint;
  /** DOCKER_TLS_VERIFY / DOCKER_TLS / DOCKER_CERT_PATH, applied to TCP engines without #certs=. */
  tls: TlsDefaults;
  /** RPE_ENGINES: the pool when no --engine or --engines-file is given; null when unset. */
  enginesVariable: string | null;
  /** The home folder, for `~/` in #certs= and the default ~/.docker. */
  home: string;
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
  DOCKER_TLS_VERIFY: z.string().optional(),
  DOCKER_TLS: z.string().optional(),
  DOCKER_CERT_PATH: z.string().optional(),
  RPE_ENGINES: z.string().optional(),
  RPE_CACHE_DIR: z.string().optional(),
  XDG_CACHE_HOME: z.string().optional(),
  HOME: z.string().optional(),
  RPE_DEBIAN_MIRROR: z.string().url().optional(),
  CI: z.string().optional(),
});

// The docker CLI's reading: any non-empty DOCKER_TLS_VERIFY turns on TLS with verification.
function tlsDefaults(e: z.infer<typeof envSchema>, home: string): TlsDefaults {
  const mode = e.DOCKER_TLS_VERIFY ? 'verify' : e.DOCKER_TLS ? 'no-verify' : 'off';
  return e.DOCKER_CERT_PATH
    ? { mode, certDir: e.DOCKER_CERT_PATH, certDirFrom: 'DOCKER_CERT_PATH' }
    : { mode, certDir: join(home, '.docker'), certDirFrom: '~/.docker' };
}

// Reads DOCKER_HOST and its TLS settings, RPE_ENGINES, the cache folder, the Debian mirror and CI from the environment, once.
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
  const home = e.HOME ?? '/tmp';
  const cacheBase = e.XDG_CACHE_HOME ?? join(home, '.cache');
  const tls = tlsDefaults(e, home);
  return {
    endpoint: e.DOCKER_HOST
      ? parseEngineUrl(e.DOCKER_HOST, { origin: 'DOCKER_HOST=', tls, home })
      : { kind: 'unix', url: `unix://${DEFAULT_SOCKET}`, socketPath: DEFAULT_SOCKET, jobs: null },
    tls,
    enginesVariable: e.RPE_ENGINES?.trim() || null,
    home,
    cacheDir: e.RPE_CACHE_DIR ?? join(cacheBase, 'reverse-poleval'),
    debianMirror: e.RPE_DEBIAN_MIRROR ?? 'http://deb.debian.org/debian',
    sessionId: `${process.pid}-${randomBytes(4).toString('hex')}`,
    pid: process.pid,
    host: hostname(),
    ci: e.CI !== undefined && e.CI !== '' && e.CI !== 'false' && e.CI !== '0',
  };
}
