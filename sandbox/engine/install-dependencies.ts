import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkNpmLock } from './check-npm-lock.js';
import type { Engine } from './connect-engine.js';
import { RUN_USER, startSandbox } from './start-sandbox.js';

/** Where the install layer is mounted in runs; PYTHONPATH points at its python folder. */
export const DEPS_DIR = '/deps';
const TREE = '/submission';
const NPM = '/usr/local/lib/node_modules/npm/bin/npm-cli.js';
/** The install of a package-lock.json: from the tree only, no script run, no dev dependency. */
export const NPM_CI = [
  'ci',
  '--omit=dev',
  '--offline',
  '--ignore-scripts',
  '--no-audit',
  '--no-fund',
];

export interface InstallOutcome {
  kind: 'none' | 'pip' | 'npm';
  ok: boolean;
  /** One line for people when the install failed. */
  message?: string;
  seconds: number;
}

/** What the install step will do, decided from the tree before anything reaches the engine. */
export type InstallPlan =
  | { kind: 'none' }
  | { kind: 'pip' }
  | { kind: 'npm' }
  /** A lock that needs the network: refused before npm runs. */
  | { kind: 'refused'; message: string };

export interface InstallOptions {
  plan: InstallPlan;
  /** The volume of the tree (npm writes node_modules into its folder of the generator's user). */
  treeVolume: string;
  /** The volume of the Python layer, with a `python` folder of the generator's user. */
  depsVolume: string | null;
  image: string;
  runId: string;
  owner?: string;
  memoryBytes: number;
  timeoutSeconds?: number;
}

async function hasRequirements(tree: string): Promise<boolean> {
  const path = join(tree, 'requirements.txt');
  if (!existsSync(path)) return false;
  const lines = (await readFile(path, 'utf8')).split('\n').map((l) => l.replace(/#.*/, '').trim());
  return lines.some(Boolean);
}

// What the install step of a tree (on this machine) will be: pip, npm, refused, or nothing.
export async function planInstall(tree: string, kind: 'python' | 'node'): Promise<InstallPlan> {
  if (kind === 'python') return (await hasRequirements(tree)) ? { kind: 'pip' } : { kind: 'none' };
  const lock = checkNpmLock(tree);
  if (lock.kind === 'not_offline') return { kind: 'refused', message: lock.message };
  return lock.kind === 'offline' ? { kind: 'npm' } : { kind: 'none' };
}

/**
 * The install step, before the runs, in a container without the network like them: vendored
 * wheels from requirements.txt with pip into the deps volume, or package-lock.json with `npm ci
 * --omit=dev --offline --ignore-scripts` into the tree volume's node_modules, from the tarballs
 * the tree holds. A lock that needs the network was refused by the plan, naming the package. A
 * failure is an outcome, reported by the runs.
 */
export async function installDependencies(
  engine: Engine,
  options: InstallOptions,
): Promise<InstallOutcome> {
  const started = performance.now();
  const { plan } = options;
  if (plan.kind === 'refused')
    return { kind: 'npm', ok: false, seconds: 0, message: `install step refused: ${plan.message}` };
  if (plan.kind === 'none') return { kind: 'none', ok: true, seconds: 0 };
  const pip = plan.kind === 'pip';
  if (pip && !options.depsVolume) throw new Error('the pip install step needs its deps volume');
  const argv = pip
    ? [
        'python3',
        '-m',
        'pip',
        'install',
        '--no-index',
        '--find-links',
        `${TREE}/vendor`,
        '-r',
        `${TREE}/requirements.txt`,
        '--target',
        `${DEPS_DIR}/python`,
        '--no-cache-dir',
        '--disable-pip-version-check',
        '--no-warn-script-location',
      ]
    : ['node', NPM, ...NPM_CI, '--no-update-notifier'];
  const sandbox = await startSandbox(engine, {
    image: options.image,
    runId: options.runId,
    owner: options.owner,
    hostname: 'rpe-install',
    mounts: [
      { volume: options.treeVolume, target: TREE, readOnly: pip },
      ...(options.depsVolume
        ? [{ volume: options.depsVolume, target: DEPS_DIR, readOnly: false }]
        : []),
    ],
    network: 'none',
    memoryBytes: Math.max(options.memoryBytes, 1024 ** 3),
    cpus: 2,
    pids: 512,
    outputBytes: 1024 * 1024,
    tmpBytes: 512 * 1024 * 1024,
  });
  try {
    const result = await sandbox.exec({
      argv,
      user: RUN_USER,
      env: [
        'PATH=/usr/local/bin:/usr/bin:/bin',
        'HOME=/tmp/home',
        'npm_config_cache=/tmp/npm-cache',
        'LANG=C.UTF-8',
      ],
      cwd: TREE,
      timeoutMs: (options.timeoutSeconds ?? 600) * 1000,
      stdout: { keep: 'tail', bytes: 4096 },
      stderrBytes: 8192,
    });
    const seconds = (performance.now() - started) / 1000;
    const kind = pip ? 'pip' : 'npm';
    if (result.exitCode === 0) return { kind, ok: true, seconds };
    const lines = `${result.stderr.toString('utf8')}\n${result.stdout.toString('utf8')}`.split(
      '\n',
    );
    const why =
      lines.map((l) => l.trim()).filter((l) => /error/i.test(l))[0] ??
      lines.filter(Boolean).pop() ??
      '';
    const what = pip
      ? 'pip install --no-index --find-links vendor -r requirements.txt'
      : `npm ${NPM_CI.slice(0, 4).join(' ')}`;
    const how = result.timedOut ? 'timed out' : `failed (exit ${result.exitCode})`;
    return {
      kind,
      ok: false,
      seconds,
      message: `install step ${how}: ${what}: ${why.slice(0, 300)}`,
    };
  } finally {
    await sandbox.remove();
  }
}
