import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { packagePath } from '../../framework/package-root.js';

// `rpe version`: the toolkit version, for reports and bug reports.
export function register(program: Command): void {
  program
    .command('version')
    .description('print the toolkit version')
    .action(() => {
      const { version } = JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as {
        version: string;
      };
      process.stdout.write(`${version}\n`);
    });
}
