// The bad-input table covers the whole program: every command has rows with and without --json
// (where it takes --json), and every option, hidden ones included, appears in at least one row of
// its command. A new option without a row fails here, naming it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../cli/main.js';
import { packagePath } from '../../framework/package-root.js';
import type { BadInputCase } from './bad-input/case.js';

const folder = packagePath('tests', 'cli', 'bad-input');
const rows: BadInputCase[] = [];
for (const file of readdirSync(folder).filter((f) => f.endsWith('.cases.ts'))) {
  const mod = (await import(pathToFileURL(join(folder, file)).href)) as { cases: BadInputCase[] };
  rows.push(...mod.cases);
}
const program = await buildProgram();

// Every command that runs (not a group), as `sandbox images build`.
function leaves(command: Command, path: string[] = []): [string, Command][] {
  if (command.commands.length === 0) return [[path.join(' '), command]];
  return command.commands.flatMap((c) => leaves(c, [...path, c.name()]));
}

// The command a row runs: its leading words that name commands.
function commandOf(args: readonly string[]): string {
  const path: string[] = [];
  let current = program;
  for (const word of args.filter((a) => !a.startsWith('-'))) {
    const next = current.commands.find((c) => c.name() === word);
    if (!next) break;
    path.push(next.name());
    current = next;
  }
  return path.join(' ');
}

const gives = (row: BadInputCase, flag: string) =>
  row.args.some((a) => a === flag || a.startsWith(`${flag}=`));

describe.each(leaves(program))('the bad-input table for rpe %s', (name, command) => {
  const mine = rows.filter((row) => commandOf(row.args) === name);
  const takesJson = command.options.some((o) => o.long === '--json');

  it('has rows with and without --json', () => {
    expect(
      mine.some((r) => !gives(r, '--json')),
      `a row of rpe ${name} without --json`,
    ).toBe(true);
    if (takesJson) {
      expect(
        mine.some((r) => gives(r, '--json')),
        `a row of rpe ${name} with --json`,
      ).toBe(true);
    }
  });

  it.each(command.options.filter((o) => o.long !== '--help').map((o) => [o.long ?? o.flags]))(
    'has a row giving %s',
    (flag) => {
      expect(
        mine.some((r) => gives(r, flag)),
        `no row of tests/cli/bad-input/*.cases.ts runs rpe ${name} with ${flag}`,
      ).toBe(true);
    },
  );
});

describe('the bad-input tables', () => {
  // A table without its test file would never run.
  it.each(readdirSync(folder).filter((f) => f.endsWith('.cases.ts')))(
    '%s has a test file that runs it',
    (file) => {
      const name = file.replace(/\.cases\.ts$/, '');
      const test = join(folder, `${name}.test.ts`);
      expect(existsSync(test), `${test} is missing`).toBe(true);
      expect(readFileSync(test, 'utf8')).toContain(`from './${name}.cases.js'`);
    },
  );
});
