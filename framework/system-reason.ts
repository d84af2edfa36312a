import type { Stats } from 'node:fs';

// The system's reasons in the words of a user, for the faults a command meets in ordinary use.
const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EEXIST: 'it already exists',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'it is a folder',
  ENOTEMPTY: 'the folder is not empty',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'the file system is read-only',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many levels of symbolic links',
  EXDEV: 'it is on another file system',
  EIO: 'input/output error',
};

/**
 * Why a file operation failed, in a few words and without the path (the caller names the file):
 * `ENOTDIR: not a directory, open '/a/b'` becomes `a part of the path is not a folder`.
 */
export function systemReason(error: unknown): string {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  const known = typeof code === 'string' ? REASONS[code] : undefined;
  if (known) return known;
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').replace(/^E[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
}

// What a file system entry is, for a message that refuses it: `a named pipe`, `a device`.
export function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isSymbolicLink()) return 'a symlink';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}
