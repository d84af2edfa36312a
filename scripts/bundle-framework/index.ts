// `npm run build`, after tsc: replaces dist/framework/index.js with one file holding the whole
// framework and zod. Every generator imports this door; loading one file instead of some 150
// (zod alone is about 100) halves the framework's share of a generator's start-up (issue 17:
// `rpe generate` within 3x a bare Node start). Everything else tsc wrote stays as it is: the
// declarations, and the framework's other files, which the CLI and the sandbox import directly.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { packagePath } from '../../framework/package-root.js';

const door = packagePath('dist', 'framework', 'index.js');
const BANNER =
  "import { createRequire as rpeCreateRequire } from 'node:module';\nconst require = rpeCreateRequire(import.meta.url);";

// Already bundled (the script ran again without tsc before it): bundling twice would repeat the banner.
if (!readFileSync(door, 'utf8').startsWith(BANNER)) await bundle();

async function bundle(): Promise<void> {
  await build({
    entryPoints: [door],
    outfile: door,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Loaded at run time, not bundled: the native addon, CommonJS modules read with
    // createRequire, and the optional tools imported lazily.
    external: ['better-sqlite3', 'seedrandom', 'tsx', 'tsx/*', 'execa', 'esbuild'],
    // A CommonJS dependency bundled later still finds require().
    banner: { js: BANNER },
    legalComments: 'inline',
    logLevel: 'warning',
  });
}
