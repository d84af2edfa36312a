import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RpeError } from '../errors.js';
import { esbuildVersion } from './compile-typescript.js';

/** The script a TypeScript repository's generate.py runs with Node, at the repository's root. */
export const BUNDLE_FILE = 'generate.bundle.mjs';

/**
 * Bundles a TypeScript repository's generate.ts (and what it imports of its own) into
 * generate.bundle.mjs beside it, as the scaffold's `npm run bundle` does: the packages it imports
 * (the toolkit) stay imports, loaded from the node_modules its package-lock.json installs. At the
 * root, so the generator's `new URL('./data/...', import.meta.url)` still finds data/. Returns
 * the file, or null when esbuild is not installed beside the toolkit.
 */
export async function bundleEntrypoint(dir: string): Promise<string | null> {
  if (esbuildVersion() === null) return null;
  const entry = join(dir, 'generate.ts');
  if (!existsSync(entry)) throw new RpeError('bundle_failed', `${entry} is missing`);
  const esbuild = await import('esbuild');
  const outfile = join(dir, BUNDLE_FILE);
  try {
    await esbuild.build({
      entryPoints: [entry],
      absWorkingDir: dir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile,
      logLevel: 'silent',
    });
  } catch (error) {
    const first = String((error as Error).message).split('\n')[0];
    throw new RpeError('bundle_failed', `could not bundle ${entry}: ${first}`, { cause: error });
  }
  return outfile;
}
