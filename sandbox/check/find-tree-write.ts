import { isAbsolute, relative, sep } from 'node:path';

// A refused write as Python and Node report it, with the path they name.
const REFUSED = [
  /(?:OSError|PermissionError): \[Errno (?:30|13|1)\] (?:Read-only file system|Permission denied|Operation not permitted): '([^']+)'/,
  /\b(?:EROFS|EACCES|EPERM): [^,]+, (?:open|mkdir|unlink|rename|copyfile|symlink|rmdir|utime|chmod) '([^']+)'/,
];

/**
 * The path of a write into the submission tree that a failed run's log shows was refused, or
 * null. The tree is read-only in the sandbox (and in a read-only local run), so such a write is
 * the run's real failure: `tree_write` rather than a bare `runtime_error`. A relative path counts,
 * as runs start in the submission root; an absolute one must lie under one of `roots` (the tree's
 * path as the run saw it), so a refused write to /etc stays a runtime error.
 */
export function findTreeWrite(stderrTail: string, roots: readonly string[]): string | null {
  for (const pattern of REFUSED) {
    for (const line of stderrTail.split('\n')) {
      const path = pattern.exec(line)?.[1];
      if (!path) continue;
      if (!isAbsolute(path)) return path;
      for (const root of roots) {
        const rel = relative(root, path);
        if (rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep)) return rel;
      }
    }
  }
  return null;
}
