import type { Command } from 'commander';
import { addCheckOptions, runCheckCommand, type CheckFlags } from '../check-command.js';

// `rpe check DIR`: the sandbox's checks with the generator as a local process, for fast iteration.
export function register(program: Command): void {
  const command = program
    .command('check')
    .description(
      'check a Track 2 submission with the generator run as a local process (no isolation; `rpe sandbox run` isolates)',
    )
    .argument(
      '<dir>',
      'the submission folder (generate.py, generate.ts or generate.js at its root)',
    );
  addCheckOptions(command, { cpus: false }).action((dir: string, flags: CheckFlags) =>
    runCheckCommand(dir, flags, 'local'),
  );
}
