import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Each entry of a tree by relative path: its type, size and modification time. */
export type TreeSnapshot = Map<string, string>;

// Records every entry under `dir` (symlinks not followed), cheaply: no file is read.
export async function snapshotTree(dir: string): Promise<TreeSnapshot> {
  const snapshot: TreeSnapshot = new Map();
  const entries = await readdir(dir, { recursive: true }).catch(() => []);
  for (const name of entries) {
    const stat = await lstat(join(dir, name)).catch(() => null);
    if (!stat) continue;
    const kind = stat.isDirectory() ? 'd' : stat.isSymbolicLink() ? 'l' : 'f';
    snapshot.set(name, `${kind}:${stat.isDirectory() ? 0 : stat.size}:${stat.mtimeMs}`);
  }
  return snapshot;
}

// The first path that was added, removed or changed between two snapshots, or null.
export function treeChange(before: TreeSnapshot, after: TreeSnapshot): string | null {
  for (const [path, entry] of after) if (before.get(path) !== entry) return path;
  for (const path of before.keys()) if (!after.has(path)) return path;
  return null;
}
