import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RpeError } from '../errors.js';
import { packageRoot } from '../package-root.js';
import { dependencyClosure } from './dependency-closure.js';

/** What a generator imports from the toolkit at run time (a test keeps this list honest). */
export const FRAMEWORK_DEPENDENCIES = ['better-sqlite3', 'seedrandom', 'zod'] as const;
/** better-sqlite3 downloads or compiles its binding at install; the bundle carries it built. */
const INSTALL_ONLY = ['prebuild-install'];
/** The parts of better-sqlite3 that load at run time: its JavaScript and the built binding. */
const SQLITE_RUNTIME = [
  'package.json',
  'LICENSE',
  'lib',
  join('build', 'Release', 'better_sqlite3.node'),
];

interface Manifest {
  name: string;
  version: string;
  description?: string;
  license?: string;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  scripts?: Record<string, string>;
  files?: string[];
}

function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

// better-sqlite3 as it runs: its binding already built, nothing to download or compile.
function stageSqlite(from: string, to: string): void {
  for (const part of SQLITE_RUNTIME)
    if (existsSync(join(from, part))) cpSync(join(from, part), join(to, part), { recursive: true });
  const manifest = readManifest(to);
  delete manifest.scripts;
  for (const name of INSTALL_ONLY) delete manifest.dependencies?.[name];
  manifest.files = ['lib', 'build/Release/better_sqlite3.node'];
  writeFileSync(join(to, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Packs the toolkit as a generator needs it into `destination`: the framework (the package's
 * main export) with its run-time dependencies bundled inside the tarball, better-sqlite3 with its
 * binding built for this platform and this Node's ABI. Installing it needs no registry, no
 * compiler and no install script, so `npm ci --offline` of a scaffold's lock works in the
 * network-less sandbox. The CLI, the sandbox and the morphology data stay out: a scaffold has
 * its own `data/`.
 */
export async function packToolkit(destination: string, signal?: AbortSignal): Promise<string> {
  const root = packageRoot();
  if (!existsSync(join(root, 'dist', 'framework', 'index.js')))
    throw new RpeError('toolkit_not_built', 'the toolkit is not built: run `npm run build` first');
  mkdirSync(destination, { recursive: true });
  const own = readManifest(root);
  const stage = mkdtempSync(join(tmpdir(), 'rpe-pack-'));
  try {
    // The framework's door imports zod from dist/vendor, the one copy every door shares.
    for (const part of ['framework', 'vendor'])
      cpSync(join(root, 'dist', part), join(stage, 'dist', part), {
        recursive: true,
        filter: (path) => !/\.test\.(js|d\.ts)(\.map)?$/.test(path),
      });
    if (existsSync(join(root, 'LICENSE'))) cpSync(join(root, 'LICENSE'), join(stage, 'LICENSE'));
    const dependencies: Record<string, string> = {};
    for (const name of FRAMEWORK_DEPENDENCIES)
      dependencies[name] = readManifest(join(root, 'node_modules', name)).version;
    const bundled = dependencyClosure(root, [...FRAMEWORK_DEPENDENCIES], { skip: INSTALL_ONLY });
    for (const name of bundled) {
      const from = join(root, 'node_modules', name);
      const to = join(stage, 'node_modules', name);
      if (name === 'better-sqlite3') stageSqlite(from, to);
      else cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    }
    const manifest = {
      name: own.name,
      version: own.version,
      description: `${own.description ?? own.name} (the framework, for generators)`,
      license: own.license,
      type: 'module',
      engines: own.engines,
      exports: { '.': './dist/framework/index.js' },
      types: './dist/framework/index.d.ts',
      files: ['dist/framework', 'dist/vendor', 'LICENSE'],
      dependencies,
      bundleDependencies: [...FRAMEWORK_DEPENDENCIES],
    };
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const { execa } = await import('execa');
    const result = await execa(
      'npm',
      ['pack', '--ignore-scripts', '--json', '--pack-destination', destination],
      {
        cwd: stage,
        reject: false,
        env: { npm_config_update_notifier: 'false', npm_config_fund: 'false' },
        ...(signal ? { cancelSignal: signal } : {}),
      },
    );
    signal?.throwIfAborted();
    if (result.exitCode !== 0) {
      const reason =
        (result.stderr || result.stdout).split('\n').find((l) => l.trim()) ??
        `exit ${result.exitCode}`;
      throw new RpeError('pack_failed', `npm pack of the toolkit failed: ${reason}`);
    }
    const [packed] = JSON.parse(result.stdout) as { filename: string }[];
    if (!packed) throw new RpeError('pack_failed', 'npm pack of the toolkit reported no file');
    return join(destination, packed.filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
