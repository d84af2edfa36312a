import type { Command } from 'commander';
import type { BuiltImage, PoolImages } from '../../../../sandbox/index.js';
import {
  addEngineOptions,
  engineListOptions,
  namesPool,
  type EngineFlags,
} from '../../../engine-options.js';
import { printJson, printLine } from '../../../output.js';

interface BuildFlags extends EngineFlags {
  fromRegistry?: boolean;
  force?: boolean;
  verbose?: boolean;
  json?: boolean;
}

function builtLine(image: BuiltImage): string {
  const how = image.built
    ? `built from ${image.source} in ${image.seconds.toFixed(1)} s`
    : 'already current';
  return `${image.ref}  ${image.id.slice(7, 19)}  ${how}`;
}

// One block per engine: what it has and how it got it.
function printPoolImages(result: PoolImages): void {
  for (const engine of result.engines) {
    const how =
      engine.status !== 'ok'
        ? `${engine.status}: ${engine.reason ?? ''}`
        : engine.method === 'imported'
          ? `imported from ${engine.from} in ${engine.seconds.toFixed(1)} s, same image IDs`
          : engine.method === 'built' && engine.url !== result.source
            ? `built here in ${engine.seconds.toFixed(1)} s (${engine.reason})`
            : engine.method === 'built'
              ? `built in ${engine.seconds.toFixed(1)} s`
              : 'already current';
    printLine(`engine ${engine.url}: ${how}`);
    for (const image of engine.images)
      printLine(`  ${image.ref}  ${image.id.slice(7, 19)}  ${image.how}`);
  }
}

// `rpe sandbox images build`: builds the python and node runner images, offline by default; with
// several engines, builds once and imports the images into the others by content.
export function register(images: Command): void {
  addEngineOptions(
    images
      .command('build')
      .description(
        'build the runner images (debootstrap + docker import, no registry needed); with several --engine, build once and import into the others',
      )
      .option('--from-registry', 'start from the official python and node images instead')
      .option('--force', 'rebuild even when the images of the current recipe are present')
      .option('--verbose', 'print every line of debootstrap and the engine')
      .option('--json', 'print one JSON document'),
  ).action(async (options: BuildFlags) => {
    const engine = await import('../../../../sandbox/engine/index.js');
    const say = (line: string) => {
      if (!options.json) process.stderr.write(`› ${line}\n`);
    };
    const build = {
      fromRegistry: options.fromRegistry,
      force: options.force,
      onStep: say,
      onDetail: options.verbose ? (line: string) => say(`  ${line}`) : undefined,
    };
    const config = engine.readEngineConfig();
    if (!namesPool(options, config)) {
      const built = await engine.buildRunnerImages(await engine.connectEngine(config), build);
      if (options.json) printJson({ images: built });
      else for (const image of built) printLine(builtLine(image));
      return;
    }
    const pool = await engine.resolveEnginePool(config, engineListOptions(options));
    engine.requireReadyEngines(pool);
    for (const member of pool.members)
      if (member.status === 'unreachable') say(`${member.url}: skipped, ${member.reason}`);
    const result = await engine.buildImagesOnPool(pool, build);
    // The source engine's images under `images`, as with one engine; not a second time as `built`.
    const { built, ...placed } = result;
    if (options.json) printJson({ images: built, ...placed });
    else printPoolImages(result);
    if (!result.ok) {
      const failed = result.engines.filter(
        (e) => e.status === 'failed' || e.status === 'unreachable',
      );
      process.stderr.write(
        `rpe: the runner images are not on every engine: ${failed.map((e) => `${e.url} (${e.reason ?? e.status})`).join('; ')}\n`,
      );
      process.exitCode = 2;
    }
  });
}
