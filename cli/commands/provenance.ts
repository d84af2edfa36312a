import { join } from 'node:path';
import type { Command } from 'commander';
import type { GeneratorDeclaration } from '../../framework/generator/index.js';
import { DEFAULT_TIMEOUT_SECONDS, parseTimeoutSeconds } from '../../framework/parse-timeout.js';
import { checkWritablePath } from '../../framework/check-writable-path.js';
import { withGeneratorGuard } from '../generator-guard.js';
import { endProcessWhenDone, printJson, printLine } from '../output.js';

interface ProvenanceFlags {
  out?: string;
  timeout: string;
  json?: boolean;
}

interface Declared {
  declaration: GeneratorDeclaration;
  /** The file whose folder holds the generator's data/. */
  file: string;
  lexicon: string | URL | null | undefined;
}

// The declaration of a TypeScript generator (imported under the guard) or a Python one (--describe).
async function declared(target: string, timeoutSeconds: number): Promise<Declared> {
  // The framework's door, which the generator imports too: one copy of the framework.
  const { describePythonGenerator, loadGenerator, locateGenerator } =
    await import('../../framework/index.js');
  const location = locateGenerator(target);
  endProcessWhenDone();
  if (location.kind === 'python') {
    const declaration = await describePythonGenerator({
      ...location,
      timeoutSeconds,
      onOutput: (chunk) => process.stderr.write(chunk),
    });
    return { declaration, file: join(location.dir, location.entry), lexicon: declaration.lexicon };
  }
  const { generator, file } = await withGeneratorGuard(timeoutSeconds, (guard) =>
    guard.async('loading its module', () => loadGenerator(location.file)),
  );
  return { declaration: generator, file, lexicon: generator.lexicon };
}

// `rpe provenance GENERATOR [--out FILE]`: the provenance declaration, per family, to fill in.
export function register(program: Command): void {
  program
    .command('provenance')
    .description(
      'write the provenance declaration of a generator (TypeScript, or Python made by rpe init --lang py): per family its phenomenon and contrast',
    )
    .argument(
      '<generator>',
      'a folder with generator.ts (or .js, .mjs) or generate.py, or that file itself',
    )
    .option('--out <file>', 'write the Markdown to this file (default: standard output)')
    .option(
      '--timeout <seconds>',
      'stop loading a generator that takes longer (at most 3600)',
      String(DEFAULT_TIMEOUT_SECONDS),
    )
    .option('--json', 'print {generator, families, data_hash, out, markdown} as one JSON document')
    .addHelpText(
      'after',
      '\nExit status as for rpe generate: 1 the generator did not load, 2 usage or unwritable output.',
    )
    .action(async (target: string, flags: ProvenanceFlags) => {
      const timeoutSeconds = parseTimeoutSeconds(flags.timeout);
      if (flags.out) {
        // Never over the generator's own source (PROVENANCE.md sits beside it).
        const { locateGenerator, locationFile } = await import('../../framework/index.js');
        checkWritablePath(flags.out, 'file', { inputs: [locationFile(locateGenerator(target))] });
      }
      const { declaration, file, lexicon } = await declared(target, timeoutSeconds);
      const { provenanceMarkdown, generatorDataHash, allocateQuotas, writeFileAtomic } =
        await import('../../framework/index.js');
      const dataHash = generatorDataHash({ lexicon }, file);
      const text = provenanceMarkdown(declaration, { dataHash });
      if (flags.out) writeFileAtomic(flags.out, text);
      if (flags.json) {
        const quotas = allocateQuotas(
          declaration.count,
          declaration.families.map((f) => f.weight),
        );
        return printJson({
          generator: declaration.name,
          count: declaration.count,
          families: declaration.families.map((f, i) => ({
            id: f.id,
            phenomenon: f.phenomenon,
            contrast: f.contrast,
            weight: f.weight,
            items: quotas[i] ?? 0,
          })),
          data_hash: dataHash,
          out: flags.out ?? null,
          markdown: text,
        });
      }
      if (!flags.out) return void process.stdout.write(text);
      printLine(`wrote the provenance declaration of ${declaration.name} to ${flags.out}`);
    });
}
