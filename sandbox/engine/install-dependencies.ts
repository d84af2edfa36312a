import { RpeError } from '../../framework/errors.js';
import type { Engine } from './connect-engine.js';
import {
  installerArgs,
  installerOutcome,
  outcomeWithoutInstaller,
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
  /** The tree on this machine (the lock's vendored tarballs are hashed from there). */
  tree: string;
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

// Throws `install_network_missing` unless the engine has the network an install step needs
// (`bridge` is absent on an engine started with --bridge=none).
async function assertNetwork(engine: Engine, network: string): Promise<void> {
  if (network === 'none' || network === 'host') return;
  const found = await engine.docker
    .getNetwork(network)
    .inspect()
    .then(
      () => true,
      (error: { statusCode?: number }) => {
        if (error.statusCode === 404) return false;
        throw error;
      },
    );
  if (!found)
    throw new RpeError(
      'install_network_missing',
      `the install step needs a network to fetch the pinned packages the tree does not hold, and the engine at ${engine.config.endpoint.url} has no network "${network}" (a dockerd started with --bridge=none has no bridge): name one with --install-network (host, or one made with \`docker network create\`), or install from vendor/ only with --install-network none`,
    );
}

/**
 * The install step, before the runs, in a container of its own: requirements.txt with pip into
 * the deps volume, or package-lock.json with `npm ci --omit=dev --ignore-scripts` into the tree
 * volume's node_modules. It has no network when the tree holds every package (vendor/, file:
 * tarballs), else the plan's network and index; the runs afterwards never have one. A failure is
 * an outcome: the check reports it as `install_failed` and makes no run.
 */
export async function installDependencies(
  engine: Engine,
  options: InstallOptions,
): Promise<InstallOutcome> {
  const started = performance.now();
  const { plan } = options;
  if (plan.kind === 'none' || plan.kind === 'refused') return outcomeWithoutInstaller(plan);
  const pip = plan.kind === 'pip';
  if (pip && !options.depsVolume) throw new Error('the pip install step needs its deps volume');
  await assertNetwork(engine, plan.network);
  const args = installerArgs(plan, TREE, `${DEPS_DIR}/python`);
  const argv = pip
    ? ['python3', '-m', 'pip', ...args]
    : ['node', NPM, ...args, '--no-update-notifier'];
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
    network: plan.network,
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
      // pip's report of what it installed; npm's last lines.
      stdout: pip ? { keep: 'head', bytes: 1024 * 1024 } : { keep: 'tail', bytes: 4096 },
      stderrBytes: 8192,
    });
    return installerOutcome(
      plan,
      {
        exitCode: result.exitCode,
        timedOut: result.timedOut,
        stdout: result.stdout.toString('utf8'),
        stderr: result.stderr.toString('utf8'),
      },
      { seconds: (performance.now() - started) / 1000, treeMount: TREE, tree: options.tree },
    );
  } finally {
    await sandbox.remove();
  }
}
