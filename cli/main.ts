import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command, CommanderError } from 'commander';
import { toolkitVersion } from '../framework/toolkit-version.js';
import { interruption } from '../sandbox/engine/on-interrupt.js';
import { checkInputsAndOutputs } from './io-table.js';
import { mustEndProcess } from './output.js';
import { escapeControls, printJsonError, reportFailure } from './report-failure.js';

/**
 * A command module: cli/commands/<name>.ts adds `rpe <name>`, and
 * cli/commands/<group>/<name>.ts adds `rpe <group> <name>`. Each module only parses arguments and
 * calls the library, importing the library lazily inside its action so start-up stays cheap.
 */
export interface CommandModule {
  register(parent: Command): void;
}

const here = dirname(fileURLToPath(import.meta.url));
const ext = extname(fileURLToPath(import.meta.url));

function moduleFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(ext) && !f.endsWith(`.test${ext}`) && !f.endsWith('.d.ts'))
    .sort();
}

async function registerFile(parent: Command, file: string): Promise<void> {
  const mod = (await import(pathToFileURL(file).href)) as Partial<CommandModule>;
  mod.register?.(parent);
}

function isFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

async function registerGroup(parent: Command, name: string, dir: string): Promise<void> {
  const group =
    parent.commands.find((c) => c.name() === name) ??
    parent.command(name).description(`${name} commands`);
  await registerFolder(group, dir);
}

async function registerFolder(parent: Command, dir: string): Promise<void> {
  for (const file of moduleFiles(dir)) await registerFile(parent, join(dir, file));
  for (const entry of readdirSync(dir).sort()) {
    if (isFolder(join(dir, entry))) await registerGroup(parent, entry, join(dir, entry));
  }
}

// Builds the `rpe` program with every command found under cli/commands/, or, when `only` names
// one of them, with that command alone: `rpe generate ...` need not load every other module.
export async function buildProgram(only?: string): Promise<Command> {
  const program = new Command('rpe')
    .description(
      'Reverse PolEval Track 2 toolkit: rules, generators, morphology and the sandbox runner',
    )
    .version(toolkitVersion(), '-V, --version', 'print the toolkit version')
    .option('--debug', 'print stack traces for errors')
    // Commander's own message is reworded into the one line main() prints; so is the help it
    // would print on stderr for a group named without its command (`rpe sheet`).
    .configureOutput({ outputError: () => undefined, writeErr: () => undefined })
    .exitOverride();
  const dir = join(here, 'commands');
  const name = only !== undefined && /^[a-z][a-z-]*$/.test(only) ? only : undefined;
  const file = name && existsSync(join(dir, `${name}${ext}`)) ? join(dir, `${name}${ext}`) : null;
  const folder = name && isFolder(join(dir, name)) ? join(dir, name) : null;
  if (!name || (!file && !folder)) await registerFolder(program, dir);
  else {
    if (file) await registerFile(program, file);
    if (folder) await registerGroup(program, name, folder);
  }
  return program;
}

// The deepest command the arguments name (`rpe sandbox run` for `rpe sandbox run DIR --bad`).
function namedCommand(
  program: Command,
  args: readonly string[],
): { path: string; command: Command } {
  const path = ['rpe'];
  let current = program;
  for (const word of args.filter((a) => !a.startsWith('-'))) {
    const next = current.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) break;
    path.push(next.name());
    current = next;
  }
  return { path: path.join(' '), command: current };
}

/**
 * One line for a usage error: commander's message without its `error: ` prefix, its suggestion
 * (`(Did you mean --json?)`, on a line of its own) joined on, and where to look. A group named
 * without its command (`rpe sheet`) says which commands it has.
 */
function usageLine(error: CommanderError, program: Command, args: readonly string[]): string {
  const { path, command } = namedCommand(program, args);
  if (error.code === 'commander.help') {
    const names = command.commands.map((c) => c.name()).filter((n) => n !== 'help');
    return `${path} needs a command: ${names.join(', ')} (${path} --help lists them)`;
  }
  const message = error.message
    .replace(/^error: /, '')
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return escapeControls(`${message} (${path} --help lists the options)`);
}

// Runs the CLI: the one place that turns errors into exit codes.
export async function main(argv: string[]): Promise<void> {
  const debug = argv.includes('--debug');
  const json = argv.includes('--json');
  // The doors, loaded below, are minified: their source maps make a stack trace read.
  if (debug) process.setSourceMapsEnabled(true);
  // A reader that goes away (`rpe overlap ... | head -1`) is not an error of ours: stop quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  let program: Command | undefined;
  try {
    // The command is the first argument that is not an option; help lists every command.
    const first = argv.slice(2).find((a) => !a.startsWith('-'));
    program = await buildProgram(first === 'help' ? undefined : first);
    program.commands.forEach(function override(c: Command) {
      c.exitOverride();
      c.commands.forEach(override);
    });
    // Before any command's work: no output of it may replace or delete one of its inputs.
    program.hook('preAction', (_program, action) => {
      const names: string[] = [];
      for (let c: Command | null = action; c?.parent; c = c.parent) names.unshift(c.name());
      checkInputsAndOutputs(names.join(' '), action);
    });
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError && program) {
      // Help and version exit 0; every parse error is a usage error, told in one line.
      if (error.exitCode === 0) {
        process.exitCode = 0;
        return;
      }
      const line = usageLine(error, program, argv.slice(2));
      process.stderr.write(`rpe: ${line}\n`);
      if (json) printJsonError('usage', line, 2);
      process.exitCode = 2;
      return;
    }
    // Interrupted: the failure is the cleanup's doing, and the signal, raised again once the
    // cleanup is done, ends the process; reporting or exiting now would cut the cleanup short.
    await interruption();
    process.exitCode = reportFailure(error, { debug, json });
  }
  await interruption();
  if (mustEndProcess()) {
    // Both streams written out first: stdout may be a pipe that has not taken everything yet.
    await Promise.all(
      [process.stdout, process.stderr].map((s) => new Promise((r) => s.write('', r))),
    );
    process.exit(process.exitCode ?? 0);
  }
}
