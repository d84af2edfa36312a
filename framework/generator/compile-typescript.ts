import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildFailure, Plugin } from 'esbuild';
import { RpeError } from '../errors.js';
import { writeFilesAtomic } from '../write-file-atomic.js';

/** What a cached compilation was made from: every local source with its size and time. */
interface Manifest {
  key: string;
  inputs: [path: string, size: number, mtimeMs: number][];
}

// Changes to how generators are compiled invalidate every cached one.
const RECIPE = 'rpe-compile-typescript-1';
const SOURCE = /\.(?:[cm]?ts|tsx)$/;
const PACKAGED = /\.(?:[cm]?js)$/;

// The cache folder, private to this user (like tsx's own /tmp/tsx-<uid>); null when unsafe to use.
function cacheFolder(): string | null {
  const uid = process.getuid?.() ?? 'user';
  const dir = join(tmpdir(), `rpe-${uid}`, 'typescript');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stats = statSync(join(tmpdir(), `rpe-${uid}`));
  const owned = process.getuid === undefined || stats.uid === process.getuid();
  return owned && (stats.mode & 0o022) === 0 ? dir : null;
}

// The installed esbuild's version, read without loading it; null when it is not installed.
export function esbuildVersion(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return (
      JSON.parse(readFileSync(require.resolve('esbuild/package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  } catch {
    return null;
  }
}

function stamp(path: string): [string, number, number] {
  const stats = statSync(path);
  return [path, stats.size, stats.mtimeMs];
}

function unchanged(manifest: Manifest, key: string): boolean {
  if (manifest.key !== key) return false;
  try {
    return manifest.inputs.every(([path, size, mtimeMs]) => {
      const [, nowSize, nowMtime] = stamp(path);
      return nowSize === size && nowMtime === mtimeMs;
    });
  } catch {
    return false;
  }
}

function readManifest(path: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

// The nearest tsconfig.json above the module: it changes how its sources compile.
function tsconfigOf(file: string): string | null {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const candidate = join(dir, 'tsconfig.json');
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // None here: look further up.
    }
    if (dirname(dir) === dir) return null;
  }
}

/**
 * The generator's own sources in one module; packages stay imports, by the absolute URL of the
 * file the generator's folder resolves them to, so the cached module loads from anywhere; each
 * source keeps its own import.meta.url (a generator may find its data beside itself).
 */
function generatorPlugin(): Plugin {
  return {
    name: 'rpe-generator',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'rpe-inner' || isBuiltin(args.path)) return undefined;
        const found = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'rpe-inner',
        });
        if (found.errors.length > 0) return { errors: found.errors };
        // A TypeScript source behind an alias (tsconfig paths) is the generator's own: bundled.
        if (!PACKAGED.test(found.path) || SOURCE.test(found.path)) return { path: found.path };
        return { path: pathToFileURL(found.path).href, external: true };
      });
      build.onLoad({ filter: /\.(?:[cm]?[jt]s|[jt]sx)$/ }, (args) => {
        const url = pathToFileURL(args.path);
        const text = readFileSync(args.path, 'utf8')
          .replaceAll('import.meta.url', JSON.stringify(url.href))
          .replaceAll('import.meta.filename', JSON.stringify(args.path))
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)));
        const ext = extname(args.path).replace(/^\.[cm]/, '.');
        return { contents: text, loader: ext === '.tsx' ? 'tsx' : ext === '.ts' ? 'ts' : 'js' };
      });
    },
  };
}

function buildError(file: string, error: unknown): RpeError {
  const first = (error as Partial<BuildFailure>).errors?.[0];
  const where = first?.location
    ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: `
    : '';
  const message = first ? `${where}${first.text}` : String(error);
  return new RpeError('generator_unloadable', `${file}: cannot load: ${message}`, {
    exitCode: 1,
    cause: error,
  });
}

/**
 * A TypeScript generator compiled with esbuild into one JavaScript module in a per-user cache,
 * reused while none of its sources (nor its tsconfig.json) changed: importing it skips tsx, whose
 * loader costs about a quarter of a second on every run. Null when esbuild is not installed or
 * the cache cannot be used (the caller falls back to tsx). A compile error is RpeError
 * `generator_unloadable` (exit 1), as a failing import would be.
 */
export async function compileTypeScript(file: string, toolkit: string): Promise<string | null> {
  const dir = cacheFolder();
  if (!dir) return null;
  const name = createHash('sha256').update(resolve(file)).digest('hex').slice(0, 32);
  const output = join(dir, `${name}.mjs`);
  const manifestPath = join(dir, `${name}.json`);
  const version = esbuildVersion();
  if (version === null) return null;
  const key = `${RECIPE} ${toolkit} esbuild ${version}`;
  const cached = readManifest(manifestPath);
  if (cached && unchanged(cached, key)) return output;
  // Loaded only to compile: its API alone costs more than the rest of a cached load.
  const esbuild = await import('esbuild');
  let result: import('esbuild').BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      entryPoints: [file],
      absWorkingDir: dirname(file),
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      charset: 'utf8',
      outfile: output,
      logLevel: 'silent',
      plugins: [generatorPlugin()],
    });
  } catch (error) {
    throw buildError(file, error);
  }
  const sources = Object.keys(result.metafile.inputs).map((p) => resolve(dirname(file), p));
  const tsconfig = tsconfigOf(file);
  const manifest: Manifest = {
    key,
    inputs: [...sources, ...(tsconfig ? [tsconfig] : [])].map(stamp),
  };
  const code = result.outputFiles.find((f) => f.path === output)?.contents;
  if (!code) return null;
  writeFilesAtomic([
    { path: output, text: code },
    { path: manifestPath, text: JSON.stringify(manifest) },
  ]);
  return output;
}
