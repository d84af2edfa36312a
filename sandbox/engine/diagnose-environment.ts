import { delimiter } from 'node:path';
import { connectEngine, START_ENGINE_HINT, type Engine } from './connect-engine.js';
import { which } from '../../framework/which.js';
import type { EngineConfig } from './engine-config.js';
import { EngineConnectError } from './engine-connect-error.js';
import type { DockerEndpoint } from './parse-engine-url.js';
import { installNetworkCheck, leftoversCheck } from './housekeeping-checks.js';
import { inspectRunnerImages } from './inspect-runner-images.js';

/** ok: ready; warning: works, with a caveat; missing: the sandbox cannot run until it is fixed. */
export interface DiagnosisCheck {
  name: string;
  status: 'ok' | 'warning' | 'missing';
  detail: string;
  fix?: string;
}

export interface Diagnosis {
  ok: boolean;
  checks: DiagnosisCheck[];
  /** The Debian packages to install, when any is missing. */
  install: string[];
}

/**
 * Where doctor looks for docker, dockerd and debootstrap: PATH, then /usr/sbin and /sbin, where
 * dockerd and debootstrap live and which a non-root PATH often lacks.
 */
export function toolSearchPath(path = process.env.PATH): string {
  return [path, '/usr/sbin', '/sbin'].filter(Boolean).join(delimiter);
}

// Why the engine cannot be used, without the URL the check shows beside it.
export function reasonOf(error: unknown): string {
  if (error instanceof EngineConnectError) return error.reason;
  return String(error instanceof Error ? error.message : error).split('\n')[0] ?? '';
}

/** The docker command (optional) and what to install when it is missing. */
export function dockerClientCheck(path: string | undefined, install: Set<string>): DiagnosisCheck {
  const client = which('docker', path);
  if (!client) install.add('docker.io');
  return client
    ? { name: 'docker client', status: 'ok', detail: client }
    : {
        name: 'docker client',
        status: 'warning',
        detail: 'not installed (not needed to run, handy to look around)',
        fix: 'apt-get install docker.io',
      };
}

/** debootstrap, needed only where images are still to be built. */
export function debootstrapCheck(
  path: string | undefined,
  install: Set<string>,
  imagesMissing: boolean,
): DiagnosisCheck {
  const debootstrap = which('debootstrap', path);
  if (!debootstrap) install.add('debootstrap');
  return debootstrap
    ? {
        name: 'debootstrap',
        status: 'ok',
        detail: `${debootstrap}${process.getuid?.() === 0 ? '' : ' (building images needs root)'}`,
      }
    : {
        name: 'debootstrap',
        status: imagesMissing ? 'missing' : 'warning',
        detail: 'not installed: needed to build the runner images offline',
        fix: 'apt-get install debootstrap (or build with --from-registry)',
      };
}

// What to do about an engine that cannot be used, by what went wrong and where it is.
function unreachableFix(
  endpoint: DockerEndpoint,
  error: unknown,
  path: string | undefined,
  install: Set<string>,
): string {
  const code = error instanceof EngineConnectError ? error.code : 'engine_unreachable';
  if (code === 'engine_tls_files' || code === 'engine_tls_failed')
    return 'point DOCKER_CERT_PATH (or #certs=DIR after the URL) at the folder with the ca.pem, cert.pem and key.pem this engine trusts';
  if (code === 'engine_refused')
    return endpoint.kind === 'unix'
      ? 'run as root or as a member of the docker group'
      : 'check that the URL names a Docker engine';
  if (endpoint.kind === 'ssh')
    return `check that \`ssh ${endpoint.user ? `${endpoint.user}@` : ''}${endpoint.host}${endpoint.port ? ` -p ${endpoint.port}` : ''} docker version\` works without a password prompt (host key in known_hosts, key or agent, docker on that host)`;
  if (endpoint.kind !== 'unix')
    return 'check that dockerd runs on that host and listens at that address';
  const dockerd = which('dockerd', path);
  if (!dockerd) install.add('docker.io');
  return dockerd ? START_ENGINE_HINT : 'apt-get install docker.io, then ' + START_ENGINE_HINT;
}

/** The check of an engine that cannot be used: why, and how to fix it. */
export function unreachableCheck(
  endpoint: DockerEndpoint,
  error: unknown,
  path: string | undefined,
  install: Set<string>,
): DiagnosisCheck {
  return {
    name: 'engine',
    status: 'missing',
    detail: `no engine answers at ${endpoint.url}: ${reasonOf(error)}`,
    fix: unreachableFix(endpoint, error, path, install),
  };
}

/** The engine, its cgroup accounting and the runner images: what every engine must have. */
export async function engineChecks(
  engine: Engine,
  buildFix = 'rpe sandbox images build',
): Promise<DiagnosisCheck[]> {
  const info = (await engine.docker.info()) as {
    MemoryLimit?: boolean;
    SwapLimit?: boolean;
    PidsLimit?: boolean;
    CgroupVersion?: string;
  };
  const limits = info.MemoryLimit && info.SwapLimit && info.PidsLimit;
  const checks: DiagnosisCheck[] = [
    {
      name: 'engine',
      status: 'ok',
      detail: `Docker ${engine.serverVersion} at ${engine.config.endpoint.url}`,
    },
    limits
      ? {
          name: 'cgroup limits',
          status: 'ok',
          detail: `memory, swap and pids accounting (cgroup v${info.CgroupVersion ?? '?'})`,
        }
      : {
          name: 'cgroup limits',
          status: 'missing',
          detail: `memory ${info.MemoryLimit ? 'yes' : 'no'}, swap ${info.SwapLimit ? 'yes' : 'no'}, pids ${info.PidsLimit ? 'yes' : 'no'}`,
          fix: 'boot with cgroup memory accounting (kernel parameters cgroup_enable=memory swapaccount=1)',
        },
    await leftoversCheck(engine),
    await installNetworkCheck(engine),
  ];
  for (const image of await inspectRunnerImages(engine)) {
    checks.push({
      name: `image ${image.kind}`,
      status: image.present ? 'ok' : 'missing',
      detail: image.present
        ? `${image.ref} ${image.id?.slice(7, 19)}`
        : `${image.ref} is not built`,
      ...(image.present ? {} : { fix: buildFix }),
    });
  }
  return checks;
}

// Checks everything the Docker sandbox needs and says how to fix what is missing.
export async function diagnoseEnvironment(
  config: EngineConfig,
  path = toolSearchPath(),
): Promise<Diagnosis> {
  const checks: DiagnosisCheck[] = [];
  const install = new Set<string>();
  checks.push(dockerClientCheck(path, install));
  let imagesMissing = true;
  try {
    const engine = await connectEngine(config);
    const found = await engineChecks(engine);
    imagesMissing = found.some((c) => c.name.startsWith('image') && c.status === 'missing');
    checks.push(...found);
  } catch (error) {
    checks.push(unreachableCheck(config.endpoint, error, path, install));
  }
  checks.push(debootstrapCheck(path, install, imagesMissing));
  return { ok: checks.every((c) => c.status !== 'missing'), checks, install: [...install].sort() };
}
