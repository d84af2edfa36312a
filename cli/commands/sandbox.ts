import type { Command } from 'commander';

// `rpe sandbox`: the group; its subcommands live in cli/commands/sandbox/.
export function register(program: Command): void {
  program
    .command('sandbox')
    .description(
      'run submissions in a network-less Docker container: doctor, images build, run, verify, batch',
    );
}
