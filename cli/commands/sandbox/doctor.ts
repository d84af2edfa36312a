import type { Command } from 'commander';
import { printJson, printLine } from '../../output.js';

// `rpe sandbox doctor`: what the Docker sandbox needs, what is missing, and how to fix it.
export function register(sandbox: Command): void {
  sandbox
    .command('doctor')
    .description(
      'check the Docker engine, the runner images and debootstrap; say how to fix what is missing',
    )
    .option('--json', 'print one JSON document')
    .action(async (options: { json?: boolean }) => {
      const { readEngineConfig, diagnoseEnvironment } =
        await import('../../../sandbox/engine/index.js');
      const diagnosis = await diagnoseEnvironment(readEngineConfig());
      process.exitCode = diagnosis.ok ? 0 : 1;
      if (options.json) {
        printJson(diagnosis);
        return;
      }
      const width = Math.max(...diagnosis.checks.map((c) => c.name.length));
      for (const check of diagnosis.checks) {
        printLine(`${check.status.padEnd(8)} ${check.name.padEnd(width)}  ${check.detail}`);
        if (check.fix) printLine(`${''.padEnd(8)} ${''.padEnd(width)}  fix: ${check.fix}`);
      }
      if (diagnosis.install.length > 0)
        printLine(`\ninstall: apt-get install ${diagnosis.install.join(' ')}`);
      printLine(
        diagnosis.ok ? '\nthe Docker sandbox is ready' : '\nthe Docker sandbox is not ready',
      );
    });
}
