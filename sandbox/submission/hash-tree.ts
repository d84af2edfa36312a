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

/**
 * The content hash of a whole submission tree except `.git`, `sha256:<64 hex>`: the same recipe as
 * the data hash (one `<sha256>  <path>` line per file, sorted by the bytes of the path, hashed),
 * so for a tree of regular files it equals
 * `find . -path ./.git -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 -r sha256sum --zero --`
 * piped through `tr '\0' '\n' | sha256sum`. A symlink is hashed by its target text, marked
 * `symlink:`, so retargeting one changes the hash; it is never followed.
 */
export async function hashTree(dir: string): Promise<string> {
  const paths: string[] = [];
  await listEntries(dir, '', paths);
  paths.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const listing = createHash('sha256');
  for (const path of paths) {
    const full = join(dir, path);
    const stats = await lstat(full);
    const digest = stats.isSymbolicLink()
      ? `symlink:${createHash('sha256')
          .update(await readlink(full))
          .digest('hex')}`
      : await hashFile(full);
    listing.update(`${digest}  ${path}\n`);
  }
  return `sha256:${listing.digest('hex')}`;
}
