import { RpeError } from '../../framework/errors.js';
import { connectEngine, CONNECT_TIMEOUT_MS, withTimeout, type Engine } from './connect-engine.js';
import type { EngineConfig } from './engine-config.js';
import { EngineConnectError } from './engine-connect-error.js';
import { explainEngineError } from './explain-engine-error.js';
import type { DockerEndpoint } from './parse-engine-url.js';
import {
  readEngineList,
  type EngineListOptions,
  type EngineListSource,
} from './read-engine-list.js';

/** What `docker info` says about an engine, as far as a pool cares. */
export interface EngineFacts {
  /** The daemon's ID: engines cloned from one image may share it, hence `identity`. */
  id: string;
  name: string;
  serverVersion: string;
  storageDriver: string;
  cpus: number;
  memoryBytes: number;
  rootDir: string;
  /** ID, host name and data root: two URLs reaching the same daemon have the same identity. */
  identity: string;
}

interface MemberBase {
  /** The engine's URL without its #settings. */
  url: string;
  endpoint: DockerEndpoint;
  /** Where it was named, e.g. `--engine ` or `pool.txt line 3: `. */
  origin: string;
}

/** An engine that answers and takes `jobs` submissions at once. */
export interface ReadyMember extends MemberBase {
  status: 'ready';
  engine: Engine;
  facts: EngineFacts;
  jobs: number;
  /** `override` for #jobs=N, `cpus` for the engine's CPU count. */
  jobsFrom: 'override' | 'cpus';
}

/** An engine that does not answer (or cannot be used): reported, then left out. */
export interface UnreachableMember extends MemberBase {
  status: 'unreachable';
  reason: string;
  error: EngineConnectError;
  jobs: 0;
}

/** A second URL for an engine already in the pool: left out so its capacity is not counted twice. */
export interface DuplicateMember extends MemberBase {
  status: 'duplicate';
  sameAs: string;
  engine: Engine;
  facts: EngineFacts;
  jobs: 0;
}

export type PoolMember = ReadyMember | UnreachableMember | DuplicateMember;

export interface EnginePool {
  /** `options` (--engine, --engines-file), `RPE_ENGINES` or `DOCKER_HOST`. */
  source: EngineListSource;
  /** Every engine named, in the order given. */
  members: PoolMember[];
  /** The engines to use, in the order given. */
  ready: ReadyMember[];
  /** The jobs of the ready engines, summed. */
  capacity: number;
}

interface DockerInfo {
  ID?: string;
  Name?: string;
  ServerVersion?: string;
  Driver?: string;
  NCPU?: number;
  MemTotal?: number;
  DockerRootDir?: string;
}

type Abortable = (options: { abortSignal: AbortSignal }) => Promise<DockerInfo>;

// `docker info` of a connected engine, in the terms of EngineFacts.
export async function readEngineFacts(engine: Engine, timeoutMs: number): Promise<EngineFacts> {
  const { endpoint } = engine.config;
  const answer = await withTimeout(
    engine.docker.info.bind(engine.docker) as unknown as Abortable,
    timeoutMs,
  );
  if (!answer.ok) {
    const { code, reason } = answer.timedOut
      ? {
          code: 'engine_unreachable' as const,
          reason: `docker info: no answer within ${timeoutMs / 1000} s`,
        }
      : explainEngineError(answer.error, endpoint);
    throw new EngineConnectError(code, endpoint.url, reason, { cause: answer.error });
  }
  const info = answer.value;
  const facts = {
    id: info.ID ?? '',
    name: info.Name ?? '',
    serverVersion: info.ServerVersion ?? engine.serverVersion,
    storageDriver: info.Driver ?? '',
    cpus: info.NCPU ?? 1,
    memoryBytes: info.MemTotal ?? 0,
    rootDir: info.DockerRootDir ?? '',
  };
  return { ...facts, identity: `${facts.id}|${facts.name}|${facts.rootDir}` };
}

async function connectMember(
  config: EngineConfig,
  endpoint: DockerEndpoint,
  origin: string,
): Promise<PoolMember> {
  const base = { url: endpoint.url, endpoint, origin };
  try {
    const engine = await connectEngine({ ...config, endpoint });
    const timeout = CONNECT_TIMEOUT_MS[endpoint.kind === 'ssh' ? 'ssh' : 'local'];
    const facts = await readEngineFacts(engine, timeout);
    const jobs = endpoint.jobs ?? Math.max(1, facts.cpus);
    const jobsFrom = endpoint.jobs === null ? 'cpus' : 'override';
    return { ...base, status: 'ready', engine, facts, jobs, jobsFrom };
  } catch (error) {
    if (!(error instanceof EngineConnectError)) throw error;
    return { ...base, status: 'unreachable', reason: error.reason, error, jobs: 0 };
  }
}

/**
 * The engines named by --engine / --engines-file, else RPE_ENGINES, else DOCKER_HOST: each
 * connected (all at once) and sized by its CPU count or #jobs=N. An engine that does not answer is
 * a member with its reason, not an error: the caller decides whether the others are enough.
 */
export async function resolveEnginePool(
  config: EngineConfig,
  options: EngineListOptions = {},
): Promise<EnginePool> {
  const { source, entries } = await readEngineList(config, options);
  const connected = await Promise.all(
    entries.map(({ endpoint, origin }) => connectMember(config, endpoint, origin)),
  );
  const seen = new Map<string, string>();
  const members = connected.map((member): PoolMember => {
    if (member.status !== 'ready') return member;
    const first = seen.get(member.facts.identity);
    if (first === undefined) {
      seen.set(member.facts.identity, member.url);
      return member;
    }
    const { engine, facts, url, endpoint, origin } = member;
    return { url, endpoint, origin, status: 'duplicate', sameAs: first, engine, facts, jobs: 0 };
  });
  const ready = members.filter((m): m is ReadyMember => m.status === 'ready');
  return { source, members, ready, capacity: ready.reduce((sum, m) => sum + m.jobs, 0) };
}

// The ready engines of a pool, or the one clear error when none answers (the engine's own error
// when the pool is a single engine).
export function requireReadyEngines(pool: EnginePool): [ReadyMember, ...ReadyMember[]] {
  const [first, ...rest] = pool.ready;
  if (first) return [first, ...rest];
  const [only] = pool.members;
  if (pool.members.length === 1 && only?.status === 'unreachable') throw only.error;
  const reasons = pool.members.map(
    (m) => `${m.url} (${m.status === 'unreachable' ? m.reason : m.status})`,
  );
  throw new RpeError('engine_unreachable', `no engine of the pool answers: ${reasons.join('; ')}`);
}
