import type { Command } from 'commander';

// `rpe sandbox images`: the group; its subcommands live in cli/commands/sandbox/images/.
export function register(sandbox: Command): void {
  sandbox
    .command('images')
    .description('the runner images: build them on one engine or every engine of a pool');
}
