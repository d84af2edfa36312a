import type { Command } from 'commander';
import { count, itemLimits } from '../number-options.js';
import { printJson, printLine } from '../output.js';

interface ValidateFlags {
  json?: boolean;
  minItems?: number;
  maxItems?: number;
}

// `rpe validate FILE`: the Track 1 format check, as the organisers' validate_format.py does it.
export function register(program: Command): void {
  program
    .command('validate')
    .description(
      'check an items.jsonl against every rule of the Track 1 file format (exit 0 valid, 1 invalid, 2 unreadable)',
    )
    .argument('<file>', 'items.jsonl, or - for standard input')
    .option('--json', 'print {format_ok, n_items, errors, warnings} as JSON')
    .option('--min-items <n>', 'fewest items allowed (default 50)', count(0))
    .option('--max-items <n>', 'most items allowed (default 200)', count(0))
    .action(async (file: string, flags: ValidateFlags) => {
      const limits = itemLimits(flags);
      const { readSource, validateItems } = await import('../../framework/index.js');
      const result = validateItems(readSource(file), limits);
      if (flags.json) {
        const { format_ok, n_items, errors, warnings } = result;
        printJson({ format_ok, n_items, errors, warnings });
      } else {
        printLine(`format_ok\t${result.format_ok ? 1 : 0}`);
        for (const e of result.errors) printLine(`line ${e.line}: ${e.code}: ${e.message}`);
        for (const w of result.warnings)
          printLine(`warning: line ${w.line}: ${w.code}: ${w.message}`);
      }
      process.exitCode = result.format_ok ? 0 : 1;
    });
}
