import { accessSync, constants, lstatSync, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { RpeError } from '../framework/errors.js';

// lstat, with "nothing there" for a missing path and for a path under a file (ENOTDIR).
function entry(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

function unwritable(option: string, path: string, reason: string): RpeError {
  return new RpeError('output_unwritable', `${option} ${path}: ${reason}`);
}

// The nearest folder of `path` that exists: where the missing ones would be created.
function nearestExisting(path: string, option: string, shown: string): string {
  let dir = resolve(path);
  for (;;) {
    const stats = entry(dir);
    if (stats) {
      if (!statSync(dir).isDirectory()) {
        throw unwritable(option, shown, `${dir} is a file, not a folder`);
      }
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) return dir;
    dir = parent;
  }
}

function assertCanCreateIn(dir: string, option: string, shown: string): void {
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw unwritable(option, shown, `cannot write in ${dir} (permission denied)`);
  }
}

/**
 * Checks, before any work, that a file could be written where an option asks: not a folder, not
 * under a file, in a folder that exists or can be made and that we may write. Saves a whole run
 * whose result could not be kept. RpeError `output_unwritable` (exit 2).
 */
export function assertWritableFile(path: string, option: string): void {
  if (entry(path)?.isDirectory()) {
    throw unwritable(option, path, 'it is a folder; give a file name');
  }
  assertCanCreateIn(nearestExisting(dirname(resolve(path)), option, path), option, path);
}

/** The same for a folder an option names (--report-dir, rpe init's DIR): a folder or creatable. */
export function assertWritableFolder(path: string, option: string): void {
  const stats = entry(path);
  if (stats && !statSync(path).isDirectory()) {
    throw unwritable(option, path, 'it is a file, not a folder');
  }
  assertCanCreateIn(nearestExisting(path, option, path), option, path);
}
