import { chmod, copyFile, lstat, mkdir, readdir, readlink, symlink } from 'node:fs/promises';
import { join } from 'node:path';

/** Folders never copied: version control metadata is not part of what a generator may read. */
const SKIPPED = new Set(['.git']);

export interface StageOptions {
  /** Create directory entries in reverse name order, so readdir order differs between two copies. */
  reverse: boolean;
}

async function copyEntry(from: string, to: string, options: StageOptions): Promise<number> {
  const stat = await lstat(from);
  if (stat.isSymbolicLink()) {
    await symlink(await readlink(from), to);
    return 1;
  }
  if (stat.isFile()) {
    await copyFile(from, to);
    // Readable by the sandbox's unprivileged user whatever the owner; execute bits kept.
    await chmod(to, (stat.mode & 0o755) | 0o444);
    return 1;
  }
  if (!stat.isDirectory()) return 0;
  await mkdir(to);
  await chmod(to, 0o755);
  const names = (await readdir(from)).filter((name) => !SKIPPED.has(name)).sort();
  if (options.reverse) names.reverse();
  let count = 1;
  for (const name of names) count += await copyEntry(join(from, name), join(to, name), options);
  return count;
}

/**
 * Copies a submission tree to `dest` (which must not exist), entry by entry in a fixed order:
 * the sandbox mounts this copy, never the original, so nothing a run does can reach the checkout.
 * Sockets and devices are skipped. Returns the number of entries copied.
 */
export async function stageSubmission(
  source: string,
  dest: string,
  options: StageOptions,
): Promise<number> {
  return copyEntry(source, dest, options);
}
