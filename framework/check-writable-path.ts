import { accessSync, constants, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { RpeError } from './errors.js';
import { pseudoFileSystem } from './make-folders.js';

/**
 * Checks, before any work, that `path` can be written as a file (or made and filled as a folder)
 * without creating anything: it is not under a file, not a folder where a file is meant (or the
 * reverse), not a device or pipe, and its folder, or the nearest one that exists, is writable.
 * Throws RpeError 'output_unwritable' (exit 2) naming the path and why; so a long run does not
 * fail at its very end, and a failed check leaves no folder behind.
 */
export function checkWritablePath(
  path: string,
  kind: 'file' | 'folder',
  options: { inputs?: readonly string[] } = {},
): void {
  const fail = (why: string): never => {
    throw new RpeError('output_unwritable', `cannot write ${path}: ${why}`);
  };
  // Before any stat of the path itself: on /proc, even making its folder never returns.
  const pseudo = pseudoFileSystem(path);
  if (pseudo) fail(`it is on the ${pseudo} pseudo file system`);
  const stats = statOrNull(path);
  // `inputs`: files the same command reads, which its output must not replace.
  const input = (options.inputs ?? []).find((p) => sameFile(stats, statOrNull(p)));
  if (input !== undefined) fail(`it is ${input}, an input of this command`);
  if (stats) {
    if (kind === 'file' && stats.isDirectory()) fail('it is a folder');
    if (kind === 'file' && !stats.isFile()) fail('it is not a regular file');
    if (kind === 'folder' && !stats.isDirectory()) fail('it is a file, not a folder');
  }
  // The folder that must take a new entry: the target itself for a folder that exists, else the
  // nearest existing ancestor; walked on the path as given, so the message names it as written.
  let holder = stats?.isDirectory() ? path : dirname(path);
  let held = statOrNull(holder);
  while (!held && dirname(holder) !== holder) {
    holder = dirname(holder);
    held = statOrNull(holder);
  }
  if (!held?.isDirectory()) fail(`${holder} is a file, not a folder`);
  try {
    accessSync(holder, constants.W_OK);
  } catch {
    fail(`${holder} is not writable`);
  }
}

function sameFile(a: Stats | null, b: Stats | null): boolean {
  return a !== null && b !== null && a.dev === b.dev && a.ino === b.ino;
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
