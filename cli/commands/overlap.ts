import { InvalidArgumentError, type Command } from 'commander';
import { printJson, printLine } from '../output.js';

interface OverlapFlags {
  max: number;
  json?: boolean;
}

function fraction(value: string): number {
  const n = Number(value);
  // Written as a decimal: Number() would also take 0x1 or 1e-1.
  if (!/^\d*\.?\d+$/.test(value) || n < 0 || n > 1) {
    throw new InvalidArgumentError('expected a number between 0 and 1');
  }
  return n;
}

// `rpe overlap A B [C ...]`: the Track 2 seed-variation check on item files.
export function register(program: Command): void {
  program
    .command('overlap')
    .description(
      'Jaccard overlap of the normalised inputs of every pair of item files (exit 1 when a pair is above --max)',
    )
    .argument('<files...>', 'two or more items.jsonl files, e.g. one per seed')
    .option('--max <fraction>', 'highest Jaccard allowed', fraction, 0.5)
    .option('--json', 'print {pairs, max, threshold, ok, files} as JSON')
    .action(async (files: string[], flags: OverlapFlags) => {
      const { RpeError, inputsFromJsonl, overlap, readSource } =
        await import('../../framework/index.js');
      if (files.length < 2) {
        throw new RpeError('usage', 'overlap needs at least two files', { exitCode: 2 });
      }
      const read = files.map((name) => ({ name, ...inputsFromJsonl(readSource(name), name) }));
      const result = overlap(read, { max: flags.max });
      // Lines without a string input are skipped, not fatal: say how many, so a typo is noticed.
      const counts = read.map((f) => ({
        name: f.name,
        inputs: f.inputs.length,
        skipped: f.skipped,
      }));
      if (flags.json) printJson({ ...result, files: counts });
      else {
        for (const f of counts) {
          if (f.skipped > 0)
            printLine(
              `note\t${f.name}\t${f.skipped} line${f.skipped === 1 ? '' : 's'} without a string input skipped`,
            );
        }
        for (const p of result.pairs) {
          const mark = p.jaccard > result.threshold ? '\tABOVE' : '';
          printLine(`${p.a}\t${p.b}\t${p.jaccard.toFixed(4)}${mark}`);
        }
        printLine(`max\t${result.max.toFixed(4)}\t(allowed ≤ ${result.threshold})`);
        printLine(`ok\t${result.ok ? 1 : 0}`);
      }
      process.exitCode = result.ok ? 0 : 1;
    });
}
