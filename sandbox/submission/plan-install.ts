import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkNpmLock } from './check-npm-lock.js';

/** What the install step will do, decided from the tree before anything runs. */
export type InstallPlan =
  | { kind: 'none' }
  | { kind: 'pip' }
  | { kind: 'npm' }
  /** A lock that needs the network: refused before npm runs. */
  | { kind: 'refused'; message: string };

/** The install of a package-lock.json: from the tree only, no script run, no dev dependency. */
export const NPM_CI = [
  'ci',
  '--omit=dev',
  '--offline',
  '--ignore-scripts',
  '--no-audit',
  '--no-fund',
];

/** The install of requirements.txt: from the wheels in vendor/ only, into `target`. */
export function pipInstallArgs(tree: string, target: string): string[] {
  return [
    '-m',
    'pip',
    'install',
    '--no-index',
    '--find-links',
    `${tree}/vendor`,
    '-r',
    `${tree}/requirements.txt`,
    '--target',
    target,
    '--no-cache-dir',
    '--disable-pip-version-check',
    '--no-warn-script-location',
  ];
}

/** How a failed install step names the command it ran. */
export function installCommandName(kind: 'pip' | 'npm'): string {
  return kind === 'pip'
    ? 'pip install --no-index --find-links vendor -r requirements.txt'
    : `npm ${NPM_CI.slice(0, 4).join(' ')}`;
}

async function hasRequirements(tree: string): Promise<boolean> {
  const path = join(tree, 'requirements.txt');
  if (!existsSync(path)) return false;
  const lines = (await readFile(path, 'utf8')).split('\n').map((l) => l.replace(/#.*/, '').trim());
  return lines.some(Boolean);
}

/**
 * What the install step of a tree will be: pip for a requirements.txt with a requirement in it,
 * npm for a lock the tree can install offline, refused for one that needs the network, or
 * nothing. The sandbox and the local check plan it alike.
 */
export async function planInstall(tree: string, kind: 'python' | 'node'): Promise<InstallPlan> {
  if (kind === 'python') return (await hasRequirements(tree)) ? { kind: 'pip' } : { kind: 'none' };
  const lock = checkNpmLock(tree);
  if (lock.kind === 'not_offline') return { kind: 'refused', message: lock.message };
  return lock.kind === 'offline' ? { kind: 'npm' } : { kind: 'none' };
}

/** The message of an install step that failed: the command, how, and the first error line. */
export function installFailureMessage(
  kind: 'pip' | 'npm',
  how: { timedOut: boolean; exitCode: number | null },
  output: string,
): string {
  const lines = output.split('\n');
  const why =
    lines.map((l) => l.trim()).filter((l) => /error/i.test(l))[0] ??
    lines.filter(Boolean).pop() ??
    '';
  const verb = how.timedOut ? 'timed out' : `failed (exit ${how.exitCode})`;
  return `install step ${verb}: ${installCommandName(kind)}: ${why.slice(0, 300)}`;
}
