import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkNpmLock } from './check-npm-lock.js';
import { checkPythonRequirements } from './check-python-requirements.js';
import { DEFAULT_INSTALL, type InstallSource } from './install-source.js';
import {
  readNpmLockPackages,
  readPipReport,
  type InstalledPackage,
} from './read-installed-packages.js';

/**
 * The install step's decisions and words, shared by the sandbox (in a container) and the local
 * check (on this machine), so both install the same things the same way and fail with the same
 * message. A step that fails or is refused is the reason `install_failed`, whose message this is.
 */

export interface InstallOutcome {
  kind: 'none' | 'pip' | 'npm';
  ok: boolean;
  /** One line for people when the install failed. */
  message?: string;
  seconds: number;
  /** The network the installer had: `none` when it installed from the tree only. */
  network: string;
  /** The index or registry it was pointed at; null for the tree only or the installer's default. */
  index: string | null;
  /** What was installed, for the report (empty when nothing was, or the installer failed). */
  packages: InstalledPackage[];
}

/** What the install step will do, decided from the tree before anything runs. */
export type InstallPlan =
  | { kind: 'none' }
  /** `network` is `none` for an install from the tree only (vendor/, file: tarballs). */
  | { kind: 'pip' | 'npm'; network: string; index: string | null }
  /** Refused before the installer runs: a lock or requirement no network can make reproducible. */
  | { kind: 'refused'; installer: 'pip' | 'npm'; message: string };

const SHOWN = 3;

