import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { packagePath, RpeError } from '../../framework/index.js';
// The file, not the engine's door: preparing a tree must not load dockerode.
import { onInterrupt, removeAtExit } from '../engine/on-interrupt.js';
import { copyFolderTree } from './copy-folder-tree.js';
import { tryGit } from './run-git.js';

/** How the tree to check was chosen. */
export type TreeSelection = 'git' | 'folder' | 'in_place';

export interface PreparedTree {
  /** The folder the executor runs: a temporary copy, or the folder itself (`in_place`). */
  dir: string;
  selection: TreeSelection;
  /** The commit checked (selection `git`). */
  commit: string | null;
  /** The ref asked for (selection `git`). */
  ref: string | null;
  /** Paths whose working copy differs from that commit, at most UNCOMMITTED_SHOWN of them. */
  uncommitted: string[];
  uncommittedTotal: number;
  /** What the folder selection left out, at most LEFT_OUT_SHOWN paths. */
  leftOut: string[];
  notes: string[];
  /** Removes the temporary copy. */
  dispose(): Promise<void>;
}

export const UNCOMMITTED_SHOWN = 20;
export const LEFT_OUT_SHOWN = 20;

function nulList(text: string): string[] {
  return text.split('\0').filter(Boolean);
}

// Whether `inner` is `outer` or lies under it.
function within(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep));
}

// The top of the git work tree `dir` is, or null when it is not the top of one (or git is missing).
async function gitTop(dir: string): Promise<string | null> {
  const top = await tryGit(['rev-parse', '--show-toplevel'], { cwd: dir });
  if (!top.ok) return null;
  return (await realpath(top.stdout.trim())) === dir ? dir : null;
}

// Paths where the working tree differs from `commit`: tracked changes and untracked, unignored files.
async function uncommittedPaths(dir: string, commit: string): Promise<string[]> {
  const changed = await tryGit(['diff', '--name-only', '-z', commit, '--'], { cwd: dir });
  const untracked = await tryGit(['ls-files', '--others', '--exclude-standard', '-z'], {
    cwd: dir,
  });
  return [...new Set([...nulList(changed.stdout), ...nulList(untracked.stdout)])].sort();
}

// Checks out `commit` into `dest` through a throwaway index: the repository's own index, HEAD
// and work tree are left alone, and filters (LFS, eol) apply as in the organisers' clone.
async function checkoutCommit(dir: string, commit: string, dest: string, work: string) {
  const env = { GIT_INDEX_FILE: join(work, 'index') };
  for (const args of [
    ['read-tree', commit],
    ['checkout-index', '--all', `--prefix=${dest}/`],
  ]) {
    const result = await tryGit(args, { cwd: dir, env });
    if (!result.ok)
      throw new RpeError('git_failed', `git ${args[0]} failed in ${dir}: ${result.reason}`);
  }
  await mkdir(dest, { recursive: true });
}

/**
 * Prepares the tree a check runs, the one the organisers would receive. In the top folder of a
 * git repository that is the commit of `ref` (default HEAD), checked out into a temporary folder,
 * with the paths whose working copy differs listed (they are not checked); elsewhere it is a copy
 * of the folder without `.git/`, `node_modules/` and what `.gitignore` excludes. The toolkit's own
 * demonstration generators import it by a relative path, so they are checked where they are.
 * Nothing of this toolkit is put beside a temporary tree: as in the sandbox, a generator that
 * imports `reverse-poleval` gets the one its own package-lock.json installs.
 */
export async function prepareSubmissionTree(options: {
  dir: string;
  /** A commit, tag or branch to check; only in the top folder of a git repository. */
  ref?: string;
  /** Force a selection (verify re-creates the receipt's); default: git where possible. */
  selection?: TreeSelection;
}): Promise<PreparedTree> {
  const dir = await realpath(resolve(options.dir));
  const base = { commit: null, ref: null, uncommitted: [], uncommittedTotal: 0, leftOut: [] };
  const examples = await realpath(packagePath('examples')).catch(() => null);
  const inPlace =
    options.selection === 'in_place' ||
    (options.selection === undefined && examples !== null && within(examples, dir));
  if (inPlace) {
    const notes = [
      'checked in place: a demonstration generator of the toolkit imports it by a relative path',
    ];
    return { ...base, dir, selection: 'in_place', notes, dispose: async () => {} };
  }
  const top = options.selection === 'folder' ? null : await gitTop(dir);
  if (options.ref !== undefined && top === null) {
    throw new RpeError(
      'not_a_repository',
      `--ref needs a git repository: ${options.dir} is not the top folder of one`,
    );
  }
  if (options.selection === 'git' && top === null) {
    throw new RpeError(
      'not_a_repository',
      `${options.dir} is not the top folder of a git repository`,
    );
  }
  const ref = options.ref ?? 'HEAD';
  const resolved = top
    ? await tryGit(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: dir })
    : null;
  if (resolved && !resolved.ok && (options.ref !== undefined || options.selection === 'git')) {
    throw new RpeError('git_ref_missing', `${options.dir} has no commit or tag "${ref}"`);
  }
  const work = await mkdtemp(join(tmpdir(), 'rpe-checked-'));
  const release = onInterrupt(() => rm(work, { recursive: true, force: true }));
  const forget = removeAtExit(work);

  const dispose = async () => {
    release();
    forget();
    await rm(work, { recursive: true, force: true });
  };
  const tree = join(work, 'tree');
  try {
    if (top && resolved?.ok) {
      const commit = resolved.stdout.trim();
      await checkoutCommit(dir, commit, tree, work);
      const uncommitted = await uncommittedPaths(dir, commit);
      const notes = (await tryGit(['ls-files', '--stage', '-z', '--', '.gitmodules'], { cwd: dir }))
        .stdout
        ? ['the repository has submodules: their content is not part of the checked tree']
        : [];
      return {
        ...base,
        dir: tree,
        selection: 'git',
        commit,
        ref,
        uncommitted: uncommitted.slice(0, UNCOMMITTED_SHOWN),
        uncommittedTotal: uncommitted.length,
        notes,
        dispose,
      };
    }
    const leftOut = await copyFolderTree(dir, tree);
    const notes = top
      ? [
          'the repository has no commit yet, so its files were checked: commit them (the organisers receive a commit)',
        ]
      : [];
    if (leftOut.length > LEFT_OUT_SHOWN)
      notes.push(`${leftOut.length} paths left out in all (node_modules/, .git/, .gitignore)`);
    return {
      ...base,
      dir: tree,
      selection: 'folder',
      leftOut: leftOut.slice(0, LEFT_OUT_SHOWN),
      notes,
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}
