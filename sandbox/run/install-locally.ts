import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { devNull } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execa } from 'execa';
import { RpeError } from '../../framework/errors.js';
import type { InstallSource } from '../submission/install-source.js';
import {
  installerArgs,
  installerOutcome,
  outcomeWithoutInstaller,
  planInstall,
  type InstallOutcome,
} from '../submission/plan-install.js';
import type { Entrypoint } from './executor.js';
import { localPython } from './local-command.js';

/** How long the install step may take, as in the sandbox. */
const INSTALL_TIMEOUT_MS = 600_000;

export interface LocalInstall {
  outcome: InstallOutcome;
  /** The folder to put on PYTHONPATH (pip's target), or null. */
  pythonPath: string | null;
  /** Whether npm ran in the tree (its node_modules, even from a failed install, is now there). */
  intoTree: boolean;
}

// npm as it comes with the running Node (what the node runner image carries), else npm on PATH.
function npmArgv(): string[] {
  const beside = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin');
  const cli = join(beside, 'npm-cli.js');
  return existsSync(cli) ? [process.execPath, cli] : ['npm'];
}

/**
 * The sandbox's install step on this machine, so a local check runs what the commit pins, as the
 * organisers do: `requirements.txt` with pip into `<work>/deps/python`, or `package-lock.json`
 * with `npm ci --omit=dev --ignore-scripts` into the tree's `node_modules` (a temporary copy),
 * with an empty cache and home and no pip or npm configuration, so nothing comes from what this
 * machine has installed. The plan is the sandbox's: from the tree only when it holds every
 * package or the source is offline, else from the source's index or registry over this
 * machine's network. What the sandbox refuses is refused with its message. A failed or refused install is an outcome (the check's `install_failed`);
 * a missing installer is a broken environment (`installer_missing`).
 */
export async function installLocally(options: {
  tree: string;
  entrypoint: Entrypoint;
  /** A temporary folder of the check's, for the Python layer, npm's cache and a home. */
  work: string;
  /** Where packages the tree does not hold may come from (default: the indexes' defaults). */
  source?: InstallSource;
}): Promise<LocalInstall> {
  const { tree, work } = options;
  const plan = await planInstall(
    tree,
    options.entrypoint.kind === 'python' ? 'python' : 'node',
    options.source,
  );
  if (plan.kind === 'none' || plan.kind === 'refused')
    return { outcome: outcomeWithoutInstaller(plan), pythonPath: null, intoTree: false };
  const started = performance.now();
  const home = join(work, 'home');
  await mkdir(home, { recursive: true });
  const base = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8' };
  const pip = plan.kind === 'pip';
  const target = join(work, 'deps', 'python');
  const installer = installerArgs(plan, tree, target);
  const [file = 'npm', ...args] = pip
    ? [await localPython(), '-m', 'pip', ...installer]
    : [...npmArgv(), ...installer, '--no-update-notifier'];
  const env = pip
    ? { ...base, PIP_CONFIG_FILE: devNull, PYTHONNOUSERSITE: '1' }
    : { ...base, npm_config_cache: join(work, 'npm-cache'), npm_config_userconfig: devNull };
  const result = await execa(file, args, {
    cwd: tree,
    env,
    extendEnv: false,
    stdin: 'ignore',
    reject: false,
    timeout: INSTALL_TIMEOUT_MS,
  });
  const missing = pip && /No module named pip\b/.test(String(result.stderr ?? ''));
  if (missing || (result.failed && result.exitCode === undefined && !result.timedOut)) {
    const installer = pip ? 'pip (python3 -m pip)' : 'npm';
    throw new RpeError(
      'installer_missing',
      `${installer} is needed to install the submission's dependencies for a local check, and could not start: ${missing ? 'pip is not installed' : (result.shortMessage ?? '')}`.trim(),
    );
  }
  const outcome = installerOutcome(
    plan,
    {
      exitCode: result.exitCode ?? null,
      timedOut: result.timedOut === true,
      stdout: String(result.stdout ?? ''),
      stderr: String(result.stderr ?? ''),
    },
    { seconds: (performance.now() - started) / 1000, treeMount: tree, tree },
  );
  return { outcome, pythonPath: pip && outcome.ok ? target : null, intoTree: !pip };
}
