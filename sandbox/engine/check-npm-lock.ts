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
  | { kind: 'not_offline'; message: string };

function packageName(key: string): string {
  return key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/**
 * Reads a tree's package-lock.json without running npm, and says whether `npm ci --omit=dev`
 * can install it offline from what the tree holds: every package that is installed must come
 * from a `file:` path inside the tree (a vendored tarball or folder) or travel inside one
 * (bundled). A package from a registry or a git URL needs the network, which the sandbox never
 * gives; so does a package.json with dependencies and no lock to pin them.
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
    } catch {
      return { kind: 'not_offline', message: 'package.json is not valid JSON' };
    }
    const names = Object.keys(dependencies);
    if (names.length === 0) return { kind: 'none' };
    return {
      kind: 'not_offline',
      message: `package.json declares dependencies (${names.slice(0, 3).join(', ')}) but there is no package-lock.json to install them from offline: commit the lock and the tarballs it points to`,
    };
  }
  let lock: { lockfileVersion?: number; packages?: Record<string, LockEntry> };
  try {
    lock = JSON.parse(readFileSync(lockPath, 'utf8')) as typeof lock;
  } catch {
    return { kind: 'not_offline', message: 'package-lock.json is not valid JSON' };
  }
  if (!lock.packages || (lock.lockfileVersion ?? 1) < 2) {
    return {
      kind: 'not_offline',
      message: `package-lock.json has lockfileVersion ${lock.lockfileVersion ?? 'none'}: write it again with npm 7 or later`,
    };
  }
  let count = 0;
  for (const [key, entry] of Object.entries(lock.packages)) {
    // A key outside node_modules is the target of a `file:` folder link, checked by its link.
    if (!key.includes('node_modules/')) continue;
    if (entry.dev || entry.optional || entry.devOptional || entry.inBundle) continue;
    if (entry.link) continue;
    count++;
    const name = packageName(key);
    const resolved = entry.resolved ?? '';
    if (!resolved.startsWith('file:')) {
      const from = resolved === '' ? 'a registry' : resolved;
      return {
        kind: 'not_offline',
        message: `package-lock.json needs the network: ${name}@${entry.version ?? '?'} comes from ${from}, not from the repository; vendor it (npm pack into vendor/, depend on file:vendor/<tarball>) and commit the lock again`,
      };
    }
    const path = normalize(resolved.slice('file:'.length));
    if (path.startsWith(`..${sep}`) || path === '..' || path.startsWith(sep)) {
      return {
        kind: 'not_offline',
        message: `package-lock.json points outside the repository: ${name} resolves to ${resolved}`,
      };
    }
    if (!existsSync(join(tree, path))) {
      return {
        kind: 'not_offline',
        message: `package-lock.json points to ${path} for ${name}, which the repository does not hold`,
      };
    }
  }
  return { kind: 'offline', packages: count };
}
