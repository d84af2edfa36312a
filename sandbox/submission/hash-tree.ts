import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';

const SKIPPED = new Set(['.git']);

async function listEntries(root: string, rel: string, out: string[]): Promise<void> {
  const names = await readdir(rel === '' ? root : join(root, rel));
  for (const name of names) {
    if (rel === '' && SKIPPED.has(name)) continue;
    const path = rel === '' ? name : `${rel}/${name}`;
    const stats = await lstat(join(root, path));
    if (stats.isDirectory()) await listEntries(root, path, out);
    else if (stats.isFile() || stats.isSymbolicLink()) out.push(path);
  }
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** One entry of a tree: its path and the digest its hash line carries. */
export interface TreeEntry {
  path: string;
  digest: string;
}

// Every file and symlink of a tree except `.git`, sorted by the bytes of the path, with its digest.
export async function listTree(dir: string): Promise<TreeEntry[]> {
  const paths: string[] = [];
  await listEntries(dir, '', paths);
  paths.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const entries: TreeEntry[] = [];
  for (const path of paths) {
    const full = join(dir, path);
    const stats = await lstat(full);
    const digest = stats.isSymbolicLink()
      ? `symlink:${createHash('sha256')
          .update(await readlink(full))
          .digest('hex')}`
      : await hashFile(full);
    entries.push({ path, digest });
  }
  return entries;
}

// The tree hash of a listing made by listTree.
export function hashListing(entries: readonly TreeEntry[]): string {
  const listing = createHash('sha256');
  for (const { path, digest } of entries) listing.update(`${digest}  ${path}\n`);
  return `sha256:${listing.digest('hex')}`;
}

// The paths added, changed or removed between two listings of one tree.
export function diffListings(before: readonly TreeEntry[], after: readonly TreeEntry[]): string[] {
  const old = new Map(before.map((e) => [e.path, e.digest]));
  const now = new Map(after.map((e) => [e.path, e.digest]));
  const changed = after
    .filter((e) => old.get(e.path) !== e.digest)
    .map((e) => (old.has(e.path) ? e.path : `${e.path} (new)`));
  const removed = before.filter((e) => !now.has(e.path)).map((e) => `${e.path} (removed)`);
  return [...changed, ...removed];
}

/**
 * The content hash of a whole submission tree except `.git`, `sha256:<64 hex>`: the same recipe as
 * the data hash (one `<sha256>  <path>` line per file, sorted by the bytes of the path, hashed),
 * so for a tree of regular files it equals
 * `find . -path ./.git -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 -r sha256sum --zero --`
 * piped through `tr '\0' '\n' | sha256sum`. A symlink is hashed by its target text, marked
 * `symlink:`, so retargeting one changes the hash; it is never followed.
 */
export async function hashTree(dir: string): Promise<string> {
  return hashListing(await listTree(dir));
}
