import { spawn } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { RpeError } from '../../framework/errors.js';
import { baseTarballPath, buildBaseTarball } from './build-base-tarball.js';
import type { Engine } from './connect-engine.js';
import { followProgress } from './follow-progress.js';
import { inspectImage, inspectRunnerImages } from './inspect-runner-images.js';
import { LABELS } from './labels.js';
import { IMAGE_RECIPE, RUNNER_IMAGES, type RunnerImageKind } from './runner-images.js';
import { stageNodeRuntime } from './stage-node-runtime.js';

export interface BuildImagesOptions {
  /** Start from the official python and node images instead of debootstrap. */
  fromRegistry?: boolean;
  /** Rebuild even when an image of the current recipe is present (the cached base is kept). */
  force?: boolean;
  /** One line per step, for progress on the terminal. */
  onStep?: (line: string) => void;
  /** Every line of debootstrap and the engine, for a verbose log. */
  onDetail?: (line: string) => void;
}

export interface BuiltImage {
  kind: RunnerImageKind;
  ref: string;
  id: string;
  /** False when the image of the current recipe was already there. */
  built: boolean;
  source: 'debootstrap' | 'registry';
  seconds: number;
}

const PATH_ENV = 'PATH=/usr/local/bin:/usr/bin:/bin';

function buildLabels(source: BuiltImage['source'], extra: Record<string, string> = {}) {
  return { [LABELS.recipe]: RUNNER_IMAGES.tag, [LABELS.source]: source, ...extra };
}

async function dockerBuild(
  engine: Engine,
  context: string,
  ref: string,
  options: BuildImagesOptions,
  network: 'none' | 'host' = 'none',
) {
  const tar = spawn('tar', ['-c', '-C', context, '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const stream = await engine.docker.buildImage(tar.stdout, {
    t: ref,
    rm: true,
    forcerm: true,
    networkmode: network,
  });
  await followProgress(engine, stream, options.onDetail);
}

async function pull(engine: Engine, ref: string, options: BuildImagesOptions): Promise<void> {
  if (await inspectImage(engine, ref)) return;
  options.onStep?.(`pulling ${ref}`);
  try {
    await followProgress(engine, await engine.docker.pull(ref), options.onDetail);
  } catch (error) {
    throw new RpeError(
      'registry_unreachable',
      `cannot pull ${ref} (${String((error as Error).message)
        .split('\n')[0]
        ?.slice(0, 160)}); build offline without --from-registry`,
      { cause: error },
    );
  }
}

async function buildPython(
  engine: Engine,
  options: BuildImagesOptions,
): Promise<BuiltImage['source']> {
  if (options.fromRegistry) {
    await pull(engine, IMAGE_RECIPE.registry.python, options);
    const context = await mkdtemp(join(tmpdir(), 'rpe-image-'));
    try {
      const labels = Object.entries(buildLabels('registry')).map(([k, v]) => `LABEL ${k}="${v}"`);
      // The official image lacks strace and libfaketime: the one step that needs the network
      // besides the pull.
      const strace = [
        'RUN apt-get update && apt-get install -y --no-install-recommends strace libfaketime && rm -rf /var/lib/apt/lists/*',
        ...IMAGE_RECIPE.copies.map(
          ([from, to]) =>
            `RUN mkdir -p ${posix.dirname(to.slice(1))} && cp ${from.slice(1)} ${to.slice(1)}`,
        ),
        ...IMAGE_RECIPE.executeOnly.map((file) => `RUN chmod 0711 ${file.slice(1)}`),
      ];
      await writeFile(
        join(context, 'Dockerfile'),
        [`FROM ${IMAGE_RECIPE.registry.python}`, ...strace, ...labels, ''].join('\n'),
      );
      await dockerBuild(engine, context, RUNNER_IMAGES.python, options, 'host');
    } finally {
      await rm(context, { recursive: true, force: true });
    }
    return 'registry';
  }
  options.onStep?.(
    existsSync(baseTarballPath(engine.config))
      ? 'base root filesystem: cached'
      : 'base root filesystem: debootstrap (about a minute, cached afterwards)',
  );
  // --force rebuilds the images, not the cached base: delete the tarball to redo debootstrap.
  const base = await buildBaseTarball(engine.config, { onLine: options.onDetail });
  options.onStep?.(`importing ${RUNNER_IMAGES.python}${base.cached ? ' (cached base)' : ''}`);
  const [repo, tag] = RUNNER_IMAGES.python.split(':');
  const labels = Object.entries(buildLabels('debootstrap')).map(([k, v]) => `LABEL ${k}=${v}`);
  const changes = [`ENV ${PATH_ENV}`, ...labels];
  const stream = await engine.docker.importImage(createReadStream(base.path), {
    repo,
    tag,
    changes,
  });
  await followProgress(engine, stream, options.onDetail);
  return 'debootstrap';
}

async function buildNode(
  engine: Engine,
  options: BuildImagesOptions,
): Promise<BuiltImage['source']> {
  const from = options.fromRegistry ? IMAGE_RECIPE.registry.node : RUNNER_IMAGES.python;
  if (options.fromRegistry) await pull(engine, from, options);
  options.onStep?.(`staging tsx${options.fromRegistry ? '' : ' and Node ' + process.version}`);
  const context = await mkdtemp(join(tmpdir(), 'rpe-image-'));
  try {
    const staged = await stageNodeRuntime(context, { withNode: !options.fromRegistry });
    const source = options.fromRegistry ? 'registry' : 'debootstrap';
    const labels = buildLabels(source, { [LABELS.tsx]: staged.tsxVersion });
    const dockerfile = [
      `FROM ${from}`,
      'COPY rootfs/ /',
      `ENV ${PATH_ENV}`,
      ...Object.entries(labels).map(([k, v]) => `LABEL ${k}="${v}"`),
      '',
    ];
    await writeFile(join(context, 'Dockerfile'), dockerfile.join('\n'));
    options.onStep?.(`building ${RUNNER_IMAGES.node}`);
    await dockerBuild(engine, context, RUNNER_IMAGES.node, options);
    return source;
  } finally {
    await rm(context, { recursive: true, force: true });
  }
}

// Builds the python and node runner images of the current recipe, skipping those already current.
export async function buildRunnerImages(
  engine: Engine,
  options: BuildImagesOptions = {},
): Promise<BuiltImage[]> {
  const states = await inspectRunnerImages(engine);
  const built: BuiltImage[] = [];
  const replaced: string[] = [];
  for (const state of states) {
    const started = performance.now();
    const current = state.present;
    let source = (state.labels[LABELS.source] as BuiltImage['source'] | undefined) ?? 'debootstrap';
    if (options.force || !current)
      source =
        state.kind === 'python'
          ? await buildPython(engine, options)
          : await buildNode(engine, options);
    const image = await inspectImage(engine, state.ref);
    if (!image) throw new RpeError('image_build_failed', `${state.ref} is missing after the build`);
    if (state.id && state.id !== image.id) replaced.unshift(state.id);
    built.push({
      kind: state.kind,
      ref: state.ref,
      id: image.id,
      built: Boolean(options.force || !current),
      source,
      seconds: (performance.now() - started) / 1000,
    });
  }
  // The images replaced would linger untagged. Newest first: the old node image is the child of
  // the old python one. An image still used by a container stays.
  for (const id of replaced)
    await engine.docker
      .getImage(id)
      .remove()
      .catch(() => undefined);
  return built;
}
