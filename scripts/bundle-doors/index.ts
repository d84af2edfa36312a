// `npm run build`, after tsc: replaces each door below (the index.js of a part other code imports
// whole) with one file holding that part and its dependencies. Loading one file instead of some
// hundreds is most of a command's start-up: dist/sandbox/index.js alone was about 500 modules
// (execa about 110, zod about 100) and 0.8 s of CPU before `rpe check` looked at its argument; as
// one file, 0.3 s. zod, which most doors use, is one file of its own that they share
// (dist/vendor/zod.js). Everything else tsc wrote stays as it is: the declarations, and the parts'
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
  {
    door: packagePath('dist', 'framework', 'index.js'),
    external: [...RUNTIME, 'execa'],
    minify: false,
  },
  // What the CLI's check, sandbox and trial commands import, lazily. dockerode (with ssh2 and
  // grpc-js) is loaded only when an engine is reached (sandbox/engine/docker-client.ts).
  {
    door: packagePath('dist', 'sandbox', 'index.js'),
    external: [...RUNTIME, 'dockerode'],
    minify: true,
  },
  // The panel's parts, each imported by its commands (and exceljs only when a sheet is XLSX).
  ...['baselines', 'evaluate', 'items', 'query', 'sheet', 'trial', 'tune'].map((part) => ({
    door: packagePath('dist', 'panel', part, 'index.js'),
    external: [...RUNTIME, 'dockerode', 'exceljs'],
    minify: true,
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

// zod, once for every door: `rpe check` loads the framework's door and the sandbox's, and each
// had a copy of its own (two copies read and set up, and two classes of each schema in one
// process). The toolkit imports only its `z` namespace, which cannot be tree-shaken anyway.
const ZOD = packagePath('dist', 'vendor', 'zod.js');

function sharedZod(self: string): Plugin {
  return {
    name: 'shared-zod',
    setup(b) {
      b.onResolve({ filter: /^zod$/ }, () => ({
        path: `./${relative(dirname(self), ZOD)}`,
        external: true,
      }));
    },
  };
}

// zod's `z` namespace carries every locale's messages (some 360 kB of 750), and a namespace
// cannot be tree-shaken: the toolkit speaks English, zod's default, so only `en` is kept.
const ZOD_ENGLISH_ONLY: Plugin = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)) return undefined;
      return { path: resolve(args.resolveDir, '../locales/en.js'), namespace: 'zod-locales' };
    });
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * The CLI's doors are loaded by every command, and V8 reads all of a module's text before it runs
 * it: without whitespace they are half the size and a command starts some 10 % quicker. Names stay
 * as they are, and `--debug` turns on the linked source maps, so a stack trace still reads. The
 * framework's door is left readable: generators import it, and their stack traces pass through it.
 */
const MINIFIED = { minifyWhitespace: true, minifySyntax: true, sourcemap: 'linked' } as const;

await build({
  stdin: { contents: "export { z } from 'zod';", resolveDir: packagePath(), loader: 'js' },
  outfile: ZOD,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [ZOD_ENGLISH_ONLY],
  legalComments: 'inline',
  ...MINIFIED,
  logLevel: 'warning',
});

for (const { door, external, minify } of DOORS) {
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
    plugins: [otherDoors(door), sharedZod(door)],
    // A CommonJS dependency bundled later still finds require().
    banner: { js: BANNER },
    legalComments: 'inline',
    ...(minify ? MINIFIED : {}),
    logLevel: 'warning',
  });
}
