import type { Command } from 'commander';
import { RpeError } from '../../framework/errors.js';
import { printJson, printLine } from '../output.js';

interface GenerateFlags {
  seed: string;
  out: string;
  meta?: string;
  lexicon?: string;
  json?: boolean;
}

function percent(x: number | null): string {
  return x === null ? '?' : `${(100 * x).toFixed(1)}%`;
}

// `rpe generate GENERATOR --seed N --out FILE`: one seed of a declared generator, with a summary.
export function register(program: Command): void {
  program
    .command('generate')
    .description('generate the items of one seed from a generator declared with the framework')
    .argument('<generator>', 'a folder with generator.ts (or .js), or the module itself')
    .requiredOption('--seed <n>', 'the seed (an integer)')
    .requiredOption('--out <file>', 'items.jsonl to write (canonical JSONL, written atomically)')
    .option('--meta <file>', 'also write one {"family","phenomenon"} line per item, in item order')
    .option('--lexicon <file>', "use this morphology snapshot instead of the generator's own")
    .option('--json', 'print the summary as one JSON document')
    .action(async (target: string, flags: GenerateFlags) => {
      if (!/^-?\d+$/.test(flags.seed) || !Number.isSafeInteger(Number(flags.seed))) {
        throw new RpeError('usage', `--seed must be an integer, got "${flags.seed}"`);
      }
      const { loadGenerator, writeGeneration } = await import('../../framework/generator/index.js');
      const { generator } = await loadGenerator(target);
      const { openLexicon } = await import('../../framework/lexicon/index.js');
      const lexicon = flags.lexicon ? openLexicon(flags.lexicon) : undefined;
      let result;
      try {
        result = writeGeneration(generator, {
          seed: Number(flags.seed),
          out: flags.out,
          ...(flags.meta ? { meta: flags.meta } : {}),
          ...(lexicon ? { lexicon } : {}),
        });
      } finally {
        lexicon?.close();
      }
      const summary = {
        generator: result.generator,
        seed: result.seed,
        out: flags.out,
        meta: flags.meta ?? null,
        n_items: result.items.length,
        expected_overlap: result.expectedOverlap,
        families: result.families.map((f) => ({
          id: f.id,
          phenomenon: f.phenomenon,
          items: f.produced,
          attempts: f.attempts,
          duplicates: f.duplicates,
          rejections: f.rejections,
          capacity: f.capacity,
          capacity_source: f.source,
          expected_overlap: f.expectedOverlap,
        })),
        warnings: result.warnings,
      };
      if (flags.json) return printJson(summary);
      printLine(
        `wrote ${summary.n_items} items to ${flags.out} (generator ${summary.generator}, seed ${summary.seed})`,
      );
      const header = [
        'family',
        'items',
        'attempts',
        'rejected',
        'duplicates',
        'capacity',
        'overlap',
      ];
      const rows = result.families.map((f) => [
        f.id,
        String(f.produced),
        String(f.attempts),
        String(Object.values(f.rejections).reduce((a, b) => a + b, 0)),
        String(f.duplicates),
        f.capacity === null ? '?' : `${f.source === 'estimated' ? '~' : ''}${f.capacity}`,
        percent(f.expectedOverlap),
      ]);
      const widths = header.map((h, i) =>
        Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)),
      );
      for (const row of [header, ...rows]) {
        printLine(
          row
            .map((cell, i) =>
              i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
            )
            .join('  '),
        );
      }
      printLine(`expected overlap of two seeds: ${percent(result.expectedOverlap)} (limit 50%)`);
      for (const w of result.warnings) printLine(`warning: ${w.message}`);
    });
}
