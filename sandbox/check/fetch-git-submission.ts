import { rm, stat } from 'node:fs/promises';
import { RpeError } from '../../framework/index.js';
import { git, tryGit } from '../submission/run-git.js';

// The URL an earlier clone in `dest` was made from, or null when there is none: the line's URL as
// recorded at clone time (git stores a local path as an absolute one in origin), else origin's.
async function clonedFrom(dest: string): Promise<string | null> {
  const cloned = await stat(`${dest}/.git`).then(
    () => true,
    () => false,
  );
  if (!cloned) return null;
  for (const key of ['rpe.url', 'remote.origin.url']) {
    const got = await tryGit(['config', '--get', key], { cwd: dest });
    if (got.ok) return got.stdout.trim();
  }
  return null;
}

/**
 * Clones a repository (or reuses an earlier clone when resuming) and checks out a commit or tag,
 * detached; a tag is resolved to its commit, which the report records. An earlier clone is reused
 * only when it was made from exactly this URL; anything else in `dest` (another repository that
 * got the same name) is removed and cloned afresh. The clone keeps .git, which the tree hash
 * leaves out.
 */
export async function fetchGitSubmission(options: {
  url: string;
  ref: string;
  dest: string;
}): Promise<{ commit: string }> {
  const { url, ref, dest } = options;
  if ((await clonedFrom(dest)) !== url) {
    await rm(dest, { recursive: true, force: true }).catch((error: unknown) => {
      const why = error instanceof Error ? error.message : String(error);
      throw new RpeError(
        'clone_unremovable',
        `${dest} holds a clone of another URL and cannot be removed: ${why}`,
      );
    });
    await git(['clone', '--quiet', '--no-checkout', '--', url, dest]);
    await git(['config', 'rpe.url', url], { cwd: dest });
  }
  let commit: string;
  try {
    commit = await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: dest });
  } catch {
    await git(['fetch', '--quiet', '--tags', 'origin'], { cwd: dest });
    commit = await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], {
      cwd: dest,
    }).catch(() => {
      throw new RpeError('git_ref_missing', `${url} has no commit or tag "${ref}"`);
    });
  }
  await git(['checkout', '--quiet', '--force', '--detach', commit], { cwd: dest });
  await git(['clean', '-dffxq'], { cwd: dest });
  return { commit };
}
