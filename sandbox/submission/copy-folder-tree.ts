import {
  chmod,
  copyFile,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  symlink,
} from 'node:fs/promises';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** Never part of a submission: version control and installed dependencies. */
const ALWAYS_LEFT_OUT = new Set(['.git', 'node_modules']);

interface Level {
  /** The folder of this .gitignore, relative to the root ('' for the root). */
  base: string;
  rules: Ignore;
}

async function gitignoreAt(root: string, rel: string): Promise<Level | null> {
  const path = join(root, rel, '.gitignore');
  const text = await readFile(path, 'utf8').catch(() => null);
  return text === null ? null : { base: rel, rules: ignore().add(text) };
}

function ignored(levels: Level[], path: string, isDir: boolean): boolean {
  return levels.some((level) => {
    const rel = level.base === '' ? path : path.slice(level.base.length + 1);
    return level.rules.ignores(isDir ? `${rel}/` : rel);
  });
}

/**
 * Copies what a commit of the folder would hold to `dest`: everything but `.git/`,
 * `node_modules/` and what the folder's `.gitignore` files exclude (each applying below its own
 * folder, as git reads them). Symlinks are copied as links and mode bits kept; sockets and devices
 * are skipped. Returns the paths left out, the topmost of each left-out subtree.
 */
export async function copyFolderTree(source: string, dest: string): Promise<string[]> {
  const leftOut: string[] = [];
  async function walk(rel: string, levels: Level[]): Promise<void> {
    const here = await gitignoreAt(source, rel);
    const active = here ? [...levels, here] : levels;
    await mkdir(join(dest, rel), { recursive: true });
    for (const name of (await readdir(join(source, rel))).sort()) {
      const path = rel === '' ? name : `${rel}/${name}`;
      const from = join(source, path);
      const stats = await lstat(from);
      if (ALWAYS_LEFT_OUT.has(name) || ignored(active, path, stats.isDirectory())) {
        leftOut.push(stats.isDirectory() ? `${path}/` : path);
        continue;
      }
      if (stats.isDirectory()) await walk(path, active);
      else if (stats.isSymbolicLink()) await symlink(await readlink(from), join(dest, path));
      else if (stats.isFile()) {
        await copyFile(from, join(dest, path));
        await chmod(join(dest, path), stats.mode & 0o777);
      } else leftOut.push(path);
    }
  }
  await walk('', []);
  return leftOut;
}
