import { stat } from 'node:fs/promises';
import { RpeError } from '../../framework/index.js';
import { git } from '../submission/run-git.js';

/**
 * Clones a repository (or reuses an earlier clone when resuming) and checks out a commit or tag,
 * detached; a tag is resolved to its commit, which the report records. The clone keeps .git, which
 * the tree hash leaves out.
 */
export async function fetchGitSubmission(options: {
  url: string;
  ref: string;
  dest: string;
}): Promise<{ commit: string }> {
  const { url, ref, dest } = options;
  const cloned = await stat(`${dest}/.git`).then(
    () => true,
    () => false,
  );
  if (!cloned) await git(['clone', '--quiet', '--no-checkout', '--', url, dest]);
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
