import { stat } from 'node:fs/promises';
import { execa } from 'execa';
import { RpeError } from '../../framework/index.js';

async function git(args: string[], cwd?: string): Promise<string> {
  const result = await execa('git', args, {
    ...(cwd ? { cwd } : {}),
    reject: false,
    env: { GIT_TERMINAL_PROMPT: '0' },
    stdin: 'ignore',
  });
  if (result.exitCode !== 0) {
    const reason = result.stderr.toString().trim().split('\n').pop() ?? '';
    throw new RpeError('git_failed', `git ${args[0]} failed: ${reason}`);
  }
  return result.stdout.toString().trim();
}

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
    commit = await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], dest);
  } catch {
    await git(['fetch', '--quiet', '--tags', 'origin'], dest);
    commit = await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], dest).catch(() => {
      throw new RpeError('git_ref_missing', `${url} has no commit or tag "${ref}"`);
    });
  }
  await git(['checkout', '--quiet', '--force', '--detach', commit], dest);
  await git(['clean', '-dffxq'], dest);
  return { commit };
}
