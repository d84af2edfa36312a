/** What `rpe init` did about version control. */
export interface GitInit {
  status: 'committed' | 'no_git' | 'failed' | 'skipped';
  /** The first commit, when there is one. */
  commit: string | null;
  /** Whether git had no author configured, so the first commit carries the scaffold's own. */
  defaultAuthor: boolean;
  /** One line for people. */
  message: string;
}

const AUTHOR = { name: 'rpe init', email: 'rpe-init@localhost' };

type Git = (
  args: string[],
  env?: Record<string, string>,
) => Promise<{ ok: boolean; out: string; err: string }>;

function gitIn(dir: string): Git {
  return async (args, env = {}) => {
    const { execa } = await import('execa');
    const r = await execa('git', args, {
      cwd: dir,
      reject: false,
      stdin: 'ignore',
      env: { GIT_TERMINAL_PROMPT: '0', ...env },
    });
    if (r.failed && (r.cause as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
      throw Object.assign(new Error('git is not installed'), { code: 'ENOENT' });
    }
    return {
      ok: r.exitCode === 0,
      out: r.stdout.toString().trim(),
      err: r.stderr.toString().trim(),
    };
  };
}

/**
 * Makes a new scaffold a git repository with a first commit, as a Track 2 submission is a commit.
 * Where git has no author configured, that one commit is made as "rpe init" without touching any
 * configuration, and the message says how to set one. Without git the scaffold stays as it is.
 */
export async function initGitRepository(dir: string): Promise<GitInit> {
  const git = gitIn(dir);
  try {
    const init = await git(['-c', 'init.defaultBranch=main', 'init', '--quiet']);
    if (!init.ok) return failed(`git init failed: ${init.err}`);
    const add = await git(['add', '--all']);
    if (!add.ok) return failed(`git add failed: ${add.err}`);
    const named =
      (await git(['config', 'user.name'])).ok && (await git(['config', 'user.email'])).ok;
    const env: Record<string, string> = named
      ? {}
      : {
          GIT_AUTHOR_NAME: AUTHOR.name,
          GIT_AUTHOR_EMAIL: AUTHOR.email,
          GIT_COMMITTER_NAME: AUTHOR.name,
          GIT_COMMITTER_EMAIL: AUTHOR.email,
        };
    const commit = await git(
      [
        '-c',
        'commit.gpgsign=false',
        'commit',
        '--quiet',
        '--no-verify',
        '-m',
        'Track 2 generator scaffold from rpe init',
      ],
      env,
    );
    if (!commit.ok) return failed(`git commit failed: ${commit.err}`);
    const head = (await git(['rev-parse', 'HEAD'])).out;
    const who = named
      ? ''
      : ` as "${AUTHOR.name}" (git has no author configured: set yours with \`git config --global user.name/user.email\`)`;
    return {
      status: 'committed',
      commit: head,
      defaultAuthor: !named,
      message: `git repository with a first commit ${head.slice(0, 12)}${who}`,
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return {
        status: 'no_git',
        commit: null,
        defaultAuthor: false,
        message:
          'git is not installed, so the folder is not a git repository yet: install git, then `git init` and commit (a submission is a commit)',
      };
    }
    throw error;
  }
}

function failed(message: string): GitInit {
  return {
    status: 'failed',
    commit: null,
    defaultAuthor: false,
    message: `${message}; the files are in place, commit them yourself`,
  };
}
