import {
  debootstrapCheck,
  dockerClientCheck,
  engineChecks,
  reasonOf,
  toolSearchPath,
  unreachableCheck,
  type DiagnosisCheck,
} from './diagnose-environment.js';
import type { EngineConfig } from './engine-config.js';
import { probeSandboxLimits } from './probe-sandbox-limits.js';
import type { EngineListOptions } from './read-engine-list.js';
import { resolveEnginePool, type PoolMember, type ReadyMember } from './resolve-engine-pool.js';
import { RUNNER_IMAGES } from './runner-images.js';
import { inspectRunnerImages } from './inspect-runner-images.js';

/** The checks of one engine of a pool. */
export interface EngineDiagnosis {
  url: string;
  status: PoolMember['status'];
  /** The engine can take sandbox runs: every check is ok or a warning. */
  ok: boolean;
  /** Submissions it takes at once (0 when not ready). */
  jobs: number;
  /** `override` (#jobs=N) or `cpus`; null when not ready. */
  jobs_from: 'override' | 'cpus' | null;
  /** For a duplicate, the URL of the engine it repeats. */
  same_as: string | null;
  checks: DiagnosisCheck[];
}

export interface PoolDiagnosis {
  /** Every engine named is ready and the client side is too. */
  ok: boolean;
  /** What this machine needs whatever the engines: the docker client, debootstrap. */
  checks: DiagnosisCheck[];
  engines: EngineDiagnosis[];
  /** Jobs of the engines that are ok, summed. */
  capacity: number;
  install: string[];
}

const quote = (url: string) => (/^[\w:/.@#=&-]+$/.test(url) ? url : `'${url}'`);

async function readyChecks(
  member: ReadyMember,
  reference: Map<string, { id: string; url: string }>,
): Promise<DiagnosisCheck[]> {
  const { facts } = member;
  const buildFix = `rpe sandbox images build --engine ${quote(member.url)}`;
  const [engine, ...rest] = await engineChecks(member.engine, buildFix);
  const checks: DiagnosisCheck[] = [
    ...(engine ? [engine] : []),
    {
      name: 'storage driver',
      status: facts.storageDriver === 'vfs' ? 'warning' : 'ok',
      detail:
        facts.storageDriver === 'vfs'
          ? 'vfs (works, but every container copies the whole image: slow)'
          : facts.storageDriver,
    },
    {
      name: 'capacity',
      status: 'ok',
      detail:
        member.jobsFrom === 'override'
          ? `${member.jobs} jobs (#jobs=${member.jobs}; ${facts.cpus} CPUs)`
          : `${member.jobs} jobs (${facts.cpus} CPUs)`,
    },
    ...rest,
  ];
  // An image that differs from the first engine's: the same verdict from different bytes is not
  // what an auditor can re-run.
  for (const image of await inspectRunnerImages(member.engine)) {
    const check = checks.find((c) => c.name === `image ${image.kind}`);
    if (!image.id || !check) continue;
    const first = reference.get(image.kind);
    if (!first) reference.set(image.kind, { id: image.id, url: member.url });
    else if (first.id !== image.id) {
      check.status = 'warning';
      check.detail += ` (differs from ${first.id.slice(7, 19)} on ${first.url})`;
      check.fix = `rpe sandbox images build --engine ${quote(first.url)} --engine ${quote(member.url)} imports it`;
    }
  }
  if (!checks.some((c) => c.name === 'image python' && c.status !== 'missing')) {
    checks.push({
      name: 'test container',
      status: 'missing',
      detail: `not tried: it needs ${RUNNER_IMAGES.python}`,
      fix: buildFix,
    });
    return checks;
  }
  const started = performance.now();
  try {
    const probe = await probeSandboxLimits(member.engine, RUNNER_IMAGES.python);
    checks.push({
      name: 'test container',
      status: probe.ok ? 'ok' : 'missing',
      detail: `${probe.detail} (${probe.seconds.toFixed(2)} s)`,
    });
  } catch (error) {
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    checks.push({
      name: 'test container',
      status: 'missing',
      detail: `did not start: ${reasonOf(error)} (${seconds} s)`,
    });
  }
  return checks;
}

/**
 * Checks every engine of a pool (--engine, --engines-file, RPE_ENGINES or DOCKER_HOST): reachable,
 * version, storage driver, capacity, cgroup accounting, runner images (present, current, the same
 * on every engine), and a test container with the sandbox's limits; then the client side once.
 */
export async function diagnosePool(
  config: EngineConfig,
  options: EngineListOptions,
  path = toolSearchPath(),
): Promise<PoolDiagnosis> {
  const install = new Set<string>();
  const pool = await resolveEnginePool(config, options);
  const reference = new Map<string, { id: string; url: string }>();
  const engines: EngineDiagnosis[] = [];
  // One engine at a time: the reference images are the first ready engine's.
  for (const member of pool.members) {
    const base = { url: member.url, status: member.status, same_as: null, jobs_from: null };
    if (member.status === 'unreachable') {
      const checks = [unreachableCheck(member.endpoint, member.error, path, install)];
      engines.push({ ...base, ok: false, jobs: 0, checks });
    } else if (member.status === 'duplicate') {
      const check: DiagnosisCheck = {
        name: 'engine',
        status: 'warning',
        detail: `the same engine as ${member.sameAs} (daemon ${member.facts.id.slice(0, 14)}, ${member.facts.rootDir}): counted once`,
      };
      engines.push({ ...base, ok: true, jobs: 0, same_as: member.sameAs, checks: [check] });
    } else {
      const checks = await readyChecks(member, reference);
      const ok = checks.every((c) => c.status !== 'missing');
      engines.push({ ...base, ok, jobs: member.jobs, jobs_from: member.jobsFrom, checks });
    }
  }
  const imagesMissing = engines.some((e) =>
    e.checks.some((c) => c.name.startsWith('image ') && c.status === 'missing'),
  );
  const checks = [dockerClientCheck(path, install), debootstrapCheck(path, install, imagesMissing)];
  return {
    ok: engines.every((e) => e.ok) && checks.every((c) => c.status !== 'missing'),
    checks,
    engines,
    capacity: engines.reduce((sum, e) => sum + (e.ok ? e.jobs : 0), 0),
    install: [...install].sort(),
  };
}
