import { InvalidArgumentError, type Command } from 'commander';
import { count, itemLimits } from '../../number-options.js';
import { printJson, printLine } from '../../output.js';

interface ImportFlags {
  out: string;
  sheet?: string;
  delimiter?: string;
  minItems?: number;
  maxItems?: number;
  json?: boolean;
}

const MAX_LINES = 50;

// A delimiter is one character (not a quote or a line end), or `tab`.
function delimiter(value: string): string {
  const d = value === 'tab' || value === '\\t' ? '\t' : value;
  if ([...d].length !== 1 || /["\r\n]/.test(d)) {
    throw new InvalidArgumentError('expected one character, or tab');
  }
  return d;
}

// `rpe sheet import FILE --out items.jsonl`: a team's sheet to items, under the official rules.
export function register(sheet: Command): void {
  sheet
    .command('import')
    .description(
      'convert a sheet (CSV, TSV or XLSX; columns input, gold, alias1…alias5) to items.jsonl; nothing is written unless every row passes the rules',
    )
    .argument('<file>', 'the sheet: .xlsx, .csv or .tsv, or - for standard input')
    .requiredOption('--out <file>', 'items.jsonl to write (canonical JSONL, written atomically)')
    .option('--sheet <name>', 'the worksheet of an XLSX workbook (default: the first)')
    .option(
      '--delimiter <char>',
      'field delimiter of a CSV: one character or tab (default: tab for .tsv, else , ; or tab as the header shows)',
      delimiter,
    )
    .option('--min-items <n>', 'fewest items allowed (default 50)', count(0))
    .option('--max-items <n>', 'most items allowed (default 200)', count(0))
    .option('--json', 'print the report as one JSON document')
    .action(async (file: string, flags: ImportFlags) => {
      const limits = itemLimits(flags);
      const { importSheet } = await import('../../../panel/sheet/index.js');
      const report = await importSheet({
        file,
        out: flags.out,
        ...(flags.sheet !== undefined ? { sheet: flags.sheet } : {}),
        ...(flags.delimiter !== undefined ? { delimiter: flags.delimiter } : {}),
        ...limits,
      });
      process.exitCode = report.ok ? 0 : 1;
      if (flags.json) return printJson(report);
      const where = (row: number) => (row > 0 ? `row ${row}: ` : '');
      if (!report.ok) {
        for (const e of report.errors.slice(0, MAX_LINES)) {
          process.stderr.write(`rpe: ${file}: ${where(e.row)}${e.code}: ${e.message}\n`);
        }
        const more = report.errors.length - MAX_LINES;
        if (more > 0) process.stderr.write(`rpe: ${file}: ... and ${more} more\n`);
        const n = report.errors.length;
        process.stderr.write(
          `rpe: ${file}: ${n} error${n === 1 ? '' : 's'}; nothing written to ${flags.out}\n`,
        );
        return;
      }
      const from = report.sheet !== null ? `sheet "${report.sheet}"` : 'CSV';
      printLine(`wrote ${report.n_items} items to ${report.out} (${file}, ${from})`);
      if (report.ignored_columns.length > 0) {
        printLine(`ignored columns: ${report.ignored_columns.join(', ')}`);
      }
      for (const w of report.warnings) {
        printLine(`warning: ${where(w.row)}${w.code}: ${w.message}`);
      }
    });
}
