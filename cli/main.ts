import { readdirSync, statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command, CommanderError } from 'commander';
import { reportFailure } from './report-failure.js';

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

async function registerFolder(parent: Command, dir: string): Promise<void> {
  for (const file of moduleFiles(dir)) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as Partial<CommandModule>;
    mod.register?.(parent);
  }
  for (const entry of readdirSync(dir).sort()) {
    const sub = join(dir, entry);
    if (!statSync(sub).isDirectory()) continue;
    const group =
      parent.commands.find((c) => c.name() === entry) ??
      parent.command(entry).description(`${entry} commands`);
    await registerFolder(group, sub);
  }
}

// Builds the `rpe` program with every command found under cli/commands/.
export async function buildProgram(): Promise<Command> {
  const program = new Command('rpe')
    .description(
      'Reverse PolEval Track 2 toolkit: rules, generators, morphology and the sandbox runner',
    )
    .option('--debug', 'print stack traces for errors')
    .showHelpAfterError()
    .exitOverride();
  await registerFolder(program, join(here, 'commands'));
  return program;
}

// Runs the CLI: the one place that turns errors into exit codes.
export async function main(argv: string[]): Promise<void> {
  const debug = argv.includes('--debug');
  // A reader that goes away (`rpe overlap ... | head -1`) is not an error of ours: stop quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  try {
    const program = await buildProgram();
    program.commands.forEach(function override(c: Command) {
      c.exitOverride();
      c.commands.forEach(override);
    });
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; every parse error is a usage error.
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    process.exitCode = reportFailure(error, debug);
  }
}
