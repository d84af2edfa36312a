import type { Command } from 'commander';

// `rpe sheet`: the group; its subcommands live in cli/commands/sheet/.
export function register(program: Command): void {
  program
    .command('sheet')
    .description(
      'items to and from spreadsheets: import a sheet to items.jsonl, export a review sheet',
    );
}
