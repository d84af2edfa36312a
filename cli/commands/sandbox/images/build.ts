import type { Command } from 'commander';
import { printJson, printLine } from '../../../output.js';

// `rpe sandbox images build`: builds the python and node runner images, offline by default.
export function register(images: Command): void {
  images
    .command('build')
    .description('build the runner images (debootstrap + docker import, no registry needed)')
    .option('--from-registry', 'start from the official python and node images instead')
    .option('--force', 'rebuild even when the images of the current recipe are present')
    .option('--verbose', 'print every line of debootstrap and the engine')
    .option('--json', 'print one JSON document')
    .action(
      async (options: {
        fromRegistry?: boolean;
        force?: boolean;
        verbose?: boolean;
        json?: boolean;
      }) => {
        const { readEngineConfig, connectEngine, buildRunnerImages } =
          await import('../../../../sandbox/engine/index.js');
        const engine = await connectEngine(readEngineConfig());
        const say = (line: string) => {
          if (!options.json) process.stderr.write(`› ${line}\n`);
        };
        const images = await buildRunnerImages(engine, {
          fromRegistry: options.fromRegistry,
          force: options.force,
          onStep: say,
          onDetail: options.verbose ? (line) => say(`  ${line}`) : undefined,
        });
        if (options.json) {
          printJson({ images });
          return;
        }
        for (const image of images) {
          const how = image.built
            ? `built from ${image.source} in ${image.seconds.toFixed(1)} s`
            : 'already current';
          printLine(`${image.ref}  ${image.id.slice(7, 19)}  ${how}`);
        }
      },
    );
}
