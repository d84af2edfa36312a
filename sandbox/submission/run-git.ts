import { execa } from 'execa';
import { RpeError } from '../../framework/index.js';

/** A git command's outcome as data: whether it worked, its output, and why not. */
export interface GitResult {
  ok: boolean;
  stdout: string;
  /** The last line of stderr, or `git is not installed`. */
  reason: string;
}

// Runs git without a terminal prompt and without the user's pager or editor.
export async function tryGit(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<GitResult> {
  try {
    const result = await execa('git', args, {
      ...(options.cwd ? { cwd: options.cwd } : {}),
      reject: false,
      env: { GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', ...options.env },
      stdin: 'ignore',
      stripFinalNewline: false,
    });
    const reason = result.stderr.toString().trim().split('\n').pop() ?? '';
    return { ok: result.exitCode === 0, stdout: result.stdout.toString(), reason };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { ok: false, stdout: '', reason: 'git is not installed' };
    throw error;
  }
}

// Runs git and returns its trimmed stdout; a failure is RpeError `git_failed` naming the command.
export async function git(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<string> {
  const result = await tryGit(args, options);
  if (!result.ok) throw new RpeError('git_failed', `git ${args[0]} failed: ${result.reason}`);
  return result.stdout.trim();
}
