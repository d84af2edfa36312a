import { isAbsolute, resolve } from 'node:path';
import { RpeError, isRpeError } from '../errors.js';
import { parseSeed } from '../parse-seed.js';
import type { Generator } from './define-generator.js';
import { writeGeneration } from './write-generation.js';

interface EntryArgs {
  seed: number;
  out: string;
  meta?: string;
}

const USAGE = 'usage: generate --seed N --out FILE [--meta FILE]';

function parseArgs(args: readonly string[]): EntryArgs {
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    if (flag !== '--seed' && flag !== '--out' && flag !== '--meta') {
      throw new RpeError('usage', `unknown argument "${arg}"; ${USAGE}`);
    }
    const value = inline ?? args[++i];
    if (value === undefined) throw new RpeError('usage', `${flag} needs a value; ${USAGE}`);
    values[flag.slice(2)] = value;
  }
  const { seed, out, meta } = values;
  if (seed === undefined || out === undefined) throw new RpeError('usage', USAGE);
  return { seed: parseSeed(seed), out, ...(meta === undefined ? {} : { meta }) };
}

/**
 * The standard entry point of a generator (`generate.ts`): parses `--seed N --out FILE
 * [--meta FILE]` from argv, generates, writes atomically. Unlike the rest of the library it talks
 * to the terminal, because it *is* the program the sandbox runs: one line on stderr for a failure,
 * with process.exitCode 1 (the generator failed) or 2 (usage, unwritable output).
 */
export async function runGeneratorCli(
  generator: Generator,
  argv: readonly string[] = process.argv,
): Promise<void> {
  try {
    const args = parseArgs(argv.slice(2));
    const abs = (p: string) => (isAbsolute(p) ? p : resolve(p));
    const result = writeGeneration(generator, {
      seed: args.seed,
      out: abs(args.out),
      ...(args.meta === undefined ? {} : { meta: abs(args.meta) }),
    });
    for (const w of result.warnings) process.stderr.write(`warning: ${w.message}\n`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${generator.name}: ${message}\n`);
    process.exitCode = isRpeError(error) ? error.exitCode : 1;
  }
}
