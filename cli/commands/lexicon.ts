import type { Command } from 'commander';

// `rpe lexicon`: the group; its subcommands live in cli/commands/lexicon/.
export function register(program: Command): void {
  program
    .command('lexicon')
    .description('query the Polish morphology snapshot (forms, analyse, info) or rebuild it');
}