async function hasRequirements(tree: string): Promise<boolean> {
  const path = join(tree, 'requirements.txt');
  if (!existsSync(path)) return false;
  const lines = (await readFile(path, 'utf8')).split('\n').map((l) => l.replace(/#.*/, '').trim());
  return lines.some(Boolean);
}

async function planPip(tree: string, source: InstallSource): Promise<InstallPlan> {
  const { unpinned, unvendored } = await checkPythonRequirements(tree);
  // An unpinned requirement is never fetched: no index can make it reproducible.
  const unfetchable = unpinned.filter((p) => !p.inVendor);
  if ((unvendored.length === 0 && unfetchable.length === 0) || source.network === 'none')
    return { kind: 'pip', network: 'none', index: null };
  if (unfetchable.length > 0) {
    const shown = unfetchable
      .slice(0, SHOWN)
      .map((p) => `line ${p.line}: ${p.requirement}`)
      .join('; ');
    return {
      kind: 'refused',
      installer: 'pip',
      message: `install step refused: requirements.txt ${shown} is not pinned with == and not in vendor/; with a network the install step fetches only pinned requirements`,
    };
  }
  return { kind: 'pip', network: source.network, index: source.indexUrl };
}

function planNpm(tree: string, source: InstallSource): InstallPlan {
  const lock = checkNpmLock(tree);
  if (lock.kind === 'none') return { kind: 'none' };
  if (lock.kind === 'offline') return { kind: 'npm', network: 'none', index: null };
  if (lock.fetchable && source.network !== 'none')
    return { kind: 'npm', network: source.network, index: source.npmRegistry };
  return { kind: 'refused', installer: 'npm', message: `install step refused: ${lock.message}` };
}

/**
 * What the install step of a tree will be: pip for a requirements.txt with a requirement in it
 * (offline from vendor/ when vendor/ holds every pin or the source is offline; else from the
 * index, pinned requirements only), npm for a package-lock.json (offline when the tree holds
 * every package; from the registry when the network is allowed; refused otherwise), or nothing.
 * A generate.py with no requirement beside a package-lock.json runs Node: its lock is installed.
 */
export async function planInstall(
  tree: string,
  kind: 'python' | 'node',
  source: InstallSource = DEFAULT_INSTALL,
): Promise<InstallPlan> {
  if (kind === 'node') return planNpm(tree, source);
  if (await hasRequirements(tree)) return planPip(tree, source);
  return existsSync(join(tree, 'package-lock.json')) ? planNpm(tree, source) : { kind: 'none' };
}

// The installer's arguments (after `python3 -m pip`, or after npm) for a plan that runs one:
// `tree` and `target` (pip's --target) are paths where the installer runs.
export function installerArgs(
  plan: Extract<InstallPlan, { kind: 'pip' | 'npm' }>,
  tree: string,
  target: string,
): string[] {
  const offline = plan.network === 'none';
  if (plan.kind === 'npm')
    return [
      'ci',
      '--omit=dev',
      ...(offline ? ['--offline'] : plan.index ? ['--registry', plan.index] : []),
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
    ];
  return [
    'install',
    ...(offline ? ['--no-index'] : plan.index ? ['--index-url', plan.index] : []),
    '--find-links',
    join(tree, 'vendor'),
    '-r',
    join(tree, 'requirements.txt'),
    '--target',
    target,
    '--no-cache-dir',
    '--disable-pip-version-check',
    '--no-warn-script-location',
    // The report of what was installed on stdout, and nothing else there.
    '--quiet',
    '--report',
    '-',
  ];
}

// The command in people's words, for messages and notes.
function commandLine(plan: Extract<InstallPlan, { kind: 'pip' | 'npm' }>): string {
  const offline = plan.network === 'none';
  if (plan.kind === 'npm')
    return `npm ci --omit=dev ${offline ? '--offline' : plan.index ? `--registry ${plan.index}` : '(default registry)'} --ignore-scripts`;
  return offline
    ? 'pip install --no-index --find-links vendor -r requirements.txt'
    : `pip install ${plan.index ? `--index-url ${plan.index}` : '(default index)'} --find-links vendor -r requirements.txt`;
}

// The outcome of a plan that never runs an installer: nothing to do, or refused.
export function outcomeWithoutInstaller(
  plan: Extract<InstallPlan, { kind: 'none' | 'refused' }>,
): InstallOutcome {
  const none = { seconds: 0, network: 'none', index: null, packages: [] };
  if (plan.kind === 'none') return { ...none, kind: 'none', ok: true };
  return { ...none, kind: plan.installer, ok: false, message: plan.message };
}

// The outcome of an installer that ran: ok with what it installed, or one line naming the
// command and its first error. `treeMount` is the tree where the installer ran, `tree` on this
// machine (for the lock's vendored tarballs).
export function installerOutcome(
  plan: Extract<InstallPlan, { kind: 'pip' | 'npm' }>,
  result: { exitCode: number | null; timedOut: boolean; stdout: string; stderr: string },
  where: { seconds: number; treeMount: string; tree: string },
): InstallOutcome {
  const base = {
    kind: plan.kind,
    seconds: where.seconds,
    network: plan.network,
    index: plan.index,
  };
  if (result.exitCode === 0 && !result.timedOut) {
    const packages =
      plan.kind === 'pip'
        ? readPipReport(result.stdout, where.treeMount)
        : readNpmLockPackages(where.tree);
    return { ...base, ok: true, packages };
  }
  const lines = `${result.stderr}\n${result.stdout}`.split('\n');
  const why =
    lines.map((l) => l.trim()).filter((l) => /error/i.test(l))[0] ??
    lines.filter(Boolean).pop() ??
    '';
  const how = result.timedOut ? 'timed out' : `failed (exit ${result.exitCode})`;
  return {
    ...base,
    ok: false,
    packages: [],
    message: `install step ${how}: ${commandLine(plan)}: ${why.slice(0, 300)}`,
  };
}

// What a report's notes say about an install step that ran; a failed one is the reason
// install_failed instead, with its message.
export function installNotes(install: InstallOutcome): string[] {
  if (install.kind === 'none' || !install.ok) return [];
  const pip = install.kind === 'pip';
  const what =
    install.network === 'none'
      ? pip
        ? 'requirements.txt installed offline from vendor/ with pip'
        : 'package-lock.json installed offline from the repository with npm ci --omit=dev --offline --ignore-scripts'
      : `${pip ? 'requirements.txt installed with pip' : 'package-lock.json installed with npm ci --omit=dev --ignore-scripts'} from ${install.index ?? `${pip ? "pip's" : "npm's"} default index`} over the network "${install.network}" (the runs had none)`;
  const count = `${install.packages.length} package${install.packages.length === 1 ? '' : 's'}`;
  return [`${what} in ${install.seconds.toFixed(1)} s: ${count}, listed in install`];
}
