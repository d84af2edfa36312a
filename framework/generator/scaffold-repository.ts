import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { RpeError } from '../errors.js';
import { packagePath } from '../package-root.js';
import { processAlive } from '../process-alive.js';
import { hashDataDir } from '../rules/index.js';
import { bundleEntrypoint } from './bundle-entrypoint.js';
import { esbuildVersion } from './compile-typescript.js';
import { initGitRepository, type GitInit } from './init-git-repository.js';
import { packToolkit } from './pack-toolkit.js';

export type ScaffoldLanguage = 'ts' | 'py';

export interface ScaffoldOptions {
  dir: string;
  lang: ScaffoldLanguage;
  /** Write into a non-empty folder, replacing files of the same name. */
  force?: boolean;
  /** Make a new folder a git repository with a first commit (default true). */
  git?: boolean;
  /** Repository name used in README, LICENSE and package.json (default: the folder's name). */
  name?: string;
  /** Stops the work (Ctrl-C): the staging folder is removed and nothing is left behind. */
  signal?: AbortSignal;
}

export interface ScaffoldResult {
  dir: string;
  lang: ScaffoldLanguage;
  files: string[];
  dataHash: string;
  /** The vendored toolkit tarball (TypeScript scaffolds). */
  vendor: string | null;
  /** The git repository made for a new folder (none when writing into an existing one). */
  git: GitInit;
}

const DATA_FILES = ['morphology.sqlite', 'LICENSE', 'SOURCES.md'];
// Stored under other names so that tools do not take them for this package's own files.
const RENAMES: Record<string, string> = {
  gitignore: '.gitignore',
  'package.json.tmpl': 'package.json',
};
const FILLED = ['README.md', 'PROVENANCE.md', 'LICENSE', 'package.json'];

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.name !== '__pycache__' && e.name !== 'node_modules')
    .flatMap((e) =>
      e.isDirectory()
        ? listFiles(join(dir, e.name), `${prefix}${e.name}/`)
        : [`${prefix}${e.name}`],
    )
    .sort();
}

interface Manifest {
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

// This toolkit's package.json: its version, and the tsx, typescript and @types/node ranges the
// scaffold asks for (they are not installed beside an installed toolkit, so ranges are read).
function toolkitManifest(): Manifest {
  return JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as Manifest;
}

// Fills {{KEY}} placeholders; in a JSON file a value is escaped, so a name with a quote stays JSON.
function fill(path: string, values: Record<string, string>): void {
  if (!existsSync(path)) return;
  const json = path.endsWith('.json');
  const text = readFileSync(path, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (m, key: string) => {
    const value = values[key];
    if (value === undefined) return m;
    return json ? JSON.stringify(value).slice(1, -1) : value;
  });
  writeFileSync(path, text);
}

// The staging folders of `dir` are its hidden siblings `.<name>.rpe-init-<pid>`.
function stagingPrefix(dir: string): string {
  return `.${basename(dir)}.rpe-init-`;
}

// Removes the staging folders of earlier runs for the same target whose process is gone (killed
// with SIGKILL, or a machine that went down): they are never finished, only in the way.
function removeAbandonedStaging(dir: string): void {
  const parent = dirname(dir);
  if (!existsSync(parent)) return;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(stagingPrefix(dir))) continue;
    const pid = Number(name.slice(stagingPrefix(dir).length));
    if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !processAlive(pid)) {
      rmSync(join(parent, name), { recursive: true, force: true });
    }
  }
}

/**
 * Writes package-lock.json, which pins the vendored toolkit tarball (installed offline in the
 * sandbox) and tsx for local runs. npm asks the registry about tsx once, from its cache if it can.
 */
async function writePackageLock(dir: string): Promise<void> {
  const { execa } = await import('execa');
  const result = await execa(
    'npm',
    [
      'install',
      '--package-lock-only',
      '--ignore-scripts',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--no-update-notifier',
    ],
    { cwd: dir, reject: false, timeout: 300_000 },
  );
  if (result.exitCode !== 0) {
    const reason =
      String(result.stderr || result.stdout)
        .split('\n')
        .find((l) => /error/i.test(l)) ?? `exit ${result.exitCode}`;
    throw new RpeError(
      'lock_failed',
      `could not write package-lock.json (npm needs the registry once to pin tsx): ${reason.trim()}`,
    );
  }
}

