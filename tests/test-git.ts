import { execFileSync } from 'node:child_process';

// Runs git in `cwd` as a test author (whatever the machine's configuration) and returns its output.
export function testGit(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

// Makes `dir` a git repository whose one commit holds everything in it; returns that commit.
export function commitAll(dir: string, message = 'submission'): string {
  testGit(dir, 'init', '--quiet');
  testGit(dir, 'add', '--all');
  testGit(dir, 'commit', '--quiet', '-m', message);
  return testGit(dir, 'rev-parse', 'HEAD');
}
