// `npm run build`, after tsc: replaces each door below (the index.js of a part other code imports
// whole) with one file holding that part and its dependencies. Loading one file instead of some
// hundreds is most of a command's start-up: dist/sandbox/index.js alone was about 500 modules
// (execa about 110, zod about 100) and 0.8 s of CPU before `rpe check` looked at its argument; as
// one file, 0.3 s. Everything else tsc wrote stays as it is: the declarations, and the parts'
// other files, which tests and the other door import directly.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { packagePath } from '../../framework/package-root.js';

const BANNER =
  "import { createRequire as rpeCreateRequire } from 'node:module';\nconst require = rpeCreateRequire(import.meta.url);";

// Loaded at run time, not bundled: the native addon, CommonJS modules read with createRequire,
// and the optional tools imported lazily.
const RUNTIME = ['better-sqlite3', 'seedrandom', 'tsx', 'tsx/*', 'esbuild'];

const DOORS = [
  // What every generator imports. execa is left out: only the scaffold and Python paths use it,
  // lazily, and a generator's start-up should not read it.
  { door: packagePath('dist', 'framework', 'index.js'), external: [...RUNTIME, 'execa'] },
  // What the CLI's check, sandbox and trial commands import, lazily. dockerode (with ssh2 and
  // grpc-js) is loaded only when an engine is reached (sandbox/engine/docker-client.ts).
  { door: packagePath('dist', 'sandbox', 'index.js'), external: [...RUNTIME, 'dockerode'] },
  // The panel's parts, each imported by its commands (and exceljs only when a sheet is XLSX).
  ...['baselines', 'evaluate', 'items', 'query', 'sheet', 'trial', 'tune'].map((part) => ({
    door: packagePath('dist', 'panel', part, 'index.js'),
    external: [...RUNTIME, 'dockerode', 'exceljs'],
  })),
];

// Another door stays an import of that door: the sandbox shares the framework's one copy with the
// CLI (and a door already bundled cannot be bundled again).
function otherDoors(self: string): Plugin {
  const others = DOORS.map((d) => d.door).filter((d) => d !== self);
  return {
    name: 'other-doors',
    setup(b) {
      b.onResolve({ filter: /index\.js$/ }, (args) => {
        const target = resolve(args.resolveDir, args.path);
        if (!others.includes(target)) return undefined;
        return { path: `./${relative(dirname(self), target)}`, external: true };
      });
    },
  };
}

for (const { door, external } of DOORS) {
  // Already bundled (the script ran again without tsc before it): bundling twice would repeat the banner.
  if (readFileSync(door, 'utf8').startsWith(BANNER)) continue;
  await build({
    entryPoints: [door],
    outfile: door,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    plugins: [otherDoors(door)],
    // A CommonJS dependency bundled later still finds require().
    banner: { js: BANNER },
    legalComments: 'inline',
    logLevel: 'warning',
  });
}
