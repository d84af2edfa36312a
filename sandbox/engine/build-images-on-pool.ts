import {
  buildRunnerImages,
  type BuildImagesOptions,
  type BuiltImage,
} from './build-runner-images.js';
import { copyRunnerImages } from './copy-runner-images.js';
import type { EnginePool, ReadyMember } from './resolve-engine-pool.js';

/** One runner image on one engine of the pool, and how it got there. */
export interface PlacedImage {
  kind: BuiltImage['kind'];
  ref: string;
  id: string;
  how: 'built' | 'current' | 'imported';
}

/** The runner images of one engine of the pool. */
export interface EngineImages {
  url: string;
  status: 'ok' | 'failed' | 'unreachable' | 'duplicate';
  /**
   * `built` on this engine (the source, or a target whose import failed), `imported` by content
   * from the source, `current` when it already had the source's images; null when not ok.
   */
  method: 'built' | 'imported' | 'current' | null;
  /** The engine the images were imported from. */
  from: string | null;
  images: PlacedImage[];
  seconds: number;
  /** Why the engine is not ok; for `built` on a target, why the import failed first. */
  reason: string | null;
}

export interface PoolImages {
  /** The engine the images were built on first; null when no engine could build them. */
  source: string | null;
  /** The source engine's images, in the shape of a one-engine build. */
  built: BuiltImage[];
  engines: EngineImages[];
  /** Every named engine that answers has the images (duplicates count as the engine they repeat). */
  ok: boolean;
}

function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0] ?? '';
}

// An engine left without the images, and why.
function notOk(
  url: string,
  status: Exclude<EngineImages['status'], 'ok'>,
  reason: string,
  started?: number,
): EngineImages {
  const seconds = started === undefined ? 0 : (performance.now() - started) / 1000;
  return { url, status, method: null, from: null, images: [], seconds, reason };
}

function placedFromBuild(built: BuiltImage[]): PlacedImage[] {
  return built.map(({ kind, ref, id, built: fresh }) => ({
    kind,
    ref,
    id,
    how: fresh ? 'built' : 'current',
  }));
}

// Builds on one engine, as `rpe sandbox images build` does for a single engine.
async function buildOn(member: ReadyMember, options: BuildImagesOptions, started: number) {
  const built = await buildRunnerImages(member.engine, options);
  const images = placedFromBuild(built);
  const method: EngineImages['method'] = images.some((i) => i.how === 'built')
    ? 'built'
    : 'current';
  const result: EngineImages = {
    url: member.url,
    status: 'ok',
    method,
    from: null,
    images,
    seconds: (performance.now() - started) / 1000,
    reason: null,
  };
  return { built, result };
}

/**
 * Puts the runner images on every ready engine of a pool: built once on the first engine that
 * can build them, then imported by content into the others (same image ID everywhere); an engine
 * whose import fails builds them itself. Unreachable and duplicate engines are reported as such.
 */
export async function buildImagesOnPool(
  pool: EnginePool,
  options: BuildImagesOptions = {},
): Promise<PoolImages> {
  const results = new Map<string, EngineImages>();
  let source: { member: ReadyMember; built: BuiltImage[] } | null = null;
  for (const member of pool.ready) {
    const started = performance.now();
    options.onStep?.(`${member.url}: checking the runner images, building what is missing`);
    try {
      const { built, result } = await buildOn(member, options, started);
      results.set(member.url, result);
      source = { member, built };
      break;
    } catch (error) {
      results.set(member.url, notOk(member.url, 'failed', firstLine(error), started));
    }
  }
  for (const member of pool.ready) {
    if (!source || results.has(member.url)) continue;
    const started = performance.now();
    options.onStep?.(
      `${member.url}: checking the runner images against ${source.member.url}, importing what differs`,
    );
    try {
      const copied = await copyRunnerImages(
        source.member.engine,
        member.engine,
        source.built,
        options.onDetail,
      );
      const images = source.built.map((built, i) => ({ ...copied[i]!, kind: built.kind }));
      results.set(member.url, {
        url: member.url,
        status: 'ok',
        method: copied.some((c) => c.how === 'imported') ? 'imported' : 'current',
        from: source.member.url,
        images,
        seconds: (performance.now() - started) / 1000,
        reason: null,
      });
    } catch (error) {
      const importFailed = `the import from ${source.member.url} failed: ${firstLine(error)}`;
      options.onStep?.(`${member.url}: ${importFailed}; building here instead`);
      try {
        const { result } = await buildOn(member, options, started);
        results.set(member.url, { ...result, method: 'built', reason: importFailed });
      } catch (buildError) {
        const reason = `${importFailed}; building here failed too: ${firstLine(buildError)}`;
        results.set(member.url, notOk(member.url, 'failed', reason, started));
      }
    }
  }
  const engines = pool.members.map(
    (member): EngineImages =>
      results.get(member.url) ??
      (member.status === 'duplicate'
        ? notOk(member.url, 'duplicate', `the same engine as ${member.sameAs}`)
        : notOk(
            member.url,
            'unreachable',
            member.status === 'unreachable' ? member.reason : 'not reached',
          )),
  );
  return {
    source: source?.member.url ?? null,
    built: source?.built ?? [],
    engines,
    ok: engines.every((e) => e.status === 'ok' || e.status === 'duplicate'),
  };
}
