import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

interface LockEntry {
  version?: string;
  resolved?: string;
  dev?: boolean;
  link?: boolean;
  inBundle?: boolean;
  bundled?: boolean;
  dependencies?: Record<string, LockEntry>;
}

interface Lock {
  lockfileVersion?: number;
  packages?: Record<string, LockEntry>;
  dependencies?: Record<string, LockEntry>;
}

export interface NpmLockCheck {
  /** Whether the repository has a package-lock.json at all. */
  present: boolean;
  /** Packages the install step would have to fetch: `name@version (from where)`. */
  fromNetwork: string[];
  /** Set when the lock cannot be read. */
  problem: string | null;
}

// A package's name from its `packages` key: the last `node_modules/` segment.
function nameOf(key: string): string {
  return key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

// Entries the sandbox's install step (`npm ci --omit=dev`) would install, with their name.
function installed(lock: Lock): { name: string; entry: LockEntry }[] {
  if (lock.packages) {
    return Object.entries(lock.packages)
      .filter(([key]) => key !== '')
      .map(([key, entry]) => ({ name: nameOf(key), entry }));
  }
  const out: { name: string; entry: LockEntry }[] = [];
  const walk = (deps: Record<string, LockEntry>) => {
    for (const [name, entry] of Object.entries(deps)) {
      out.push({ name, entry });
      if (entry.dependencies) walk(entry.dependencies);
    }
  };
  walk(lock.dependencies ?? {});
  return out;
}

/**
 * Reads package-lock.json as the sandbox's install step sees it: without the network, every
 * package it installs (devDependencies are left out) must come from a `file:` tarball in the
 * repository, be linked, or ship inside another package. An entry without `resolved` comes from
 * the registry, as npm omits registry addresses on some set-ups.
 */
export async function checkNpmLock(dir: string): Promise<NpmLockCheck> {
  const path = join(dir, 'package-lock.json');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return { present: false, fromNetwork: [], problem: null };
  }
  let lock: Lock;
  try {
    lock = JSON.parse(text) as Lock;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { present: true, fromNetwork: [], problem: `package-lock.json is not JSON (${reason})` };
  }
  const fromNetwork: string[] = [];
  for (const { name, entry } of installed(lock)) {
    if (entry.dev || entry.link || entry.inBundle || entry.bundled) continue;
    const resolved = entry.resolved ?? '';
    if (resolved.startsWith('file:')) {
      const file = resolve(dir, resolved.slice('file:'.length));
      const exists = await stat(file).then(
        () => true,
        () => false,
      );
      if (!exists) fromNetwork.push(`${name} (${resolved} is not in the repository)`);
      continue;
    }
    fromNetwork.push(
      `${name}@${entry.version ?? '?'}${resolved ? ` (${resolved})` : ' (the registry)'}`,
    );
  }
  return { present: true, fromNetwork, problem: null };
}
