import type { Engine } from './connect-engine.js';
import {
  installerOutcome,
  NPM_CI,
  outcomeWithoutInstaller,
  pipInstallArgs,
  type InstallOutcome,
  type InstallPlan,
} from '../submission/plan-install.js';
import { RUN_USER, startSandbox } from './start-sandbox.js';

/** Where the install layer is mounted in runs; PYTHONPATH points at its python folder. */
export const DEPS_DIR = '/deps';
const TREE = '/submission';
const NPM = '/usr/local/lib/node_modules/npm/bin/npm-cli.js';

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

/**
 * The install step, before the runs, in a container without the network like them: vendored
 * wheels from requirements.txt with pip into the deps volume, or package-lock.json with `npm ci
 * --omit=dev --offline --ignore-scripts` into the tree volume's node_modules, from the tarballs
 * the tree holds. A lock that needs the network was refused by the plan, naming the package. A
 * failure is an outcome: the check reports it as `install_failed` and makes no run.
 */
export async function installDependencies(
  engine: Engine,
  options: InstallOptions,
): Promise<InstallOutcome> {
  const started = performance.now();
  const { plan } = options;
  const settled = outcomeWithoutInstaller(plan);
  if (settled) return settled;
  const pip = plan.kind === 'pip';
  if (pip && !options.depsVolume) throw new Error('the pip install step needs its deps volume');
  const argv = pip
    ? ['python3', '-m', 'pip', ...pipInstallArgs(TREE, `${DEPS_DIR}/python`)]
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
    return installerOutcome(
      pip ? 'pip' : 'npm',
      {
        exitCode: result.exitCode,
        timedOut: result.timedOut,
        stdout: result.stdout.toString('utf8'),
        stderr: result.stderr.toString('utf8'),
      },
      (performance.now() - started) / 1000,
    );
  } finally {
    await sandbox.remove();
  }
}
