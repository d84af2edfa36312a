// `npm run build`, after tsc: replaces each door below (the index.js of a part other code imports
// whole) with one file holding that part and its dependencies. Loading one file instead of some
// hundreds is most of a command's start-up: dist/sandbox/index.js alone was about 500 modules
// (execa about 110, zod about 100) and 0.8 s of CPU before `rpe check` looked at its argument; as
// one file, 0.3 s. zod, which most doors use, is one file of its own that they share
// (dist/vendor/zod.js), and so are dockerode and exceljs, which some commands load lazily (SHARED
// below). Everything else tsc wrote stays as it is: the declarations, and the parts'
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
  // What the CLI's check, sandbox and trial commands import, lazily. dockerode is a file of its
  // own (DOCKERODE below), loaded only when an engine is reached (sandbox/engine/docker-client.ts).
  {
    door: packagePath('dist', 'sandbox', 'index.js'),
    external: RUNTIME,
    minify: true,
  },
  // The panel's parts, each imported by its commands (and EXCELJS only when a sheet is XLSX).
  ...['baselines', 'evaluate', 'items', 'query', 'sheet', 'trial', 'tune'].map((part) => ({
    door: packagePath('dist', 'panel', part, 'index.js'),
    external: RUNTIME,
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

// A package that `self` imports, taken from one shared file instead (SHARED below).
function sharedFile(self: string, name: string, file: string): Plugin {
  return {
    name: `shared-${name}`,
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${name}$`) }, () => ({
        path: `./${relative(dirname(self), file)}`,
        external: true,
      }));
    },
  };
}

/**
 * dockerode, one file beside the sandbox's door, which every command that reaches an engine loads.
 * As published it is some 230 modules and 0.25-0.35 s of CPU, most of it two things the toolkit
 * never uses: BuildKit (`lib/session.js` with grpc-js and uuid, `lib/buildkit.js` with protobufjs),
 * which only `buildImage` with `version: '2'` and `docker.followProgress` need (the runner images
 * are imported, not built, and their progress is read with `docker.modem.followProgress`), and
 * docker-modem's own ssh transport (`lib/ssh.js`: ssh2), where the toolkit reaches ssh:// engines
 * through the system's ssh, as the docker CLI does (sandbox/engine/ssh-agent.ts). Both are
 * replaced by modules that fail with a message saying so, should they ever be reached.
 */
const DOCKERODE = packagePath('dist', 'sandbox', 'dockerode.js');

// Each left-out module: who imports it, and what takes its place.
const LEFT_OUT: Record<string, { importer: RegExp; contents: string }> = {
  './session': {
    importer: /[\\/]node_modules[\\/]dockerode[\\/]lib[\\/]/,
    contents: `module.exports = function withSession(docker, auth, handler) {
  handler(new Error("BuildKit sessions are not part of the toolkit's Docker client"), null, () => undefined);
};`,
  },
  './buildkit': {
    importer: /[\\/]node_modules[\\/]dockerode[\\/]lib[\\/]/,
    contents: `module.exports = { followProgress() {
  throw new Error("BuildKit output is not part of the toolkit's Docker client: use docker.modem.followProgress");
} };`,
  },
  './ssh': {
    importer: /[\\/]node_modules[\\/]docker-modem[\\/]lib[\\/]/,
    contents: `module.exports = function sshAgent() {
  throw new Error("docker-modem's ssh transport is not part of the toolkit's Docker client: ssh:// engines go through the system's ssh");
};`,
  },
};

const DOCKERODE_WITHOUT_UNUSED: Plugin = {
  name: 'dockerode-without-unused',
  setup(b) {
    b.onResolve({ filter: /^\.\/(session|buildkit|ssh)$/ }, (args) => {
      if (!LEFT_OUT[args.path]?.importer.test(args.importer)) return undefined;
      return { path: args.path, namespace: 'left-out' };
    });
    b.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({
      contents: LEFT_OUT[args.path]?.contents,
      loader: 'js',
    }));
  },
};

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

/**
 * exceljs, one file beside the panel's doors, which `rpe sheet` loads when a sheet is XLSX: as
 * published some 400 modules (readable-stream, async, bluebird, jszip and more) and 0.35-0.55 s of
 * CPU to load; as one file, about a third of that.
 */
const EXCELJS = packagePath('dist', 'panel', 'exceljs.js');

// The packages bundled once into a file of their own, and what each export is.
const SHARED: { name: string; file: string; entry: string; plugins: Plugin[] }[] = [
  { name: 'zod', file: ZOD, entry: "export { z } from 'zod';", plugins: [ZOD_ENGLISH_ONLY] },
  {
    name: 'dockerode',
    file: DOCKERODE,
    entry: "export { default } from 'dockerode';",
    plugins: [DOCKERODE_WITHOUT_UNUSED],
  },
  { name: 'exceljs', file: EXCELJS, entry: "export { default } from 'exceljs';", plugins: [] },
];

for (const { file, entry, plugins } of SHARED) {
  await build({
    stdin: { contents: entry, resolveDir: packagePath(), loader: 'js' },
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins,
    // A CommonJS package that requires one of Node's modules still finds require().
    banner: { js: BANNER },
    legalComments: 'inline',
    ...MINIFIED,
    logLevel: 'warning',
  });
}

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
    plugins: [otherDoors(door), ...SHARED.map(({ name, file }) => sharedFile(door, name, file))],
    // A CommonJS dependency bundled later still finds require().
    banner: { js: BANNER },
    legalComments: 'inline',
    ...(minify ? MINIFIED : {}),
    logLevel: 'warning',
  });
}
