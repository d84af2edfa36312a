import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkNpmLock } from './check-npm-lock.js';

/**
 * The install step's decisions and words, shared by the sandbox (in a container) and the local
 * check (on this machine), so both install the same things the same way and fail with the same
 * message. A step that fails or is refused is the reason `install_failed`, whose message this is.
 */

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

/** What the install step will do, decided from the tree before anything runs. */
export type InstallPlan =
  | { kind: 'none' }
  | { kind: 'pip' }
  | { kind: 'npm' }
  /** A lock that needs the network: refused before npm runs. */
  | { kind: 'refused'; message: string };

async function hasRequirements(tree: string): Promise<boolean> {
  const path = join(tree, 'requirements.txt');
  if (!existsSync(path)) return false;
  const lines = (await readFile(path, 'utf8')).split('\n').map((l) => l.replace(/#.*/, '').trim());
  return lines.some(Boolean);
}

/**
 * What the install step of a tree will be: pip for a requirements.txt with a requirement in it,
 * npm for a lock the tree can install offline (the requirement check's own `checkNpmLock`),
 * refused for one that needs the network, or nothing.
 */
export async function planInstall(tree: string, kind: 'python' | 'node'): Promise<InstallPlan> {
  if (kind === 'python') return (await hasRequirements(tree)) ? { kind: 'pip' } : { kind: 'none' };
  const lock = checkNpmLock(tree);
  if (lock.kind === 'not_offline') return { kind: 'refused', message: lock.message };
  return lock.kind === 'offline' ? { kind: 'npm' } : { kind: 'none' };
}

// pip's arguments after `python3 -m pip`: the vendored wheels of `tree` into `target`, offline.
export function pipInstallArgs(tree: string, target: string): string[] {
  return [
    'install',
    '--no-index',
    '--find-links',
    join(tree, 'vendor'),
    '-r',
    join(tree, 'requirements.txt'),
    '--target',
    target,
    '--no-cache-dir',
    '--disable-pip-version-check',
    '--no-warn-script-location',
  ];
}

// The outcome of a plan that never runs an installer: nothing to do, or refused.
export function outcomeWithoutInstaller(plan: InstallPlan): InstallOutcome | null {
  if (plan.kind === 'refused')
    return { kind: 'npm', ok: false, seconds: 0, message: `install step refused: ${plan.message}` };
  if (plan.kind === 'none') return { kind: 'none', ok: true, seconds: 0 };
  return null;
}

// The outcome of an installer that ran: ok, or one line naming the command and its first error.
export function installerOutcome(
  kind: 'pip' | 'npm',
  result: { exitCode: number | null; timedOut: boolean; stdout: string; stderr: string },
  seconds: number,
): InstallOutcome {
  if (result.exitCode === 0 && !result.timedOut) return { kind, ok: true, seconds };
  const lines = `${result.stderr}\n${result.stdout}`.split('\n');
  const why =
    lines.map((l) => l.trim()).filter((l) => /error/i.test(l))[0] ??
    lines.filter(Boolean).pop() ??
    '';
  const what =
    kind === 'pip'
      ? 'pip install --no-index --find-links vendor -r requirements.txt'
      : `npm ${NPM_CI.slice(0, 4).join(' ')}`;
  const how = result.timedOut ? 'timed out' : `failed (exit ${result.exitCode})`;
  return {
    kind,
    ok: false,
    seconds,
    message: `install step ${how}: ${what}: ${why.slice(0, 300)}`,
  };
}

// What a report's notes say about an install step that ran; a failed one is the reason
// install_failed instead, with its message.
export function installNotes(install: InstallOutcome): string[] {
  if (install.kind === 'none' || !install.ok) return [];
  const what =
    install.kind === 'pip'
      ? 'requirements.txt installed offline from vendor/ with pip'
      : 'package-lock.json installed offline from the repository with npm ci --omit=dev --offline --ignore-scripts';
  return [`${what} in ${install.seconds.toFixed(1)} s`];
}
