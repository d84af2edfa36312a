import { readFileSync } from 'node:fs';
import { RpeError } from '../errors.js';

/**
 * The bytes of an input file, or of standard input for `-`. A file that cannot be read is
 * RpeError `unreadable` (exit 2) whose message names it, with the system's reason.
 */
export function readSource(path: string): Uint8Array {
  try {
    return readFileSync(path === '-' ? 0 : path);
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'EACCES'
            ? 'permission denied'
            : error instanceof Error
              ? error.message
              : String(error);
    throw new RpeError(
      'unreadable',
      `cannot read ${path === '-' ? 'standard input' : path}: ${reason}`,
      {
        exitCode: 2,
        cause: error,
      },
    );
  }
}
