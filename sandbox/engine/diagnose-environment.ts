import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { connectEngine, START_ENGINE_HINT, type Engine } from './connect-engine.js';
import type { EngineConfig } from './engine-config.js';
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

function which(command: string, path: string | undefined): string | null {
  // debootstrap lives in /usr/sbin, which a non-root PATH often lacks.
  const dirs = [...(path ?? '').split(delimiter), '/usr/sbin', '/sbin'].filter(Boolean);
  for (const dir of dirs) if (existsSync(join(dir, command))) return join(dir, command);
  return null;
}

// The low-level reason (connect ENOENT ...) rather than the wrapper's sentence.
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return String(cause instanceof Error ? cause.message : cause).split('\n')[0] ?? '';
}

async function engineChecks(engine: Engine): Promise<DiagnosisCheck[]> {
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
  ];
  for (const image of await inspectRunnerImages(engine)) {
    checks.push({
      name: `image ${image.kind}`,
      status: image.present ? 'ok' : 'missing',
      detail: image.present
        ? `${image.ref} ${image.id?.slice(7, 19)}`
        : `${image.ref} is not built`,
      ...(image.present ? {} : { fix: 'rpe sandbox images build' }),
    });
  }
  return checks;
}

// Checks everything the Docker sandbox needs and says how to fix what is missing.
export async function diagnoseEnvironment(
  config: EngineConfig,
  path = process.env.PATH,
): Promise<Diagnosis> {
  const checks: DiagnosisCheck[] = [];
  const install = new Set<string>();
  const client = which('docker', path);
  checks.push(
    client
      ? { name: 'docker client', status: 'ok', detail: client }
      : {
          name: 'docker client',
          status: 'warning',
          detail: 'not installed (not needed to run, handy to look around)',
          fix: 'apt-get install docker.io',
        },
  );
  if (!client) install.add('docker.io');
  let imagesMissing = true;
  try {
    const engine = await connectEngine(config);
    const found = await engineChecks(engine);
    imagesMissing = found.some((c) => c.name.startsWith('image') && c.status === 'missing');
    checks.push(...found);
  } catch (error) {
    const dockerd = which('dockerd', path);
    if (!dockerd) install.add('docker.io');
    checks.push({
      name: 'engine',
      status: 'missing',
      detail: `no engine answers at ${config.endpoint.url}: ${reasonOf(error)}`,
      fix: dockerd ? START_ENGINE_HINT : 'apt-get install docker.io, then ' + START_ENGINE_HINT,
    });
  }
  const debootstrap = which('debootstrap', path);
  if (!debootstrap) install.add('debootstrap');
  checks.push(
    debootstrap
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
        },
  );
  return { ok: checks.every((c) => c.status !== 'missing'), checks, install: [...install].sort() };
}
