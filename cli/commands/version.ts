import type { Command } from 'commander';
import { toolkitVersion } from '../../framework/toolkit-version.js';
import { printJson } from '../output.js';

// `rpe version`: the toolkit version, for reports and bug reports.
export function register(program: Command): void {
  program
    .command('version')
    .description('print the toolkit version')
    .option('--json', 'print {"version"} as one JSON document')
    .action((flags: { json?: boolean }) => {
      if (flags.json) return printJson({ version: toolkitVersion() });
      process.stdout.write(`${toolkitVersion()}\n`);
    });
}
