import { existsSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { RpeError } from '../errors.js';

/** The module files that declare a TypeScript or JavaScript generator, in the order looked for. */
export const MODULE_CANDIDATES = ['generator.ts', 'generator.js', 'generator.mjs'];

/** Where a generator is: a module exporting its declaration, or a Python generate.py. */
export type GeneratorLocation =
  | { kind: 'module'; file: string }
  /** `dir` is the repository (the working folder of the run), `entry` its generate.py. */
  | { kind: 'python'; dir: string; entry: string };

// The files a generator module can be: TypeScript or JavaScript, as ES or CommonJS modules.
const MODULE_FILE = /\.[mc]?[jt]s$/;

/** The file a location names: the module itself, or the generate.py of a Python generator. */
export function locationFile(location: GeneratorLocation): string {
  return location.kind === 'module' ? location.file : join(location.dir, location.entry);
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/**
 * Finds the generator a path names: a module file, a `.py` entry point, or a folder holding
 * generator.ts (or .js, .mjs) or, made by `rpe init --lang py`, generate.py. A path that does
 * not exist or holds none of them is RpeError `generator_missing` (exit 2).
 */
export function locateGenerator(target: string): GeneratorLocation {
  const abs = resolve(target);
  if (!existsSync(abs)) {
    throw new RpeError('generator_missing', `${target}: no such file or folder`);
  }
  if (!statSync(abs).isDirectory()) {
    if (!statSync(abs).isFile()) {
      throw new RpeError('generator_missing', `${target}: not a regular file or a folder`);
    }
    if (extname(abs) === '.py') return { kind: 'python', dir: dirname(abs), entry: basename(abs) };
    // An items.jsonl or a README given by mistake is not "a generator that fails to load".
    if (!MODULE_FILE.test(abs)) {
      throw new RpeError(
        'generator_missing',
        `${target}: not a generator (give its folder, a .ts, .js or .mjs module, or a .py file)`,
      );
    }
    return { kind: 'module', file: abs };
  }
  const module = MODULE_CANDIDATES.map((name) => join(abs, name)).find(isFile);
  if (module) return { kind: 'module', file: module };
  if (isFile(join(abs, 'generate.py'))) return { kind: 'python', dir: abs, entry: 'generate.py' };
  throw new RpeError(
    'generator_missing',
    `${target}: no ${MODULE_CANDIDATES.join(', ')} or generate.py in this folder`,
  );
}
