import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// `export async function run(`, `export function run<T>(`, `export const run =`.
const RUN_EXPORT = /^export\s+(?:(?:async\s+)?function\s+run\b|(?:const|let)\s+run\b)/m;

/**
 * The benchmarks in `dir`: its modules that export `run()`, by name, in name order. The folder's
 * helpers (measure.ts, this file) export no `run` and are not benchmarks.
 */
export function benchmarkNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts')
    .filter((f) => RUN_EXPORT.test(readFileSync(join(dir, f), 'utf8')))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
}

/** The benchmarks a command line asks for, in name order; a message for anything else. */
export type Selection = { names: string[] } | { help: true } | { error: string };

export function selectBenchmarks(args: readonly string[], available: readonly string[]): Selection {
  if (args.some((a) => a === '--help' || a === '-h')) return { help: true };
  const option = args.find((a) => a.startsWith('-'));
  if (option !== undefined)
    return { error: `unknown option ${option} (npm run bench -- --help lists the benchmarks)` };
  const unknown = args.filter((a) => !available.includes(a));
  if (unknown.length > 0)
    return {
      error: `no benchmark named ${unknown.join(', ')}; there are: ${available.join(', ')}`,
    };
  const sorted = [...available].sort();
  return { names: args.length === 0 ? sorted : sorted.filter((n) => args.includes(n)) };
}
