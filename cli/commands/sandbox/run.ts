import type { Command } from 'commander';
import { addCheckOptions, runCheckCommand, type CheckFlags } from '../../check-command.js';

// `rpe sandbox run DIR`: the organisers' check, each run in a network-less container with limits.
export function register(group: Command): void {
  const command = group
    .command('run')
    .description(
      'check a Track 2 submission in the sandbox: exit 0 eligible, 1 disqualified, 2 the runner failed',
    )
    .argument('<dir>', 'the submission folder');
  addCheckOptions(command, { cpus: true })
    .option(
      '--runner <image>',
      'auto: the image the entrypoint needs (Python and Node for a generate.py beside a package-lock.json); python: the Python-only image, as organisers without Node run it',
      'auto',
    )
    .action((dir: string, flags: CheckFlags) => runCheckCommand(dir, flags, 'docker'));
}
