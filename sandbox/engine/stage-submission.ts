import { chmod, copyFile, lstat, mkdir, readdir, readlink, symlink } from 'node:fs/promises';
import { join } from 'node:path';

/** Folders never copied: version control metadata is not part of what a generator may read. */
const SKIPPED = new Set(['.git']);

export interface StageOptions {
  /** Create directory entries in reverse name order, so readdir order differs between two copies. */
  reverse: boolean;
  /** Entries of the top folder to leave out, e.g. node_modules that the install step replaces. */
  skipTopLevel?: readonly string[];
}

/** What a staging copy holds. */
export interface StagedTree {
  entries: number;
  /** Sum of the regular files' sizes. */
  bytes: number;
}

async function copyEntry(
  from: string,
  to: string,
  options: StageOptions,
  tally: StagedTree,
  top = false,
) {
  const stat = await lstat(from);
  if (stat.isSymbolicLink()) {
    await symlink(await readlink(from), to);
  } else if (stat.isFile()) {
    await copyFile(from, to);
    // Readable by the sandbox's unprivileged user whatever the owner; execute bits kept.
    await chmod(to, (stat.mode & 0o755) | 0o444);
    tally.bytes += stat.size;
  } else if (stat.isDirectory()) {
    await mkdir(to);
    await chmod(to, 0o755);
    const skipped = new Set([...SKIPPED, ...(top ? (options.skipTopLevel ?? []) : [])]);
    const names = (await readdir(from)).filter((name) => !skipped.has(name)).sort();
    if (options.reverse) names.reverse();
    for (const name of names) await copyEntry(join(from, name), join(to, name), options, tally);
  } else {
    return;
  }
  tally.entries += 1;
}

/**
 * Copies a submission tree to `dest` (which must not exist), entry by entry in a fixed order:
 * the sandbox mounts this copy, never the original, so nothing a run does can reach the checkout.
 * Sockets and devices are skipped. The order only shows where the filesystem lists entries in
 * creation order (tmpfs does; ext4 lists them by hash whatever the order).
 */
export async function stageSubmission(
  source: string,
  dest: string,
  options: StageOptions,
): Promise<StagedTree> {
  const tally = { entries: 0, bytes: 0 };
  await copyEntry(source, dest, options, tally, true);
  return tally;
}
