import { readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join, relative, isAbsolute } from 'node:path';
import type { Command } from 'commander';
import { RpeError } from '../framework/errors.js';

/**
 * Where a command's paths come from: an option (`--items`) or its n-th argument (`0`), and for a
 * folder of inputs, whether the files in it are inputs too (a responses folder).
 */
interface Input {
  from: string;
  /** The files directly in the folder are read too. */
  contents?: boolean;
}

interface Output {
  from: string;
  kind: 'file' | 'folder';
  /** A folder the command owns and rewrites: no input may lie inside it. */
  owned?: boolean;
}

/** What one command reads and writes. */
export interface CommandIo {
  inputs: Input[];
  outputs: Output[];
}

const file = (from: string): Output => ({ from, kind: 'file' });
const folder = (from: string, owned = false): Output => ({ from, kind: 'folder', owned });
const read = (...from: string[]): Input[] => from.map((f) => ({ from: f }));

/**
 * Every command that writes, with what it reads: checked before any work, so that no output
 * replaces or deletes an input (`evaluate --models-file m.txt --output m.txt`, `lexicon build
 * --tsv t.tsv --out t.tsv`), and no folder the command rewrites holds an input. (rpe query
 * checks its responses files against its inputs itself, once it knows the models.)
 */
export const IO_TABLE: Readonly<Record<string, CommandIo>> = {
  evaluate: {
    inputs: [
      ...read('--items', '--models-file', '--evaluator'),
      { from: '--responses-dir', contents: true },
    ],
    outputs: [file('--output')],
  },
  query: {
    inputs: read('--items', '--models-file', '--dotenv'),
    outputs: [folder('--output-dir')],
  },
  trial: {
    inputs: read('0', '--sets', '--models-file', '--evaluator', '--dotenv'),
    outputs: [folder('--out', true)],
  },
  score: { inputs: read('--matrix', '--meta'), outputs: [file('--markdown')] },
  baselines: { inputs: read('--items', '--meta', '--lexicon'), outputs: [file('--markdown')] },
  generate: { inputs: read('0', '--lexicon'), outputs: [file('--out'), file('--meta')] },
  provenance: { inputs: read('0'), outputs: [file('--out')] },
  'sheet import': { inputs: read('0'), outputs: [file('--out')] },
  'sheet export': { inputs: read('0', '--meta'), outputs: [file('--out')] },
  'lexicon build': { inputs: read('--tsv'), outputs: [file('--out')] },
  // --out is the subset file (with --items) or the folder of tuned sets (tune refuses the trial
  // folder itself in its own words).
  tune: {
    inputs: read('--items', '--matrix', '--models-file'),
    outputs: [{ from: '--out', kind: 'file' }],
  },
  check: { inputs: read('0'), outputs: [folder('--report-dir', true)] },
  'sandbox run': { inputs: read('0'), outputs: [folder('--report-dir', true)] },
  'sandbox batch': {
    inputs: read('--submissions', '--seeds-file'),
    outputs: [folder('--out', true)],
  },
};

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

// The paths a role names in a parsed command: an option's value(s) or an argument.
function valuesOf(command: Command, from: string): string[] {
  const value: unknown = /^\d+$/.test(from)
    ? command.processedArgs[Number(from)]
    : command.getOptionValue(
        from.replace(/^--/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
      );
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is string => typeof v === 'string' && v !== '-' && v !== '');
}

function inside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

function real(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/**
 * Checks a parsed command against its row of IO_TABLE: an output that is one of its inputs (the
 * same file, however named), or an output folder that holds an input, is RpeError
 * `output_unwritable` (exit 2) naming both. Commands without a row write nothing to check.
 */
export function checkInputsAndOutputs(path: string, command: Command): void {
  const io = IO_TABLE[path];
  if (!io) return;
  const inputs = io.inputs.flatMap((input) =>
    valuesOf(command, input.from).flatMap((p) => {
      const stats = statOrNull(p);
      if (!input.contents || !stats?.isDirectory()) return [p];
      return [p, ...readdirSync(p).map((name) => join(p, name))];
    }),
  );
  for (const output of io.outputs) {
    for (const target of valuesOf(command, output.from)) {
      const stats = statOrNull(target);
      // In the words and code of checkWritablePath, which some commands also call themselves.
      const fail = (input: string, how: string): never => {
        throw new RpeError(
          'output_unwritable',
          `cannot write ${target}: it ${how} ${input}, an input of this command`,
        );
      };
      for (const input of inputs) {
        const other = statOrNull(input);
        // A folder output that is a file is its command's own one-line refusal.
        const sameKind = output.kind === 'file' || stats?.isDirectory();
        if (sameKind && stats && other && stats.dev === other.dev && stats.ino === other.ino) {
          fail(input, 'is');
        }
        const [outer, inner] = [real(target), real(input)];
        if (output.owned && outer && inner && inside(inner, outer)) {
          fail(input, 'holds');
        }
      }
    }
  }
}
