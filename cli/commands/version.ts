import type { Command } from 'commander';
import { toolkitVersion } from '../../framework/toolkit-version.js';

// `rpe version`: the toolkit version, for reports and bug reports.
export function register(program: Command): void {
  program
    .command('version')
    .description('print the toolkit version')
    .action(() => {
      process.stdout.write(`${toolkitVersion()}\n`);
    });
}
