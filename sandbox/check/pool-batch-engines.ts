import { RpeError } from '../../framework/index.js';
import {
  copyRunnerImages,
  describeSweep,
  sweepLeftovers,
  type Engine,
  inspectRunnerImages,
  isEngineFailure,
  pingEngine,
  runnerImageFor,
  type EnginePool,
  type ReadyMember,
  type RunnerImageState,
} from '../engine/index.js';
import type { Entrypoint, Limits } from '../run/executor.js';
import { loadDockerExecutor } from '../run/load-docker-executor.js';
import type { InstallSource } from '../submission/install-source.js';
import type { RunnerName } from '../submission/runner-of.js';
import type { BatchEngine } from './batch-engine.js';

/** How often an engine of a batch is asked whether it still answers. */
export const WATCH_INTERVAL_MS = 5000;
/** Unanswered asks in a row that make an engine lost. */
export const WATCH_MISSES = 3;
const PING_TIMEOUT_MS = 5000;

/** The engines of a pool, ready to take a batch's submissions. */
export interface PoolBatch {
  engines: BatchEngine[];
  /** The engine whose runner images every other one gets. */
  source: string;
  /** The runner images every engine runs: the source engine's, by content. */
  images: { ref: string; id: string }[];
  /** The image ID runs of an entrypoint use, whichever engine runs them. */
  imageFor(entrypoint: Entrypoint, runner?: RunnerName | null): Promise<string | null>;
}

function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0] ?? '';
}

// Asks the engine every WATCH_INTERVAL_MS; resolves `lost` after WATCH_MISSES misses in a row.
function watch(member: ReadyMember): { lost: Promise<string>; close(): void } {
  let misses = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const lost = new Promise<string>((resolve) => {
    const ask = async () => {
      const why = await pingEngine(member.engine, PING_TIMEOUT_MS);
      misses = why === null ? 0 : misses + 1;
      if (why !== null && misses >= WATCH_MISSES)
        return resolve(`stopped answering (${misses} checks in a row: ${why})`);
      if (!stopped) timer = setTimeout(() => void ask(), WATCH_INTERVAL_MS).unref();
    };
    timer = setTimeout(() => void ask(), WATCH_INTERVAL_MS).unref();
  });
  return {
    lost,
    close() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

// An engine of the pool that takes no work: it does not answer, or repeats another.
function unusable(url: string, reason: string): BatchEngine {
  return {
    url,
    jobs: 0,
    ready: Promise.resolve(reason),
    createExecutor: () => Promise.reject(new Error(`${url} takes no work: ${reason}`)),
    fault: () => Promise.resolve(null),
    lost: new Promise<string>(() => undefined),
    close: () => undefined,
  };
}

// Removes what checks no longer running left on one engine (an engine killed mid-batch keeps
// its containers and volumes), saying so; an engine that fails here fails later, where it counts.
async function sweepEngine(url: string, engine: Engine, onStep?: (line: string) => void) {
  const swept = await sweepLeftovers(engine).catch(() => null);
  const line = swept && describeSweep(swept);
  if (line) onStep?.(`${url}: ${line}`);
}

/**
 * Makes the engines of a pool into a batch's engines (those that do not answer, or repeat
 * another, are skipped with the reason). The runner images come from the
 * first engine that has both: every other engine gets them by content (the same image IDs), or,
 * when that fails, is skipped with the reason. Each engine takes `jobs` runs at once, is watched
 * while the batch runs, and tells a check that threw because of it (it no longer answers, or the
 * connection broke) from one that threw for a reason of the submission's.
 */
export async function poolBatchEngines(
  pool: EnginePool,
  options: { limits: Limits; install?: InstallSource; onStep?: (line: string) => void },
): Promise<PoolBatch> {
  const [states] = await Promise.all([
    Promise.all(
      pool.ready.map((m) => inspectRunnerImages(m.engine).catch((): RunnerImageState[] => [])),
    ),
    // Every engine the batch reaches, whether or not a submission runs on it (all may resume).
    Promise.all(pool.ready.map((m) => sweepEngine(m.url, m.engine, options.onStep))),
  ]);
  const index = states.findIndex((s) => s.length > 0 && s.every((image) => image.present));
  const source = pool.ready[index];
  if (!source)
    throw new RpeError(
      'image_missing',
      `no engine of the pool has the runner images: build them with \`rpe sandbox images build\` and the same engines (${pool.ready.map((m) => m.url).join(', ')})`,
    );
  const images = (states[index] ?? []).map((s) => ({ ref: s.ref, id: s.id ?? '' }));
  const create = await loadDockerExecutor();
  const engines = pool.ready.map((member): BatchEngine => {
    const ready =
      member === source
        ? Promise.resolve(null)
        : (async () => {
            const started = performance.now();
            try {
              const copied = await copyRunnerImages(source.engine, member.engine, images);
              const seconds = ((performance.now() - started) / 1000).toFixed(1);
              if (copied.some((c) => c.how === 'imported'))
                options.onStep?.(
                  `${member.url}: runner images imported from ${source.url} in ${seconds} s, same image IDs`,
                );
              return null;
            } catch (error) {
              return `the runner images could not be imported from ${source.url}: ${firstLine(error)}`;
            }
          })();
    const watched = watch(member);
    return {
      url: member.url,
      jobs: member.jobs,
      ready,
      createExecutor: (entrypoint, submissionDir) =>
        create({
          engine: member.engine,
          submissionDir,
          entrypoint,
          limits: options.limits,
          network: 'none',
          ...(options.install ? { install: options.install } : {}),
        }),
      async fault(error) {
        const why = await pingEngine(member.engine, PING_TIMEOUT_MS);
        if (why !== null) return { reason: `stopped answering: ${why}`, down: true };
        if (isEngineFailure(error))
          return { reason: `the connection broke: ${firstLine(error)}`, down: false };
        return null;
      },
      lost: watched.lost,
      close: watched.close,
    };
  });
  const ids = new Map(images.map((image) => [image.ref, image.id]));
  // The engines left out are part of the batch too, so that its summary names them.
  const skipped = pool.members.flatMap((member): BatchEngine[] =>
    member.status === 'ready'
      ? []
      : [
          unusable(
            member.url,
            member.status === 'duplicate' ? `the same engine as ${member.sameAs}` : member.reason,
          ),
        ],
  );
  return {
    engines: [...engines, ...skipped],
    source: source.url,
    images,
    imageFor: (entrypoint, runner) =>
      Promise.resolve(
        ids.get(runnerImageFor(runner === 'python+node' ? 'node' : entrypoint.kind).ref) ?? null,
      ),
  };
}
