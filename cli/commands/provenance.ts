import type { Command } from 'commander';
import { printLine } from '../output.js';

// `rpe provenance GENERATOR [--out FILE]`: the provenance declaration, per family, to fill in.
export function register(program: Command): void {
  program
    .command('provenance')
    .description(
      'write the provenance declaration of a generator: per family its phenomenon and contrast',
    )
    .argument('<generator>', 'a folder with generator.ts (or .js), or the module itself')
    .option('--out <file>', 'write the Markdown to this file (default: standard output)')
    .action(async (target: string, flags: { out?: string }) => {
      const { loadGenerator, provenanceMarkdown, generatorDataHash, writeFileAtomic } =
        await import('../../framework/index.js');
      const { generator, file } = await loadGenerator(target);
      const text = provenanceMarkdown(generator, { dataHash: generatorDataHash(generator, file) });
      if (!flags.out) return void process.stdout.write(text);
      writeFileAtomic(flags.out, text);
      printLine(`wrote the provenance declaration of ${generator.name} to ${flags.out}`);
    });
}
