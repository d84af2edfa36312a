import { InvalidArgumentError, type Command } from 'commander';
import { RpeError } from '../../../framework/errors.js';
import { count } from '../../number-options.js';
import { printJson, printLine } from '../../output.js';

interface ExportFlags {
  out: string;
  meta?: string;
  sample?: number;
  seed?: number;
  json?: boolean;
}

function integer(value: string): number {
  const n = Number(value);
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(n)) {
    throw new InvalidArgumentError('expected an integer');
  }
  return n;
}

// `rpe sheet export ITEMS --out FILE`: a review sheet of the items, or of a reproducible sample.
export function register(sheet: Command): void {
  sheet
    .command('export')
    .description(
      'write items as a review sheet (XLSX, CSV or TSV): number, input, gold, aliases, family, lemma, tag, phenomenon, and empty ok and comment columns',
    )
    .argument('<items>', 'items.jsonl')
    .requiredOption('--out <file>', 'the sheet to write: .xlsx, .csv or .tsv')
    .option(
      '--meta <file>',
      'the sidecar of rpe generate --meta: adds family, lemma, tag, phenomenon',
    )
    .option(
      '--sample <n>',
      'export n items drawn at random (the qualification sample is 30)',
      count(1),
    )
    .option(
      '--seed <n>',
      'the seed of the --sample draw (an integer; required with --sample)',
      integer,
    )
    .option('--json', 'print the report as one JSON document')
    .action(async (items: string, flags: ExportFlags) => {
      if ((flags.sample === undefined) !== (flags.seed === undefined)) {
        throw new RpeError(
          'usage',
          flags.sample === undefined
            ? '--seed needs --sample (the number of items to draw)'
            : '--sample needs --seed, so the same sample can be drawn again',
        );
      }
      const { exportSheet } = await import('../../../panel/sheet/index.js');
      const report = await exportSheet({
        items,
        out: flags.out,
        ...(flags.meta !== undefined ? { meta: flags.meta } : {}),
        ...(flags.sample !== undefined && flags.seed !== undefined
          ? { sample: { size: flags.sample, seed: flags.seed } }
          : {}),
      });
      if (flags.json) return printJson(report);
      const what = report.sample
        ? `${report.n_rows} of ${report.n_items} items (sample, seed ${report.sample.seed})`
        : `${report.n_rows} items`;
      printLine(`wrote ${what} to ${report.out}`);
      if (report.sample && report.sample.size > report.n_items) {
        printLine(
          `note: --sample ${report.sample.size} is more than the file has; all items written`,
        );
      }
    });
}
