import { existsSync, readFileSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';

interface LockEntry {
  version?: string;
  resolved?: string;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  inBundle?: boolean;
  link?: boolean;
}

/** What a tree's package.json and package-lock.json ask of the install step. */
export type NpmLockCheck =
  | { kind: 'none' }
  | { kind: 'offline'; packages: number }
  /**
   * `problems` one per package or fault; `message` says them in one line. `fetchable`: every
   * problem is a package a registry serves (an http(s) `resolved`, or none), so an install step
   * with a network can fetch it.
   */
  | { kind: 'not_offline'; problems: string[]; message: string; fetchable: boolean };

const SHOWN = 5;
const VENDOR_HINT =
  'vendor it (npm pack into vendor/, depend on file:vendor/<tarball>) and commit the lock again';

function packageName(key: string): string {
  return key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

// The outcome for problems that keep the install step from working offline, said in one line.
function notOffline(
  problems: string[],
  options: { lead?: string; hint?: string; fetchable?: boolean } = {},
): NpmLockCheck {
  const shown = problems.slice(0, SHOWN).join('; ');
  const more = problems.length > SHOWN ? `; and ${problems.length - SHOWN} more` : '';
  const { lead, hint } = options;
  return {
    kind: 'not_offline',
    problems,
    message: `${lead ? `${lead}: ` : ''}${shown}${more}${hint ? `; ${hint}` : ''}`,
    fetchable: options.fetchable === true,
  };
}

// Why the install step cannot take one lock entry from the tree, or null when it can.
function entryProblem(tree: string, name: string, entry: LockEntry): string | null {
  const resolved = entry.resolved ?? '';
  if (!resolved.startsWith('file:')) {
    const from = resolved === '' ? 'a registry' : resolved;
    return `${name}@${entry.version ?? '?'} comes from ${from}, not from the repository`;
  }
  const path = normalize(resolved.slice('file:'.length));
  if (path.startsWith(`..${sep}`) || path === '..' || path.startsWith(sep))
    return `${name} resolves to ${resolved}, outside the repository`;
  if (!existsSync(join(tree, path)))
    return `${name} resolves to ${path}, which the repository does not hold`;
  return null;
}

/**
 * Reads a tree's package-lock.json without running npm, and says whether the sandbox's install
 * step (`npm ci --omit=dev --offline`) can install it from what the tree holds: every package it
 * installs must come from a `file:` path inside the tree (a vendored tarball or folder), be
 * linked, or travel inside one (bundled). A package from a registry or a git URL needs the
 * network, which the sandbox never gives; so does a package.json with dependencies and no lock to
 * pin them. One function for the requirement check and the install step, so they cannot disagree.
 */
export function checkNpmLock(tree: string): NpmLockCheck {
  const lockPath = join(tree, 'package-lock.json');
  const manifestPath = join(tree, 'package.json');
  if (!existsSync(lockPath)) {
    if (!existsSync(manifestPath)) return { kind: 'none' };
    let dependencies: Record<string, string> = {};
    try {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      dependencies = manifest.dependencies ?? {};
    } catch (error) {
      return notOffline([`package.json is not valid JSON (${(error as Error).message})`]);
    }
    const names = Object.keys(dependencies);
    if (names.length === 0) return { kind: 'none' };
    return notOffline(
      [
        `package.json declares dependencies (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', ...' : ''}) but there is no package-lock.json to install them from`,
      ],
      { hint: 'commit the lock and the tarballs it points to' },
    );
  }
  let lock: { lockfileVersion?: number; packages?: Record<string, LockEntry> };
  try {
    lock = JSON.parse(readFileSync(lockPath, 'utf8')) as typeof lock;
  } catch (error) {
    return notOffline([`package-lock.json is not valid JSON (${(error as Error).message})`]);
  }
  if (!lock.packages || (lock.lockfileVersion ?? 1) < 2) {
    return notOffline([
      `package-lock.json has lockfileVersion ${lock.lockfileVersion ?? 'none'}: write it again with npm 7 or later`,
    ]);
  }
  let count = 0;
  const problems: string[] = [];
  let fetchable = true;
  for (const [key, entry] of Object.entries(lock.packages)) {
    // A key outside node_modules is the target of a `file:` folder link, checked by its link.
    if (!key.includes('node_modules/')) continue;
    if (entry.dev || entry.optional || entry.devOptional || entry.inBundle) continue;
    if (entry.link) continue;
    count++;
    const problem = entryProblem(tree, packageName(key), entry);
    if (problem) problems.push(problem);
    if (problem && !/^(https?:\/\/|$)/.test(entry.resolved ?? '')) fetchable = false;
  }
  if (problems.length > 0)
    return notOffline(problems, {
      lead: 'package-lock.json needs the network',
      hint: VENDOR_HINT,
      fetchable,
    });
  return { kind: 'offline', packages: count };
}