/**
 * Builds a complete Track 2 repository from templates/<lang> and templates/common, with a copy of
 * the morphology snapshot and its data hash in the README. The tree is assembled in a temporary
 * sibling folder and moved into place last, so a failure leaves nothing half-written.
 */
export async function scaffoldRepository(options: ScaffoldOptions): Promise<ScaffoldResult> {
  const dir = resolve(options.dir);
  const existing = existsSync(dir) ? readdirSync(dir) : [];
  if (existing.length > 0 && !options.force) {
    throw new RpeError(
      'init_not_empty',
      `${options.dir}: folder is not empty (use --force to write into it)`,
    );
  }
  for (const file of DATA_FILES) {
    if (!existsSync(packagePath('data', file))) {
      throw new RpeError(
        'data_missing',
        `${packagePath('data', file)}: missing from the toolkit; build the lexicon first`,
      );
    }
  }
  const staging = join(dirname(dir), `${stagingPrefix(dir)}${process.pid}`);
  removeAbandonedStaging(dir);
  rmSync(staging, { recursive: true, force: true });
  const { signal } = options;
  try {
    signal?.throwIfAborted();
    for (const source of [
      packagePath('templates', 'common'),
      packagePath('templates', options.lang),
    ]) {
      for (const file of listFiles(source)) {
        const target = join(staging, RENAMES[file] ?? file);
        mkdirSync(dirname(target), { recursive: true });
        cpSync(join(source, file), target);
      }
    }
    mkdirSync(join(staging, 'data'), { recursive: true });
    // Copied asynchronously, so that Ctrl-C during the 24 MB snapshot is handled at once.
    for (const file of DATA_FILES) {
      signal?.throwIfAborted();
      await copyFile(packagePath('data', file), join(staging, 'data', file));
    }
    signal?.throwIfAborted();
    const dataHash = hashDataDir(join(staging, 'data'));
    const manifest = toolkitManifest();
    const vendor =
      options.lang === 'ts' ? await packToolkit(join(staging, 'vendor'), signal) : null;
    signal?.throwIfAborted();
    const values: Record<string, string> = {
      NAME: options.name ?? basename(dir),
      DATA_HASH: dataHash,
      VERSION: manifest.version,
      TSX_VERSION: manifest.dependencies?.tsx ?? manifest.devDependencies?.tsx ?? '^4.0.0',
      TYPESCRIPT_VERSION: manifest.devDependencies?.typescript ?? '^5.9.0',
      TYPES_NODE_VERSION: manifest.devDependencies?.['@types/node'] ?? '^20.0.0',
      // Exactly the toolkit's, so `npm run bundle` writes the bytes `rpe init` wrote.
      ESBUILD_VERSION: esbuildVersion() ?? manifest.devDependencies?.esbuild ?? '^0.28.0',
      YEAR: '2026',
      AUTHORS: 'the authors of this repository',
      PROVENANCE_HINT:
        options.lang === 'ts'
          ? '`rpe provenance .` prints the families as declared in generator.ts (the README says how to run `rpe`).'
          : '`rpe provenance .` prints the families as declared in generate.py (the README says how to run `rpe`).',
    };
    for (const file of FILLED) fill(join(staging, file), values);
    if (options.lang === 'ts') {
      await writePackageLock(staging);
      // The script generate.py runs; without esbuild beside the toolkit, `npm run bundle` makes it.
      await bundleEntrypoint(staging);
    }
    const files = listFiles(staging);
    if (existing.length === 0) {
      rmSync(dir, { recursive: true, force: true });
      renameSync(staging, dir);
    } else {
      cpSync(staging, dir, { recursive: true, force: true });
      rmSync(staging, { recursive: true, force: true });
    }
    // Only a folder the scaffold made is committed: a --force write into existing files is not.
    const git: GitInit =
      existing.length === 0 && options.git !== false
        ? await initGitRepository(dir)
        : {
            status: 'skipped',
            commit: null,
            defaultAuthor: false,
            message: 'the folder was not empty, so no git repository or commit was made',
          };
    return {
      dir,
      lang: options.lang,
      files,
      dataHash,
      vendor: vendor && join(dir, 'vendor', basename(vendor)),
      git,
    };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
