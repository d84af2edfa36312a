import { existsSync, statSync } from 'node:fs';
import { extname, isAbsolute, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RpeError, isRpeError } from '../errors.js';
import { packageRoot } from '../package-root.js';
import { isGenerator, type Generator } from './define-generator.js';
import { compileTypeScript } from './compile-typescript.js';
import { locateGenerator } from './locate-generator.js';
import { toolkitVersion } from '../toolkit-version.js';

export interface LoadedGenerator {
  generator: Generator;
  /** The module file that declared it. */
  file: string;
  /** The module actually imported: the source, or its compiled copy under dist/. */
  loaded: string;
}

/**
 * A TypeScript module of this package (the examples) that `npm run build` compiled and that has
 * not changed since: importing the compiled copy skips loading a TypeScript compiler.
 */
function compiledCopy(file: string): string | null {
  if (extname(file) !== '.ts') return null;
  const rel = relative(packageRoot(), file);
  if (rel.startsWith('..') || isAbsolute(rel) || rel.split(/[\\/]/).includes('node_modules'))
    return null;
  const compiled = join(packageRoot(), 'dist', rel.replace(/\.ts$/, '.js'));
  if (!existsSync(compiled) || statSync(compiled).mtimeMs < statSync(file).mtimeMs) return null;
  return compiled;
}

async function importModule(file: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(file).href;
  if (extname(file) !== '.ts') return (await import(url)) as Record<string, unknown>;
  let tsx: { tsImport(specifier: string, parent: string): Promise<unknown> };
  try {
    tsx = (await import('tsx/esm/api')) as typeof tsx;
  } catch (error) {
    throw new RpeError(
      'tsx_missing',
      `${file}: loading TypeScript needs tsx (npm install --save-dev tsx)`,
      {
        cause: error,
      },
    );
  }
  return (await tsx.tsImport(url, import.meta.url)) as Record<string, unknown>;
}

// A TypeScript module compiled into the cache, or null to load it with tsx instead.
async function cachedCompile(file: string): Promise<string | null> {
  if (extname(file) !== '.ts') return null;
  try {
    return await compileTypeScript(file, toolkitVersion());
  } catch (error) {
    if (isRpeError(error)) throw error;
    // The cache cannot be written or read: tsx still loads the module.
    return null;
  }
}

export interface LoadOptions {
  /** Compile TypeScript into the cache instead of loading it with tsx (default true). */
  compile?: boolean;
}

/**
 * Loads the generator a folder or module declares (its default export, or an export
 * `generator`): a built example from dist/, TypeScript compiled once into a cache (or with tsx
 * when esbuild is missing), JavaScript as it is.
 */
export async function loadGenerator(
  target: string,
  options: LoadOptions = {},
): Promise<LoadedGenerator> {
  const location = locateGenerator(target);
  if (location.kind !== 'module') {
    throw new RpeError(
      'generator_missing',
      `${target}: a Python generator (generate.py) is run, not imported; rpe generate runs it`,
    );
  }
  const { file } = location;
  let loaded = compiledCopy(file) ?? file;
  let mod: Record<string, unknown>;
  try {
    if (loaded === file && options.compile !== false) loaded = (await cachedCompile(file)) ?? file;
    mod = await importModule(loaded);
  } catch (error) {
    if (isRpeError(error)) throw error;
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new RpeError('generator_unloadable', `${file}: cannot load: ${message}`, {
      exitCode: 1,
      cause: error,
    });
  }
  const generator = [mod.default, mod.generator].find(isGenerator);
  if (!generator) {
    throw new RpeError(
      'not_a_generator',
      `${file}: exports no generator (export default defineGenerator({ ... }))`,
      { exitCode: 1 },
    );
  }
  return { generator, file, loaded };
}
